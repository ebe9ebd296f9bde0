"""Moderators' changes to ratings: adjust by some points or reset, always with a reason.

A rating is the sum of its history. Rated games are in RatingChange; a moderator's
change is in the moderation log (action rating_adjust or rating_reset) with the
values before and after, so the two together still add up to the rating.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.registry import UnknownGame, get_engine
from games.words import msg
from ladder.elo import START_RATING
from ladder.models import Rating

MAX_ADJUSTMENT = 400


class RatingError(Exception):
    """A rating change a moderator may not make; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _game_name(slug: str) -> str:
    try:
        return get_engine(slug).name
    except UnknownGame:  # a game no longer offered: its slug names it
        return slug


def _snapshot(rating: Rating) -> dict[str, Any]:
    return {"rating": rating.rating, "games": rating.games, "peak": rating.peak}


@transaction.atomic
def rating_adjust(*, moderator: Any, rating_id: int, points: float, reason: str) -> Rating:
    """Add `points` (negative to take away) to a rating; the peak follows a rise."""
    from accounts.models import ModerationLog
    from accounts.moderation import moderation_log_write

    if not points or abs(points) > MAX_ADJUSTMENT:
        raise RatingError(
            _("An adjustment is between -%(max)d and %(max)d points, and not 0.")
            % {"max": MAX_ADJUSTMENT}
        )
    rating = Rating.objects.select_for_update().select_related("user").get(id=rating_id)
    before = _snapshot(rating)
    rating.rating += points
    rating.peak = max(rating.peak, rating.rating)
    rating.save(update_fields=["rating", "peak"])
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.RATING_ADJUST,
        reason=reason,
        target=msg(
            "rating of %(name)s at %(game)s",
            name=rating.user.username,
            game=_game_name(rating.game),
        ),
        target_user=rating.user,
        details={
            "game": rating.game,
            "points": points,
            "before": before,
            "after": _snapshot(rating),
        },
    )
    return rating


@transaction.atomic
def rating_reset(*, moderator: Any, rating_id: int, reason: str) -> Rating:
    """Start a rating over: 1500, no rated games (provisional again), peak 1500."""
    from accounts.models import ModerationLog
    from accounts.moderation import moderation_log_write

    rating = Rating.objects.select_for_update().select_related("user").get(id=rating_id)
    before = _snapshot(rating)
    rating.rating = START_RATING
    rating.games = 0
    rating.peak = START_RATING
    rating.save(update_fields=["rating", "games", "peak"])
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.RATING_RESET,
        reason=reason,
        target=msg(
            "rating of %(name)s at %(game)s",
            name=rating.user.username,
            game=_game_name(rating.game),
        ),
        target_user=rating.user,
        details={"game": rating.game, "before": before, "after": _snapshot(rating)},
    )
    return rating
