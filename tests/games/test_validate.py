"""The shared checks every engine's `load` is built from (games/validate.py)."""

from __future__ import annotations

from typing import Any

import pytest

from games import validate
from games.validate import StateError


def test_checks_return_the_value_when_it_fits() -> None:
    assert validate.integer(3, "round", 1, 5) == 3
    assert validate.boolean(False, "over") is False
    assert validate.text("red", "colour", {"red", "blue"}) == "red"
    assert validate.items((1, 2), "scores", 2) == [1, 2]
    assert validate.ids(["A1", "B2"], "hand", {"A1", "B2", "C3"}) == ("A1", "B2")
    assert validate.keys({"a": 1}, "player", {"a"}) == {"a": 1}


@pytest.mark.parametrize(
    ("check", "message"),
    [
        (lambda: validate.integer(True, "round"), "round must be an integer"),
        (lambda: validate.integer("3", "round"), "round must be an integer"),
        (lambda: validate.integer(0, "round", lo=1), "round is out of range"),
        (lambda: validate.integer(6, "round", hi=5), "round is out of range"),
        (lambda: validate.boolean(1, "over"), "over must be true or false"),
        (lambda: validate.text(3, "colour"), "colour must be a text"),
        (lambda: validate.text("pink", "colour", {"red"}), "colour is not one of the allowed"),
        (lambda: validate.items("ab", "hand"), "hand must be a list"),
        (lambda: validate.items([1], "scores", 2), "scores must have 2 entries"),
        (lambda: validate.ids(["A1", 7], "hand", {"A1"}), "hand holds an unknown id"),
        (lambda: validate.keys({"a": 1, "b": 2}, "player", {"a"}), "player has the wrong keys"),
        (lambda: validate.keys([("a", 1)], "player", {"a"}), "player has the wrong keys"),
    ],
)
def test_checks_refuse_with_what_is_wrong(check: Any, message: str) -> None:
    with pytest.raises(StateError, match=message):
        check()


def test_state_of_names_the_game_and_stays_a_value_error() -> None:
    """`load` promises ValueError on nonsense; the message says which game's state it is."""
    with (
        pytest.raises(
            ValueError, match=r"^Not a valid Lost Cities state: round is out of range\.$"
        ),
        validate.state_of("Lost Cities"),
    ):
        validate.integer(9, "round", 1, 5)
    with validate.state_of("Lost Cities"):
        assert validate.integer(2, "round", 1, 5) == 2
