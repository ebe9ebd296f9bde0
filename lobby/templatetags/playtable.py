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


@register.simple_tag
def rules_url(game: str) -> str:
    """Return the address of a game's rules (its page's #rules), reversed once per process."""
    from config.urlcache import reverse_cached

    return reverse_cached("lobby:game", args=(game,)) + "#rules"


@register.simple_tag
def seat_item(seat: Any, me: Any) -> str:
    """Return one seat of the board's seat bar: picture, name, clock and badges.

    Drawn in Python, not in a template: the seat bar is in every push of every table and
    changes with every move (the clocks), so it is drawn each time.
    """
    from django.template.defaultfilters import floatformat
    from django.utils.html import format_html
    from django.utils.safestring import mark_safe
    from django.utils.translation import gettext

    from accounts.templatetags.identity import seat_avatar

    css = f"seat seat-{int(seat.position)}"
    if seat.is_to_move:
        css += " to-move"
    if me and me.position == seat.position:
        css += " me"
    if seat.user and not seat.bot:
        name = format_html('<a href="{}">{}</a>', seat.user.get_absolute_url(), seat.display_name)
    else:
        name = format_html("{}", seat.display_name)
    parts: list[str] = [
        format_html(
            '<li class="{}"><span class="seat-name">{}{}</span>', css, seat_avatar(seat), name
        )
    ]
    if seat.clock_seconds is not None:
        paused = bool(seat.deadline and seat.pause)
        parts.append(
            format_html(
                ' <span class="clock{}{}" data-left="{}" data-running="{}"{} title="{}">{}</span>',
                " running" if seat.deadline else "",
                " paused" if paused else "",
                floatformat(seat.clock_seconds, "1u"),
                "1" if seat.deadline else "0",
                format_html(' data-paused-for="{}"', floatformat(seat.pause_seconds, "0u"))
                if paused
                else "",
                gettext("Time left (paused)") if paused else gettext("Time left"),
                clock(seat.clock_seconds),
            )
        )
    parts.append(pause_badge(seat.pause))
    badges = (
        (seat.abandoned, "badge warn", gettext("out of time")),
        (seat.is_to_move, "badge", gettext("to move")),
        (seat.conceded, "badge warn", gettext("conceded")),
    )
    for shown, badge, words in badges:
        if shown:
            parts.append(format_html(' <span class="{}">{}</span>', badge, words))
    if seat.place:
        parts.append(
            format_html(
                ' <span class="badge">{}</span>', gettext("place %(place)s") % {"place": seat.place}
            )
        )
    parts.append(mark_safe("</li>"))  # noqa: S308 (a constant)
    return mark_safe("".join(str(part) for part in parts))  # noqa: S308 (each part escaped)


@register.simple_tag
def pause_badge(pause: Any) -> str:
    """Return the badge of a seat's pause (vacation or quiet hours, until when), or ""."""
    from django.template.defaultfilters import date, time
    from django.utils.html import format_html
    from django.utils.timezone import is_aware, localtime
    from django.utils.translation import gettext

    if not pause:
        return ""
    kind, until = pause[0], pause[1]
    if is_aware(until):  # as the date and time filters get it in a template
        until = localtime(until)
    if kind == "vacation":
        words = gettext("on vacation until %(until)s") % {"until": date(until, "D j M, H:i")}
    else:
        words = gettext("quiet hours until %(until)s") % {"until": time(until, "H:i")}
    return format_html(' <span class="badge pause" data-pause="{}">{}</span>', kind, words)
