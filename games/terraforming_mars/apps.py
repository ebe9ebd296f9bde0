from __future__ import annotations

from games.apps import GameConfig


class TerraformingMarsConfig(GameConfig):
    """The Terraforming Mars plugin: its engine, view and bots, registered at start-up."""

    default = True  # the app Django picks here (GameConfig is imported beside it)
    name = "games.terraforming_mars"
    label = "terraforming_mars"
    verbose_name = "Terraforming Mars"
