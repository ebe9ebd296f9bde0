"""What a Mondo move touched on the board (lobby.marks): the space a tile went onto.

Keys: `cell:<seat>:<cell key>` for a tile placed (the space on that player's world),
`task:<task key>` for a task taken, `world:<seat>` for a world turned to its other side
(the whole world changes then). Taking and turning a tile change nothing others see.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys of what the move changed on the board, as `lobby.marks` wants them."""
    kind = action.get("type")
    if kind == "place":
        # A round that ended with the move has cleared the worlds: nothing to mark then.
        key = action.get("cell")
        return [f"cell:{seat}:{key}"] if key in _filled(view, seat) else []
    if kind == "claim":
        return [f"task:{action.get('task')}"]
    if kind == "side":
        return [f"world:{seat}"]
    return []


def _filled(view: Mapping[str, Any], seat: int) -> set[str]:
    """Return the keys of the spaces of `seat`'s world that hold a tile in `view`."""
    for board in view.get("boards") or ():
        if isinstance(board, Mapping) and board.get("seat") == seat:
            return {
                cell["key"]
                for row in board.get("rows") or ()
                for cell in row
                if isinstance(cell, Mapping) and cell.get("tile")
            }
    return set()
