from __future__ import annotations

from games.apps import GameConfig


class LostCitiesConfig(GameConfig):
    """The Lost Cities plugin: its engine, view and bots, registered at start-up."""

    default = True  # the app Django picks here (GameConfig is imported beside it)
    name = "games.lost_cities"
    label = "lost_cities"
    verbose_name = "Lost Cities"
