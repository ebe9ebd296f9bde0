"""What a Terraforming Mars move touched on the board (lobby.marks): the mover's panel.

Every action of a turn changes the mover's resources, tableau or terraform rating, so
their player panel is what lights up. (The map marks its latest tiles itself.)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Decisions that change nothing another player reads on the mover's panel.
#: The turn flow's Confirm and aside actions (flow.py) change no panel: a pass in advance
#: must not light the panel of the seat that sent it (nobody else learns of it).
_QUIET = frozenset(
    {"keep", "release", "draft", "skip", "done", "confirm", "pass_ahead", "confirm_turns"}
)


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return `player:<seat>` for any action that changes what the panel shows."""
    return [] if action.get("type") in _QUIET else [f"player:{seat}"]
