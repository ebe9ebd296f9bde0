"""What a Relative Space move touched on the board (lobby.marks), read from the turn's events.

Keys: `pod:<id>` for a pod a card went onto (or opened with a Key, or that a launch left
as the only one, new and empty), `place:<seat>:<place>` for a place of the mover's supply
a block filled again (the cards came back there), and `out` for the cards removed from
the game when a launch or a block sent cards out. A pod that left the board (launched, or
blocked while others stay) cannot be marked: where its cards went is.

The view's `recent` turns (newest first) say what happened: a turn is one card played and
its extra plays or pass, and the same view serves every move of it, so every move of the
turn gets the turn's marks (lobby.marks marks the whole run at once anyway).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def _event_keys(event: Mapping[str, Any], seat: int, pods: set[int]) -> list[str]:
    """Return what one event of the mover's turn changed on the board."""
    kind, pod = event.get("kind"), event.get("pod")
    keys: list[str] = []
    if kind in ("load", "open", "block") and pod in pods:
        keys.append(f"pod:{pod}")  # loaded, opened, or blocked and left empty (§8 step 5)
    if kind == "block":
        keys += [f"place:{seat}:{place}" for place in event.get("refilled") or ()]
        if event.get("out") or not keys:
            keys.append("out")
    if kind == "launch":
        keys.append("out")
        if event.get("new_pod") in pods:
            keys.append(f"pod:{event['new_pod']}")
    return keys


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys of what the mover's latest turn changed, as `lobby.marks` wants them."""
    pods = {pod["id"] for pod in view.get("pods") or () if isinstance(pod, Mapping)}
    turns = [turn for turn in view.get("recent") or () if isinstance(turn, Mapping)]
    if not turns or turns[0].get("seat") != seat:
        return []
    keys: list[str] = []
    for event in turns[0].get("events") or ():
        for key in _event_keys(event, seat, pods):
            if key not in keys:
                keys.append(key)
    return keys
