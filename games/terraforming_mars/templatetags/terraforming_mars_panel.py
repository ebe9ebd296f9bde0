"""The compact player panel of Terraforming Mars: resources, production and tags as icons.

Built here rather than by a template loop: a board draws it once per player on every push.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.words import Msg
from lobby.templatetags.icons import icon

register = template.Library()


def _words(value: Any) -> str:
    """A label in the active language (engine words are `Msg`, said on demand)."""
    return value.say() if isinstance(value, Msg) else str(value)


def _signed(n: int) -> str:
    """A production as printed: "+3", "0", "-1"."""
    return f"+{n}" if n > 0 else str(n)


@register.simple_tag
def tm_resources(player: dict[str, Any]) -> SafeString:
    """Each resource of `player` (a `_player_view`): its icon, stock and production (framed)."""
    production = gettext("production")
    items = (
        (
            r["key"],
            icon(r["icon"], _words(r["label"])),
            r["stock"],
            production,
            production,
            _signed(r["prod"]),
        )
        for r in player["resources"]
    )
    return format_html(
        '<ul class="tm-stats">{}</ul>',
        format_html_join(
            "",
            '<li class="tm-stat tm-r-{}">{}<span class="tm-stock">{}</span>'
            '<span class="tm-prodbox" title="{}"><span class="sr-only">{}</span>{}</span></li>',
            items,
        ),
    )


@register.simple_tag
def tm_glance_resources(player: dict[str, Any]) -> SafeString:
    """The six resources of `player` in the players' summary: icon, stock, "(+production)"."""
    production = gettext("production")
    return format_html(
        '<ul class="tm-glance-res">{}</ul>',
        format_html_join(
            "",
            '<li class="tm-r-{}">{}<span class="tm-glance-stock">{}</span>'
            '<span class="tm-glance-prod"><span class="sr-only">{}</span>({})</span></li>',
            (
                (
                    r["key"],
                    icon(r["icon"], _words(r["label"])),
                    r["stock"],
                    production,
                    _signed(r["prod"]),
                )
                for r in player["resources"]
            ),
        ),
    )


@register.simple_tag
def tm_tags(player: dict[str, Any]) -> SafeString:
    """The tags `player` has in play, one icon and count each."""
    if not player["tags"]:
        return mark_safe("")
    return format_html(
        '<ul class="tm-tagsum">{}</ul>',
        format_html_join(
            "",
            '<li class="tm-tag-{}">{}<span>{}</span></li>',
            (
                (t["tag"], icon(f"tm-tag-{t['tag']}", _words(t["label"])), t["count"])
                for t in player["tags"]
            ),
        ),
    )


@register.simple_tag
def tm_still_choosing(status: Any, seats: Any) -> str:
    """Return the names of the players still making their setup choice ("ann, bo"), or "".

    `status` is the view's `selection.status` (a seat and whether it is done, for every
    seat): it says who is ready, never what they chose.
    """
    from lobby.templatetags.playtable import seat_name

    names = [seat_name(seats, s["seat"]) for s in status or () if not s["done"]]
    return ", ".join(name for name in names if name)
