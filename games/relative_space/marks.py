"""What a Relative Space move touched on the board (lobby.marks): the pod a card went onto."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return `pod:<id>` for a card loaded (or a pod opened with a Key) onto a pod still there."""
    kind = action.get("type")
    # A pod that launched with the move has left the board: nothing to mark.
    ids = [pod["id"] for pod in view.get("pods") or () if isinstance(pod, Mapping)]
    if kind == "play" and action.get("pod") in ids:
        return [f"pod:{action.get('pod')}"]
    if kind == "open_pod" and ids:
        return [f"pod:{max(int(i) for i in ids)}"]
    return []
