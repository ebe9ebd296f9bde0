"""Mondo's tiles, world cells and pool, built in Python: a board holds ~300 of them.

The words are the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django import template
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from lobby.templatetags.playtable import action_json

register = template.Library()


def tile_html(t: Mapping[str, Any]) -> str:
    """Return one tile (as _tile.html did): landscapes, volcano, animal."""
    volcano = t.get("volcano")
    mark = f'<i class="mo-volcano mo-{escape(volcano)}"></i>' if volcano else ""
    # The animal's letters are a sentence (`Msg`): conditional_escape says it in the
    # reader's language, where escape would give the English.
    animal = f'<b class="mo-animal">{conditional_escape(t["short"])}</b>' if t.get("animal") else ""
    return f'<span class="mo-tile {escape(t["cls"])}">{mark}{animal}</span>'


@register.simple_tag
def mo_tile(t: Mapping[str, Any]) -> SafeString:
    """Return one tile."""
    return mark_safe(tile_html(t))


def _cell(cell: Mapping[str, Any], held_tile: str, replay: Any, place_label: str) -> str:
    if not cell.get("on"):
        return '<span class="mo-off" aria-hidden="true"></span>'
    tint = " mo-tint" if cell.get("tint") else ""
    key = escape(cell["key"])
    tile = cell.get("tile")
    if tile:
        last = " mo-last" if cell.get("last") else ""
        errors = f" {escape(cell['errors'])}" if cell.get("errors") else ""
        return (
            f'<span class="mo-cell mo-filled{last}{errors}{tint}" role="gridcell"'
            f' data-cell="{key}">{tile_html(tile)}</span>'
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


@register.simple_tag
def mo_rows(
    rows: Iterable[Iterable[Mapping[str, Any]]], held: Any = None, replay: Any = False
) -> SafeString:
    """Return a world's rows of cells; a legal cell is a button showing the held tile."""
    place_label = escape(gettext("Place the tile on row-column"))
    held_tile = tile_html(held["tile"]) if held else ""
    return mark_safe(
        "".join(
            '<div class="mo-row" role="row">'
            + "".join(_cell(cell, held_tile, replay, place_label) for cell in row)
            + "</div>"
            for row in rows
        )
    )


@register.simple_tag
def mo_pool(pool: Iterable[Mapping[str, Any]], replay: Any = False) -> SafeString:
    """Return the pool's slots: a taken slot stays as a gap, a takeable tile is a button."""
    take_label = escape(gettext("Take pool tile"))
    parts = []
    for slot in pool:
        tile = slot.get("tile")
        if not tile:
            parts.append('<span class="mo-slot mo-gone" aria-hidden="true"></span>')
            continue
        action = slot.get("action")
        if action and not replay:
            parts.append(
                f'<button type="submit" name="action" value="{escape(action_json(action))}"'
                f' class="mo-slot" aria-label="{take_label} {escape(slot["slot"] + 1)}">'
                f"{tile_html(tile)}</button>"
            )
        else:
            parts.append(f'<span class="mo-slot">{tile_html(tile)}</span>')
    return mark_safe("".join(parts))
