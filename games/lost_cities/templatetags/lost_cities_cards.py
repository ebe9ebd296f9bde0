"""Lost Cities' face-up card, built once per card instead of an include per card."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()

#: (card id, highlighted) -> the card's HTML: a card's face never changes, and no word
#: on it is translated (labels such as "Red 7" are the deck's own).
_CACHE: dict[tuple[str, bool], SafeString] = {}


@register.simple_tag
def lc_card(card: Mapping[str, Any], highlight: Collection[str]) -> SafeString:
    """Return one face-up card (view.card_data), outlined when it is in `highlight`."""
    key = (card["id"], card["id"] in highlight)
    html = _CACHE.get(key)
    if html is None:
        wager = card["wager"]
        html = format_html(
            '<span class="lc-card lc-{}{}{}" data-card="{}" title="{}">'
            '<span aria-hidden="true"{}>{}</span><span class="sr-only">{}</span></span>',
            card["colour"],
            " lc-wager" if wager else "",
            " lc-last" if key[1] else "",
            card["id"],
            card["label"],
            SafeString(' class="lc-w"') if wager else "",
            "W" if wager else card["value"],
            card["label"],
        )
        _CACHE[key] = html
    return html
