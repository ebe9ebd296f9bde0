"""Statistics from finished tables: per player and game, and per game.

Per player and game: games, wins (first place, shared or not), average and best score,
and the rating peak (ladder.Rating.peak). Per game: how often each score was made (the
histogram of every seat's final score) and how often the player who made the first move
won. Each is a fixed number of queries whatever the number of tables (the counting is
done by the database).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Avg, Count, Exists, Max, OuterRef, Q

from ladder.models import Rating
from lobby.models import Move, Seat, Table


@dataclass(frozen=True)
class PlayerGameStats:
    """One player's record at one game, from their finished tables."""

    game: str
    games: int
    wins: int
    average: float | None
    best: int | None
    peak: int | None

    @property
    def win_rate(self) -> int:
        """Return the wins in whole per cent of the games."""
        return self.wins * 100 // self.games if self.games else 0


def player_statistics(*, user: Any) -> list[PlayerGameStats]:
    """Return `user`'s record per game they finished a table of, most played first (2 queries)."""
    rows = (
        Seat.objects.filter(user=user, table__status=Table.Status.FINISHED)
        .values("table__game")
        .annotate(
            games=Count("id"),
            wins=Count("id", filter=Q(place=1)),
            average=Avg("score"),
            best=Max("score"),
        )
        .order_by("-games", "table__game")
    )
    peaks = dict(Rating.objects.filter(user=user).values_list("game", "peak"))
    return [
        PlayerGameStats(
            game=row["table__game"],
            games=row["games"],
            wins=row["wins"],
            average=row["average"],
            best=row["best"],
            peak=round(peaks[row["table__game"]]) if row["table__game"] in peaks else None,
        )
        for row in rows
    ]


@dataclass(frozen=True)
class GameStats:
    """A game's finished tables: its scores, and the first mover's wins."""

    #: {score: how many seats ended on it}
    scores: dict[int, int]
    #: Finished tables whose first move a seat made, and how many of them that seat won.
    tables: int
    first_player_wins: int

    @property
    def first_player_rate(self) -> int | None:
        """Return the first player's wins in whole per cent, None before any table."""
        return self.first_player_wins * 100 // self.tables if self.tables else None

    @property
    def seats(self) -> int:
        return sum(self.scores.values())

    @property
    def average(self) -> float | None:
        total = self.seats
        if not total:
            return None
        return sum(score * n for score, n in self.scores.items()) / total


def game_statistics(*, game: str) -> GameStats:
    """Return the statistics of `game`'s finished tables (2 queries).

    1. Count the seats per final score.
    2. Take each finished table's first move (n = 1) and count those whose seat placed
       first (a shared first place is a win).
    """
    finished = Q(table__game=game, table__status=Table.Status.FINISHED)
    scores: dict[int, int] = {
        score: n
        for score, n in Seat.objects.filter(finished, score__isnull=False)
        .values("score")
        .annotate(n=Count("id"))
        .values_list("score", "n")
        if score is not None
    }
    won = Seat.objects.filter(table_id=OuterRef("table_id"), position=OuterRef("seat"), place=1)
    first = Move.objects.filter(finished, n=1, seat__isnull=False).aggregate(
        tables=Count("id"), wins=Count("id", filter=Q(Exists(won)))
    )
    return GameStats(scores=scores, tables=first["tables"], first_player_wins=first["wins"])
