"""What a Lost Cities move touched on the board (lobby.marks): its expedition, pile or deck."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.lost_cities.cards import CARDS, COLOURS


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys the board marks: `column:<seat>:<colour>`, `pile:<colour>`, `deck`."""
    kind = action.get("type")
    card = CARDS.get(str(action.get("card")))
    if kind == "play" and card is not None:
        return [f"column:{seat}:{COLOURS[card.colour]}"]
    if kind == "discard" and card is not None:
        return [f"pile:{COLOURS[card.colour]}"]
    if kind == "take":
        return [f"pile:{action.get('colour')}"]
    if kind == "draw":
        return ["deck"]
    return []
