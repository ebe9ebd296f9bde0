"""Template helpers of the lobby's table lists: ratings, time controls, chosen options."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext

from games.engine import OptionError
from ladder.elo import START_RATING
from lobby.forms import duration_words, seats_words
from lobby.models import Seat, Table

register = template.Library()


@register.filter
def seat_rating(seat: Seat, game: str) -> int | None:
    """Return the seated player's rating at `game` (1500 before a rated game), None for a bot.

    Reads `seat.user.ratings` as prefetched by the lobby's selectors.
    """
    if seat.user is None or seat.is_bot:
        return None
    for rating in seat.user.ratings.all():
        if rating.game == game:
            return round(rating.rating)
    return round(START_RATING)


@register.filter
def time_control(table: Table) -> str:
    """Return the mode and clocks in words: "Live: 5 min + 5 s a move", "Asynchronous: …"."""
    if table.mode == Table.Mode.LIVE and table.base_seconds is not None:
        return gettext("Live: %(minutes)d min + %(seconds)d s a move") % {
            "minutes": table.base_seconds // 60,
            "seconds": table.increment_seconds,
        }
    if table.mode == Table.Mode.ASYNC and table.move_seconds is not None:
        return gettext("Asynchronous: %(move)s a move, %(bank)s reserve") % {
            "move": duration_words(table.move_seconds),
            "bank": duration_words(table.bank_seconds),
        }
    return gettext("No turn clock")


@register.filter
def options_chosen(table: Table) -> list[tuple[str, str]]:
    """Return (label, value as a player reads it) for each option not left at its default."""
    from games.registry import UnknownGame, get_engine

    try:
        engine = get_engine(table.game)
    except UnknownGame:
        return []
    chosen: list[tuple[str, str]] = []
    for option in engine.options:
        value: Any = table.options.get(option.key, option.default)
        if option.kind == "seats":
            # Stored as a JSON list, or as one number by a table older than the option kind.
            try:
                value = option.clean(value)
            except OptionError:
                continue
        if value == option.default:
            continue
        if option.kind == "seats":
            shown = seats_words(value)
        elif option.kind == "bool":
            shown = gettext("yes") if value else gettext("no")
        else:
            shown = next((gettext(label) for v, label in option.choices if v == value), str(value))
        # Engines mark their words with gettext_noop: the site translates them here.
        chosen.append((gettext(option.label), shown))
    return chosen
