"""Render a table's board for one viewer: used by pages, htmx responses and sockets."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.registry import get_engine
from lobby import clocks
from lobby.models import Seat, Table
from lobby.selectors import move_list_recent, seat_for

logger = logging.getLogger(__name__)


def board_context(table: Table, user: Any, *, error: str | None = None) -> dict[str, Any]:
    """Return the template context of the board as `user` may see it."""
    engine = get_engine(table.game)
    seat = seat_for(table, user)
    position = seat.position if seat is not None and table.state is not None else None
    view, undo = None, 0
    if table.state is not None:
        state = engine.load(table.state)
        view = engine.view(state, position)
        if position is not None and table.status == Table.Status.ACTIVE:
            undo = engine.undo_steps(state, position)
    moves = move_list_recent(table=table)
    seats = list(table.seats.all())
    now = timezone.now()
    for each in seats:
        each.clock_seconds = clocks.seconds_left(table, each, now) if table.state else None
    bots = engine.bots
    return {
        # Sockets render without a request: the user is passed, not taken from it.
        "user": user,
        "bot_kinds": [(value, label) for value, label in Seat.Bot.choices if value in bots],
        "table": table,
        "engine": engine,
        "seats": seats,
        "me": seat,
        "view": view,
        "undo": undo,
        "log": [(move.n, move.seat, move.text_for(position), move.created_at) for move in moves],
        "error": error,
        "board_template": f"games/{table.game}/_board.html",
        "phase_left": (
            max(0.0, (table.phase_deadline - now).total_seconds())
            if table.phase_deadline and table.status == Table.Status.ACTIVE
            else None
        ),
        "board_id": f"table-{table.code}-board",
    }


#: How long a pushed board stays reusable: only pushes of one version share it.
SHARED_BOARD_SECONDS = 5


def _shared_key(table: Table, user: Any) -> str:
    viewer = user.pk if getattr(user, "is_authenticated", False) else "anon"
    zone = timezone.get_current_timezone_name()
    return f"board:{table.code}:{table.version}:{viewer}:{translation.get_language()}:{zone}"


def board_html_shared(table: Table, user: Any) -> str:
    """Return the board as `user` sees this version of the table, rendered at most once.

    A move renders the mover's board for its HTTP answer and then every socket of the
    table renders its own: the mover's sockets (tabs) reuse the answer's HTML through
    the cache (Redis across processes). Rendered without a request, so no per-browser
    CSRF token is inside (htmx sends the page's token as a header).
    """
    key = _shared_key(table, user)
    try:
        html: str | None = cache.get(key)
    except Exception:  # the cache (Redis) is down: render, as without a cache
        logger.warning("board cache unreachable: rendering without it", exc_info=True)
        return board_html(table, user)
    if html is None:
        html = board_html(table, user)
        try:
            cache.set(key, html, SHARED_BOARD_SECONDS)
        except Exception:
            logger.warning("board cache unreachable: not kept", exc_info=True)
    return html


def board_html(
    table: Table, user: Any, *, request: HttpRequest | None = None, error: str | None = None
) -> str:
    """Return the board partial as `user` may see it."""
    return render_to_string("lobby/_board.html", board_context(table, user, error=error), request)
