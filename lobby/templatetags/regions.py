"""Board regions: the parts of a board that a push can replace on their own.

    {% load regions %}
    {% region "hand" %}<section class="lc-hand">…</section>{% endregion %}

renders `<div id="<board_id>-hand" class="region">…</div>` (CSS gives `.region`
`display: contents`, so a region never changes the layout). When the board is rendered
for a push (`lobby.rendering.board_render`), each region's HTML is also kept apart, and
what lies outside every region (the board's skeleton) is hashed: a socket then sends only
the regions that changed for its viewer, and the whole board when the skeleton changed.
So a board stays correct whatever it wraps in regions; regions only make pushes smaller.

Regions never nest (a region inside a region is a template error).
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

register = template.Library()

#: The context key of the collector a push render passes in (a dict name → HTML).
COLLECTOR = "_regions"
#: The context key of the regions to mark as changed since the viewer's last move.
RECAP_CHANGED = "recap_changed"


def marker(name: str) -> str:
    """Return what a collected region leaves in the skeleton (NUL never occurs in HTML)."""
    return f"\x00region:{name}\x00"


class RegionNode(template.Node):
    def __init__(self, name: template.base.FilterExpression, nodelist: template.NodeList) -> None:
        self.name, self.nodelist = name, nodelist

    def render(self, context: Any) -> SafeString:
        name = str(self.name.resolve(context))
        if context.get("_in_region"):
            raise template.TemplateSyntaxError(f"region {name!r} is inside another region")
        with context.push(_in_region=True):
            content = self.nodelist.render(context)
        css, note = "region", ""
        if name in context.get(RECAP_CHANGED, ()):
            # "Since your last move" (lobby.recap): seen by the outline, heard by this note.
            css = "region recap-changed"
            note = format_html(
                '<span class="sr-only">{}</span>', gettext("Changed since your last move:")
            )
        element = format_html(
            '<div id="{}-{}" class="{}">{}{}</div>',
            context.get("board_id", "board"),
            name,
            css,
            note,
            mark_safe(content),
        )
        collector = context.get(COLLECTOR)
        if collector is None:
            return element
        if name in collector:
            raise template.TemplateSyntaxError(f"region {name!r} is rendered twice")
        collector[name] = str(element)
        return mark_safe(marker(name))


@register.tag("region")
def do_region(parser: template.base.Parser, token: template.base.Token) -> RegionNode:
    """`{% region "name" %}…{% endregion %}`: see the module's text."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError('usage: {% region "name" %}…{% endregion %}')
    nodelist = parser.parse(("endregion",))
    parser.delete_first_token()
    return RegionNode(parser.compile_filter(bits[1]), nodelist)
