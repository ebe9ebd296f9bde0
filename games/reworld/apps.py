from __future__ import annotations

from django.apps import AppConfig


class ReworldConfig(AppConfig):
    """The Reworld plugin; registers its engine with the games registry."""

    name = "games.reworld"
    label = "reworld"
    verbose_name = "Reworld"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.registry import register
        from games.reworld.engine import ENGINE

        register(ENGINE)
