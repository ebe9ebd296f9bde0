"""Dumping and loading states: JSON-safe, lossless, and nonsense is refused."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from games.lost_cities.state import evolve
from tests.games.lost_cities.helpers import ENGINE, build_state


def a_dump() -> dict[str, Any]:
    """A mid-game state of round 2 with history, discards, columns and a blocked pile."""
    state = build_state(
        hands=["Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 R2 R3"],
        columns=[{"yellow": "YW1 Y4"}, {"red": "R5 R7"}],
        discards={"green": "G4 G9"},
        phase="take",
        blocked="green",
        round=2,
        history=[(({"white": "W10"}, {}), 0)],
        first_player="creator",
    )
    return ENGINE.dump(state)


def test_a_dump_is_json_and_loads_back_to_an_equal_state() -> None:
    """load(json(dump(s))) == s, and the dump of the loaded state is identical."""
    data = a_dump()
    state = ENGINE.load(json.loads(json.dumps(data)))
    assert ENGINE.dump(state) == data
    assert ENGINE.load(data) == state and hash(state) == hash(ENGINE.load(data))


def test_evolve_changes_only_the_named_fields_and_refuses_unknown_ones() -> None:
    """The fast copy used by apply behaves like dataclasses.replace."""
    state = ENGINE.load(a_dump())
    other = evolve(state, phase="place", blocked=-1)
    assert (other.phase, other.blocked, other.deck) == ("place", -1, state.deck)
    assert state.phase == "take"
    with pytest.raises(AssertionError):
        evolve(state, colour=1)
    with pytest.raises(AttributeError):
        state.phase = "over"  # type: ignore[misc]


def corrupt(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(a_dump())
    change(data)
    return data


CORRUPTIONS: dict[str, Callable[[dict[str, Any]], object]] = {
    "missing key": lambda d: d.pop("deck"),
    "extra key": lambda d: d.update(cheat=True),
    "unknown version": lambda d: d.update(v=99),
    "bool seed": lambda d: d.update(seed=True),
    "card twice": lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
    "card missing": lambda d: d["deck"].pop(),
    "unknown card": lambda d: d["deck"].__setitem__(0, "LC-Y11"),
    "purple in a five-colour game": lambda d: d["deck"].__setitem__(0, "LC-P5"),
    "falling column": lambda d: d["columns"][1][4].reverse(),
    "wager after a number": lambda d: d["columns"][0][0].reverse(),
    "card in the wrong column": lambda d: d["columns"][0].__setitem__(1, d["columns"][0].pop(0)),
    "unsorted hand": lambda d: d["hands"][1].reverse(),
    "hand too big": lambda d: d["hands"][0].append(d["deck"].pop()),
    "unknown phase": lambda d: d.update(phase="bidding"),
    "blocked outside take": lambda d: d.update(phase="place"),
    "blocked unknown colour": lambda d: d.update(blocked="purple"),
    "empty blocked pile": lambda d: d.update(blocked="blue"),
    "round out of range": lambda d: d.update(round=7),
    "history score forged": lambda d: d["history"][0].update(scores=[100, 0]),
    "history count wrong": lambda d: d.update(history=[]),
    "start player against the rules": lambda d: d.update(start=1 - d["start"]),
    "bad option": lambda d: d["options"].update(expeditions=7),
    "bad event": lambda d: d.update(recent=[[1, 0, "teleport", ""]]),
    "active seat 2": lambda d: d.update(active=2),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_loading_an_impossible_state_raises_value_error(name: str) -> None:
    """Every kind of nonsense is refused with a ValueError naming the problem."""
    with pytest.raises(ValueError, match="Not a valid Lost Cities state"):
        ENGINE.load(corrupt(CORRUPTIONS[name]))


@pytest.mark.parametrize("data", [None, [], "state", 42])
def test_loading_something_that_is_not_a_mapping_raises_value_error(data: Any) -> None:
    """Non-mappings are nonsense too."""
    with pytest.raises(ValueError):
        ENGINE.load(data)
