"""Reworld's modules and prices, built in Python instead of nested includes per module.

The words are the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_noop

from games.words import say
from lobby.templatetags.icons import icon
from lobby.templatetags.playtable import action_json, seat_name

register = template.Library()


#: The drawn symbol a module shows (terrabots show their letter): the words beside it
#: (title, screen readers) say what it is.
@functools.cache
def _sign(kind: str) -> str:
    return str(icon(f"rw-{kind}" if kind in ("crew", "shuttle") else "rw-satellite"))


# The words the tags below translate at run time, written out for makemessages: it does
# not read inside f-strings, nor a message chosen by a condition.
_MESSAGES = (
    gettext_noop("Buy"),
    gettext_noop("any 1 card"),
    gettext_noop("Price: any 1 card"),
    gettext_noop("a %(v)s · or any 2"),
    gettext_noop("%(v)s+%(w)s · 3 with a %(v)s/%(w)s · any 4"),
    gettext_noop("Price: a %(v)s, or any 2 cards"),
    gettext_noop("Price: a %(v)s and a %(w)s, or 3 cards with a %(v)s or a %(w)s, or any 4 cards"),
    gettext_noop("Buy space %(s)s"),
)


def _crew_label(colour: str | None) -> str:
    if colour == "red":
        return gettext("red crew")
    if colour == "yellow":
        return gettext("yellow crew")
    if colour == "green":
        return gettext("green crew")
    if colour == "blue":
        return gettext("blue crew")
    return gettext("violet crew")


def module_label(m: Mapping[str, Any]) -> str:
    """Return a module's name as a player reads it, escaped for HTML."""
    kind = m.get("kind")
    if kind == "terrabot":
        return gettext("terrabot %(letter)s") % {"letter": escape(m["letter"])}
    if kind == "crew":
        return escape(_crew_label(m.get("colour")))
    if kind == "shuttle":
        return escape(gettext("shuttle"))
    return escape(gettext("satellite"))


@register.simple_tag
def rw_module(m: Mapping[str, Any]) -> SafeString:
    """Return one module: its sign, its colour and its name (title and screen readers)."""
    kind = m.get("kind")
    label = module_label(m)
    colour = f" rw-c-{escape(m['colour'])}" if m.get("colour") else ""
    sign = escape(m["letter"]) if kind == "terrabot" else _sign(str(kind))
    return mark_safe(
        f'<span class="rw-mod rw-{escape(kind)}{colour}" data-module="{escape(m["id"])}"'
        f' title="{label}"><span aria-hidden="true">{sign}</span>'
        f'<span class="sr-only">{label}</span></span>'
    )


@register.simple_tag
def rw_price(need: Sequence[Any] | None, long: bool = False) -> SafeString:
    """Return a station space's price: short for the space, long for its title."""
    if not need:
        return escape(gettext("Price: any 1 card" if long else "any 1 card"))
    if len(need) == 1:
        message = "Price: a %(v)s, or any 2 cards" if long else "a %(v)s · or any 2"
        return mark_safe(gettext(message) % {"v": escape(need[0])})
    message = (
        "Price: a %(v)s and a %(w)s, or 3 cards with a %(v)s or a %(w)s, or any 4 cards"
        if long
        else "%(v)s+%(w)s · 3 with a %(v)s/%(w)s · any 4"
    )
    return mark_safe(gettext(message) % {"v": escape(need[0]), "w": escape(need[1])})


@register.simple_tag
def rw_arm(a: Mapping[str, Any], seats: Any, replay: Any = False, mark: str = "") -> SafeString:
    """Return one space of the station's ring: its module and price, or what was paid.

    `mark` is what `{% last_move "arm" … %}` wrote for it (the other player's latest move
    chose it or paid into it).
    """
    state = " rw-open" if a.get("module") else " rw-claimed"
    last = " rw-last" if a.get("last") else ""
    pending = " rw-pending" if a.get("pending") else ""
    space = escape(a["space"])
    parts = [
        f'<li class="rw-arm{state}{last}{pending}" style="--dr:{escape(a["dr"])};'
        f'--dc:{escape(a["dc"])};--pr:{escape(a["pr"])};--pc:{escape(a["pc"])}"'
        f' data-arm="{escape(a["arm"])}"{conditional_escape(mark)}>'
        f'<span class="rw-space">{space}</span>'
    ]
    if a.get("module"):
        parts.append(rw_module(a["module"]))
        parts.append(
            f'<span class="rw-price" title="{rw_price(a["need"], long=True)}">'
            f"{rw_price(a['need'])}</span>"
        )
        if a.get("buy") and not replay:
            label = gettext("Buy space %(s)s") % {"s": space}
            parts.append(
                f'<button type="submit" name="action" value="{escape(action_json(a["buy"]))}"'
                f' class="small rw-buy" aria-label="{label}">{escape(gettext("Buy"))}</button>'
            )
    else:
        if a.get("sold"):
            parts.append(f'<span class="rw-sold">{rw_module(a["sold"])}</span>')
        cards = a.get("cards") or []
        stack = "".join(
            f'<span class="rw-card{" rw-top" if i == len(cards) - 1 else " rw-mini"}">'
            f"{escape(n)}</span>"
            for i, n in enumerate(cards)
        )
        title = escape(gettext("Cards paid here; the last one is on top"))
        parts.append(f'<span class="rw-stack" title="{title}">{stack}</span>')
        if a.get("buyer") is not None:
            name = escape(seat_name(seats, a["buyer"]))
            parts.append(f'<span class="rw-buyer muted">{name}</span>')
    parts.append("</li>")
    return mark_safe("".join(parts))


@register.filter
def rw_sentence(line: Any) -> str:
    """Return an event line in the reader's language, its first letter a capital.

    (`capfirst` on the sentence itself would read its English.)
    """
    return str(capfirst(say(line)))
