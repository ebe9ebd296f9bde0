"""Pieces of the board built in Python rather than by many template nodes each.

The map's ~60 spaces as one piece of SVG, its placing buttons, and the cards. The words are
the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from games.terraforming_mars.vocab import TAG_WORDS
from lobby.templatetags.playtable import action_json

register = template.Library()


# The words the tags below translate at run time, written out for makemessages: it does
# not read inside f-strings, nor a message chosen by a condition.
_MESSAGES = (
    gettext_noop("Cost"),
    gettext_noop("VP: %(vp)s"),
)


@register.simple_tag
def tm_spaces(spaces: Iterable[Mapping[str, Any]]) -> SafeString:
    """Return the `<g>` of every space (view.map.spaces): hex, owner, tile, bonus, note."""
    parts = []
    for s in spaces:
        cx, cy = escape(s["cx"]), escape(s["cy"])
        at = f'x="{cx}" y="{cy}"'
        inner = ""
        tile = s.get("tile")
        if tile:
            owner = tile["owner"]
            mark = escape(owner) if owner >= 0 else "n" if owner == -2 else None
            if mark is not None:
                inner += f'<circle class="tm-owner tm-f{mark}" cx="{cx}" cy="{cy}" r="3.2"/>'
            if tile.get("short"):
                inner += f'<text {at} dy="6.8" class="tm-tile-text">{_value(tile["short"])}</text>'
        else:
            if s.get("bonus"):
                inner += f'<text {at} dy="1.4" class="tm-bonus">{_value(s["bonus"])}</text>'
            if "claim" in s:
                inner += (
                    f'<rect class="tm-claim tm-f{escape(s["claim"])}" {at} width="3" height="3"'
                    ' transform="translate(2 2)"/>'
                )
            if s.get("note"):
                inner += f'<text {at} dy="6" class="tm-note">{_value(s["note"])}</text>'
        parts.append(
            f'<g class="tm-space {escape(s["cls"])}"><title>{_value(s["title"])}</title>'
            f'<use href="#tm-hex" {at}/>{inner}</g>'
        )
    return mark_safe("".join(parts))


@register.simple_tag
def tm_space_buttons(spaces: Iterable[Mapping[str, Any]]) -> SafeString:
    """Return a button over every space a tile may be placed on now."""
    label = gettext("Place on %(space)s")
    parts = []
    for s in spaces:
        action = s.get("action")
        if action:
            space = escape(s["id"])
            parts.append(
                f'<button type="submit" name="action" value="{escape(action_json(action))}"'
                f' class="tm-hex-btn" style="left: {escape(s["left"])}%; top: {escape(s["top"])}%"'
                f' aria-label="{label % {"space": space}}" title="{space}"></button>'
            )
    return mark_safe("".join(parts))


def _value(value: Any) -> str:
    """Return a value as `{{ value }}` shows it: localized, escaped (a `Msg` translated)."""
    return str(conditional_escape(localize(value)))


@register.simple_tag
def tm_card(card: Mapping[str, Any]) -> SafeString:
    """Return one project or corporation card (view's card data), as _card.html did."""

    def field(key: str) -> str:
        return _value(card[key]) if key in card else ""

    head = ""
    if card.get("kind") not in ("corporation", "prelude"):
        cost = field("cost")
        if card.get("discounted"):
            cost = f"<s>{cost}</s> {field('cost_now')}"
        head = f'<span class="tm-cost" title="{escape(gettext("Cost"))}">{cost}</span> '
    parts = [
        f'<div class="tm-card tm-k-{field("colour")}" data-card="{field("id")}">'
        f'<div class="tm-card-head">{head}<strong class="tm-card-name">{field("name")}'
        "</strong></div>"
    ]
    if card.get("tags"):
        tags = "".join(
            f'<span class="tm-tag tm-tag-{_value(tag)}">{_value(TAG_WORDS.get(tag, tag))}</span>'
            for tag in card["tags"]
        )
        parts.append(f'<div class="tm-tags">{tags}</div>')
    if card.get("requirement"):
        text = gettext("Requires %(r)s") % {"r": field("requirement")}
        parts.append(f'<div class="tm-req">{text}</div>')
    parts.append(f'<div class="tm-text">{field("text")}</div>')
    if card.get("vp"):
        parts.append(f'<div class="tm-vp">{gettext("VP: %(vp)s") % {"vp": field("vp")}}</div>')
    if card.get("resources") is not None:
        text = gettext("Here: %(amount)s") % {"amount": field("resource_amount")}
        parts.append(f'<div class="tm-res">{text}</div>')
    parts.append("</div>")
    return mark_safe("".join(parts))
