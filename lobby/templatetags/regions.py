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

A region may also say what it reads, so that a push need not draw it again while that
stays the same:

    {% region "theirs" keep columns who last_move|marks_at:"column:" %}

In a push drawing (one with a collector: no request, so no CSRF token inside), such a
region is kept per process (its element and that's hash, `Drawn`) under a hash of those
values (pickled, so nothing of them is left out), the region's place in its template,
the board and the language and time zone; the next drawing with the same values reuses
it instead of rendering it.
The values must be everything the inside reads: `tests/lobby/test_region_keep.py` plays
every game and checks each kept drawing against one drawn afresh.

When the inside reads only some fields of each item of a list that changes more often
than they do, `fields` names just those, so the region is reused while they stay:

    {% region "scores" keep view.seats|fields:"seat points to_move" seat_names %}
"""

from __future__ import annotations

import contextvars
import functools
import hashlib
import html
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django import template
from django.db.models import Model
from django.utils import timezone, translation
from django.utils.safestring import SafeString
from django.utils.translation import gettext

register = template.Library()

#: The context key of the collector a push render passes in (a dict name → HTML).
COLLECTOR = "_regions"
#: The context key of the hashes of collected regions already hashed (name → hash).
DIGESTS = "_region_digests"
#: The context key of the drawing's language and time zone, read once per drawing (a push
#: drawing sets it; without it each kept region asks Django).
LANGUAGE_ZONE = "_language_zone"
#: The context key of the regions to mark as changed since the viewer's last move.
RECAP_CHANGED = "recap_changed"
#: Whether a region is being drawn: regions never nest, in either template language
#: (a Jinja2 board, lobby/jinja.py, may draw a Django one and the other way round).
IN_REGION: contextvars.ContextVar[bool] = contextvars.ContextVar("in_region", default=False)


def marker(name: str) -> str:
    """Return what a collected region leaves in the skeleton (NUL never occurs in HTML)."""
    return f"\x00region:{name}\x00"


def digest(text: str) -> str:
    """Return the hash a socket compares to tell whether a region (or skeleton) changed."""
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


@dataclass(frozen=True)
class Drawn:
    """A kept region as a push drawing collects it: its whole element and that's hash.

    The same string is then handed to every drawing that reuses it (the two seats' views
    of a move share most regions), so it is written and hashed once, and what is sent or
    kept later (the socket's text, the shared drawing's pickle) finds its UTF-8 form
    already made.
    """

    element: str
    digest: str


class Kept:
    """The kept regions of this process (`Drawn`), least recently used dropped first."""

    def __init__(self, size: int, chars: int) -> None:
        self.size, self.chars = size, chars
        self.enabled = True
        self.hits = self.misses = 0
        self._items: OrderedDict[bytes, Drawn] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    def get(self, key: bytes) -> Drawn | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
                self._items.move_to_end(key)
            return found

    def put(self, key: bytes, drawn: Drawn) -> None:
        with self._lock:
            old = self._items.pop(key, None)
            self._held += len(drawn.element) - (len(old.element) if old is not None else 0)
            self._items[key] = drawn
            while len(self._items) > self.size or self._held > self.chars:
                self._held -= len(self._items.popitem(last=False)[1].element)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._held = self.hits = self.misses = 0


#: Kept region insides, at most 8,192 of them and 16 million characters in all (tests
#: switch `enabled` off to compare with fresh drawings).
KEPT = Kept(size=8192, chars=16_000_000)


def keep_key(where: tuple[Any, ...], values: list[Any], name: str) -> bytes | None:
    """Return the hash of a kept region's place (`where`) and what it reads (`values`), or
    None when something in them cannot be pickled (the region is then drawn)."""
    for value in values:
        if isinstance(value, Model):
            # A model drags its whole row (and clocks set on it) into the key.
            raise template.TemplateSyntaxError(
                f"region {name!r} keeps a model: keep the fields it reads instead"
            )
    try:
        data = pickle.dumps((where, values), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # something that cannot be pickled: no keeping, draw it
        return None
    return hashlib.blake2b(data, digest_size=16).digest()


def language_zone(context: Mapping[str, Any] | Any) -> Any:
    """Return the drawing's language and time zone (read once per push drawing)."""
    return context.get(LANGUAGE_ZONE) or (
        translation.get_language(),
        timezone.get_current_timezone_name(),
    )


def draw_region(
    name: str,
    context: Mapping[str, Any] | Any,
    place: tuple[Any, ...],
    keep: Callable[[], list[Any]] | None,
    draw: Callable[[], Any],
) -> SafeString:
    """Draw a region, for the region tags of both template languages (this module's and
    lobby/jinja.py's): `draw()` draws its inside; `keep()` returns what the inside reads
    (None: a region that keeps nothing), `place` says where the tag is (template, line).

    Regions never nest. In a push drawing (a collector in the context) a kept region is
    reused while what it reads, its place, the board, language and zone stay the same.
    """
    if IN_REGION.get():
        raise template.TemplateSyntaxError(f"region {name!r} is inside another region")
    token = IN_REGION.set(True)
    try:
        recap = name in context.get(RECAP_CHANGED, ())
        key = _kept_key(name, context, place, keep, recap)
        if key is None:
            element = _element(name, str(draw()), context, recap)
            return region_out(name, element, context)
        drawn = KEPT.get(key)
        if drawn is None:
            element = _element(name, str(draw()), context, recap)
            drawn = Drawn(element, digest(element))
            KEPT.put(key, drawn)
        return region_out(name, drawn.element, context, drawn.digest)
    finally:
        IN_REGION.reset(token)


def _kept_key(
    name: str,
    context: Mapping[str, Any] | Any,
    place: tuple[Any, ...],
    keep: Callable[[], list[Any]] | None,
    recap: bool,
) -> bytes | None:
    """Return the key a kept region is found under, or None when it is drawn each time."""
    if keep is None or context.get(COLLECTOR) is None or not KEPT.enabled:
        return None
    where = (*place, name, context.get("board_id"), language_zone(context), recap)
    return keep_key(where, keep(), name)


def _element(name: str, content: str, context: Mapping[str, Any] | Any, recap: bool) -> str:
    """Return a region's element around its drawn inside."""
    css, note = "region", ""
    if recap:
        # "Since your last move" (lobby.recap): seen by the outline, heard by this note.
        css = "region recap-changed"
        words = gettext("Changed since your last move:")
        note = f'<span class="sr-only">{html.escape(words)}</span>'
    # Plain escaping, not format_html: a drawing has a dozen regions or more.
    board_id = html.escape(str(context.get("board_id", "board")))
    return f'<div id="{board_id}-{html.escape(name)}" class="{css}">{note}{content}</div>'


def region_out(
    name: str, element: str, context: Mapping[str, Any] | Any, hashed: str | None = None
) -> SafeString:
    """Return a drawn region: its element, or, in a push drawing, the marker that stands for
    the element, which goes to the collector (with its hash, when already made)."""
    collector = context.get(COLLECTOR)
    if collector is None:
        return SafeString(element)  # escaped when built; the content is HTML
    if name in collector:
        raise template.TemplateSyntaxError(f"region {name!r} is rendered twice")
    collector[name] = element
    if hashed is not None:
        context.get(DIGESTS, {})[name] = hashed
    return _safe_marker(name)


@functools.cache
def _safe_marker(name: str) -> SafeString:
    """The marker of a region as safe text (the same for every drawing)."""
    return SafeString(marker(name))


class RegionNode(template.Node):
    def __init__(
        self,
        name: template.base.FilterExpression,
        nodelist: template.NodeList,
        keep: list[template.base.FilterExpression] | None = None,
    ) -> None:
        self.name, self.nodelist, self.keep = name, nodelist, keep

    def render(self, context: Any) -> SafeString:
        keep = self.keep
        return draw_region(
            str(self.name.resolve(context)),
            context,
            (getattr(self.origin, "name", ""), getattr(self.token, "lineno", 0)),
            None if keep is None else lambda: [value.resolve(context) for value in keep],
            lambda: self.nodelist.render(context),
        )


@register.tag("region")
def do_region(parser: template.base.Parser, token: template.base.Token) -> RegionNode:
    """`{% region "name" [keep value …] %}…{% endregion %}`: see the module's text."""
    bits = token.split_contents()
    if len(bits) < 2 or (len(bits) > 2 and (bits[2] != "keep" or len(bits) == 3)):
        raise template.TemplateSyntaxError(
            'usage: {% region "name" %}…{% endregion %} or {% region "name" keep value … %}'
        )
    keep = [parser.compile_filter(bit) for bit in bits[3:]] if len(bits) > 2 else None
    nodelist = parser.parse(("endregion",))
    parser.delete_first_token()
    return RegionNode(parser.compile_filter(bits[1]), nodelist, keep)


@register.filter
def fields(items: Any, names: str) -> tuple[tuple[Any, ...], ...] | None:
    """Return, for each item, its values of the space-separated field `names` (a keep key).

    Items are mappings (a view's dicts) or objects; a missing field reads None. None when
    `items` is None (no list, nothing read).
    """
    if items is None:
        return None
    keys = names.split()
    return tuple(
        tuple(
            item.get(key) if isinstance(item, Mapping) else getattr(item, key, None) for key in keys
        )
        for item in items
    )


@register.filter
def when(value: Any, condition: Any) -> Any:
    """Return `value` when `condition` holds, else None (a keep key read only under it).

    `{% region "hand" keep view.phase|when:view.your_turn %}`: the phase matters to the
    region only on the viewer's turn, so the other turns reuse the drawing.
    """
    return value if condition else None
