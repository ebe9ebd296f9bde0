"""Moves sent over the table's WebSocket: the same service as the HTTP move, less overhead.

A board page whose table socket is open sends its move forms' fields over that socket
(static/js/socket-moves.js) instead of POSTing them: no HTTP request, no middleware, no
session read per move (the socket was authenticated by its session when it opened, and
its origin checked), and one thread hand-off for the whole lock/apply/commit/draw. The
move goes through `services.move_submit`, as the HTTP view's does; the mover's socket
answers with what changed on its board (`lobby.rendering.board_message`), and a refused
move (stale version, illegal, malformed, not the player's seat) with its words in the
board's error region, nothing changed. The HTTP POST stays: without JavaScript, while
the socket is down, and for tests.

A socket move message is a JSON object with the form's fields: {"action": "<the
action's JSON>", "version": "<the version the page shows>"}, and optionally "ref": up to
16 letters, digits, "-" or "_" that the answer (or the refusal) carries back as
`data-ref`. Other players' pushes reach the same socket at any time (in Mondo all four
act at once), so a page that wants to know which message answered its move names it.
"""

from __future__ import annotations

import json
import re
import zoneinfo
from typing import Any

from django.conf import settings
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.translation import gettext as _

from config import ratelimit
from lobby import pushes, services
from lobby.errors import BadRequest, LobbyError, NotAllowed, RateLimited
from lobby.rendering import Board, board_get, boards_shared_together, viewer_kind
from lobby.services.notify import rings_held

#: The longest action a move form sends (its JSON, as text).
MAX_ACTION_BYTES = 2000
#: The longest socket move message read at all.
MAX_MESSAGE_BYTES = 4000
#: What a move's "ref" may be: the answer repeats it in an attribute, so nothing to escape.
REF = re.compile(r"[A-Za-z0-9_-]{1,16}")


def _unreadable() -> BadRequest:
    return BadRequest(_("That move could not be read. Reload the page and try again."))


def move_fields(raw_action: object, raw_version: object) -> tuple[dict[str, Any], int | None]:
    """Read a move form's fields (`action` JSON, `version` digits); BadRequest if malformed."""
    if not isinstance(raw_action, str) or not raw_action or len(raw_action) > MAX_ACTION_BYTES:
        raise _unreadable()
    try:
        action = json.loads(raw_action)
    except ValueError:
        raise _unreadable() from None
    if not isinstance(action, dict):
        raise _unreadable()
    if raw_version is None or raw_version == "":
        return action, None
    if not isinstance(raw_version, str):
        raise _unreadable()
    if not raw_version.isascii() or not raw_version.isdigit() or len(raw_version) > 9:
        raise _unreadable()
    return action, int(raw_version)


def move_ref(text: str) -> str | None:
    """Return the "ref" a socket move message names, if it is well formed (else None).

    A malformed ref is refused with the move (`_play`); this only says what to echo.
    """
    if len(text) > MAX_MESSAGE_BYTES or '"ref"' not in text:
        return None
    try:
        fields = json.loads(text)
    except ValueError:
        return None
    ref = fields.get("ref") if isinstance(fields, dict) else None
    return ref if isinstance(ref, str) and REF.fullmatch(ref) else None


def socket_move(
    *,
    code: str,
    user: Any,
    text: str,
    language: str,
    zone: zoneinfo.ZoneInfo | None,
    hand_over: list[tuple[str, dict[str, object]]] | None = None,
) -> Board | str:
    """Play the move a table socket sent; return the mover's new board, or the refusal's words.

    Runs in one thread hand-off (the consumer's `database_sync_to_async`), in the page's
    language and time zone. The table's doorbell waits until the mover's board is drawn,
    so this process's sockets reuse the read and the drawing (`lobby.pushes.prime`); with
    `hand_over` it is left in that list for the caller to send (`notify.rings_held`).
    """
    with translation.override(language), timezone.override(zone):
        try:
            return _play(code=code, user=user, text=text, hand_over=hand_over)
        except LobbyError as error:
            return str(error.message)


def _play(
    *, code: str, user: Any, text: str, hand_over: list[tuple[str, dict[str, object]]] | None
) -> Board:
    if not getattr(user, "is_authenticated", False):
        raise NotAllowed(_("You are not seated at this table."))
    limit, window = settings.MOVE_RATE_LIMIT
    if not ratelimit.hit(f"move:{user.pk}", limit=limit, window=window, fail_open=True):
        raise RateLimited(_("You are sending moves too fast. Wait a moment and try again."))
    if len(text) > MAX_MESSAGE_BYTES:
        raise _unreadable()
    try:
        fields = json.loads(text)
    except ValueError:
        raise _unreadable() from None
    if not isinstance(fields, dict):
        raise _unreadable()
    ref = fields.get("ref")
    if ref is not None and not (isinstance(ref, str) and REF.fullmatch(ref)):
        raise _unreadable()
    action, version = move_fields(fields.get("action"), fields.get("version"))
    with rings_held(hand_over):
        table = services.move_submit(code=code, user=user, action=action, seen_version=version)
        with boards_shared_together():
            shot = pushes.snapshot_of(table)
            board = board_get(table, user, moves=shot.moves, state=shot.state, fresh=True)
            kind, language = viewer_kind(table, user), translation.get_language()
            zone = timezone.get_current_timezone_name()
            pushes.prime(shot, board, kind=kind, language=language, zone=zone)
            pushes.predraw(shot, drawn=(kind, language, zone))
    return board


def refusal_html(code: str, words: str, ref: str | None = None) -> str:
    """Return the socket message that shows a refused move's words in the board's error
    region (naming the move's `ref`, if it had one)."""
    return format_html(
        '<div id="table-{}-board-error" class="region"{}>'
        '<div class="board-error" role="alert">{}</div></div>',
        code,
        format_html(' data-ref="{}"', ref) if ref else "",
        words,
    )
