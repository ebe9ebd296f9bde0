"""What the table sockets of one process share when a table changes.

A change rings every socket of the table (`table.updated`). Without sharing, each socket
would read the table, its seats and its log and draw its own board: with 20 spectators,
20 identical drawings. Here the sockets of a process share one read of the table per
push (`snapshot`) and one drawing per distinct view (`board_for`); the drawing itself is
shared across processes through the cache (`lobby.rendering.board_get`).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
import zoneinfo
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from channels.db import database_sync_to_async
from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from games.registry import get_engine
from lobby import selectors
from lobby.models import Move, Table
from lobby.rendering import Board, board_get, viewer_kind

T = TypeVar("T")
logger = logging.getLogger(__name__)


class Shared:
    """Awaitables shared by key: the first caller starts the work, the others wait for it.

    A finished result stays for `keep` seconds, for callers that come a moment later (the
    200th spectator of a table handles its doorbell after the first has drawn). A failed
    one is forgotten at once.
    """

    def __init__(self, keep: float) -> None:
        self.keep = keep
        #: Oldest first: a key started again moves to the end.
        self.entries: OrderedDict[Hashable, tuple[float, asyncio.Future[Any]]] = OrderedDict()

    def _expire(self, now: float) -> None:
        """Forget the finished entries older than `keep`, looking only at the old end: a
        call costs what expired since the last one, not a pass over every entry (a busy
        process holds hundreds, and every push of every socket asks)."""
        entries = self.entries
        while entries:
            key, (started, future) = next(iter(entries.items()))
            if now - started <= self.keep:
                return
            if future.done():
                del entries[key]
            else:
                # Still at work: it stays, looked at again after the others.
                entries[key] = (now, future)
                entries.move_to_end(key)

    async def get(
        self, key: Hashable, work: Callable[[], Awaitable[T]], *, reuse: bool = True
    ) -> T:
        now = time.monotonic()
        self._expire(now)
        entry = self.entries.get(key)
        if entry is not None and (reuse or not entry[1].done()):
            result: T = await asyncio.shield(entry[1])
            return result
        future: asyncio.Future[Any] = asyncio.ensure_future(work())
        self.entries.pop(key, None)
        self.entries[key] = (now, future)
        try:
            return await asyncio.shield(future)
        except BaseException:
            if self.entries.get(key, (0, None))[1] is future:
                del self.entries[key]
            raise


@dataclass(frozen=True)
class Snapshot:
    """A table as one read saw it: the table with its seats, its recent log, its state."""

    table: Table | None
    moves: list[Move]
    state: Any


class RecentMoves:
    """The recent log of the tables this process drew lately, by table and version.

    Reading a table's last 30 moves (rows with their JSON) is a fifth of a move's own
    work. The log changes only by appending moves (`lobby.services.moves.move_record`,
    which leaves the moves it created on the table as `moves_appended`) or by an undo,
    and every change of it moves the table's version on. So a table's log is kept here
    with the version it belongs to: the same version reads it again from here, and a move
    made in this process extends the previous version's log with the moves it appended,
    when the version moved on by exactly those moves. Anything else reads the database.
    Only committed logs are kept: inside a transaction (which could still roll back and
    leave its version to another change) the log is read and not kept.
    """

    def __init__(self, size: int, limit: int) -> None:
        self.size, self.limit = size, limit
        self.enabled = True
        self.hits = self.misses = 0
        self._items: OrderedDict[str, tuple[int, tuple[Move, ...]]] = OrderedDict()
        self._lock = threading.Lock()

    def _found(self, code: str, version: int) -> tuple[Move, ...] | None:
        with self._lock:
            entry = self._items.get(code)
            if entry is None or entry[0] != version:
                return None
            self._items.move_to_end(code)
            return entry[1]

    def _keep(self, code: str, version: int, moves: tuple[Move, ...]) -> None:
        with self._lock:
            self._items[code] = (version, moves)
            self._items.move_to_end(code)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def get(self, table: Table) -> list[Move]:
        """Return the table's last `limit` moves, oldest first (as `move_list_recent`)."""
        code, version = str(table.code), table.version
        if self.enabled and not transaction.get_connection().in_atomic_block:
            found = self._found(code, version)
            if found is None:
                found = self._extended(table)
            if found is not None:
                self.hits += 1
                return list(found)
        self.misses += 1
        moves = selectors.move_list_recent(table=table, limit=self.limit)
        if self.enabled and not transaction.get_connection().in_atomic_block:
            self._keep(code, version, tuple(_as_read(move) for move in moves))
        return moves

    def _extended(self, table: Table) -> tuple[Move, ...] | None:
        appended: list[Move] = getattr(table, "moves_appended", None) or []
        if not appended:
            return None
        before = table.version - len(appended)
        found = self._found(str(table.code), before)
        if found is None or getattr(table, "version_read", None) != before:
            return None
        moves = (found + tuple(_as_read(move) for move in appended))[-self.limit :]
        self._keep(str(table.code), table.version, moves)
        return moves

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


def _as_read(move: Move) -> Move:
    """Return the move as a read from the database gives it: its JSON as JSON decodes it,
    and without the table it was created with (a kept log must not hold a table's state)."""
    return Move(
        id=move.pk,
        table_id=move.table_id,
        n=move.n,
        kind=move.kind,
        seat=move.seat,
        action=json.loads(json.dumps(move.action)),
        texts=json.loads(json.dumps(move.texts)),
        by_timeout=move.by_timeout,
        created_at=move.created_at,
    )


#: The recent logs of at most 2,048 tables (tests switch `enabled` off or clear it).
RECENT = RecentMoves(size=2048, limit=30)


def snapshot_of(table: Table) -> Snapshot:
    """Return the snapshot of a table already read (with its seats): its log and state."""
    moves = RECENT.get(table)
    state = get_engine(table.game).load(table.state) if table.state is not None else None
    return Snapshot(table, moves, state)


def _read(code: str) -> Snapshot:
    table = selectors.table_get(code=code)
    if table is None:
        return Snapshot(None, [], None)
    return snapshot_of(table)


#: What the process's own move answer left for its sockets (see `prime`).
PRIMED_SECONDS = 2.0
#: Oldest first: a key primed again moves to the end, so expiry looks only at the front.
_primed: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
_primed_lock = threading.Lock()


def _primed_put(key: Hashable, value: Any, now: float) -> None:
    """Leave `value` under `key` and forget what is older than PRIMED_SECONDS.

    Called with the lock held. Expiry stops at the first fresh entry: a move costs what
    expired since the last one, not a pass over every table's recent entries.
    """
    _primed.pop(key, None)
    _primed[key] = (now, value)
    while _primed:
        oldest = next(iter(_primed.values()))
        if now - oldest[0] <= PRIMED_SECONDS:
            break
        _primed.popitem(last=False)


def prime(shot: Snapshot, board: Board, *, kind: str, language: str, zone: str) -> None:
    """Leave a move's snapshot and the mover's drawing for this process's sockets.

    Called by the move's HTTP answer, which read and drew both after the commit and
    before the table's doorbell rang (lobby.services.notify.rings_held): the sockets of
    this process then neither read the table nor fetch the mover's board again.
    """
    assert shot.table is not None
    code, version = str(shot.table.code), shot.table.version
    now = time.monotonic()
    with _primed_lock:
        _primed_put(("snapshot", code, version), shot, now)
        _primed_put(("board", code, version, kind, language, zone), board, now)


#: The views this process's table sockets show: table code → socket → (its user, its
#: invitations, language, time zone). A move made in this process draws them at once
#: (`predraw`), before its doorbell rings.
_watching: dict[str, dict[str, tuple[Any, list[str], str, zoneinfo.ZoneInfo | None]]] = {}
_watching_lock = threading.Lock()


def watch(
    code: str,
    socket: str,
    user: Any,
    invites: list[str],
    language: str,
    zone: zoneinfo.ZoneInfo | None,
) -> None:
    """Note the view a table socket of this process shows (until `unwatch`)."""
    with _watching_lock:
        _watching.setdefault(code, {})[socket] = (user, list(invites), language, zone)


def unwatch(code: str, socket: str) -> None:
    """Forget a table socket that closed."""
    with _watching_lock:
        sockets = _watching.get(code)
        if sockets is not None:
            sockets.pop(socket, None)
            if not sockets:
                del _watching[code]


def predraw(shot: Snapshot, *, drawn: tuple[str, str, str]) -> int:
    """Draw the other views this process's sockets of the table show, and leave them for
    those sockets (as `prime` leaves the mover's); return how many were drawn.

    Called by a move made in this process, after the mover's drawing and before the
    table's doorbell rings (`drawn`: the mover's view, kind, language and zone). Each view
    is drawn once, in the move's own hand-off: the sockets then take their boards without
    a hand-off of their own, and with the doorbell held no other process can be drawing
    them yet, so no cache read or claim either (`board_get(fresh=True)`); the drawings are
    still shared with the other processes through the cache. A socket still checks that its
    viewer may watch before it sends anything (`board_for`).

    Not for a game whose players act at once (Mondo): there a version is often overtaken
    before its push is sent, and the sockets, which draw the table as it is when they
    read it, draw one version for several moves; drawing every version ahead doubled the
    CPU of a Mondo move under load (`bench.load --game mondo`).
    """
    table = shot.table
    assert table is not None
    if get_engine(table.game).simultaneous:
        return 0
    code = str(table.code)
    with _watching_lock:
        watchers = list(_watching.get(code, {}).values())
    done = {drawn}
    for user, invites, language, zone in watchers:
        key = (viewer_kind(table, user), language, zone_name(zone))
        if key in done or not selectors.can_watch(table, user, invites):
            continue
        done.add(key)
        try:
            with translation.override(language), timezone.override(zone):
                board = board_get(table, user, moves=shot.moves, state=shot.state, fresh=True)
        except Exception:
            # The move is committed whatever happens here: that socket draws its own.
            logger.warning("a view could not be drawn ahead of its push", exc_info=True)
            continue
        _prime_board(code, table.version, key, board)
    return len(done) - 1


def _prime_board(code: str, version: int, key: tuple[str, str, str], board: Board) -> None:
    with _primed_lock:
        _primed_put(("board", code, version, *key), board, time.monotonic())


def _primed_get(key: Hashable) -> Any:
    with _primed_lock:
        entry = _primed.get(key)
    if entry is None or time.monotonic() - entry[0] > PRIMED_SECONDS:
        return None
    return entry[1]


def zone_name(zone: zoneinfo.ZoneInfo | None) -> str:
    """Return the name `timezone.get_current_timezone_name()` gives under `override(zone)`."""
    return str(zone) if zone is not None else settings.TIME_ZONE


def _draw(snapshot: Snapshot, user: Any, language: str, zone: zoneinfo.ZoneInfo | None) -> Board:
    assert snapshot.table is not None
    with translation.override(language), timezone.override(zone):
        return board_get(snapshot.table, user, moves=snapshot.moves, state=snapshot.state)


_snapshots = Shared(keep=2.0)
_boards = Shared(keep=2.0)
#: Table reads for pushes so far in this process (tests pin reads per push with it).
reads = 0


async def snapshot(code: str, version: int | None) -> Snapshot:
    """Return the table as read for the push of `version` (None: a socket connecting).

    One read per push and process. A connecting socket shares only a read still under
    way: it joined the table's group first, so a read that begins after it joined misses
    no change (a later change rings it again).
    """

    async def work() -> Snapshot:
        global reads
        if version is not None:
            primed: Snapshot | None = _primed_get(("snapshot", code, version))
            if primed is not None:
                return primed
        reads += 1
        result: Snapshot = await database_sync_to_async(_read)(code)
        return result

    return await _snapshots.get((code, version), work, reuse=version is not None)


async def board_for(
    code: str,
    version: int | None,
    user: Any,
    invites: list[str],
    language: str,
    zone: zoneinfo.ZoneInfo | None,
) -> Board | None:
    """Return the board this socket's viewer sees now, or None when they may not watch."""
    shot = await snapshot(code, version)
    table = shot.table
    if table is None or not selectors.can_watch(table, user, invites):
        return None
    key = (str(table.code), table.version, viewer_kind(table, user), language, zone_name(zone))
    primed: Board | None = _primed_get(("board", *key))
    if primed is not None:
        return primed
    return await _boards.get(key, lambda: database_sync_to_async(_draw)(shot, user, language, zone))
