"""What a Reworld move touched on the board (lobby.marks): a docking row, a city, the shield."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def _player(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for player in view.get("seats") or ():
        if isinstance(player, Mapping) and player.get("seat") == seat:
            return player
    return {}


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return `row:<seat>:<n>`, `city:<seat>:<letter>` or `shield:<seat>` for the mover."""
    kind = action.get("type")
    if kind == "undock":
        return [f"row:{seat}:{action.get('row')}"]
    if kind == "city":
        return [f"city:{seat}:{action.get('city')}"]
    if kind == "shield":
        return [f"shield:{seat}"]
    if kind in ("pay", "top"):  # a module bought: the row it docked in
        rows = _player(view, seat).get("rows") or ()
        return [f"row:{seat}:{row.get('number')}" for row in rows if row.get("last")]
    return []
