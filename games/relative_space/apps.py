from __future__ import annotations

from games.apps import GameConfig


class RelativeSpaceConfig(GameConfig):
    """The Relative Space plugin: its engine, view and bots, registered at start-up."""

    default = True  # the app Django picks here (GameConfig is imported beside it)
    name = "games.relative_space"
    label = "relative_space"
    verbose_name = "Relative Space"
