"""What a Mondo move touched on the board (lobby.marks): the world a tile went onto."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Moves that change a world as others see it (taking and turning a tile do not).
_WORLD_MOVES = frozenset({"place", "claim", "side"})


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return `world:<seat>` when the move placed a tile, claimed a task or chose a side."""
    return [f"world:{seat}"] if action.get("type") in _WORLD_MOVES else []
