"""Reads of the lobby: lists of tables and who may see what."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db.models import Prefetch, QuerySet, prefetch_related_objects
from django.http import HttpRequest
from django.utils import timezone

from lobby import clocks
from lobby.models import Move, Seat, Table

_SEATS = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))
# The lobby's lists show each player's rating at the table's game: every rating of every
# seated player in one more query (a player has at most one per game).
_RATED_SEATS = Prefetch(
    "seats",
    queryset=Seat.objects.select_related("user")
    .prefetch_related("user__ratings")
    .order_by("position"),
)


def table_list_open(*, game: str | None = None) -> QuerySet[Table]:
    """Return public tables waiting for players, newest first, with seats and ratings."""
    tables = Table.objects.filter(status=Table.Status.OPEN, visibility=Table.Visibility.PUBLIC)
    if game:
        tables = tables.filter(game=game)
    return (
        tables.prefetch_related(_RATED_SEATS).select_related("created_by").order_by("-created_at")
    )


def table_list_in_progress(*, game: str | None = None) -> QuerySet[Table]:
    """Return public games in play (to watch), latest move first, with seats and ratings."""
    tables = Table.objects.filter(status=Table.Status.ACTIVE, visibility=Table.Visibility.PUBLIC)
    if game:
        tables = tables.filter(game=game)
    return tables.prefetch_related(_RATED_SEATS).order_by("-updated_at")


def table_list_mine(*, user: Any) -> dict[str, list[Table]]:
    """Return the user's tables: to move first, then waiting on others, open, and finished.

    Each table in play carries the names of the seats to move (`to_move_names`),
    whether the user is one of them (`my_turn`) and the seconds left on the most
    pressed of their clocks (`seconds_left`, None when untimed); both lists in play
    put the least time left first. Two queries and one prefetch of seats, whatever
    the number of tables.
    """
    mine = Table.objects.filter(seats__user=user)
    current = list(
        mine.filter(status__in=[Table.Status.OPEN, Table.Status.ACTIVE]).order_by("-updated_at")
    )
    finished = list(
        mine.filter(status__in=[Table.Status.FINISHED, Table.Status.ABORTED]).order_by(
            "-finished_at"
        )[:50]
    )
    prefetch_related_objects(current + finished, _SEATS)
    active = [t for t in current if t.status == Table.Status.ACTIVE]
    now = timezone.now()
    for table in active:
        _turn_annotate(table, user, now)
    active.sort(key=_urgency)
    return {
        "my_turn": [t for t in active if t.my_turn],
        "waiting": [t for t in active if not t.my_turn],
        "open": [t for t in current if t.status == Table.Status.OPEN],
        "finished": finished,
    }


def _turn_annotate(table: Table, user: Any, now: datetime) -> None:
    """Set who is to move at `table`, whether it is `user`, and the least time left."""
    for seat in table.seats.all():
        seat.pause = clocks.seat_pause(table, seat, now)  # quiet hours or vacation, shown
    to_move = [seat for seat in table.seats.all() if seat.is_to_move]
    table.to_move_names = ", ".join(seat.display_name for seat in to_move)
    table.my_turn = any(seat.user_id == user.id and not seat.bot for seat in to_move)
    clocks_left = [(clocks.seconds_left(table, s, now), s) for s in to_move if s.deadline]
    left = [seconds for seconds, _seat in clocks_left]
    if table.phase_deadline is not None:  # a timed round of a simultaneous game
        left.append(max(0.0, (table.phase_deadline - now).total_seconds()))
    table.seconds_left = min((s for s in left if s is not None), default=None)
    # The most pressed clock stands still while its player is paused (static/js/playtable.js).
    pauses = [s.pause for seconds, s in clocks_left if seconds == table.seconds_left and s.pause]
    table.paused_for = (pauses[0][1] - now).total_seconds() if pauses and pauses[0] else None


def _urgency(table: Table) -> tuple[bool, float]:
    """Sort key: the least time left first, untimed tables after (most recent first)."""
    return (table.seconds_left is None, table.seconds_left or 0.0)


def table_get(*, code: Any) -> Table | None:
    """Return the table with its seats, or None, read in one statement.

    One statement reads one snapshot: the seats (whose turn it is, the clocks) always
    belong to the table's state and version, even when a bot's answer commits between
    what would otherwise be two queries; a board is never drawn with "Your turn" over the
    state before. Its SQL is written once (lobby.statements).
    """
    from lobby import statements

    return statements.table_with_seats(code)


def seats_attach(table: Table, seats: list[Seat]) -> None:
    """Leave `seats` (the table's, in order) as prefetch_related would leave them.

    What prefetch_related leaves behind (django.db.models.query.prefetch_one_level):
    `table.seats.all()` answers from these rows without a query, and each seat's `table`
    is this very object.
    """
    for seat in seats:
        seat.table = table
    # The related manager's own way: the filter is built only if something asks the
    # queryset for another query (building it was a tenth of a millisecond per read).
    # Seats' default ordering (table, position) is the order of `seats`.
    cached = Seat.objects.all()
    cached._defer_next_filter = True  # type: ignore[attr-defined]
    cached = cached.filter(table=table)
    cached._result_cache = seats
    cached._prefetch_done = True  # type: ignore[attr-defined]
    table._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]


def seat_for(table: Table, user: Any) -> Seat | None:
    """Return `user`'s seat at `table` (seats prefetched), or None."""
    if user is None or not user.is_authenticated:
        return None
    return next((seat for seat in table.seats.all() if seat.user_id == user.id), None)


def can_watch(table: Table, user: Any, invites: list[str] | None = None) -> bool:
    """Return whether `user` may see the table: public, seated, or holding its invite."""
    if table.is_public or seat_for(table, user) is not None:
        return True
    return str(table.code) in (invites or [])


def move_list_recent(*, table: Table, limit: int = 30) -> list[Move]:
    """Return the last `limit` moves, oldest first."""
    return list(reversed(table.moves.order_by("-n")[:limit]))


def seats_to_move(*, user_id: Any) -> QuerySet[Seat]:
    """Return the seats where the player is to move: their own (no bot plays it), in play.

    `user_id` may be an OuterRef, for a count inside another query (the navigation's).
    """
    return Seat.objects.filter(
        user_id=user_id, is_to_move=True, bot="", table__status=Table.Status.ACTIVE
    )


def turn_count(*, user_id: int) -> int:
    """Return at how many tables it is the player's turn now (one COUNT query)."""
    return seats_to_move(user_id=user_id).count()


def turn_counts(*, user_ids: Sequence[int]) -> dict[int, int]:
    """Return, for each player, at how many tables it is their turn now (one query)."""
    from lobby import statements

    return statements.turn_counts(user_ids)


def report_table(request: HttpRequest) -> Table | None:
    """Return the table a player report comes from (?table=<code>), if the reporter may see it.

    Plugged into accounts' report page at start-up (accounts imports nothing of the lobby).
    """
    try:
        code = uuid.UUID(request.POST.get("table") or request.GET.get("table") or "")
    except ValueError:
        return None
    table = table_get(code=code)
    if table is None or not can_watch(table, request.user, request.session.get("invites")):
        return None
    return table


def table_record(*, table: Table) -> dict[str, Any]:
    """Return a finished table's game record: all `games.verify.verify_record` needs.

    The seed is in it, so only a game that is over may be recorded (the caller checks).
    Moves taken back by an undo left the log (the state was rebuilt from the rest), so
    the log is exactly what the final state was replayed from; a move the clock played
    carries `by_timeout`, and a seat out of the game (conceded, out on time, then played
    by a bot) says so among the seats.
    """
    from games.registry import get_engine
    from games.verify import RECORD_FORMAT, state_digest

    assert table.is_over, "a running table's seed stays secret"
    engine = get_engine(table.game)
    seats = sorted(table.seats.all(), key=lambda seat: seat.position)
    log = table.moves.order_by("n").values_list("n", "kind", "seat", "action", "by_timeout")
    return {
        "format": RECORD_FORMAT,
        "code": str(table.code),
        "game": table.game,
        "engine_version": getattr(engine, "version", None),
        "options": table.options,
        "players": table.players,
        "status": table.status,
        "seed": table.seed,
        "salt": table.seed_salt,
        "commitment": table.seed_commitment,
        "seats": [
            {
                "position": seat.position,
                "bot": seat.bot,
                "conceded": seat.conceded,
                "abandoned": seat.abandoned,
            }
            for seat in seats
        ],
        "log": [
            {"n": n, "kind": kind, "seat": seat, "action": action, "by_timeout": by_timeout}
            for n, kind, seat, action, by_timeout in log
        ],
        "result": table.result,
        "final_state_sha256": state_digest(table.state) if table.state is not None else None,
    }
