from __future__ import annotations

from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The core games app: the engine contract, the registry and the catalogue."""

    name = "games"
    verbose_name = "Games"
    default_auto_field = "django.db.models.BigAutoField"
