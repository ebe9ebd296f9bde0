"""Per-request account checks: the player's own time zone and language, and suspended
players logged out."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from accounts.moderation import suspension_text
from accounts.services import remembered_language
from accounts.timezones import zone_for


class UserTimezoneMiddleware:
    """Activate the request's time zone: the player's saved one, else the browser's.

    The browser's comes from the `tz` cookie that static/js/timezone.js sets, for
    logged-out visitors too; an unknown or forged value is ignored (UTC).
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        zone = zone_for(getattr(request, "user", None), request.COOKIES)
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


class UserLanguageMiddleware:
    """Show a logged-in player the site in the language they last picked, on any device.

    The language cookie is this browser's own choice and wins. A browser without one (a new
    device, cleared cookies) gets the player's remembered language instead of its
    Accept-Language guess, and keeps it: the cookie is set on the response, also right after
    logging in, so the pages and the live socket that follow agree.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        has_cookie = settings.LANGUAGE_COOKIE_NAME in request.COOKIES
        language = "" if has_cookie else _remembered_language(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        # The view may have logged the player in (or out) meanwhile.
        language = "" if has_cookie else _remembered_language(request)
        if language and settings.LANGUAGE_COOKIE_NAME not in response.cookies:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


def _remembered_language(request: HttpRequest) -> str:
    """Return the logged-in player's remembered language, or "" (none, or not logged in)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    return remembered_language(user)


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
