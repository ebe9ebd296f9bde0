"""The reputation on a player's profile (lobby.reputation)."""

from __future__ import annotations

from typing import Any

from django import template

from lobby.reputation import NEWCOMER_GAMES, WINDOW, reputation_get

register = template.Library()


@register.inclusion_tag("lobby/_profile_reputation.html")
def reputation_profile(player: Any) -> dict[str, Any]:
    """Render the player's games finished, abandoned and lost on time, and their finish rate."""
    return {
        "player": player,
        "rep": reputation_get(user=player),
        "window": WINDOW,
        "newcomer_games": NEWCOMER_GAMES,
    }
