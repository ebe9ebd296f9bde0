"""Find a game's bots: `games/<slug>/bots.py` exposes a BOTS mapping."""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from games.engine import Action, Game


class Bot(Protocol):
    def choose(self, engine: Game[Any], state: Any, seat: int, rng: Any) -> Action: ...


def bots_for(slug: str) -> dict[str, Bot]:
    """Return the bots that the game `slug` ships, by kind ("random", "heuristic")."""
    try:
        module = importlib.import_module(f"games.{slug}.bots")
    except ModuleNotFoundError:
        return {}
    return dict(getattr(module, "BOTS", {}))
