"""`{% last_move "pile" colour %}`: mark an element the other player's latest move touched.

Writes ` data-last-move="<move number>"` inside a start tag when the key (the arguments
joined by ":") is among the keys of `lobby.marks.last_move` for this viewer, else nothing:

    <div class="lc-pile"{% last_move "pile" pile.colour %}>
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def key_of(*parts: Any) -> str:
    """Return the key that names a board element ("pile:red", "space:12")."""
    return ":".join(str(part) for part in parts)


@register.simple_tag(takes_context=True)
def last_move(context: Any, *parts: Any) -> SafeString:
    """Return the mark's attribute when the element named by `parts` was touched."""
    last = context.get("last_move")
    if last is None or key_of(*parts) not in last.keys:
        return mark_safe("")
    return format_html(' data-last-move="{}"', last.n)
