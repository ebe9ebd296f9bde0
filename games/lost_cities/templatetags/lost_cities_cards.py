"""Lost Cities' face-up card, built once per card instead of an include per card."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

register = template.Library()

#: (card id, highlighted, label) -> the card's HTML: a card's face never changes; its
#: label ("Red 7", a `Msg`) is said in the active language, and the key holds the words said.
_CACHE: dict[tuple[str, bool, str], SafeString] = {}


@register.simple_tag
def lc_card(card: Mapping[str, Any], highlight: Collection[str]) -> SafeString:
    """Return one face-up card (view.card_data), outlined when it is in `highlight`."""
    label = conditional_escape(card["label"])
    key = (card["id"], card["id"] in highlight, label)
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
            label,
            SafeString(' class="lc-w"') if wager else "",
            "W" if wager else card["value"],
            label,
        )
        _CACHE[key] = html
    return html
