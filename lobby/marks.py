"""The last move, marked: which elements of a board the other player's latest move touched.

A game may ship `games/<slug>/marks.py` with `touched(view, seat, action)`: the keys of the
board elements an action of `seat` touched, read from the viewer's view after it (engines
stay pure: this sits beside the view, not in the rules). The board puts
`{% last_move "key" %}` on those elements (lobby.templatetags.last_move), which writes
`data-last-move="<move number>"`; static/js/playtable.js lights them up for a few seconds
when they arrive. Only moves by others are marked: the mover sees their own result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lobby.models import Move


@dataclass(frozen=True)
class LastMove:
    """The latest turn of another seat, as one viewer sees it."""

    #: The number of the latest move of the turn that touched something (the mark's value:
    #: a page lights each number once).
    n: int
    seat: int
    keys: frozenset[str]


def last_move(
    engine: Any, view: dict[str, Any] | None, moves: Sequence[Move], position: int | None
) -> LastMove | None:
    """Return what the latest turn of a seat other than `position` touched, or None.

    A turn is the run of latest moves by one seat (a Lost Cities turn is a card placed,
    then one drawn): every move of it is marked, under the number of its latest move that
    touched something. None when the viewer moved last, when a phase ended by the clock,
    or when the game marks nothing.
    """
    marker = getattr(engine, "marker", None)
    if marker is None or view is None or not moves:
        return None
    latest = moves[-1]
    seat = latest.seat
    if latest.kind != Move.Kind.ACTION or seat is None or seat == position:
        return None
    keys: set[str] = set()
    n = 0
    for move in reversed(moves):
        if move.kind != Move.Kind.ACTION or move.seat != seat:
            break
        touched = list(marker(view, seat, move.action)) if isinstance(move.action, dict) else []
        keys.update(touched)
        if touched and not n:
            n = move.n
    # The number of the latest move that touched something: a move that shows nothing
    # (a Mondo tile turned in the hand) does not light the run's marks again.
    return LastMove(n=n, seat=seat, keys=frozenset(keys)) if keys else None
