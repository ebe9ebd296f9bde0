"""Render a table's board for one viewer: used by pages, htmx responses and sockets.

A board is drawn once per distinct view of a table's version: each seat's view and one
spectators' view (see `viewer_kind`), per language and time zone. `board_get` keeps that
drawing in the cache (Redis across processes) for SHARED_BOARD_SECONDS, so the mover's
HTTP answer, every tab and every socket of the same view share it. A drawing (`Board`)
holds the whole HTML and, apart, each region of it (lobby.templatetags.regions) and its
log lines, so that a socket can send only what changed since the board it sent last
(`board_message`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from dataclasses import dataclass, fields
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.core.cache import cache
from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.safestring import mark_safe

from accounts.templatetags.identity import moment_parts
from config.channel_layer import heard_elsewhere
from config.rediscache import cache_redis
from config.urlcache import reverse_cached, urls_held
from games.registry import get_engine
from games.words import catalogue_held
from lobby import clocks, metrics
from lobby.jinja import CATALOGUE, render_partial
from lobby.marks import last_move
from lobby.models import Move, Seat, Table
from lobby.selectors import move_list_recent, seat_for
from lobby.templatetags.playtable import esc
from lobby.templatetags.regions import COLLECTOR, DIGESTS, LANGUAGE_ZONE, digest

logger = logging.getLogger(__name__)

#: How long a drawn board stays reusable: only pushes of one version share it.
SHARED_BOARD_SECONDS = 5

_MARKER = re.compile("\x00region:([^\x00]+)\x00")


#: Log lines already worded, per move and viewer, language and zone (see `_log_line`).
_LINES: OrderedDict[tuple[Any, ...], tuple[str, str, str]] = OrderedDict()
_LINES_SIZE = 8192
_lines_lock = threading.Lock()


def _log_line(
    move: Move, who: str, position: int | None, language: str, zone: str
) -> tuple[str, str, str]:
    """Return what a log line keeps between drawings: its key, its HTML before the time,
    and the opening `<time …>` tag with the time's ISO form and full local date.

    Kept per process: a line, once written, reads the same for a viewer in a language and
    zone, whatever the drawing; only its "3 minutes ago" is worded anew each time. The
    move's id and time name it (an id alone could come back in a test's fresh database).
    """
    # First on the move itself: a table's recent moves are the same objects from one
    # drawing to the next (lobby.pushes.RecentMoves), so most lines are found there.
    own: dict[tuple[Any, ...], tuple[str, str, str]] = move.__dict__.setdefault("_lines", {})
    mine = (who, position, language, zone)
    found = own.get(mine)
    if found is not None:
        return found
    name = (move.pk, move.n, move.created_at, who, position, language, zone)
    with _lines_lock:
        found = _LINES.get(name)
        if found is not None:
            _LINES.move_to_end(name)
            own[mine] = found
            return found
    text = move.text_for(position)
    key = hashlib.blake2b(f"{move.n}\x00{who}\x00{text}".encode(), digest_size=8).hexdigest()
    # Escaped as format_html would (esc: what is already HTML stays), in plain f-strings.
    css = f' class="seat-{int(move.seat)}"' if move.seat is not None else ""
    head = f'<li value="{int(move.n)}"><strong{css}>{esc(who)}</strong> {esc(text)} '
    iso, title = moment_parts(move.created_at)
    opening = f'<span class="log-time"><time datetime="{esc(iso)}" title="{esc(title)}">'
    line = (key, head, opening)
    own[mine] = line
    with _lines_lock:
        _LINES[name] = line
        while len(_LINES) > _LINES_SIZE:
            _LINES.popitem(last=False)
    return line


#: "3 minutes ago" per language and step of less than a day (see `ago`).
_AGO: dict[tuple[str, str, int], str] = {}


def ago(moment: datetime, now: datetime, language: str | None = None) -> str:
    """Return `naturaltime(moment)` escaped, as seen at `now`, worded once per step.

    Within a day in the past, naturaltime's words depend only on the whole seconds,
    minutes or hours gone (django.contrib.humanize): those are kept per language, as a
    board's thirty lines are worded again on every drawing (kept as plain text: a lazy
    string would be worded and escaped again each time it is read). The rest is worded
    each time. `language` is the active one, when the caller already asked for it.
    """
    delta = now - moment
    if delta.days != 0 or delta.total_seconds() <= 0:
        return str(escape(naturaltime(moment)))
    seconds = delta.seconds
    step = (
        ("s", seconds)
        if seconds < 60
        else ("m", seconds // 60)
        if seconds < 3600
        else ("h", seconds // 3600)
    )
    key = ((language if language is not None else translation.get_language()) or "", *step)
    found = _AGO.get(key)
    if found is None:
        # Worded at exactly that many seconds before `now` and half a second more, so that
        # naturaltime's own "now", a moment later than `now`, counts the same.
        whole = {"s": 1, "m": 60, "h": 3600}[step[0]] * step[1]
        found = str(escape(naturaltime(now - timedelta(seconds=whole, milliseconds=500))))
        if len(_AGO) < 4096:
            _AGO[key] = found
    return found


def log_lines(
    moves: list[Move], seats: list[Seat], position: int | None
) -> list[tuple[int, str, str]]:
    """Return the log as `position` may read it: (n, key, <li>) oldest first.

    The key names the line's content (not its "3 minutes ago"), so that a socket can tell
    which lines its page already shows.
    """
    names = {seat.position: seat.display_name for seat in seats}
    language, zone = translation.get_language(), timezone.get_current_timezone_name()
    now = timezone.now()
    lines = []
    for move in moves:
        who = names.get(move.seat, "") if move.seat is not None else ""
        key, head, opening = _log_line(move, who, position, language, zone)
        gone = ago(move.created_at, now, language)
        lines.append((move.n, key, f"{head}{opening}{gone}</time></span></li>"))
    return lines


def board_context(
    table: Table,
    user: Any,
    *,
    error: str | None = None,
    moves: list[Move] | None = None,
    state: Any = None,
) -> dict[str, Any]:
    """Return the template context of the board as `user` may see it.

    `moves` and `state` may come from a snapshot shared by several views of one version.
    """
    engine = get_engine(table.game)
    seat = seat_for(table, user)
    position = seat.position if seat is not None and table.state is not None else None
    view, undo = None, 0
    if table.state is not None:
        if state is None:
            state = engine.load(table.state)
        view = engine.view(state, position)
        if position is not None and table.status == Table.Status.ACTIVE:
            undo = engine.undo_steps(state, position)
    if moves is None:
        moves = move_list_recent(table=table)
    if "seats" in getattr(table, "_prefetched_objects_cache", {}):
        seats = list(table.seats.all())  # a snapshot's read, with the players
    else:
        seats = list(table.seats.select_related("user"))
    now = timezone.now()
    for each in seats:
        each.clock_seconds = clocks.seconds_left(table, each, now) if table.state else None
        each.pause = clocks.seat_pause(table, each, now)
        each.pause_seconds = (each.pause[1] - now).total_seconds() if each.pause else None
    bots = engine.bots
    lines = log_lines(moves, seats, position)
    return {
        # Sockets render without a request: the user is passed, not taken from it.
        "user": user,
        "bot_kinds": [(value, label) for value, label in Seat.Bot.choices if value in bots],
        "table": table,
        "engine": engine,
        "seats": seats,
        # What `seat_name` reads of the seats, for regions that keep their drawing.
        "seat_names": tuple((each.position, each.display_name) for each in seats),
        "me": seat,
        "view": view,
        "undo": undo,
        "log_lines": lines,
        # Each line was escaped when built (lines are kept as plain str in `Board`).
        "log_html": mark_safe("".join(line[2] for line in reversed(lines))),  # noqa: S308
        "error": error,
        # What the latest turn of another seat touched (lobby.marks), for {% last_move %}.
        "last_move": last_move(engine, view, moves, position),
        "board_template": f"games/{table.game}/_board.html",
        "phase_left": (
            max(0.0, (table.phase_deadline - now).total_seconds())
            if table.phase_deadline and table.status == Table.Status.ACTIVE
            else None
        ),
        "board_id": f"table-{table.code}-board",
        "move_url": reverse_cached("lobby:move", args=(table.code,)),
        # The page sends this board's moves over the table socket (lobby.socket_moves).
        "socket_moves": table.game in settings.SOCKET_MOVE_GAMES,
    }


@dataclass(frozen=True)
class Board:
    """One drawing of a board for one view of one version of a table."""

    board_id: str
    version: int
    status: str
    #: The board's HTML with a marker where each region goes (`html` puts them in): the
    #: regions are kept once, so a drawing shared through the cache is about half the size.
    frame: str
    #: A hash of what lies outside every region (the board's own tag left out).
    skeleton: str
    #: Each region's element HTML, in board order, and a hash of each.
    regions: dict[str, str]
    hashes: dict[str, str]
    #: The log as this view reads it: (n, key, <li>) oldest first.
    log: tuple[tuple[int, str, str], ...]

    @property
    def html(self) -> str:
        """The whole board's HTML (written out on each call: on connect, resync, a page)."""
        if "\x00" not in self.frame:
            return self.frame
        return _MARKER.sub(lambda m: self.regions[m.group(1)], self.frame)


_digest = digest


def board_render(
    table: Table, user: Any, *, moves: list[Move] | None = None, state: Any = None
) -> Board:
    """Draw the board as `user` sees it now, regions kept apart (one template render).

    One drawing, one language and one set of URLs: the catalogue and URLconf are held for
    it, not asked for again by each word and link (games.words, config.urlcache).
    """
    with catalogue_held() as held, urls_held():
        context = board_context(table, user, moves=moves, state=state)
        collector: dict[str, str] = {}
        context[COLLECTOR] = collector
        # Kept regions come hashed already (lobby.templatetags.regions.Drawn).
        hashed: dict[str, str] = {}
        context[DIGESTS] = hashed
        context[LANGUAGE_ZONE] = (
            translation.get_language(),
            timezone.get_current_timezone_name(),
        )
        context[CATALOGUE] = held
        started = time.perf_counter()
        skeleton = str(render_partial("lobby/_board.html", context))
    metrics.render_observed(table.game, time.perf_counter() - started)
    board_render.count += 1  # type: ignore[attr-defined]
    return Board(
        board_id=context["board_id"],
        version=table.version,
        status=str(table.status),
        frame=skeleton,
        skeleton=_digest(skeleton.split(">", 1)[-1]),
        regions=collector,
        hashes={name: hashed.get(name) or _digest(element) for name, element in collector.items()},
        log=tuple((n, key, line) for n, key, line in context["log_lines"]),
    )


#: Renders so far in this process (tests pin renders per push with it).
board_render.count = 0  # type: ignore[attr-defined]


def viewer_kind(table: Table, user: Any) -> str:
    """Return which view of the table `user` gets: their seat's, or a spectator's.

    Spectators share one view, except at an open table, where a logged-in one also sees
    the button that seats them.
    """
    seat = seat_for(table, user)
    if seat is not None:
        return f"seat{seat.position}"
    if table.status == Table.Status.OPEN and getattr(user, "is_authenticated", False):
        return "member"
    return "spectator"


#: The shape of a shared drawing (its fields), at the end of its cache key: while a new
#: release starts beside an old one, neither reads the other's drawings.
BOARD_FORMAT = _digest(",".join(field.name for field in fields(Board)))[:8]


def board_key(table: Table, user: Any) -> str:
    """Return the cache key of `user`'s view of this version, in the active language and zone."""
    zone = timezone.get_current_timezone_name()
    return (
        f"board:{table.code}:{table.version}:{viewer_kind(table, user)}:"
        f"{translation.get_language()}:{zone}:{BOARD_FORMAT}"
    )


def board_get(
    table: Table,
    user: Any,
    *,
    moves: list[Move] | None = None,
    state: Any = None,
    fresh: bool = False,
) -> Board:
    """Return the board as `user` sees this version of the table, drawn at most once.

    A drawing is shared by every viewer of the same view, in every process (the cache is
    Redis in production). Rendered without a request, so no per-browser CSRF token is
    inside (htmx sends the page's token as a header). When the cache is down, the board
    is drawn as without a cache.

    When no other process holds a socket of the table (its last doorbell reached none:
    config.channel_layer.heard_elsewhere), the cache is neither asked nor written: nobody
    elsewhere would read the drawing, and this process's own sockets get theirs handed
    over (lobby.pushes).

    `fresh`: the mover's own view of the version its move has just committed, drawn while
    the table's doorbell is held (lobby.services.notify.rings_held), so no other process
    can have drawn or be drawing it: it is drawn and shared without asking the cache first
    (two round trips less per move).
    """
    key = board_key(table, user)
    elsewhere = heard_elsewhere(table.group_name)
    board: Board | None = None
    if elsewhere and not fresh:
        try:
            board, claimed = _get_or_claim(key)
        except Exception:
            logger.warning("board cache unreachable: rendering without it", exc_info=True)
            return board_render(table, user, moves=moves, state=state)
        if board is None and not claimed:
            board = _drawn_elsewhere(key)
    if board is None:
        board = board_render(table, user, moves=moves, state=state)
        if not elsewhere:
            return board
        held: list[tuple[str, Board]] | None = getattr(_writes, "held", None)
        if held is not None:
            held.append((key, board))
        else:
            _share([(key, board)])
    return board


_writes = threading.local()


@contextlib.contextmanager
def boards_shared_together() -> Iterator[None]:
    """Hold the drawings `board_get` shares from this thread until the block ends, then
    write them to the cache in one round trip (a move draws the mover's view and each
    other view of this process's sockets: one write each cost more of the process's CPU
    than the round trip). The block ends before the move's doorbell rings, so another
    process finds them when it looks. Inside another such block, the outer one writes."""
    if getattr(_writes, "held", None) is not None:
        yield
        return
    _writes.held = []
    try:
        yield
    finally:
        held, _writes.held = _writes.held, None
        if held:
            _share(held)


def _share(boards: list[tuple[str, Board]]) -> None:
    """Write drawings to the cache for SHARED_BOARD_SECONDS (on Redis, one pipeline with
    no transaction around it: nothing reads them as a set)."""
    try:
        client = cache_redis(cache)
        if client is None or len(boards) == 1:
            for key, board in boards:
                cache.set(key, board, SHARED_BOARD_SECONDS)
            return
        pipe = client.get_client(write=True).pipeline(transaction=False)
        for key, board in boards:
            pipe.set(client.make_key(key), client.encode(board), ex=SHARED_BOARD_SECONDS)
        pipe.execute()
    except Exception:
        logger.warning("board cache unreachable: not kept", exc_info=True)


#: How long a process waits for a drawing another process has begun, before its own.
DRAW_WAIT_SECONDS = 0.3


#: On Redis, one round trip: the drawing if it is there, else the claim of drawing it.
_GET_OR_CLAIM_SCRIPT = """
local board = redis.call('GET', KEYS[1])
if board then return {1, board} end
if redis.call('SET', KEYS[2], 1, 'NX', 'EX', ARGV[1]) then return {0, 1} end
return {0, 0}
"""
#: How long a claim of a drawing holds (seconds).
DRAW_CLAIM_SECONDS = 2


def _get_or_claim(key: str) -> tuple[Board | None, bool]:
    """Return the drawing of `key` if one is kept, else whether this process may draw it."""
    client = cache_redis(cache)
    if client is None:
        board: Board | None = cache.get(key)
        return board, board is None and _draw_claim(key)
    names = [str(client.make_key(key)), str(client.make_key(f"{key}:drawing"))]
    found, value = client.get_client(write=True).eval(
        _GET_OR_CLAIM_SCRIPT, 2, *names, DRAW_CLAIM_SECONDS
    )
    if found:
        return client.decode(value), False
    return None, bool(value)


def _draw_claim(key: str) -> bool:
    """Claim the drawing of `key` for this process; False when another one has it."""
    try:
        return bool(cache.add(f"{key}:drawing", 1, DRAW_CLAIM_SECONDS))
    except Exception:
        return True


def _drawn_elsewhere(key: str) -> Board | None:
    """Wait a moment for the drawing another process claimed (None: draw it here)."""
    deadline = time.monotonic() + DRAW_WAIT_SECONDS
    pause = 0.002
    while time.monotonic() < deadline:
        time.sleep(pause)
        pause = min(pause * 2, 0.02)
        try:
            board: Board | None = cache.get(key)
        except Exception:
            return None
        if board is not None:
            return board
    return None


def board_html_shared(table: Table, user: Any) -> str:
    """Return the whole board as `user` sees this version (see `board_get`)."""
    return board_get(table, user).html


def board_html(
    table: Table, user: Any, *, request: HttpRequest | None = None, error: str | None = None
) -> str:
    """Return the board partial as `user` may see it, drawn now (a page, an error answer)."""
    return str(
        render_partial("lobby/_board.html", board_context(table, user, error=error), request)
    )


@dataclass(frozen=True)
class Sent:
    """What a socket sent last: the board its page holds (for `board_message`)."""

    version: int
    skeleton: str
    hashes: dict[str, str]
    log: tuple[tuple[int, str], ...]


def _sent(board: Board) -> Sent:
    return Sent(board.version, board.skeleton, board.hashes, tuple((n, k) for n, k, _ in board.log))


def board_full(board: Board, *, resync: bool = False) -> tuple[str, Sent]:
    """Return the whole board as a socket message (on connect, or asked for by `resync`)."""
    html = board.html
    if resync:
        html = html.replace('class="board-wrap"', 'class="board-wrap" data-resync="1"', 1)
    return html, _sent(board)


def _log_append(board: Board, sent: Sent) -> str | None:
    """Return the log lines to add to what the socket sent, or None if the log must be whole.

    The page keeps the lines it has and gets the new ones at the top; when a line it has
    is gone or changed (an undo), the whole log is sent instead.
    """
    if not sent.log or not board.log:
        return None
    last = max(n for n, _ in sent.log)
    first = min(n for n, _, _ in board.log)
    old = {(n, key) for n, key in sent.log if n >= first}
    kept = {(n, key) for n, key, _ in board.log if n <= last}
    if old != kept:
        return None
    new = [line for n, _, line in reversed(board.log) if n > last]
    if not new:
        return ""
    return f'<ol id="{board.board_id}-log-list" hx-swap-oob="afterbegin">' + "".join(new) + "</ol>"


def board_message(board: Board, sent: Sent | None, ref: str | None = None) -> tuple[str, Sent]:
    """Return the socket message that takes a page from `sent` to `board`, and the new `sent`.

    The whole board when the socket sent none yet or the skeleton changed; else a marker
    naming the version it applies to (`data-base`) and the new one, the regions that
    changed (the error region always, so an old refusal goes) and the new log lines. The
    page applies it only on top of `data-base`, else asks for the whole board
    (static/js/playtable.js). A move's answer names the move's `ref` (a checked
    `lobby.socket_moves.REF`) on the meta element, or on the whole board.
    """
    tag = f' data-ref="{ref}"' if ref else ""
    if sent is None or sent.skeleton != board.skeleton:
        html, new = board_full(board)
        if tag:
            html = html.replace('class="board-wrap"', f'class="board-wrap"{tag}', 1)
        return html, new
    parts = [
        f'<div id="{board.board_id}-meta" hidden data-version="{board.version}" '
        f'data-base="{sent.version}" data-status="{board.status}"{tag}></div>'
    ]
    for name, element in board.regions.items():
        if name == "log" or (name != "error" and sent.hashes.get(name) == board.hashes[name]):
            continue
        parts.append(element)
    if "log" in board.regions and sent.hashes.get("log") != board.hashes["log"]:
        append = _log_append(board, sent)
        parts.append(board.regions["log"] if append is None else append)
    return "".join(parts), _sent(board)
