"""Quick match ("Play now"): a seat at a fitting open table of a game, or a new such table.

House rule (README "Playing"): a fitting table is public, still open, of the game's
default time control, and its host's rating at the game is within `RATING_WINDOW` of
the player's (1500 for anyone without a rated game yet); the oldest one is taken first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from django.db import transaction
from django.db.models import FloatField, OuterRef, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from games.engine import Game
from games.registry import UnknownGame, get_engine
from ladder.elo import START_RATING
from ladder.models import Rating
from lobby import clocks
from lobby.errors import BadRequest, LobbyError
from lobby.models import Table
from lobby.services.tables import seat_join, table_create

RATING_WINDOW = 200
#: How many fitting tables to try before opening one (a refusal moves on to the next).
CANDIDATES = 20


@dataclass(frozen=True)
class QuickMatch:
    """Where "Play now" put the player: at another's table, or at one of their own."""

    table: Table
    how: Literal["joined", "opened", "waiting"]


def default_time_control(engine: Game[Any]) -> dict[str, Any]:
    """Return the clock fields of a table with the game's default time control.

    The mode is the new-table form's default (asynchronous); a simultaneous game runs no
    turn clock at all.
    """
    if engine.simultaneous:
        return {"mode": Table.Mode.ASYNC, "move_seconds": None, "base_seconds": None}
    return {"mode": Table.Mode.ASYNC, **clocks.time_control_defaults(engine, Table.Mode.ASYNC)}


def rating_of(*, user: Any, game: str) -> float:
    """Return the player's rating at `game`, 1500 before their first rated game of it."""
    rating = Rating.objects.filter(user=user, game=game).values_list("rating", flat=True).first()
    return START_RATING if rating is None else rating


def _fitting(engine: Game[Any]) -> QuerySet[Table]:
    return Table.objects.filter(
        game=engine.slug,
        status=Table.Status.OPEN,
        visibility=Table.Visibility.PUBLIC,
        **default_time_control(engine),
    )


@transaction.atomic
def seat_quick_match(*, user: Any, game: str) -> QuickMatch:
    """Seat `user` at the oldest fitting open table of `game`, or open one for others.

    1. A fitting table the player already waits at is theirs: nothing new is opened.
    2. Otherwise join the oldest fitting table whose host is within the rating window
       (one that refuses the player, or filled up meanwhile, is passed over).
    3. Otherwise open a public, rated table of the game's defaults.
    """
    try:
        engine = get_engine(game)
    except UnknownGame:
        raise BadRequest(_("There is no such game.")) from None
    waiting = _fitting(engine).filter(seats__user=user).order_by("created_at", "id").first()
    if waiting is not None:
        return QuickMatch(table=waiting, how="waiting")
    mine = rating_of(user=user, game=engine.slug)
    host_rating = Rating.objects.filter(user=OuterRef("created_by"), game=engine.slug)
    candidates = (
        _fitting(engine)
        .annotate(
            host_rating=Coalesce(
                Subquery(host_rating.values("rating")[:1]),
                Value(START_RATING),
                output_field=FloatField(),
            )
        )
        .filter(host_rating__gte=mine - RATING_WINDOW, host_rating__lte=mine + RATING_WINDOW)
        .order_by("created_at", "id")
    )
    for candidate in candidates[:CANDIDATES]:
        try:
            joined = seat_join(code=candidate.code, user=user)
        except LobbyError:
            continue
        return QuickMatch(table=joined, how="joined")
    players = min(engine.max_players, max(2, engine.min_players))
    table = table_create(
        user=user,
        game=engine.slug,
        players=players,
        options={},
        mode=Table.Mode.ASYNC,
        rated=True,
        visibility=Table.Visibility.PUBLIC,
    )
    return QuickMatch(table=table, how="opened")
