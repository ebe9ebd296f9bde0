"""Mondo's tiles, world cells and pool, built in Python: a board holds ~300 of them.

Drawing functions for the board's Jinja2 template (games/mondo/jinja2/, lobby/jinja.py):
`JINJA_GLOBALS`. The words are the templates' own messages (the same msgids), so the
catalogues still apply.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from lobby.templatetags.icons import sprite_href
from lobby.templatetags.playtable import action_json

register = template.Library()


def escape(value: Any) -> str:
    """Escape `value` for HTML as Django's `escape` does, without its look for lazy text in
    every argument (a board draws ~300 tiles and cells; the values here are plain)."""
    return html.escape(str(value))


def tile_html(t: Mapping[str, Any], sprite: str) -> str:
    """Return one tile: landscapes, volcano, and the animal drawn as the sprite's symbol.

    The animal's name (its text alternative and tooltip) is said in the reader's language.
    """
    volcano = t.get("volcano")
    mark = f'<i class="mo-volcano mo-{escape(volcano)}"></i>' if volcano else ""
    animal = ""
    if t.get("animal"):
        name = escape(gettext(t["label"]))
        animal = (
            f'<svg class="mo-animal" role="img" aria-label="{name}"><title>{name}</title>'
            f'<use href="{escape(sprite)}#mo-{escape(t["animal"])}"></use></svg>'
        )
    return f'<span class="mo-tile {escape(t["cls"])}">{mark}{animal}</span>'


def mo_tile(t: Mapping[str, Any]) -> SafeString:
    """Return one tile."""
    return mark_safe(tile_html(t, sprite_href()))


def _cell(
    cell: Mapping[str, Any],
    held_tile: str,
    replay: Any,
    place_label: str,
    sprite: str,
    marks: Mapping[str, str],
) -> str:
    if not cell.get("on"):
        return '<span class="mo-off" aria-hidden="true"></span>'
    tint = " mo-tint" if cell.get("tint") else ""
    key = escape(cell["key"])
    tile = cell.get("tile")
    if tile:
        last = " mo-last" if cell.get("last") else ""
        errors = f" {escape(cell['errors'])}" if cell.get("errors") else ""
        lit = marks.get(cell["key"], "")
        return (
            f'<span class="mo-cell mo-filled{last}{errors}{tint}" role="gridcell"'
            f' data-cell="{key}"{lit}>{tile_html(tile, sprite)}</span>'
        )
    action = cell.get("action")
    if action and not replay:
        where = f"{escape(cell['row'])}-{escape(cell['col'])}"
        return (
            f'<button type="submit" name="action" value="{escape(action_json(action))}"'
            f' class="mo-cell mo-legal{tint}" role="gridcell" data-cell="{key}"'
            f' aria-label="{place_label} {where}">{held_tile}</button>'
        )
    opened = " mo-open" if cell.get("open") else ""
    return f'<span class="mo-cell mo-empty{opened}{tint}" role="gridcell" data-cell="{key}"></span>'


def _cell_marks(last: Any, seat: Any) -> dict[str, str]:
    """Return `data-last-move` by cell key for the spaces of `seat`'s world the other
    player's latest move filled (lobby.marks; games/mondo/marks.py names them)."""
    if not hasattr(last, "keys"):  # no last move (None), or a replay's
        return {}
    prefix = f"cell:{seat}:"
    attribute = format_html(' data-last-move="{}"', last.n)
    return {key[len(prefix) :]: attribute for key in last.keys if key.startswith(prefix)}


def mo_rows(
    last: Any,
    rows: Iterable[Iterable[Mapping[str, Any]]],
    held: Any = None,
    replay: Any = False,
    seat: Any = None,
) -> SafeString:
    """Return a world's rows of cells; a legal cell is a button showing the held tile.

    A space the other player's latest move filled (`last`: lobby.marks.last_move) carries
    the last-move mark.
    """
    place_label = escape(gettext("Place the tile on row-column"))
    sprite = sprite_href()
    held_tile = tile_html(held["tile"], sprite) if held else ""
    marks = _cell_marks(last, seat)
    return mark_safe(
        "".join(
            '<div class="mo-row" role="row">'
            + "".join(_cell(cell, held_tile, replay, place_label, sprite, marks) for cell in row)
            + "</div>"
            for row in rows
        )
    )


def _pool_marks(last: Any) -> dict[int, str]:
    """Return `data-last-move` by pool place for the places the other player's latest move
    took a tile from (lobby.marks; games/mondo/marks.py names them `pool:<slot>`)."""
    if last is None or not hasattr(last, "keys"):
        return {}
    attribute = format_html(' data-last-move="{}"', last.n)
    return {
        int(key[len("pool:") :]): attribute
        for key in last.keys
        if key.startswith("pool:") and key[len("pool:") :].isdigit()
    }


#: How many places of the pool one region holds (the board's pool is ~136 places).
POOL_PART = 17


def mo_pool_parts(pool: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Return the pool in parts of `POOL_PART` places, each with the last-move keys of its
    places ("marked", for `marks_at`): the board draws each part as a region of its own."""
    return [
        {
            "places": pool[start : start + POOL_PART],
            # Not "keys": a template reads part.keys as the dict's method.
            "marked": " ".join(f"pool:{slot['slot']}" for slot in pool[start : start + POOL_PART]),
        }
        for start in range(0, len(pool), POOL_PART)
    ]


def mo_pool(
    last: Any, pool: Iterable[Mapping[str, Any]], replay: Any = False, busy: Any = False
) -> SafeString:
    """Return the pool's slots: a taken slot stays as a gap, a takeable tile is a button.

    The gap another player's latest take left (`last`: lobby.marks.last_move) carries the
    last-move mark. While the viewer holds a tile (`busy`) the tiles are shown dimmed.
    """
    take_label = escape(gettext("Take pool tile"))
    sprite = sprite_href()
    marks = _pool_marks(last)
    parts = []
    for slot in pool:
        tile = slot.get("tile")
        if not tile:
            lit = marks.get(slot["slot"], "")
            where = escape(slot["slot"])
            parts.append(
                f'<span class="mo-slot mo-gone" aria-hidden="true" data-slot="{where}"{lit}></span>'
            )
            continue
        action = slot.get("action")
        if action and not replay:
            parts.append(
                f'<button type="submit" name="action" value="{escape(action_json(action))}"'
                f' class="mo-slot" aria-label="{take_label} {escape(slot["slot"] + 1)}">'
                f"{tile_html(tile, sprite)}</button>"
            )
        else:
            dim = " mo-busy" if busy else ""
            parts.append(f'<span class="mo-slot{dim}">{tile_html(tile, sprite)}</span>')
    return mark_safe("".join(parts))


#: The drawing functions the board's template calls.
JINJA_GLOBALS = {
    "mo_tile": mo_tile,
    "mo_rows": mo_rows,
    "mo_pool": mo_pool,
    "mo_pool_parts": mo_pool_parts,
}
