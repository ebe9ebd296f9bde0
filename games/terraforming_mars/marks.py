"""What a Terraforming Mars move touched on the board (lobby.marks), as precisely as it shows.

The tile placed (its hex, `space:<id>`), the card played or used (in the mover's tableau,
`card:<seat>:<card>`), the global parameter raised (`param:<track>`), the milestone claimed
(`milestone:<key>`) or award funded (`award:<key>`); the mover's panel (`player:<seat>`) only
when nothing more precise applies (a pass, sold patents, a production change alone).

They are read from the public log of the view: its newest lines by the mover, up to the
first line of another seat (the turn's run of moves, as lobby.marks marks it). The same
view serves every move of the run, so the run gets one set of marks, not a panel mark
besides the precise ones for its pass or its end of turn.
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

#: The global parameter track (_globals.html `.tm-track-<name>`) each log code raises.
_PARAMS = {"temperature": "temp", "oxygen": "oxygen"}


def _line_keys(line: Mapping[str, Any], seat: int) -> list[str]:
    """Return what one log line of the mover changed on the board."""
    code, what = line.get("code"), line.get("what")
    if code == "tile" and line.get("space"):
        return [f"space:{line['space']}"] + (["param:ocean"] if what == "ocean" else [])
    if code in _PARAMS:
        return [f"param:{_PARAMS[code]}"]
    if code in ("play", "use") and what:
        return [f"card:{seat}:{what}"]
    if code == "claim" and what:
        return [f"milestone:{what}"]
    if code == "fund" and what:
        return [f"award:{what}"]
    return []


def _from_log(view: Mapping[str, Any], seat: int) -> set[str]:
    """Return the tiles, cards and parameters of the mover's newest run of log lines."""
    keys: set[str] = set()
    if view.get("phase") in ("setup", "research"):
        return keys  # hidden choices: nothing on the board changed yet
    for line in view.get("log") or ():  # newest first
        who = line.get("seat", -1)
        if who >= 0 and who != seat:
            break
        if who == seat:  # (a neutral line, the solo game's, may sit inside the turn)
            keys.update(_line_keys(line, seat))
    return keys


def touched(view: Mapping[str, Any], seat: int, action: Mapping[str, Any]) -> Iterable[str]:
    """Return the keys of what `action` of `seat` changed that others see (lobby.marks)."""
    if action.get("type") in _QUIET:
        return []
    return sorted(_from_log(view, seat)) or [f"player:{seat}"]
