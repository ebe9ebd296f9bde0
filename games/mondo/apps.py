from __future__ import annotations

from django.apps import AppConfig


class MondoConfig(AppConfig):
    """The Mondo plugin; registers its engine with the games registry."""

    name = "games.mondo"
    label = "mondo"
    verbose_name = "Mondo"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.mondo.engine import ENGINE
        from games.registry import register

        register(ENGINE)
