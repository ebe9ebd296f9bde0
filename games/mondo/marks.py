"""What a Mondo move touched on the board (lobby.marks).

Keys: `cell:<seat>:<cell key>` for a tile placed (the space on that player's world),
`task:<task key>` for a task taken, `world:<seat>` for a world turned to its other side
(the whole world changes then), `pool:<slot>` for the place of the pool a tile was taken
from (left as a gap) and `status:<seat>` for the player's status line (holds a tile, is
choosing one, out with a bonus chip, ready), `round-end` for the scores of a round the
move ended.

Hidden information stays hidden: a tile another player holds is theirs alone (rules §6.2),
so turning or flipping it marks nothing, and a take is marked by the gap it left and the
"holds a tile" line, never by the tile. A take is marked only while the tile is still held:
once placed, the space it went onto is what the run of moves shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys of what the move changed on the board, as `lobby.marks` wants them."""
    kind = action.get("type")
    board = _board(view, seat)
    if view.get("phase") != "play" and kind in ("place", "stop"):
        return ["round-end"]  # the move ended the round: its scores are what changed
    if kind == "place":
        key = action.get("cell")
        return [f"cell:{seat}:{key}"] if key in _filled(board) else []
    if kind == "claim":
        return [f"task:{action.get('task')}"]
    if kind == "side":
        return [f"world:{seat}"]
    if kind == "take":
        if not board.get("holding"):
            return []  # placed or put back since: the run's later move shows where it went
        slot = action.get("slot")
        gap = any(
            isinstance(place, Mapping) and place.get("slot") == slot and not place.get("tile")
            for place in view.get("pool") or ()
        )
        return ([f"pool:{slot}"] if gap else []) + [f"status:{seat}"]
    if kind in ("return", "stop", "ready"):
        return [f"status:{seat}"]
    return []


def _board(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    """Return `seat`'s world in `view`, or an empty mapping."""
    for board in view.get("boards") or ():
        if isinstance(board, Mapping) and board.get("seat") == seat:
            return board
    return {}


def _filled(board: Mapping[str, Any]) -> set[str]:
    """Return the keys of the spaces of a world that hold a tile."""
    return {
        cell["key"]
        for row in board.get("rows") or ()
        for cell in row
        if isinstance(cell, Mapping) and cell.get("tile")
    }
