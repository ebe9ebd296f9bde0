"""Apply Elo to finished tables: every write to ratings goes through here."""

from __future__ import annotations

import logging
from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from ladder import elo
from ladder.models import Rating, RatingChange
from lobby.models import Seat, Table

logger = logging.getLogger(__name__)


@transaction.atomic
def ratings_apply(*, table_id: int) -> bool:
    """Rate a finished table once; return whether this call rated it.

    1. Lock the table row, so two runs of the end-of-game task queue up; the second
       then finds the table's RatingChange rows and returns False.
    2. Skip what does not count: not finished, unrated, a bot at the table, fewer
       than two players, or a player without a place.
    3. Lock the players' Rating rows (created at 1500 if new) in user-id order:
       two tables of the same players finishing together lock in the same order,
       so they queue up instead of deadlocking or losing an update.
    4. Compute the new ratings with each player's provisional K; write the ratings
       and one RatingChange per player with the pairwise breakdown.
    """
    table = Table.objects.select_for_update().filter(id=table_id).first()
    if table is None or table.status != Table.Status.FINISHED or not table.rated:
        return False
    seats = list(table.seats.select_related("user").order_by("position"))
    user_ids = [seat.user_id for seat in seats if seat.user_id is not None]
    if len(seats) < 2 or len(user_ids) < len(seats):
        # A seat without a person was a bot's from the start: games with bots are unrated.
        return False
    places = _places(seats)
    if places is None:
        logger.warning("Table %s finished without a place for every seat: not rated.", table.id)
        return False
    if RatingChange.objects.filter(table=table).exists():
        return False
    ratings = _locked_ratings(game=table.game, user_ids=user_ids)
    _rate(table=table, seats=seats, places=places, rows=[ratings[user_id] for user_id in user_ids])
    return True


def _rate(*, table: Table, seats: Sequence[Seat], places: list[int], rows: list[Rating]) -> None:
    """Update the locked `rows` (one per seat) and record one RatingChange per player."""
    ks = [elo.k_factor(row.games) for row in rows]
    breakdown = elo.pairs([row.rating for row in rows], places, ks)
    played = table.finished_at or timezone.now()
    changes = []
    for row, k, place, pairs in zip(rows, ks, places, breakdown, strict=True):
        after = row.rating + sum(pair.contribution for pair in pairs)
        changes.append(
            RatingChange(
                table=table,
                user_id=row.user_id,
                game=table.game,
                place=place,
                rating_before=row.rating,
                rating_after=after,
                change=after - row.rating,
                k=k,
                pairs=[_pair_json(pair, seats) for pair in pairs],
            )
        )
        row.rating = after
        row.games += 1
        row.peak = max(row.peak, after)
        row.last_played = played
    Rating.objects.bulk_update(rows, ["rating", "games", "peak", "last_played"])
    RatingChange.objects.bulk_create(changes)


def _places(seats: Sequence[Seat]) -> list[int] | None:
    """Return each seat's standing (1 = best, ties shared), or None if a place is missing.

    A player who conceded or abandoned ranks last, below every player who played on,
    whatever place the seat holds. Standings are renumbered as in a competition
    ("1224"), so a table of 3 with a conceder reads 1, 2, 3 or 1, 1, 3.
    """
    last = len(seats) + 1
    raw = []
    for seat in seats:
        if _out(seat):
            raw.append(last)
        elif seat.place is None:
            return None
        else:
            raw.append(seat.place)
    return [1 + sum(other < mine for other in raw) for mine in raw]


def _out(seat: Seat) -> bool:
    """Return whether the seat's player left the game: conceded, timed out or abandoned.

    A bot that took over a player's seat (user and bot both set) plays for someone who
    is out, so that player ranks last too, and the table still counts: leaving must not
    turn a lost rated game into an unrated one.
    """
    return bool(seat.conceded or getattr(seat, "abandoned", False) or seat.bot)


def _locked_ratings(*, game: str, user_ids: Sequence[int]) -> dict[int, Rating]:
    """Return the players' Rating rows for `game`, created if new, locked in user-id order."""
    # Inserts take locks too: create in the same order as the lock below.
    Rating.objects.bulk_create(
        [Rating(user_id=user_id, game=game) for user_id in sorted(user_ids)],
        ignore_conflicts=True,
    )
    locked = Rating.objects.select_for_update().filter(game=game, user_id__in=user_ids)
    return {row.user_id: row for row in locked.order_by("user_id")}


def _pair_json(pair: elo.Pair, seats: Sequence[Seat]) -> dict[str, object]:
    opponent = seats[pair.opponent].user
    assert opponent is not None  # only tables of players are rated
    return {
        "opponent_id": opponent.id,
        "opponent_name": opponent.username,
        "opponent_rating": pair.opponent_rating,
        "expected": pair.expected,
        "actual": pair.actual,
        "contribution": pair.contribution,
    }
