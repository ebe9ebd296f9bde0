"""Ladder pieces for other apps' pages: a profile's ratings, a finished table's changes."""

from __future__ import annotations

import math
from typing import Any

from django import template
from django.contrib.auth import get_user_model
from django.template.defaultfilters import floatformat
from django.urls import reverse

from games.registry import UnknownGame, get_engine
from ladder import selectors
from ladder.charts import line_chart
from ladder.models import RatingChange

register = template.Library()

MINUS = "\u2212"


def whole(value: float) -> int:
    """Return a rating as players read it: rounded half up, as floatformat:0 does."""
    return math.floor(value + 0.5)


def _game_name(slug: str) -> str:
    try:
        return str(get_engine(slug).name)
    except UnknownGame:
        return slug


@register.filter
def signed(value: float | None, decimals: int = 0) -> str:
    """Return a rating change with its sign: "+30", "−12", "+6.7" (up to `decimals`)."""
    if value is None:
        return ""
    text = str(floatformat(abs(value), -int(decimals)))
    if text.strip("0.,") == "":
        return text
    return ("+" if value > 0 else MINUS) + text


@register.inclusion_tag("ladder/_profile_ratings.html")
def ladder_profile(player: Any) -> dict[str, Any]:
    """Render a player's rating, rank, history chart per game, and last rated games."""
    ratings = selectors.rating_list_for_player(user=player)
    if not ratings:
        return {"player": player, "games": []}
    history = selectors.rating_history(user=player)
    min_games = selectors.ladder_min_games()
    games = [
        {
            "slug": rating.game,
            "name": _game_name(rating.game),
            "rating": whole(rating.rating),
            "peak": whole(rating.peak),
            "games": rating.games,
            "rank": rating.rank if rating.games >= min_games else None,
            "chart": line_chart(history[rating.game]) if rating.game in history else None,
        }
        for rating in ratings
    ]
    changes = selectors.rating_change_list_recent(user=player)
    # The opponents, as they are called now (one query for every game listed).
    ids = {pair["opponent_id"] for change in changes for pair in change.pairs}
    people = {person.pk: person for person in get_user_model().objects.filter(pk__in=ids)}
    recent = [
        {
            "table": change.table,
            "replay_url": reverse("lobby:replay", kwargs={"code": change.table.code}),
            "opponents": [
                people[pair["opponent_id"]]
                for pair in change.pairs
                if pair["opponent_id"] in people
            ],
            "game": _game_name(change.game),
            "place": change.place,
            "after": whole(change.rating_after),
            "delta": whole(change.rating_after) - whole(change.rating_before),
            "when": change.created_at,
        }
        for change in changes
    ]
    return {"player": player, "games": games, "recent": recent, "min_games": min_games}


@register.inclusion_tag("ladder/_table_changes.html")
def ladder_table_changes(table: Any, me: Any = None) -> dict[str, Any]:
    """Render each player's rating change at a finished table, opponent by opponent.

    Nothing shows for an unrated or unfinished table, or before the ratings are applied
    (a table with a bot never gets any).
    """
    if not table.rated or table.status != "finished":
        return {"rows": []}
    my_id = getattr(me, "user_id", None)
    changes = selectors.rating_change_list_for_table(table=table)
    return {"rows": [_explained(change, my_id) for change in changes], "players": len(changes)}


def _explained(change: RatingChange, my_id: int | None) -> dict[str, Any]:
    before, after = whole(change.rating_before), whole(change.rating_after)
    return {
        "name": change.user.username,
        "mine": my_id is not None and change.user_id == my_id,
        "place": change.place,
        "before": before,
        "after": after,
        "delta": after - before,
        "k": whole(change.k),
        "pairs": [
            {
                "name": pair["opponent_name"],
                "rating": whole(pair["opponent_rating"]),
                "expected": pair["expected"],
                "actual": pair["actual"],
                "points": pair["contribution"],
            }
            for pair in change.pairs
        ],
    }
