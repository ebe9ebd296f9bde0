from __future__ import annotations

from django.apps import AppConfig


class LostCitiesConfig(AppConfig):
    """The Lost Cities plugin; registers its engine with the games registry."""

    name = "games.lost_cities"
    label = "lost_cities"
    verbose_name = "Lost Cities"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.lost_cities.engine import ENGINE
        from games.registry import register

        register(ENGINE)
