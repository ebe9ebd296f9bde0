"""The site's own "page not found" answer (config.urls' handler404).

Django's other error pages need no view of ours: its default handlers render our
templates `403.html` (with the request), `400.html`, `500.html` and `403_csrf.html`
(without it, so those use `_error_page.html`, which needs no database and no context
processor). None of them is shown while DEBUG is on: then Django's debug pages are.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render


class ExplainedHttp404(Http404):
    """A 404 whose message is a sentence for the player: the 404 page shows it.

    A plain Http404's message is not shown: Django's own (an unknown URL,
    `get_object_or_404`) are English and name models.
    """


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Answer 404 with our page: the view's explanation if it gave one, and ways back."""
    message = str(exception) if isinstance(exception, ExplainedHttp404) else ""
    # htmx swaps 4xx answers into the page (see base.html): send only the sentence.
    template = "_404_partial.html" if getattr(request, "htmx", False) else "404.html"
    return render(request, template, {"message": message}, status=404)
