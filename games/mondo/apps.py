from __future__ import annotations

from games.apps import GameConfig


class MondoConfig(GameConfig):
    """The Mondo plugin: its engine, view and bots, registered at start-up."""

    default = True  # the app Django picks here (GameConfig is imported beside it)
    name = "games.mondo"
    label = "mondo"
    verbose_name = "Mondo"
