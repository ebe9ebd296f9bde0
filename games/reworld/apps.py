from __future__ import annotations

from games.apps import GameConfig


class ReworldConfig(GameConfig):
    """The Reworld plugin: its engine, view and bots, registered at start-up."""

    default = True  # the app Django picks here (GameConfig is imported beside it)
    name = "games.reworld"
    label = "reworld"
    verbose_name = "Reworld"
