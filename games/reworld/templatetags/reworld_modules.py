"""Reworld's modules and prices, built in Python instead of nested includes per module.

The words are the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

#: The sign a module shows (terrabots show their letter).
_SIGNS = {"crew": "&#9874;", "shuttle": "&#9650;"}
_SATELLITE_SIGN = "&#9673;"


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
    sign = escape(m["letter"]) if kind == "terrabot" else _SIGNS.get(str(kind), _SATELLITE_SIGN)
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
