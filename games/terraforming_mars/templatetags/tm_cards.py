"""Terraforming Mars cards drawn as cards, built in Python (they appear in hot loops).

One card: cost in the top left corner, tag icons top right, the requirement badge, the type
colour (green automated, blue active, red event, prelude, corporation), the name, the effect
text, the card's resources and the VP badge. The same piece is used in the hand, the tableau
and the draft / research / setup choices. The words are translated at run time (msgids are
listed in `_MESSAGES` for makemessages).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop, pgettext

from games.terraforming_mars.vocab import TAG_WORDS
from games.words import say
from lobby.templatetags.icons import sprite_href

register = template.Library()

_MESSAGES = (
    gettext_noop("Cost"),
    gettext_noop("Cost %(cost)s M€, printed %(printed)s M€"),
    gettext_noop("Requires %(r)s"),
    gettext_noop("Victory points: %(vp)s"),
    gettext_noop("Victory points per card resource, see the card's text"),
    gettext_noop("Here: %(amount)s"),
    gettext_noop("used"),
    gettext_noop("action ready"),
)

# The VP formulas of the card lists (cards/*.py `vp=`) that are not a plain number.
_VP_PER_RES = re.compile(r"^(-?\d+)/(\d*)res$")
_VP_PER = re.compile(r"^(-?\d+)/(\d*) ?(tag|adjacent|cities|colonies):?(\w*)$")
_VP_IF = re.compile(r"^(-?\d+) if res>=(\d+)$")


def _value(value: Any) -> str:
    """Return a value as `{{ value }}` shows it: localized, escaped (a `Msg` translated)."""
    return str(conditional_escape(localize(value)))


def _sprite() -> str:
    """Return the sprite's address, escaped (kept per process: cards call it in hot loops)."""
    return str(escape(sprite_href()))


def _icon(name: str, label: str = "") -> str:
    """Return the sprite symbol `name` (as `{% icon %}` does), labelled or decorative."""
    href = f"{_sprite()}#{escape(name)}"
    if label:
        words = escape(label)
        return (
            f'<svg class="icon icon-{escape(name)}" role="img" aria-label="{words}">'
            f'<title>{words}</title><use href="{href}"></use></svg>'
        )
    return (
        f'<svg class="icon icon-{escape(name)}" aria-hidden="true" focusable="false">'
        f'<use href="{href}"></use></svg>'
    )


def vp_sort_value(vp: str) -> int:
    """Return a card's VP as a number to sort by: the printed number, or its per-unit one."""
    match = re.match(r"^-?\d+", vp or "")
    return int(match.group(0)) if match else 0


def _vp_badge(vp: str, resource: str) -> str:
    """Return the inside of the VP badge: a number, or a number per symbol ("1/2 🐾")."""
    if re.fullmatch(r"-?\d+", vp):
        return escape(vp)
    res_icon = f"tm-cres-{resource}" if resource else ""
    res_words = gettext("Victory points per card resource, see the card's text")
    match = _VP_PER_RES.match(vp)
    if match:
        per = f"{match.group(1)}/{match.group(2)}"
        return escape(per) + (_icon(res_icon, res_words) if res_icon else "")
    match = _VP_IF.match(vp)
    if match:
        return escape(match.group(1)) + "*"
    match = _VP_PER.match(vp)
    if match:
        per = f"{match.group(1)}/{match.group(2)}"
        kind, what = match.group(3), match.group(4)
        if kind == "tag":
            return escape(per) + _icon(f"tm-tag-{what}", say(TAG_WORDS.get(what, what)))
        if kind == "adjacent":
            return escape(per) + _icon(f"tm-tile-{what}")
        if kind == "cities":
            return escape(per) + _icon("tm-tile-city")
        return escape(per) + "*"
    return "*"


def card_html(card: Mapping[str, Any], playable: bool | None = None) -> str:
    """Return one card's HTML (view's card data); `playable` False dims it (hand only)."""

    def field(key: str) -> str:
        return _value(card[key]) if key in card else ""

    kind = card.get("kind", "")
    colour = field("colour")
    classes = f"tm-card tm-k-{colour}"
    if playable is False:
        classes += " tm-unplayable"
    top = ""
    if kind not in ("corporation", "prelude"):
        cost = field("cost_now") if "cost_now" in card else field("cost")
        if card.get("discounted"):
            title = gettext("Cost %(cost)s M€, printed %(printed)s M€") % {
                "cost": cost,
                "printed": field("cost"),
            }
            inner = f"<s>{field('cost')}</s>{cost}"
        else:
            title = f"{gettext('Cost')} {cost} M€"
            inner = cost
        top = (
            f'<span class="tm-cost" title="{escape(title)}">'
            f"{_icon('tm-res-megacredit')}<b>{inner}</b></span>"
        )
    tags = card.get("tags") or ()
    if tags:
        icons = "".join(_icon(f"tm-tag-{escape(t)}", say(TAG_WORDS.get(t, t))) for t in tags)
        top += f'<span class="tm-card-tags">{icons}</span>'
    parts = [
        f'<div class="{classes}" data-card="{field("id")}">',
        f'<div class="tm-card-top">{top}</div>',
    ]
    if card.get("requirement"):
        text = gettext("Requires %(r)s") % {"r": field("requirement")}
        parts.append(f'<div class="tm-req" title="{escape(text)}">{field("requirement")}</div>')
    parts.append(f'<strong class="tm-card-name">{field("name")}</strong>')
    parts.append(f'<div class="tm-text">{field("text")}</div>')
    foot = ""
    if card.get("resources") is not None:
        label = gettext("Here: %(amount)s") % {"amount": field("resource_amount")}
        res_icon = _icon(f"tm-cres-{card.get('resource') or ''}", label)
        foot += (
            f'<span class="tm-card-res" title="{escape(label)}">'
            f"{res_icon}<b>{field('resources')}</b></span>"
        )
    if card.get("action_used"):
        foot += f'<span class="badge warn">{escape(gettext("used"))}</span>'
    elif card.get("action_ready"):
        foot += f'<span class="badge">{escape(gettext("action ready"))}</span>'
    vp = str(card.get("vp") or "")
    if vp:
        words = gettext("Victory points: %(vp)s") % {"vp": vp}
        foot += (
            f'<span class="tm-vp" title="{escape(words)}">'
            f"{_icon('tm-vp')}{_vp_badge(vp, str(card.get('resource') or ''))}</span>"
        )
    if foot:
        parts.append(f'<div class="tm-card-foot">{foot}</div>')
    parts.append("</div>")
    return "".join(parts)


@register.simple_tag
def tm_card(card: Mapping[str, Any]) -> SafeString:
    """Return one project, prelude or corporation card drawn as a card."""
    return mark_safe(card_html(card))


@register.simple_tag
def tm_hand_card(card: Mapping[str, Any]) -> SafeString:
    """Return a hand card with what sorting needs (cost now, VP, playable, its place)."""
    playable = bool(card.get("play"))
    return mark_safe(card_html(card, playable=playable))


@register.filter
def tm_vp_value(vp: Any) -> int:
    """Return a card's VP formula as a number to sort by."""
    return vp_sort_value(str(vp or ""))


# The tableau's stacks, in the order BGA players know them: corporation first, then blue
# actions, blue effects, green, red events, preludes.
STACKS = ("corp", "actions", "effects", "green", "events", "preludes")


def _stack_label(key: str) -> str:
    labels = {
        "corp": pgettext("tableau stack", "Corporation"),
        "actions": pgettext("tableau stack", "Blue cards: actions"),
        "effects": pgettext("tableau stack", "Blue cards: effects"),
        "green": pgettext("tableau stack", "Green cards"),
        "events": pgettext("tableau stack", "Events"),
        "preludes": pgettext("tableau stack", "Preludes"),
    }
    return labels[key]


def _marked(marks: Any, seat: Any, card: Mapping[str, Any]) -> int | None:
    """Return the move number of the last-move mark on a tableau card, or None.

    `marks` is `last_move|marks_at:"card:<seat>:"` (lobby.templatetags.last_move): the move's
    number and the keys it marked, or None; a card's key is `card:<seat>:<card id>`.
    """
    if not marks:
        return None
    n, keys = marks
    return int(n) if f"card:{seat}:{card.get('id')}" in keys else None


@register.simple_tag
def tm_stacks(player: Mapping[str, Any], marks: Any = None) -> list[dict[str, Any]]:
    """Return the player's played cards in stacks: key, words, cards (empty ones left out),
    and the last move's mark when it played or used one of the stack's cards (its summary
    lights up, the stack may be closed)."""
    cards: dict[str, list[Mapping[str, Any]]] = {key: [] for key in STACKS}
    if player.get("corp"):
        cards["corp"].append(player["corp"])
    kinds = {"automated": "green", "event": "events", "prelude": "preludes"}
    for group in player.get("groups", ()):
        for card in group["cards"]:
            if group["kind"] == "active":
                cards["actions" if "action_used" in card else "effects"].append(card)
            else:
                cards[kinds[group["kind"]]].append(card)
    seat = player.get("seat")
    return [
        {
            "key": key,
            "label": _stack_label(key),
            "cards": cards[key],
            "mark": next((m for c in cards[key] if (m := _marked(marks, seat, c))), None),
        }
        for key in STACKS
        if cards[key]
    ]


@register.simple_tag
def tm_card_list(
    cards: Iterable[Mapping[str, Any]], marks: Any = None, seat: Any = None
) -> SafeString:
    """Return the cards of a stack, each drawn as a card in a list item (the one the last
    move played or used carries its mark, lobby.templatetags.last_move)."""
    parts = []
    for c in cards:
        n = _marked(marks, seat, c)
        mark = f' data-last-move="{n}"' if n is not None else ""
        parts.append(f'<li class="tm-stack-card"{mark}>{card_html(c)}</li>')
    return mark_safe("".join(parts))
