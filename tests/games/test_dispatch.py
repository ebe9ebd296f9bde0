"""The contract's one entry for moves: `Game.apply` guards once, then dispatches by type."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest

from games.engine import Action, Game, IllegalAction, Outcome, move
from games.registry import engines


@dataclass(frozen=True)
class Tally:
    """A toy game: two seats take turns adding to a total; 10 or more ends it."""

    total: int = 0
    active: int = 0
    log: tuple[str, ...] = ()


class Adder(Game[Tally]):
    slug = "zz_adder"
    name = "Adder"
    min_players = 2
    max_players = 2

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> Tally:
        return Tally()

    def is_over(self, state: Tally) -> bool:
        return state.total >= 10

    def to_move(self, state: Tally) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state.active})

    def legal_actions(self, state: Tally, seat: int) -> list[Action]:
        return [{"type": "add", "amount": n} for n in (1, 2, 3)] + [{"type": "pass"}]

    @move("add", amount=int)
    def _add(self, state: Tally, seat: int, amount: int) -> Tally:
        if not 1 <= amount <= 3:
            raise IllegalAction("Add 1, 2 or 3.")
        return replace(state, total=state.total + amount, active=1 - seat, log=(*state.log, "add"))

    @move("pass")
    @move("wait")
    def _pass(self, state: Tally, seat: int) -> Tally:
        return replace(state, active=1 - seat, log=(*state.log, "pass"))

    def outcome(self, state: Tally) -> Outcome | None:
        return Outcome((1, 0), (1, 2)) if self.is_over(state) else None

    def timeout_action(self, state: Tally, seat: int) -> Action:
        return {"type": "pass"}

    def dump(self, state: Tally) -> dict[str, Any]:
        return {"total": state.total, "active": state.active}

    def load(self, data: Mapping[str, Any]) -> Tally:
        return Tally(data["total"], data["active"])

    def secret_tokens(self, state: Tally, viewer: int | None) -> set[str]:
        return set()

    def describe(
        self, before: Tally, after: Tally, seat: int, action: Action, viewer: int | None
    ) -> str:
        return f"added {after.total - before.total}"


class PoliteAdder(Adder):
    """A subclass inherits the moves and may change the refusal of a seat not to move."""

    def not_to_move(self, state: Tally, seat: Any) -> str:
        return "Please wait for the other player."

    @move("double")
    def _double(self, state: Tally, seat: int) -> Tally:
        return replace(state, total=state.total * 2, active=1 - seat)


ADDER = Adder()


def test_moves_come_from_the_decorated_methods_and_their_bases() -> None:
    """Stacked decorators give one method several types; a subclass adds to its base's."""
    assert {kind: spec.method for kind, spec in Adder.moves.items()} == {
        "add": "_add",
        "pass": "_pass",
        "wait": "_pass",
    }
    assert set(PoliteAdder.moves) == {"add", "pass", "wait", "double"}
    assert ADDER.shapes() == {"add": {"amount": int}, "pass": {}, "wait": {}}


def test_apply_dispatches_the_payload_fields_as_keywords_and_never_mutates() -> None:
    start = ADDER.setup(players=2, seed=0, options={})
    after = ADDER.apply(start, 0, {"type": "add", "amount": 3})
    assert (after.total, after.active, after.log) == (3, 1, ("add",))
    assert start == Tally()
    assert ADDER.apply(after, 1, {"type": "wait"}).log == ("add", "pass")


@pytest.mark.parametrize(
    ("state", "seat", "action", "message"),
    [
        # A finished game is refused before anything else is looked at.
        (Tally(total=10), 0, {"type": "nonsense"}, "The game is over."),
        # Then the payload's shape, whoever sends it.
        (Tally(), 1, {"type": "nonsense"}, "That kind of move does not exist in this game."),
        (Tally(), 0, {"type": "add"}, "That move is missing something or carries something extra."),
        (Tally(), 0, {"type": "add", "amount": True}, "That move is not filled in correctly."),
        (Tally(), 0, ["add"], "That is not a valid move."),
        (Tally(), 0, {"type": "undo"}, "That kind of move does not exist in this game."),
        # Then the seat.
        (Tally(), 1, {"type": "add", "amount": 1}, "It is not your turn."),
        (Tally(), "0", {"type": "add", "amount": 1}, "It is not your turn."),
        (Tally(), 7, {"type": "pass"}, "It is not your turn."),
        # Only then the engine's own rule.
        (Tally(), 0, {"type": "add", "amount": 9}, "Add 1, 2 or 3."),
    ],
)
def test_apply_refuses_in_one_order_with_plain_words(
    state: Tally, seat: Any, action: Any, message: str
) -> None:
    with pytest.raises(IllegalAction) as refused:
        ADDER.apply(state, seat, action)
    assert refused.value.message == message


def test_an_engine_words_its_own_refusal_of_a_seat_not_to_move() -> None:
    with pytest.raises(IllegalAction, match="Please wait for the other player."):
        PoliteAdder().apply(Tally(), 1, {"type": "pass"})


def test_the_platforms_undo_type_cannot_be_declared_by_a_game() -> None:
    with pytest.raises(TypeError, match="'undo' is the platform's"):

        class _Undoer(Adder):
            @move("undo")
            def _undo(self, state: Tally, seat: int) -> Tally:
                return state


def test_a_view_needs_the_builder_its_app_attaches() -> None:
    class Bare(Adder):
        pass

    engine = Bare()
    with pytest.raises(LookupError, match="Adder has no view attached"):
        engine.view(Tally(), None)
    engine.attach(viewer=lambda game, state, seat: {"total": state.total, "seat": seat}, bots={})
    assert engine.view(Tally(total=4), 1) == {"total": 4, "seat": 1}
    assert Bare().view(Tally(), None) == {"total": 0, "seat": None}


@pytest.mark.parametrize("engine", engines(), ids=lambda engine: engine.slug)
def test_every_game_goes_through_the_one_entry(engine: Game[Any]) -> None:
    """No game re-implements apply; each declares its moves, has its view and its two bots."""
    assert "apply" not in vars(type(engine)), "the engine overrides Game.apply"
    assert engine.moves, "the engine declares no @move"
    assert type(engine).viewer is not None
    assert {"random", "heuristic"} <= set(engine.bots)
    state = engine.setup(players=engine.min_players or 1, seed=3, options={})
    for seat in sorted(engine.to_move(state)):
        for action in engine.legal_actions(state, seat):
            assert action["type"] in engine.moves
