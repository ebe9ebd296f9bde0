"""Shared bot contract and the game-independent random bot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from games.engine import Action, Game

if TYPE_CHECKING:
    import random

__all__ = ["Bot", "RandomBot"]


class Bot(Protocol):
    """A computer player. Bots may use the `random.Random` they are given; engines may not."""

    name: str

    def choose(self, engine: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
        """Return one legal action for `seat`."""
        ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, engine: Game[Any], state: Any, seat: int, rng: random.Random) -> Action:
        """Return a random legal action of `seat`."""
        return rng.choice(engine.legal_actions(state, seat))
