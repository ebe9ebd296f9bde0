"""Template helpers shared by the game boards."""

from __future__ import annotations

import json
from typing import Any

from django import template
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def action_json(action: Any) -> str:
    """Return an action as compact JSON, for a button's value (the template escapes it)."""
    return json.dumps(action, separators=(",", ":"), sort_keys=True)


@register.filter
def index(sequence: Any, position: Any) -> Any:
    """Return sequence[position], or None when out of range."""
    try:
        return sequence[int(position)]
    except (IndexError, KeyError, TypeError, ValueError):
        return None


@register.filter
def seat_name(seats: Any, position: Any) -> str:
    """Return the display name of the seat at `position`."""
    for seat in seats:
        if seat.position == position:
            name: str = seat.display_name
            return name
    return ""


@register.filter
def game_name(slug: str) -> str:
    """Return the display name of the game registered under `slug`."""
    from games.registry import UnknownGame, get_engine

    try:
        return get_engine(slug).name
    except UnknownGame:
        return slug


@register.filter
def option_default(option: Any) -> str:
    """Return an option's default as a player reads it (the choice's label, yes/no)."""
    from django.utils.translation import gettext

    if option.kind == "bool":
        return gettext("yes") if option.default else gettext("no")
    if option.kind == "seats":
        from lobby.forms import seats_words

        return seats_words(option.default)
    for value, label in option.choices:
        if value == option.default:
            return translated(label)
    return str(option.default)


@register.filter
def translated(text: Any) -> str:
    """Return an engine's word in the active language: a label, help or summary that the
    engine marked with gettext_noop (or a `games.words` sentence)."""
    from django.utils.translation import gettext

    from games.words import Msg

    if isinstance(text, Msg):
        return text.say()
    if not text:
        return ""
    return gettext(str(text))


@register.simple_tag
def language_codes() -> list[str]:
    """Return the codes of the offered languages (the menu names each in itself)."""
    from django.conf import settings

    return [code for code, _name in settings.LANGUAGES]


def _clock_days() -> str:
    # Translators: a clock with days and hours left, short: "2d 3h".
    return pgettext("clock", "%(days)sd %(hours)sh")


def _clock_hours() -> str:
    # Translators: a clock with hours and minutes left, short: "3h 05m".
    return pgettext("clock", "%(hours)sh %(minutes)sm")


@register.simple_tag
def clock_words() -> str:
    """Return the attributes that give static/js/playtable.js the clocks' words."""
    from django.utils.html import format_html

    return format_html(' data-clock-days="{}" data-clock-hours="{}"', _clock_days(), _clock_hours())


@register.filter
def clock(seconds: Any) -> str:
    """Return seconds as a clock reads: "2d 3h", "3h 05m" or "04:59"."""
    try:
        total = max(0, int(float(seconds)))
    except (TypeError, ValueError):
        return ""
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _clock_days() % {"days": days, "hours": hours}
    if hours:
        return _clock_hours() % {"hours": hours, "minutes": f"{minutes:02d}"}
    return f"{minutes:02d}:{secs:02d}"
