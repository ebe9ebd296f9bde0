"""Reads of the lobby: lists of tables and who may see what."""

from __future__ import annotations

from typing import Any

from django.db.models import Exists, OuterRef, Prefetch, QuerySet, prefetch_related_objects

from lobby.models import Move, Seat, Table

_SEATS = Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("position"))


def table_list_open(*, game: str | None = None) -> QuerySet[Table]:
    """Return public tables waiting for players, newest first."""
    tables = Table.objects.filter(status=Table.Status.OPEN, visibility=Table.Visibility.PUBLIC)
    if game:
        tables = tables.filter(game=game)
    return tables.prefetch_related(_SEATS).select_related("created_by").order_by("-created_at")


def table_list_mine(*, user: Any) -> dict[str, list[Table]]:
    """Return the user's tables: to move first, then waiting on others, open, and finished.

    Two queries and one prefetch of seats, whatever the number of tables.
    """
    mine = Table.objects.filter(seats__user=user)
    my_turn = Seat.objects.filter(table=OuterRef("pk"), user=user, is_to_move=True)
    current = list(
        mine.filter(status__in=[Table.Status.OPEN, Table.Status.ACTIVE])
        .annotate(my_turn=Exists(my_turn))
        .order_by("updated_at")
    )
    finished = list(
        mine.filter(status__in=[Table.Status.FINISHED, Table.Status.ABORTED]).order_by(
            "-finished_at"
        )[:50]
    )
    prefetch_related_objects(current + finished, _SEATS)
    active = [t for t in current if t.status == Table.Status.ACTIVE]
    return {
        "my_turn": [t for t in active if t.my_turn],
        "waiting": [t for t in reversed(active) if not t.my_turn],
        "open": [t for t in reversed(current) if t.status == Table.Status.OPEN],
        "finished": finished,
    }


def table_get(*, code: Any) -> Table | None:
    """Return the table with its seats, or None."""
    try:
        return Table.objects.prefetch_related(_SEATS).get(code=code)
    except (Table.DoesNotExist, ValueError):
        return None


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
