"""What a Reworld move touched on the board (lobby.marks).

Keys: `row:<seat>:<n>` (a docking row), `city:<seat>:<letter>`, `shield:<seat>`,
`arm:<n>` (the station space a player chose to pay for, and pays into), `marker` (the start
player marker, taken), `seat:<seat>` (the head of that player's area: cards in hand, dropped
out, modules aboard) and `jettisoned:<seat>` (the Chapter 2 line with the jettison count).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def _player(view: Mapping[str, Any], seat: int) -> Mapping[str, Any]:
    for player in view.get("seats") or ():
        if isinstance(player, Mapping) and player.get("seat") == seat:
            return player
    return {}


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys of what the move of `seat` changed, as `lobby.marks` wants them."""
    kind = action.get("type")
    if kind == "undock":
        return [f"row:{seat}:{action.get('row')}"]
    if kind == "city":
        return [f"city:{seat}:{action.get('city')}"]
    if kind == "shield":
        return [f"shield:{seat}"]
    if kind == "buy":
        return [f"arm:{action.get('arm')}"]
    if kind in ("pay", "top"):
        # A module bought: the row it docked in; a card laid short of that: the space.
        rows = _player(view, seat).get("rows") or ()
        docked = [f"row:{seat}:{row.get('number')}" for row in rows if row.get("last")]
        payment = view.get("payment")
        if docked or not isinstance(payment, Mapping):
            return docked
        return [f"arm:{payment.get('arm')}"]
    if kind == "marker":
        return ["marker"]
    if kind in ("drop", "cancel"):  # out of the round; or the paid cards back in hand
        return [f"seat:{seat}"]
    if kind == "jettison":
        return [f"jettisoned:{seat}"]
    return []
