"""Pieces of the board built in Python rather than by many template nodes each.

The map's ~60 spaces as one piece of SVG, its placing buttons, and the cards. The words are
the templates' own messages (the same msgids), so the catalogues still apply.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape as html_escape
from typing import Any

from django import template
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language, gettext, gettext_noop

from games.terraforming_mars.vocab import (
    BONUS_WORDS,
    CARD_RESOURCE_WORDS,
    NAMED_TILES,
    RESOURCE_WORDS,
    TAG_WORDS,
    TILE_LABELS,
)
from games.words import Arg, Msg, msg
from games.words import catalogue as words_catalogue
from lobby.templatetags.icons import sprite_href
from lobby.templatetags.playtable import action_json

register = template.Library()


# The words the tags below translate at run time, written out for makemessages: it does
# not read inside f-strings, nor a message chosen by a condition.
_MESSAGES = (
    gettext_noop("Cost"),
    gettext_noop("VP: %(vp)s"),
)


_BONUS_SIZE = {1: 6.0, 2: 5.6}  # a bonus icon's size by how many share the hex (3+: 4.6)
_TILE_SIZE = 20.5  # a tile's symbol (a hex of radius 30 in 64) over a hex of radius 9.6


#: A space without tile, claim or button looks the same in every render: its piece of SVG is
#: kept per map space and language (`key` is set by view._compute_geometry on those only).
_STATIC_SPACES: dict[tuple[str, str], tuple[str, Any, object]] = {}


@register.simple_tag
def tm_spaces(spaces: Iterable[Mapping[str, Any]], marks: Any = None) -> SafeString:
    """Return the `<g>` of every space (view.map.spaces): hex, tile, owner, bonus, note.

    Symbols come from the sprite through one `<use>` each in `<defs>` (`#tmb-...` bonus
    icons, `#tmt-...` tiles), so a hex repeats only a short reference. Each `<g>` carries
    `data-space` (the log lights it, map.js); the last placed tile gets a ring on top.
    `marks`: `last_move|marks_at:"space:"`, the other player's last move's number and the
    spaces it placed a tile on (their `<g>` carries `data-last-move`), or None.
    """
    n, marked = marks if marks else (0, ())
    sprite = _esc(sprite_href())
    language = get_language() or ""
    catalogue = words_catalogue()
    parts = []
    used: dict[str, float] = {}
    tiles: set[str] = set()
    last = ""
    for s in spaces:
        key = s.get("key")
        if key is not None:
            found = _STATIC_SPACES.get((key, language))
            if found is None or found[2] is not catalogue:
                # Kept per catalogue as well as per language (games.words does the same).
                html, bonus = _space(s, set())
                found = _STATIC_SPACES[(key, language)] = (html, bonus, catalogue)
            parts.append(found[0])
            used.update(found[1])
            continue
        kinds: set[str] = set()
        html, bonus = _space(s, kinds)
        if f"space:{s['id']}" in marked:
            html = html.replace('">', f'" data-last-move="{int(n)}">', 1)  # the <g>'s tag
        parts.append(html)
        used.update(bonus)
        tiles |= kinds
        if "tm-last" in s["cls"]:
            last = f'<use href="#tm-hex" class="tm-last-ring" x="{s["cx"]}" y="{s["cy"]}"/>'
    defs = [
        '<use id="tm-ring" href="#tm-hex" transform="scale(.86)"/>',
        '<path id="tm-wave" class="tm-wave" d="M-4.5 0q1.1-1.3 2.25 0t2.25 0t2.25 0t2.25 0"/>',
    ]
    for name, size in sorted(used.items()):
        half = f"{-size / 2:g}"
        defs.append(
            f'<use id="tmb-{name}-{size:g}" href="{sprite}#{name}" x="{half}"'
            f' y="{half}" width="{size:g}" height="{size:g}"/>'
        )
    half = f"{-_TILE_SIZE / 2:g}"
    for tile_kind in sorted(tiles):
        defs.append(
            f'<use id="tmt-{tile_kind}" href="{sprite}#tm-tile-{tile_kind}" x="{half}" y="{half}"'
            f' width="{_TILE_SIZE:g}" height="{_TILE_SIZE:g}"/>'
        )
    lit = '<use href="#tm-hex" class="tm-lit-ring" x="0" y="0"/>'
    return mark_safe(f"<defs>{''.join(defs)}</defs>{''.join(parts)}{last}{lit}")


def _space(s: Mapping[str, Any], tiles: set[str]) -> tuple[str, tuple[tuple[str, float], ...]]:
    """Return one space's `<g>` and the bonus symbols it uses (name, size); add its tile kind."""
    cx, cy = s["cx"], s["cy"]
    at = f'x="{cx}" y="{cy}"'
    inner = ""
    used: list[tuple[str, float]] = []
    tile = s.get("tile")
    if tile:
        kind = _esc(tile.get("icon") or tile.get("kind", "special"))
        tiles.add(kind)
        inner += f'<use href="#tmt-{kind}" {at}/>'
        owner = tile["owner"]
        mark = str(int(owner)) if owner >= 0 else "n" if owner == -2 else None
        if mark is not None:
            inner += (
                f'<use href="#tm-ring" class="tm-ring tm-s{mark}" {at}/>'
                f'<rect class="tm-cube tm-f{mark}" x="{cx + 2.6:.1f}"'
                f' y="{cy + 2.4:.1f}" width="3.6" height="3.6" rx=".6"/>'
            )
    else:
        bonus = s.get("bonus") or ()
        if bonus:
            size = _BONUS_SIZE.get(len(bonus), 4.6)
            step = size + 0.3
            left = cx - step * (len(bonus) - 1) / 2
            y = cy - (1.6 if len(bonus) < 3 else 1.0)
            for i, name in enumerate(bonus):
                name = _esc(name)
                used.append((name, size))
                inner += f'<use href="#tmb-{name}-{size:g}" x="{left + i * step:.1f}" y="{y:.1f}"/>'
        if "tm-ocean_reserved" in s["cls"]:
            inner += f'<use href="#tm-wave" x="{cx}" y="{cy + (5 if bonus else 0):.1f}"/>'
        if "claim" in s:
            inner += (
                f'<rect class="tm-claim tm-f{int(s["claim"])}" {at} width="3" height="3"'
                ' transform="translate(2 2)"/>'
            )
        if s.get("note"):
            inner += f'<text {at} dy="6" class="tm-note">{_value(s["note"])}</text>'
    html = (
        f'<g class="tm-space {_esc(s["cls"])}" data-space="{_esc(s["id"])}">'
        f'<title>{_value(s["title"])}</title><use class="tm-h" href="#tm-hex" {at}/>{inner}</g>'
    )
    return html, tuple(used)


def _esc(value: Any) -> str:
    """Escape for HTML text and attributes (the standard library's, without Django's wrappers)."""
    return html_escape(str(value), quote=True)


@register.simple_tag
def tm_space_buttons(spaces: Iterable[Mapping[str, Any]]) -> SafeString:
    """Return a button over every space a tile may be placed on now."""
    label = gettext("Place on %(space)s")
    parts = []
    for s in spaces:
        action = s.get("action")
        if action:
            words = _value(s.get("words", s["id"]))
            parts.append(
                f'<button type="submit" name="action" value="{escape(action_json(action))}"'
                f' class="tm-hex-btn" data-space="{escape(s["id"])}"'
                f' style="left: {escape(s["left"])}%; top: {escape(s["top"])}%"'
                f' aria-label="{label % {"space": words}}" title="{_value(s["title"])}"></button>'
            )
    return mark_safe("".join(parts))


def _value(value: Any) -> str:
    """Return a value as `{{ value }}` shows it: localized, escaped (a `Msg` translated)."""
    return str(conditional_escape(localize(value)))


SYMBOL_LEGEND: tuple[tuple[Msg, tuple[tuple[str, Arg], ...]], ...] = (
    (
        msg("Resources"),
        (
            ("tm-res-megacredit", RESOURCE_WORDS["mc"]),
            ("tm-res-steel", RESOURCE_WORDS["steel"]),
            ("tm-res-titanium", RESOURCE_WORDS["titanium"]),
            ("tm-res-plant", RESOURCE_WORDS["plants"]),
            ("tm-res-energy", RESOURCE_WORDS["energy"]),
            ("tm-res-heat", RESOURCE_WORDS["heat"]),
            # Translators: the brown frame drawn behind a resource: its production.
            ("tm-production", msg("production (the frame behind a resource)")),
        ),
    ),
    (
        msg("Tags"),
        tuple((f"tm-tag-{key}", words) for key, words in TAG_WORDS.items())
        + (("tm-tag-venus", msg("venus")),),
    ),
    (
        msg("Tiles"),
        (
            ("tm-tile-ocean", TILE_LABELS["ocean"]),
            ("tm-tile-greenery", TILE_LABELS["greenery"]),
            ("tm-tile-city", TILE_LABELS["city"]),
            ("tm-tile-special", msg("special tile")),
        ),
    ),
    (
        msg("Special tiles"),
        tuple(
            (f"tm-tile-{name.replace('_', '-')}", TILE_LABELS[name])
            for name in sorted(NAMED_TILES, key=lambda n: (n != "capital", n))
        ),
    ),
    (
        msg("Map bonuses"),
        (
            ("tm-bonus-card", BONUS_WORDS["card"]),
            ("tm-bonus-ocean", BONUS_WORDS["ocean"]),
            ("tm-bonus-delegate", BONUS_WORDS["delegate"]),
        ),
    ),
    (
        msg("Global parameters"),
        (
            ("tm-param-temperature", msg("Temperature")),
            ("tm-param-oxygen", msg("Oxygen")),
            ("tm-param-ocean", msg("Oceans")),
            ("tm-param-tr", msg("Terraform rating")),
            ("tm-param-venus", msg("Venus")),
        ),
    ),
    (
        msg("Card resources"),
        tuple((f"tm-cres-{key}", words) for key, words in CARD_RESOURCE_WORDS.items()),
    ),
    (msg("Other"), (("tm-vp", msg("victory points")),)),
)


@register.simple_tag
def tm_symbol_legend() -> SafeString:
    """Return the legend of every `tm-` symbol of the sprite, by group, with its words."""
    sprite = escape(sprite_href())
    parts = []
    for title, items in SYMBOL_LEGEND:
        rows = "".join(
            f'<li><svg class="icon icon-{name}" width="28" height="28" aria-hidden="true"'
            f' focusable="false"><use href="{sprite}#{name}"></use></svg> {_value(words)}</li>'
            for name, words in items
        )
        parts.append(
            f'<div class="tm-symbols-group"><h4>{_value(title)}</h4>'
            f'<ul class="tm-symbols symbol-legend">{rows}</ul></div>'
        )
    return mark_safe("".join(parts))
