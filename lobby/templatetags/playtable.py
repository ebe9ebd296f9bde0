"""Template helpers shared by the game boards."""

from __future__ import annotations

import html
import json
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop, pgettext

from games.words import catalogue

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


#: The parts of a seat's item that stay while its player, flags and language stay (the
#: name with its picture and link before the clock, the badges after it), per catalogue.
_SEAT_PARTS: dict[tuple[Any, ...], tuple[str, str]] = {}
_SEAT_PARTS_SIZE = 4096
#: A clock's title (escaped), per catalogue and whether it is paused.
_CLOCK_TITLES: dict[tuple[Any, bool], str] = {}


@register.simple_tag
def seat_item(seat: Any, me: Any) -> SafeString:
    """Return one seat of the board's seat bar: picture, name, clock and badges.

    Drawn in Python, not in a template: the seat bar is in every push of every table and
    changes with every move (the clocks), so it is drawn each time. Only the clock is
    written anew each time: the rest is kept per player, seat flags and catalogue.
    """
    said = catalogue()
    user = seat.user
    key = (
        said,
        int(seat.position),
        bool(seat.is_to_move),
        bool(me and me.position == seat.position),
        seat.display_name,
        seat.bot,
        getattr(user, "pk", None),
        getattr(user, "username", None),
        getattr(user, "avatar_version", 0),
        bool(seat.abandoned),
        bool(seat.conceded),
        seat.place,
    )
    parts = _SEAT_PARTS.get(key)
    if parts is None:
        parts = _seat_parts(seat, me)
        if len(_SEAT_PARTS) >= _SEAT_PARTS_SIZE:
            _SEAT_PARTS.clear()
        _SEAT_PARTS[key] = parts
    head, tail = parts
    middle = ""
    if seat.clock_seconds is not None:
        running = bool(seat.deadline)
        paused = bool(running and seat.pause)
        title = _CLOCK_TITLES.get((said, paused))
        if title is None:
            if len(_CLOCK_TITLES) >= 64:
                _CLOCK_TITLES.clear()
            title = _CLOCK_TITLES[(said, paused)] = esc(
                gettext("Time left (paused)") if paused else gettext("Time left")
            )
        middle = (
            f' <span class="clock{" running" if running else ""}{" paused" if paused else ""}"'
            f' data-left="{decimals(seat.clock_seconds, 1)}" data-running="{int(running)}"'
            + (f' data-paused-for="{decimals(seat.pause_seconds, 0)}"' if paused else "")
            + f' title="{title}">{esc(clock(seat.clock_seconds))}</span>'
        )
    if seat.pause:
        middle += pause_badge(seat.pause)
    return mark_safe(f"{head}{middle}{tail}")  # noqa: S308 (each part escaped)


def _seat_parts(seat: Any, me: Any) -> tuple[str, str]:
    """Return a seat item's parts before and after its clock (see `seat_item`)."""
    from accounts.templatetags.identity import seat_avatar

    css = f"seat seat-{int(seat.position)}"
    if seat.is_to_move:
        css += " to-move"
    if me and me.position == seat.position:
        css += " me"
    name = esc(seat.display_name)
    if seat.user and not seat.bot:
        name = f'<a href="{esc(seat.user.get_absolute_url())}">{name}</a>'
    head = f'<li class="{css}"><span class="seat-name">{seat_avatar(seat)}{name}</span>'
    tail: list[str] = []
    badges = (
        (seat.abandoned, "badge warn", "out of time"),
        (seat.is_to_move, "badge", "to move"),
        (seat.conceded, "badge warn", "conceded"),
    )
    for shown, badge, words in badges:
        if shown:
            tail.append(f' <span class="{badge}">{esc(gettext(words))}</span>')
    if seat.place:
        words = gettext("place %(place)s") % {"place": seat.place}
        tail.append(f' <span class="badge">{esc(words)}</span>')
    tail.append("</li>")
    return head, "".join(tail)


# The badges' words, translated in seat_item (written out for makemessages).
_BADGES = (gettext_noop("out of time"), gettext_noop("to move"), gettext_noop("conceded"))


def esc(value: Any) -> str:
    """Return `value` escaped for HTML, as Django's `conditional_escape` does (what is
    already HTML stays as is), without its lazy-string wrapper: a board calls it often."""
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html.escape(str(value))


def decimals(value: Any, places: int) -> str:
    """Return a number with `places` decimals, rounded half up, unlocalized: what
    `value|floatformat:"<places>u"` writes for a positive `places`, and for 0."""
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return ""
    step = _STEPS.get(places)
    if step is None:
        step = _STEPS[places] = Decimal(1).scaleb(-places)
    return format(number.quantize(step, ROUND_HALF_UP), "f")


#: The quantum of each number of decimals `decimals` was asked for.
_STEPS: dict[int, Decimal] = {}


@register.simple_tag
def pause_badge(pause: Any) -> str:
    """Return the badge of a seat's pause (vacation or quiet hours, until when), or ""."""
    if not pause:
        return ""
    from django.template.defaultfilters import date, time
    from django.utils.html import format_html
    from django.utils.timezone import is_aware, localtime
    from django.utils.translation import gettext

    kind, until = pause[0], pause[1]
    if is_aware(until):  # as the date and time filters get it in a template
        until = localtime(until)
    if kind == "vacation":
        words = gettext("on vacation until %(until)s") % {"until": date(until, "D j M, H:i")}
    else:
        words = gettext("quiet hours until %(until)s") % {"until": time(until, "H:i")}
    return format_html(' <span class="badge pause" data-pause="{}">{}</span>', kind, words)


@register.simple_tag(takes_context=True)
def include_board(context: Any, name: str) -> str:
    """`{% include_board "lobby/_board.html" %}`: include a board, written in Jinja2 or in
    Django's language (lobby/jinja.py), with this template's context."""
    from lobby.jinja import render_partial

    return render_partial(name, context.flatten(), getattr(context, "request", None))


#: For Jinja2 boards (lobby/jinja.py).
JINJA_GLOBALS = {"seat_item": seat_item, "rules_url": rules_url, "pause_badge": pause_badge}
