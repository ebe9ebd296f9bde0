"""Reputation: how often a player sees their games through, as Board Game Arena's karma.

House rules (README "Since your last move, reputation, statistics"):
- Counted over the player's last `WINDOW` finished tables (cancelled tables never count).
- A seat the clock put out of the game (`Seat.abandoned` after at least one timeout) is
  "lost on time"; a seat otherwise out of the game (handed to a bot by a moderator) is
  "abandoned". Every other seat of a finished table, a conceded one included, finished:
  conceding is resigning, which ends the game for everyone at once.
- The finish rate is finished / counted, in whole per cent (rounded down, so 94.9 % never
  passes a 95 % minimum).
- A table may require a minimum finish rate to join (`MINIMUM_CHOICES`); a player with
  fewer than `NEWCOMER_GAMES` counted games passes whatever their rate.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import F, Window
from django.db.models.functions import RowNumber

from lobby.models import Seat, Table

#: How many of a player's last finished tables count.
WINDOW = 100
#: Below this many counted games, a player passes every minimum finish rate.
NEWCOMER_GAMES = 5
#: The minimum finish rates a table's creator may require (per cent).
MINIMUM_CHOICES = (50, 75, 90, 95)


@dataclass(frozen=True)
class Reputation:
    """A player's last finished tables: how many they finished, abandoned, lost on time."""

    finished: int = 0
    abandoned: int = 0
    lost_on_time: int = 0

    @property
    def games(self) -> int:
        return self.finished + self.abandoned + self.lost_on_time

    @property
    def rate(self) -> int | None:
        """Return the finish rate in whole per cent (rounded down), None before any game."""
        if self.games == 0:
            return None
        return self.finished * 100 // self.games

    @property
    def is_newcomer(self) -> bool:
        return self.games < NEWCOMER_GAMES

    def meets(self, minimum: int | None) -> bool:
        """Return whether the player may join a table that requires `minimum` per cent."""
        if minimum is None or self.is_newcomer:
            return True
        rate = self.rate
        return rate is not None and rate >= minimum


def _outcome(abandoned: bool, timeouts: int) -> str:
    if not abandoned:
        return "finished"
    return "lost_on_time" if timeouts > 0 else "abandoned"


def _tally(rows: Iterable[tuple[bool, int]]) -> Reputation:
    counts = {"finished": 0, "abandoned": 0, "lost_on_time": 0}
    for abandoned, timeouts in rows:
        counts[_outcome(abandoned, timeouts)] += 1
    return Reputation(**counts)


def _counted() -> Any:
    return Seat.objects.filter(table__status=Table.Status.FINISHED, user__isnull=False)


def reputation_get(*, user: Any) -> Reputation:
    """Return the reputation of `user` (one query)."""
    rows = (
        _counted()
        .filter(user=user)
        .order_by("-table__finished_at", "-table_id")
        .values_list("abandoned", "timeouts")[:WINDOW]
    )
    return _tally(rows)


def reputation_map(*, user_ids: Iterable[int]) -> dict[int, Reputation]:
    """Return the reputation of each of `user_ids` (one query, whatever their number).

    Each player's seats are numbered from their latest finished table; the first
    `WINDOW` of each are kept.
    """
    ids = {pk for pk in user_ids if pk is not None}
    result = {pk: Reputation() for pk in ids}
    if not ids:
        return result
    numbered = (
        _counted()
        .filter(user_id__in=ids)
        .annotate(
            recent=Window(
                RowNumber(),
                partition_by=[F("user_id")],
                order_by=[F("table__finished_at").desc(), F("table_id").desc()],
            )
        )
        .filter(recent__lte=WINDOW)
        .values_list("user_id", "abandoned", "timeouts")
    )
    rows: dict[int, list[tuple[bool, int]]] = {pk: [] for pk in ids}
    for user_id, abandoned, timeouts in numbered:
        rows[user_id].append((abandoned, timeouts))
    return {pk: _tally(each) for pk, each in rows.items()}


def seats_reputation_set(tables: Iterable[Table]) -> None:
    """Set `reputation` on every seated player of `tables` (seats prefetched; one query)."""
    seats = [seat for table in tables for seat in table.seats.all() if seat.user_id is not None]
    found = reputation_map(user_ids=[seat.user_id for seat in seats])  # type: ignore[misc]
    for seat in seats:
        assert seat.user is not None and seat.user_id is not None
        seat.user.reputation = found[seat.user_id]  # type: ignore[attr-defined]
