"""Helpers for ladder tests: finished tables built through the lobby's own services."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.utils import timezone

from lobby.models import Table
from lobby.services import seat_join, table_create


def finished_table(
    players: Sequence[Any],
    places: Sequence[int | None],
    *,
    game: str | None = None,
    rated: bool = True,
    conceded: Sequence[Any] = (),
    finished_at: datetime | None = None,
) -> Table:
    """Return a finished table: `players` seated in order, seat i ended at `places[i]`.

    Two players play Lost Cities; more need the `countdown` fixture (1-4 players).
    """
    game = game or ("lost_cities" if len(players) == 2 else "countdown")
    table = table_create(user=players[0], game=game, players=len(players), options={}, rated=rated)
    for player in players[1:]:
        seat_join(code=table.code, user=player)
    return finish(table, places, conceded=conceded, finished_at=finished_at)


def finish(
    table: Table,
    places: Sequence[int | None],
    *,
    conceded: Sequence[Any] = (),
    finished_at: datetime | None = None,
) -> Table:
    """End a started table as the lobby does: status, time and each seat's place."""
    table.status = Table.Status.FINISHED
    table.finished_at = finished_at or timezone.now()
    table.save(update_fields=["status", "finished_at"])
    for seat, place in zip(table.seats.order_by("position"), places, strict=True):
        seat.place = place
        seat.conceded = seat.user in conceded
        seat.is_to_move = False
        seat.save(update_fields=["place", "conceded", "is_to_move"])
    return table
