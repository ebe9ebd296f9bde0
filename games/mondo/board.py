"""The world board (rules §3): 24 spaces in a 6x6 grid, neighbours, the rim and the tints.

Cells are numbered 0..23 in reading order; a cell's key in actions is "r<row>c<col>".
"""

from __future__ import annotations

from games.words import Msg, msg

__all__ = [
    "CELLS",
    "CELL_COUNT",
    "CELL_INDEX",
    "CELL_KEYS",
    "GRID",
    "KEY_INDEX",
    "NEIGHBOURS",
    "OPPOSITE",
    "RIM",
    "SOLO_CELLS",
    "cell_label",
    "rim_landscape",
]

GRID = 6
# rules §3.1 (house rule): a disc inside a 6x6 grid, rows of 2, 4, 6, 6, 4, 2 spaces.
_ROW_SPANS = ((2, 3), (1, 4), (0, 5), (0, 5), (1, 4), (2, 3))
CELLS: tuple[tuple[int, int], ...] = tuple(
    (row, col) for row, (lo, hi) in enumerate(_ROW_SPANS) for col in range(lo, hi + 1)
)
CELL_COUNT = len(CELLS)
CELL_INDEX: dict[tuple[int, int], int] = {cell: i for i, cell in enumerate(CELLS)}
CELL_KEYS: tuple[str, ...] = tuple(f"r{row}c{col}" for row, col in CELLS)
KEY_INDEX: dict[str, int] = {key: i for i, key in enumerate(CELL_KEYS)}

# Edge i: N=0, E=1, S=2, W=3 (rules §3.1); the facing edge of a neighbour is i+2 mod 4.
_STEPS = ((-1, 0), (0, 1), (1, 0), (0, -1))
OPPOSITE = (2, 3, 0, 1)
NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(CELL_INDEX.get((row + dr, col + dc), -1) for dr, dc in _STEPS)  # type: ignore[misc]
    for row, col in CELLS
)
"""NEIGHBOURS[cell][edge] is the neighbouring cell index, or -1 for a border edge."""

# rules §3.4 (house rule): the four tinted spaces of the solo game.
SOLO_CELLS: tuple[int, ...] = tuple(CELL_INDEX[cell] for cell in ((1, 1), (1, 4), (4, 1), (4, 4)))


def rim_landscape(cell: int, side: int) -> str:
    """Return the landscape of the rim beyond a border edge of `cell` (rules §3.2, §3.3).

    Front (side 0): water everywhere. Back (side 1, house rule): by the space's quadrant,
    north-west forest, north-east steppe, south-east desert, south-west water.
    """
    if side == 0:
        return "w"
    row, col = CELLS[cell]
    if row <= 2:
        return "f" if col <= 2 else "s"
    return "w" if col <= 2 else "d"


RIM: tuple[tuple[str, ...], tuple[str, ...]] = (
    tuple(rim_landscape(i, 0) for i in range(CELL_COUNT)),
    tuple(rim_landscape(i, 1) for i in range(CELL_COUNT)),
)
"""RIM[side][cell]: the rim landscape facing the border edges of that cell."""


def cell_label(cell: int) -> Msg:
    """Return "row 3, column 4" (1-based) for log lines."""
    row, col = CELLS[cell]
    return msg("row %(row)s, column %(column)s", row=row + 1, column=col + 1)
