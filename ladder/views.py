"""Ladder pages: the list of games' ladders, one game's leaderboard, and statistics."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from config.errors import ExplainedHttp404
from games.registry import UnknownGame, engines, get_engine
from ladder import selectors, statistics
from ladder.charts import histogram

PAGE_SIZE = 50


def _engine_or_404(slug: str) -> Any:
    try:
        return get_engine(slug)
    except UnknownGame:
        raise ExplainedHttp404(_("There is no such game.")) from None


@require_GET
def ladder_list(request: HttpRequest) -> HttpResponse:
    """List every game with a link to its ladder and the number of players on it."""
    counts = selectors.rating_count_by_game()
    games = [(engine, counts.get(engine.slug, 0)) for engine in engines()]
    return render(
        request,
        "ladder/ladder_list.html",
        {"games": games, "min_games": selectors.ladder_min_games()},
    )


@require_GET
def ladder_detail(request: HttpRequest, slug: str) -> HttpResponse:
    """Show one game's leaderboard, 50 players a page, with my own row picked out.

    A constant number of queries whatever the ladder's size: the count, the page's
    ranks, its rows, and for a logged-in player their own rating with its rank.
    """
    engine = _engine_or_404(slug)
    # The ladder is no full sequence (no iteration, no single index): it serves what
    # Paginator uses, its length and slices.
    paginator: Paginator[selectors.RankedRating] = Paginator(
        selectors.rating_list_ladder(game=engine.slug),  # type: ignore[arg-type]
        PAGE_SIZE,
    )
    page = paginator.get_page(request.GET.get("page"))
    mine = selectors.rating_get_ranked(user=request.user, game=engine.slug)
    min_games = selectors.ladder_min_games()
    ranked = mine is not None and mine.games >= min_games
    return render(
        request,
        "ladder/ladder_detail.html",
        {
            "engine": engine,
            "page": page,
            "mine": mine,
            "mine_rows": [mine] if ranked else [],
            "mine_ranked": ranked,
            "mine_on_page": ranked and mine is not None and any(row.id == mine.id for row in page),
            "mine_page": (mine.position - 1) // PAGE_SIZE + 1
            if ranked and mine is not None
            else None,
            "min_games": min_games,
            "games_to_go": max(min_games - mine.games, 0) if mine is not None else min_games,
        },
    )


@require_GET
def game_stats(request: HttpRequest, slug: str) -> HttpResponse:
    """Show a game's score distribution and the first player's win rate (2 queries)."""
    engine = _engine_or_404(slug)
    stats = statistics.game_statistics(game=engine.slug)
    return render(
        request,
        "ladder/game_stats.html",
        {
            "engine": engine,
            "stats": stats,
            "chart": histogram(stats.scores) if stats.scores else None,
        },
    )


@require_GET
def player_stats(request: HttpRequest, username: str) -> HttpResponse:
    """Show a player's record per game: games, wins, average and best score, rating peak."""
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    rows = [(_game_name(row.game), row) for row in statistics.player_statistics(user=player)]
    return render(request, "ladder/player_stats.html", {"player": player, "rows": rows})


def _game_name(slug: str) -> str:
    try:
        return str(get_engine(slug).name)
    except UnknownGame:  # a game no longer installed keeps its tables
        return slug
