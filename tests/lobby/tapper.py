"""A tiny simultaneous game with timed rounds, for testing the platform's phase timers.

Each round every player may tap up to three times, at the same moments as the others;
the round ends when everybody says done or when the platform's clock runs out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.engine import Action, Game, IllegalAction, Outcome, move, places_from_scores

ROUNDS = 2
TAPS = 3


@dataclass(frozen=True)
class TapState:
    round: int
    taps: tuple[int, ...]
    done: tuple[bool, ...]


class Tapper(Game[TapState]):
    slug = "tapper"
    name = "Tapper"
    min_players = 1
    max_players = 4
    simultaneous = True

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> TapState:
        return TapState(1, (0,) * players, (False,) * players)

    def to_move(self, state: TapState) -> frozenset[int]:
        if state.round > ROUNDS:
            return frozenset()
        return frozenset(s for s, d in enumerate(state.done) if not d)

    def legal_actions(self, state: TapState, seat: int) -> list[Action]:
        if seat not in self.to_move(state):
            return []
        taps_this_round = state.taps[seat] - TAPS * (state.round - 1)
        return ([{"type": "tap"}] if taps_this_round < TAPS else []) + [{"type": "done"}]

    def is_over(self, state: TapState) -> bool:
        return state.round > ROUNDS

    @move("tap")
    def _tap(self, state: TapState, seat: int) -> TapState:
        if {"type": "tap"} not in self.legal_actions(state, seat):
            raise IllegalAction("You cannot do that now.")
        taps = tuple(t + (s == seat) for s, t in enumerate(state.taps))
        return replace(state, taps=taps)

    @move("done")
    def _done(self, state: TapState, seat: int) -> TapState:
        done = tuple(d or s == seat for s, d in enumerate(state.done))
        if all(done):
            return self._next_round(state)
        return replace(state, done=done)

    def _next_round(self, state: TapState) -> TapState:
        return TapState(state.round + 1, state.taps, (False,) * len(state.taps))

    def timed_phase(self, state: TapState) -> tuple[str, float] | None:
        return None if state.round > ROUNDS else (f"round-{state.round}", 30.0)

    def time_up(self, state: TapState, phase_key: str) -> TapState:
        if phase_key != f"round-{state.round}":
            return state
        return self._next_round(state)

    def view(self, state: TapState, seat: int | None) -> dict[str, Any]:
        return {"round": state.round, "taps": list(state.taps), "you": seat}

    def outcome(self, state: TapState) -> Outcome | None:
        if state.round <= ROUNDS:
            return None
        return Outcome(state.taps, places_from_scores(state.taps))

    def timeout_action(self, state: TapState, seat: int) -> Action:
        return {"type": "done"}

    def dump(self, state: TapState) -> dict[str, Any]:
        return {"round": state.round, "taps": list(state.taps), "done": list(state.done)}

    def load(self, data: Mapping[str, Any]) -> TapState:
        return TapState(data["round"], tuple(data["taps"]), tuple(data["done"]))

    def secret_tokens(self, state: TapState, viewer: int | None) -> set[str]:
        return set()

    def describe(
        self, before: TapState, after: TapState, seat: int, action: Action, viewer: int | None
    ) -> str:
        return "tapped" if action["type"] == "tap" else "is done"
