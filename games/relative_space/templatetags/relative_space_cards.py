"""Relative Space's cards and pyramid places, built in Python instead of an include each.

The words are the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from games.relative_space.text import place_phrase

register = template.Library()


# The words the tags below translate at run time, written out for makemessages: it does
# not read inside f-strings, nor a message chosen by a condition.
_MESSAGES = (
    gettext_noop("covered"),
    gettext_noop("Face-down card: nobody knows it until it is played"),
    gettext_noop("Empty since the start of this turn: a block refills it"),
    gettext_noop("Empty place"),
    gettext_noop("Uncovered once your key is used: it can only go onto the new pod"),
    gettext_noop("Choose this card, then a pod"),
)


def _word(message: str) -> str:
    """Translate and escape a message as `{% translate … %}` does."""
    return escape(gettext(message.replace("%", "%%")).replace("%%", "%"))


def card_html(card: Mapping[str, Any]) -> str:
    """Return one face-up card (view.card_view)."""
    last = " rs-last" if card.get("last") else ""
    code, card_id = escape(card["code"].lower()), escape(card["id"])
    head = f'<span class="rs-card rs-{code}{last}" data-card="{card_id}"'
    if card.get("item"):
        value = escape(card["value"])
        title = gettext("Item %(v)s") % {"v": value}
        return (
            f'{head} style="--v: {value}" title="{title}"><span class="rs-v">{value}</span></span>'
        )
    title = f"{_word(card['name'])}: {_word(card['text'])}"
    return f'{head} title="{title}"><span class="rs-sp">{_word(card["short"])}</span></span>'


def _slot_html(slot: Mapping[str, Any]) -> str:
    # The place in words, in the reader's language ("place 3 of row 1"), not its code.
    name = conditional_escape(place_phrase(slot["name"]))
    covered = f" ({_word('covered')})" if slot.get("covered") else ""
    state = slot.get("state")
    if state == "up":
        return f'{card_html(slot["card"])}<span class="sr-only">{name}{covered}</span>'
    if state == "down":
        title = _word("Face-down card: nobody knows it until it is played")
        text = gettext("%(name)s: face-down card") % {"name": name}
        return (
            f'<span class="rs-card rs-back" title="{title}">'
            f'<span class="sr-only">{text}{covered}</span></span>'
        )
    if slot.get("hole"):
        hole, title = " rs-hole", _word("Empty since the start of this turn: a block refills it")
    else:
        hole, title = "", _word("Empty place")
    text = gettext("%(name)s: empty") % {"name": name}
    return (
        f'<span class="rs-card rs-empty{hole}" title="{title}">'
        f'<span class="sr-only">{text}</span></span>'
    )


@register.simple_tag
def rs_card(card: Mapping[str, Any]) -> SafeString:
    """Return one face-up card."""
    return mark_safe(card_html(card))


@register.simple_tag
def rs_slot(
    slot: Mapping[str, Any], board_id: str, replay: Any = False, mark: str = ""
) -> SafeString:
    """Return one place of a supply's pyramid: a radio and label when it may be picked.

    `mark` is what `{% last_move "place" … %}` wrote for it (the other player's latest move
    filled it again), put on the place itself.
    """
    name = escape(slot["name"])
    mark = conditional_escape(mark)
    fresh = " rs-fresh" if slot.get("fresh") else ""
    inner = _slot_html(slot)
    if slot.get("pick") and not replay:
        pick = f"{escape(board_id)}-pick-{name}"
        key_only = slot.get("key_only")
        title = _word(
            "Uncovered once your key is used: it can only go onto the new pod"
            if key_only
            else "Choose this card, then a pod"
        )
        return mark_safe(
            f'<input type="radio" name="rs-pick" value="{name}" id="{pick}" class="rs-pick">'
            f'<label for="{pick}" class="rs-slot rs-pickable{" rs-key-only" if key_only else ""}'
            f'{fresh}" data-slot="{name}"{mark} title="{title}">{inner}</label>'
        )
    # Free (nothing lies on it: it could be taken) or covered; an empty place is neither
    # and is drawn under the cards (board.css), never over a card it overlaps.
    if slot.get("state") not in ("up", "down"):
        lies = " rs-gone"
    else:
        lies = " rs-covered" if slot.get("covered") else " rs-free"
    opened = " rs-open" if slot.get("open") else ""
    return mark_safe(
        f'<span class="rs-slot{lies}{opened}{fresh}" data-slot="{name}"{mark}>{inner}</span>'
    )
