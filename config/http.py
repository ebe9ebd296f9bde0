"""Typed requests for views' annotations: what the middleware adds to a request.

For the type checker only: a view still receives Django's HttpRequest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails

if TYPE_CHECKING:
    from accounts.models import User


class HtmxHttpRequest(HttpRequest):
    """A request that passed django_htmx's middleware (every request does): it has `htmx`."""

    htmx: HtmxDetails


class AuthenticatedHttpRequest(HtmxHttpRequest):
    """A request to a login_required view: `user` is a logged-in player."""

    user: User
