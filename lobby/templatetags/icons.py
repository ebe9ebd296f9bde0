"""`{% icon "name" label %}`: a symbol of the sprite (`lobby/icons.py`), with its words."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def icon(name: str, label: str = "", css: str = "") -> SafeString:
    """Return an inline `<svg>` using the sprite's symbol `name`.

    With a `label` (already translated), screen readers read it and it shows as a tooltip;
    without one the icon is decoration (`aria-hidden`), for when words stand beside it.
    """
    href = f"{static('icons/sprite.svg')}#{name}"
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
