from __future__ import annotations

from django.apps import AppConfig


class TerraformingMarsConfig(AppConfig):
    """The Terraforming Mars plugin; registers its engine with the games registry."""

    name = "games.terraforming_mars"
    label = "terraforming_mars"
    verbose_name = "Terraforming Mars"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.registry import register
        from games.terraforming_mars.engine import ENGINE

        register(ENGINE)
