"""The checks every engine's `load` is built from: pure, shared, one message style.

Each check returns the value when it fits and raises `StateError` (a ValueError) naming
`what` when it does not. A game's `load` runs its checks inside `state_of("<Game>")`, which
turns the first failure into "Not a valid <Game> state: <what is wrong>."
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NoReturn

__all__ = [
    "StateError",
    "boolean",
    "fail",
    "ids",
    "integer",
    "items",
    "keys",
    "state_of",
    "text",
]


class StateError(ValueError):
    """A stored state that is not a valid state of its game."""


def fail(message: str) -> NoReturn:
    """Refuse the state being loaded with `message` (what is wrong, without a full stop)."""
    raise StateError(message)


@contextmanager
def state_of(game: str) -> Iterator[None]:
    """Run a game's checks; a failure becomes "Not a valid <game> state: <message>."."""
    try:
        yield
    except StateError as error:
        raise StateError(f"Not a valid {game} state: {error}.") from None


def integer(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """Return `value` if it is an int (never a bool) within [lo, hi]."""
    if type(value) is not int:
        fail(f"{what} must be an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        fail(f"{what} is out of range")
    return value


def boolean(value: Any, what: str) -> bool:
    """Return `value` if it is true or false."""
    if type(value) is not bool:
        fail(f"{what} must be true or false")
    return value


def text(value: Any, what: str, allowed: Collection[str] | None = None) -> str:
    """Return `value` if it is a string (and one of `allowed`, when given)."""
    if type(value) is not str:
        fail(f"{what} must be a text")
    if allowed is not None and value not in allowed:
        fail(f"{what} is not one of the allowed values")
    return value


def items(value: Any, what: str, length: int | None = None) -> list[Any]:
    """Return `value` as a list if it is a list or tuple (of exactly `length` entries)."""
    if not isinstance(value, list | tuple):
        fail(f"{what} must be a list")
    if length is not None and len(value) != length:
        fail(f"{what} must have {length} entries")
    return list(value)


def ids(value: Any, what: str, allowed: Collection[str]) -> tuple[str, ...]:
    """Return `value` as a tuple of strings, each one of `allowed` (card or piece ids)."""
    found = tuple(items(value, what))
    for item in found:
        if type(item) is not str or item not in allowed:
            fail(f"{what} holds an unknown id")
    return found


def keys(value: Any, what: str, expected: Collection[str]) -> Mapping[str, Any]:
    """Return `value` if it is a mapping with exactly the keys `expected`."""
    if not isinstance(value, Mapping) or set(value) != set(expected):
        fail(f"{what} has the wrong keys")
    return value
