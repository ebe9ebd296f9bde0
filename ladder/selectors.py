"""Reads of the ladder: leaderboards, a player's ratings and history, a table's changes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from django.conf import settings
from django.db.models import (
    Count,
    F,
    IntegerField,
    OuterRef,
    QuerySet,
    Subquery,
    Value,
    Window,
)
from django.db.models.functions import Coalesce, Rank

from ladder.models import Rating, RatingChange

if TYPE_CHECKING:
    from typing import TypeAlias, TypedDict

    from django_stubs_ext import WithAnnotations

    class _Rank(TypedDict):
        rank: int

    class _RankPosition(TypedDict):
        rank: int
        ties_ahead: int
        position: int

    #: A rating with its ladder `rank` (equal ratings share one).
    RankedRating: TypeAlias = WithAnnotations[Rating, _Rank]
    #: A rating with its `rank` and its `position` in the ladder's order.
    PlacedRating: TypeAlias = WithAnnotations[Rating, _RankPosition]


def ladder_min_games() -> int:
    """Return the number of rated games a player needs to appear on a ladder.

    `settings.LADDER_MIN_GAMES` (3): one lucky first win does not put a newcomer on top.
    """
    return int(settings.LADDER_MIN_GAMES)


class Ladder:
    """A game's ladder, best first, as a lazy sequence that Django's Paginator can slice.

    A slice costs two queries whatever its depth:

    1. Rank in SQL: RANK() over rating runs across the whole ladder before LIMIT and
       OFFSET, so a deep page gets its true ranks and equal ratings share one ("1224").
       The ladder index (game, rating, id, games) holds every column it reads, so
       PostgreSQL can answer it from the index alone.
    2. Load the slice's ratings and their players by id.
    """

    def __init__(self, *, game: str) -> None:
        self.game = game
        self.min_games = ladder_min_games()
        self._count: int | None = None

    def _ratings(self) -> QuerySet[Rating]:
        return Rating.objects.filter(game=self.game, games__gte=self.min_games)

    def count(self) -> int:
        """Return how many players are on the ladder."""
        if self._count is None:
            self._count = self._ratings().count()
        return self._count

    def __len__(self) -> int:
        return self.count()

    def __getitem__(self, index: slice) -> list[RankedRating]:
        ranked = (
            self._ratings()
            .annotate(rank=Window(Rank(), order_by=F("rating").desc()))
            .order_by("-rating", "id")
            .values_list("id", "rank")
        )
        ranks = dict(ranked[index])
        rows = cast(
            "list[RankedRating]",  # each gets its rank below
            list(
                Rating.objects.filter(id__in=ranks).select_related("user").order_by("-rating", "id")
            ),
        )
        for row in rows:
            row.rank = ranks[row.id]
        return rows


def rating_list_ladder(*, game: str) -> Ladder:
    """Return the game's ladder, for Paginator: each rating carries its `rank`."""
    return Ladder(game=game)


def rating_count_by_game() -> dict[str, int]:
    """Return, per game slug, how many players are on its ladder."""
    rows = (
        Rating.objects.filter(games__gte=ladder_min_games())
        .order_by()
        .values("game")
        .annotate(n=Count("id"))
    )
    return {row["game"]: row["n"] for row in rows}


def _with_rank(ratings: QuerySet[Rating]) -> QuerySet[RankedRating]:
    """Annotate each rating with its ladder rank: 1 + the number of better ratings.

    The same answer as RANK() in `rating_list_ladder`, for a handful of rows at any
    depth: one indexed count per row instead of ranking the whole ladder. Ratings
    below the minimum of games get a rank too; callers show them as unranked.
    """
    better = Rating.objects.filter(
        game=OuterRef("game"), games__gte=ladder_min_games(), rating__gt=OuterRef("rating")
    )
    return ratings.annotate(rank=_count_of(better) + 1)


def _count_of(ratings: QuerySet[Rating]) -> Coalesce:
    """Return a correlated subquery expression counting `ratings` (0 when none match)."""
    counted = ratings.order_by().values("game").annotate(n=Count("id")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), Value(0))


def rating_get_ranked(*, user: Any, game: str) -> PlacedRating | None:
    """Return the user's rating at `game` with its `rank` and `position`, or None.

    `position` counts from 1 in the ladder's order (rating, then id): the rank plus the
    equal ratings listed first. It finds a player's page even when a tie for their
    rank crosses a page break.
    """
    if user is None or not user.is_authenticated:
        return None
    ties_ahead = Rating.objects.filter(
        game=OuterRef("game"),
        games__gte=ladder_min_games(),
        rating=OuterRef("rating"),
        id__lt=OuterRef("id"),
    )
    ratings = _with_rank(Rating.objects.filter(user=user, game=game).select_related("user"))
    mine = cast(
        "PlacedRating | None",  # it gets its position below
        ratings.annotate(ties_ahead=_count_of(ties_ahead)).first(),
    )
    if mine is not None:
        mine.position = mine.rank + mine.ties_ahead
    return mine


def rating_list_for_player(*, user: Any) -> list[RankedRating]:
    """Return the player's ratings, most played game first, each with its `rank`."""
    return list(_with_rank(Rating.objects.filter(user=user)).order_by("-games", "game"))


def rating_history(*, user: Any) -> dict[str, list[float]]:
    """Return, per game, the player's rating before their first rated game and after each."""
    history: dict[str, list[float]] = {}
    rows = (
        RatingChange.objects.filter(user=user)
        .order_by("id")
        .values_list("game", "rating_before", "rating_after")
    )
    for game, before, after in rows:
        history.setdefault(game, [before]).append(after)
    return history


def rating_change_list_recent(*, user: Any, limit: int = 10) -> list[RatingChange]:
    """Return the player's last `limit` rated games, newest first."""
    return list(
        RatingChange.objects.filter(user=user).select_related("table").order_by("-id")[:limit]
    )


def rating_change_list_for_table(*, table: Any) -> list[RatingChange]:
    """Return the rating changes of one table, best place first."""
    return list(
        RatingChange.objects.filter(table=table)
        .select_related("user")
        .order_by("place", "user__username")
    )
