"""Times and faces: "3 minutes ago" with the full local date on hover, and avatars."""

from __future__ import annotations

import html
from datetime import date, datetime
from typing import Any

from django import template
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.templatetags.static import static
from django.utils import dateformat, formats, timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import trans_real

from config.urlcache import reverse_cached

register = template.Library()


@register.filter
def ago(value: Any) -> str:
    """Render a moment as `<time datetime="ISO" title="full local date">3 minutes ago</time>`.

    The words are Django's translated naturaltime; the title is the date in the locale's
    format and the active time zone (the player's saved one, else their browser's).
    Anything that is not a date renders as nothing.
    """
    if not isinstance(value, datetime):
        if isinstance(value, date):
            return format_html(
                '<time datetime="{}">{}</time>',
                value.isoformat(),
                formats.date_format(value, "SHORT_DATE_FORMAT"),
            )
        return ""
    iso, title = moment_parts(value)
    return format_html('<time datetime="{}" title="{}">{}</time>', iso, title, naturaltime(value))


#: Full dates already written: per format, catalogue, zone and local minute (`moment_parts`).
_TITLES: dict[tuple[Any, ...], str] = {}
#: Django's date format letters that read anything finer than the minute.
_FINER_THAN_MINUTES = frozenset("sucrUv")


def moment_parts(value: datetime) -> tuple[str, str]:
    """Return a moment's ISO form and its full date in the active locale and time zone.

    The full date is written once per minute, language and zone when the locale's format
    shows nothing finer than minutes (every one we ship): a board's log lines ask for it on
    every push, and Django's date formatting takes about 0.15 ms each time.
    """
    local = timezone.localtime(value) if timezone.is_aware(value) else value
    form = formats.get_format("DATETIME_FORMAT")
    if _FINER_THAN_MINUTES.intersection(form):
        return local.isoformat(timespec="seconds"), _title(local, form)
    minute = local.replace(second=0, microsecond=0, tzinfo=None)
    # The catalogue itself, not just the language: month names are its words, and a swapped
    # catalogue (the tests that mark every translated word) must not read kept ones.
    key = (form, trans_real.catalog(), str(local.tzinfo), local.utcoffset(), minute)
    title = _TITLES.get(key)
    if title is None:
        title = _title(local, form)
        if len(_TITLES) >= 4096:
            _TITLES.clear()
        _TITLES[key] = title
    return local.isoformat(timespec="seconds"), title


def _title(local: datetime, form: str) -> str:
    title = str(dateformat.format(local, form))
    return f"{title} ({local.tzname()})" if local.tzname() else title


@register.filter
def seat_class(positions: Any, user_id: Any) -> str:
    """Return "seat-N", the colour class of the seat a player holds at a table, or "".

    `positions` maps user ids to seat positions (lobby: `seat_colours`); seat N has one
    colour everywhere at the table: the board's names, the move log and the chat.
    """
    try:
        position = positions.get(user_id)
    except AttributeError:
        return ""
    return "" if position is None else f"seat-{int(position)}"


def avatar_url(user: Any) -> str:
    """Return the URL of a player's picture (its version in it, so it may be cached long)."""
    return reverse_cached(
        "accounts:avatar",
        kwargs={"username": user.username, "version": getattr(user, "avatar_version", 0)},
    )


@register.simple_tag
def avatar(user: Any, size: int = 24, css: str = "") -> str:
    """Render a player's picture beside their name; a bot's (no user) is a small robot.

    Decorative (alt=""): the name beside it says who it is.
    """
    classes = f"avatar {css}".strip()
    if user is None or not getattr(user, "username", ""):
        src = static("icons/bot.svg")
    else:
        src = avatar_url(user)
    # Plain escaping, not format_html: every seat of every board drawing has one.
    return mark_safe(  # noqa: S308 (both values escaped)
        f'<img class="{html.escape(classes)}" src="{html.escape(src)}" alt=""'
        f' width="{int(size)}" height="{int(size)}" loading="lazy">'
    )


@register.simple_tag
def seat_avatar(seat: Any, size: int = 24) -> str:
    """Render the picture of a seat's player: the person's, or a robot for a bot."""
    user = None if getattr(seat, "bot", "") else getattr(seat, "user", None)
    return avatar(user, size)
