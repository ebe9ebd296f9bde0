"""Deterministic randomness defined by our own code, stable across Python versions.

`random.shuffle` and `random.randrange` may change their algorithms between Python
releases, and a stored game must replay identically after an upgrade. Every random
choice of an engine therefore goes through this module:

1. The pair (seed, salt) names an endless stream of 64-bit words.
2. Block j of the stream is blake2b-512 over "playtable-rng-v1|<seed>|<salt>|" plus j as
   8 big-endian bytes; its 64 bytes are eight big-endian 64-bit words.
3. `shuffled` sorts the items by their word (ties, which never happen in practice, by
   position); `randint` takes words by rejection sampling, so it is exactly uniform.

Changing any of this changes every stored game: the pinned values in tests/games/test_rng.py
must not be edited to make a change pass.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence
from hashlib import blake2b
from typing import TypeVar

__all__ = ["choice", "randint", "shuffled", "words"]

T = TypeVar("T")

_VERSION = b"playtable-rng-v1"
_WORDS_PER_BLOCK = 8
_UNPACK_BLOCK = struct.Struct(">8Q").unpack
_TWO_64 = 1 << 64


def _prefix(seed: int, salt: str) -> bytes:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    return b"|".join((_VERSION, str(seed).encode(), salt.encode("utf-8"), b""))


def _block(prefix: bytes, index: int) -> tuple[int, ...]:
    return _UNPACK_BLOCK(blake2b(prefix + index.to_bytes(8, "big")).digest())


def _stream(seed: int, salt: str) -> Iterator[int]:
    prefix = _prefix(seed, salt)
    index = 0
    while True:
        yield from _block(prefix, index)
        index += 1


def words(count: int, *, seed: int, salt: str) -> list[int]:
    """Return the first `count` 64-bit words of the stream named by (seed, salt)."""
    prefix = _prefix(seed, salt)
    out: list[int] = []
    for index in range((count + _WORDS_PER_BLOCK - 1) // _WORDS_PER_BLOCK):
        out.extend(_block(prefix, index))
    del out[count:]
    return out


def shuffled(items: Sequence[T], *, seed: int, salt: str) -> list[T]:
    """Return a new list with `items` in the order fixed by (seed, salt)."""
    keys = words(len(items), seed=seed, salt=salt)
    # sorted() is stable, so equal words (never seen in practice) keep their positions.
    order = sorted(range(len(items)), key=keys.__getitem__)
    return [items[i] for i in order]


def randint(lo: int, hi: int, *, seed: int, salt: str) -> int:
    """Return an integer in [lo, hi], uniform, fixed by (seed, salt)."""
    if hi < lo:
        raise ValueError(f"empty range [{lo}, {hi}]")
    span = hi - lo + 1
    if span > _TWO_64:
        raise ValueError("range wider than 2**64")
    # Reject the top sliver of words that would make some values more likely than others.
    limit = _TWO_64 - _TWO_64 % span
    for word in _stream(seed, salt):
        if word < limit:
            return lo + word % span
    raise AssertionError("unreachable: the stream is endless")


def choice(items: Sequence[T], *, seed: int, salt: str) -> T:
    """Return one item of `items`, fixed by (seed, salt)."""
    if not items:
        raise IndexError("cannot choose from an empty sequence")
    return items[randint(0, len(items) - 1, seed=seed, salt=salt)]
