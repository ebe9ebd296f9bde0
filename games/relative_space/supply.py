"""The supply layout as data: slots, rows, the covering relation and the refill order (§4).

A supply is a tuple with one entry per slot, in refill order: None for an empty slot, or
a pair (card id, face up). `build_layout` turns the engine's row table into a `Layout`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Layout", "Slot", "Supply", "build_layout", "open_slots", "slot_is_open"]

Slot = tuple[str, bool]
"""An occupied slot: (card id, face up)."""

Supply = tuple[Slot | None, ...]
"""One player's supply, one entry per slot in refill order."""


@dataclass(frozen=True)
class Layout:
    """The supply shape. Slot indices follow the refill order (§4.5)."""

    names: tuple[str, ...]
    rows: tuple[int, ...]  # row of each slot; row 0 is the bottom (front) row
    columns: tuple[int, ...]  # position of each slot inside its row, from the left
    covered_by: tuple[tuple[int, ...], ...]  # §4.2: the slots that overlap each slot
    face_up_at_setup: tuple[bool, ...]  # §5 step 2
    row_names: tuple[str, ...]
    row_slots: tuple[tuple[int, ...], ...]  # slot indices of each row, left to right
    index: dict[str, int]
    cover_masks: tuple[int, ...]  # `covered_by` as bit masks, for speed

    @property
    def size(self) -> int:
        return len(self.names)


def build_layout(rows: Sequence[tuple[str, int, bool]]) -> Layout:
    """Return the layout for `rows` = (row name, slots, face up at setup), bottom row first.

    1. Slots are named row name + column ("A1" ... "D1"), numbered bottom row first and
       left to right inside a row: that is the refill order (§4.5).
    2. Slot (row r, column c), r >= 1, is covered by (r-1, c) and (r-1, c+1) (§4.2).
    """
    names: list[str] = []
    row_of: list[int] = []
    col_of: list[int] = []
    up: list[bool] = []
    row_slots: list[tuple[int, ...]] = []
    for row, (row_name, count, face_up) in enumerate(rows):
        assert count > 0 and row_name.isalpha() and row_name.isupper()
        start = len(names)
        for column in range(count):
            names.append(f"{row_name}{column + 1}")
            row_of.append(row)
            col_of.append(column)
            up.append(face_up)
        row_slots.append(tuple(range(start, len(names))))
    index = {name: i for i, name in enumerate(names)}
    assert len(index) == len(names), "slot names must be unique"
    covered_by: list[tuple[int, ...]] = []
    for i in range(len(names)):
        row, column = row_of[i], col_of[i]
        if row == 0:
            covered_by.append(())
            continue
        below = row_slots[row - 1]
        covered_by.append(tuple(below[c] for c in (column, column + 1) if c < len(below)))
        assert covered_by[-1], f"slot {names[i]} must be covered by a slot of the row below"
    return Layout(
        names=tuple(names),
        rows=tuple(row_of),
        columns=tuple(col_of),
        covered_by=tuple(covered_by),
        face_up_at_setup=tuple(up),
        row_names=tuple(row[0] for row in rows),
        row_slots=tuple(row_slots),
        index=index,
        cover_masks=tuple(sum(1 << j for j in cover) for cover in covered_by),
    )


def slot_is_open(layout: Layout, supply: Supply, slot: int) -> bool:
    """Return whether the card in `slot` is available: present, and nothing covers it (§4.4)."""
    if supply[slot] is None:
        return False
    return all(supply[other] is None for other in layout.covered_by[slot])


def open_slots(layout: Layout, supply: Supply) -> list[int]:
    """Return the available slots of `supply`, in refill order."""
    occupied = 0
    for i, entry in enumerate(supply):
        if entry is not None:
            occupied |= 1 << i
    return [
        i for i, mask in enumerate(layout.cover_masks) if occupied >> i & 1 and not occupied & mask
    ]
