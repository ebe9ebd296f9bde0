from __future__ import annotations

from django.apps import AppConfig


class RelativeSpaceConfig(AppConfig):
    """The Relative Space plugin; registers its engine with the games registry."""

    name = "games.relative_space"
    label = "relative_space"
    verbose_name = "Relative Space"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.registry import register
        from games.relative_space.engine import ENGINE

        register(ENGINE)
