"""`{% icon "name" label %}`: a symbol of the sprite (`lobby/icons.py`), with its words."""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from config.urlcache import static_cached

register = template.Library()


def sprite_href() -> str:
    """Return the sprite's address (kept per process: boards draw it dozens of times)."""
    return static_cached("icons/sprite.svg")


@register.simple_tag
def icon(name: str, label: str = "", css: str = "") -> SafeString:
    """Return an inline `<svg>` using the sprite's symbol `name`.

    With a `label` (already translated), screen readers read it and it shows as a tooltip;
    without one the icon is decoration (`aria-hidden`), for when words stand beside it.
    Written once per process for each name, words, classes and sprite address.
    """
    return _icon(str(name), str(label), str(css), sprite_href())


@lru_cache(maxsize=4096)
def _icon(name: str, label: str, css: str, sprite: str) -> SafeString:
    href = f"{sprite}#{name}"
    classes = f"icon icon-{name} {css}".strip()
    if label:
        return format_html(
            '<svg class="{}" role="img" aria-label="{}"><title>{}</title>'
            '<use href="{}"></use></svg>',
            classes,
            label,
            label,
            href,
        )
    return format_html(
        '<svg class="{}" aria-hidden="true" focusable="false"><use href="{}"></use></svg>',
        classes,
        href,
    )


#: For Jinja2 boards (lobby/jinja.py): `{{ icon("mo-chip") }}`.
JINJA_GLOBALS = {"icon": icon}
