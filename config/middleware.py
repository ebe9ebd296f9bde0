"""Refuse, before any view runs, a request carrying text the database cannot store.

PostgreSQL rejects a NUL character in text (and a lone UTF-16 surrogate cannot be
encoded at all), so such a value reaching a query or a save is a 500 half-way through
a request. One guard for every request answers 400 with a sentence instead. It looks
at the path, the query string, headers and cookies, form fields (names and values),
uploads' field names, and JSON or text bodies.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.html import format_html
from django.utils.translation import gettext as _

NUL = "\x00"
_FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _json_strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _json_strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _json_strings(item)


def _texts(request: HttpRequest) -> Iterator[str]:
    """Yield every piece of text of `request` that a view might store."""
    yield request.path
    for key, values in request.GET.lists():
        yield key
        yield from values
    for key, value in request.META.items():
        if key.startswith("HTTP_") and isinstance(value, str):
            yield value
    yield from request.COOKIES
    yield from request.COOKIES.values()
    content_type = request.content_type or ""
    if request.method == "POST" and content_type in _FORMS:
        for key, values in request.POST.lists():
            yield key
            yield from values
        # Uploads' own names need no check: Django drops their unprintable characters.
        yield from request.FILES
    elif content_type == "application/json" or content_type.endswith("+json"):
        body = request.body
        if b"\x00" in body:
            yield NUL
        try:
            data = json.loads(body)
        except ValueError:
            data = None  # Not JSON (or not UTF-8): the view answers that.
        yield from _json_strings(data)
    elif content_type.startswith("text/") and b"\x00" in request.body:
        yield NUL


def unstorable_text(request: HttpRequest) -> str | None:
    """Return why `request` cannot be stored ("nul" or "surrogate"), or None when it can."""
    for text in _texts(request):
        if NUL in text:
            return "nul"
        if _surrogate(text):
            return "surrogate"
    return None


class UnstorableTextMiddleware:
    """Answer 400 with a sentence to a request carrying a NUL byte or a lone surrogate.

    Placed right after SecurityMiddleware, before sessions, log-in and views read the
    request. htmx swaps 4xx answers into the page (see base.html), so the same short
    HTML sentence serves both a page load and an htmx request. Reading the form this
    early means no view may change `request.upload_handlers`; none does.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        problem = unstorable_text(request)
        if problem is None:
            return self.get_response(request)
        # The locale middleware has not run yet: pick the language the same way.
        with translation.override(translation.get_language_from_request(request)):
            if problem == "nul":
                message = _(
                    "Your request contained a character that cannot be stored (a NUL byte)."
                )
            else:
                message = _("Your request contained text that is not valid Unicode.")
            body = format_html('<p class="error" role="alert">{}</p>\n', message)
        return HttpResponse(body, status=400, content_type="text/html; charset=utf-8")


class UnstorableSocketGuard:
    """The same guard for WebSocket handshakes: a NUL in the path, query string or a
    header (a session cookie, say) is refused before the session is looked up, which
    on PostgreSQL would fail half-way through the handshake."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        from channels.security.websocket import WebsocketDenier

        raw = [
            scope.get("path", "").encode("utf-8", "surrogatepass"),
            scope.get("query_string", b""),
        ]
        raw += [value for _name, value in scope.get("headers", ())]
        if any(b"\x00" in part or b"%00" in part for part in raw):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
