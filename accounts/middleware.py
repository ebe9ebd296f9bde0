"""Per-request account checks: the player's own time zone, and suspended players logged out."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.moderation import suspension_text


class UserTimezoneMiddleware:
    """Activate the logged-in player's time zone for the request."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            try:
                timezone.activate(zoneinfo.ZoneInfo(user.time_zone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        return self.get_response(request)


class SuspendedUserMiddleware:
    """Log a suspended or banned player out on their next request, saying why.

    Runs after the message middleware, so the notice survives the logout (the cookie
    store keeps it) and shows on the next page.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and getattr(user, "is_suspended", False):
            text = suspension_text(user)
            logout(request)
            messages.error(request, text)
        return self.get_response(request)
