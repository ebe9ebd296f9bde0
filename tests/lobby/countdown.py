"""A tiny 1-4 player game for lobby tests: take 1 or 2 from a pile; who takes the last wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.engine import Action, Game, IllegalAction, Option, Outcome, move


@dataclass(frozen=True)
class CountdownState:
    players: int
    pile: int
    active: int
    winner: int | None = None


class Countdown(Game[CountdownState]):
    slug = "countdown"
    name = "Countdown"
    min_players = 1
    max_players = 4
    options = (Option("pile", "Pile", "int", 7, min=3, max=30),)

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> CountdownState:
        return CountdownState(players, self.validate_options(options)["pile"], 0)

    def to_move(self, state: CountdownState) -> frozenset[int]:
        return frozenset() if state.winner is not None else frozenset({state.active})

    def legal_actions(self, state: CountdownState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        return [{"type": "take", "n": n} for n in (1, 2) if n <= state.pile]

    def is_over(self, state: CountdownState) -> bool:
        return state.winner is not None

    @move("take", n=int)
    def _take(self, state: CountdownState, seat: int, n: int) -> CountdownState:
        if n not in (1, 2) or n > state.pile:
            raise IllegalAction("Take one or two.")
        pile = state.pile - n
        winner = seat if pile == 0 else None
        return CountdownState(state.players, pile, (seat + 1) % state.players, winner)

    def view(self, state: CountdownState, seat: int | None) -> dict[str, Any]:
        return {"pile": state.pile, "you": seat, "legal": self.legal_actions(state, seat or 0)}

    def outcome(self, state: CountdownState) -> Outcome | None:
        if state.winner is None:
            return None
        scores = tuple(int(s == state.winner) for s in range(state.players))
        return Outcome(scores, tuple(1 if s else 2 for s in scores))

    def timeout_action(self, state: CountdownState, seat: int) -> Action:
        return {"type": "take", "n": 1}

    def dump(self, state: CountdownState) -> dict[str, Any]:
        return {
            "players": state.players,
            "pile": state.pile,
            "active": state.active,
            "winner": state.winner,
        }

    def load(self, data: Mapping[str, Any]) -> CountdownState:
        return CountdownState(**data)

    def secret_tokens(self, state: CountdownState, viewer: int | None) -> set[str]:
        return set()

    def describe(
        self,
        before: CountdownState,
        after: CountdownState,
        seat: int,
        action: Action,
        viewer: int | None,
    ) -> str:
        return f"took {action['n']}"
