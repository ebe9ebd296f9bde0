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


def mark(last: Any, *parts: Any) -> SafeString:
    """Return the mark's attribute when the element named by `parts` was touched in the
    last move `last` (lobby.marks.last_move; None or "" when there is none)."""
    if not hasattr(last, "keys") or key_of(*parts) not in last.keys:
        return mark_safe("")
    return format_html(' data-last-move="{}"', last.n)


@register.simple_tag(takes_context=True)
def last_move(context: Any, *parts: Any) -> SafeString:
    """Return the mark's attribute when the element named by `parts` was touched."""
    return mark(context.get("last_move"), *parts)


@register.filter
def marks_at(last: Any, keys: Any) -> tuple[int, tuple[str, ...]] | None:
    """Return what `{% last_move %}` writes on the elements named by `keys`, or None.

    `keys` is space-separated; one ending in ":" stands for every key it begins
    ("row:0:" for "row:0:1", "row:0:2"…). A kept region (lobby.templatetags.regions) keeps
    `last_move|marks_at:…` instead of `last_move`, which changes with every move of another
    seat, also where it marks nothing in the region.
    """
    if not hasattr(last, "keys"):  # no last move, or none in this context (a replay: "")
        return None
    wanted = str(keys).split()
    hit = tuple(
        sorted(
            key
            for key in last.keys
            if any(key == w or (w.endswith(":") and key.startswith(w)) for w in wanted)
        )
    )
    return (last.n, hit) if hit else None


#: For Jinja2 boards (lobby/jinja.py): `{{ last_move_mark(last_move, "pile", colour) }}`.
JINJA_GLOBALS = {"last_move_mark": mark}
