"""Log-in protection with django-axes: who is counted, for how long, and what they see.

The settings (config/settings.py, "Log-in protection") name the functions here. Failures
are counted per username + client address pair, in the database. The 5th failure locks
the pair for FIRST_COOL_OFF; once that has passed the pair may try again, but each further
failure locks it again for twice as long as the last time, up to MAX_COOL_OFF. A log-in
that succeeds forgets the pair's failures, and so does a day without any.

Why each further failure and not each further five: an attacker who waits out the first
lockout gets one guess per lockout, and the wait doubles every time (15 min, 30 min,
1 h, ... a day), so a week of patient guessing yields a dozen tries instead of a few
hundred. The player who mistyped five times is locked 15 minutes, as before.
"""

from __future__ import annotations

import math
import unicodedata
from datetime import timedelta
from typing import Any

from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from django.utils import timezone
from django.utils.translation import gettext as _

FIRST_COOL_OFF = timedelta(minutes=15)
MAX_COOL_OFF = timedelta(hours=24)
#: How long a pair's failures are remembered after its last one (at least MAX_COOL_OFF).
REMEMBERED = timedelta(hours=24)


def attempted_username(request: HttpRequest | None, credentials: dict[str, Any] | None) -> str:
    """Return the username a log-in attempt is counted under: stripped, NFKC, case-folded.

    The log-in form strips and NFKC-normalises what was typed before checking it, so
    "alice", " alice" and "ALICE" are one guess at the same account, and are counted
    as one pair.
    """
    if credentials:
        value = credentials.get("username")
    else:
        value = request.POST.get("username") if request is not None else None
    return unicodedata.normalize("NFKC", str(value or "").strip()).casefold()[:150]


def _pair(request: HttpRequest | None) -> dict[str, Any] | None:
    """Return the lookup of this request's username + address pair, None outside a log-in."""
    if request is None or not hasattr(request, "axes_ip_address"):
        return None
    return {
        "username": attempted_username(request, None),
        "ip_address": request.axes_ip_address,
    }


def cool_off(request: HttpRequest | None) -> timedelta:
    """Return how long the request's pair stays locked: FIRST_COOL_OFF at the limit,
    doubled for each failure counted after it, at most MAX_COOL_OFF."""
    pair = _pair(request)
    if pair is None:
        return FIRST_COOL_OFF
    failures = (
        AccessAttempt.objects.filter(**pair).aggregate(n=Sum("failures_since_start"))["n"] or 0
    )
    limit: int = settings.AXES_FAILURE_LIMIT
    beyond = min(max(0, failures - limit), 16)
    return min(FIRST_COOL_OFF * (1 << beyond), MAX_COOL_OFF)


def lockout_message(request: HttpRequest) -> str:
    """Word the refusal, with the minutes left until the pair may try again."""
    minutes = math.ceil(FIRST_COOL_OFF.total_seconds() / 60)
    pair = _pair(request)
    if pair is not None:
        last = AccessAttempt.objects.filter(**pair).aggregate(t=Max("attempt_time"))["t"]
        if last is not None:
            left = last + cool_off(request) - timezone.now()
            minutes = max(1, math.ceil(left.total_seconds() / 60))
    return _("Too many failed log-ins. Wait %(minutes)d minutes and try again.") % {
        "minutes": minutes
    }


def lockout_response(
    request: HttpRequest, original_response: Any = None, credentials: Any = None
) -> HttpResponse:
    """Answer a locked-out log-in with the log-in page, its form and the refusal (429).

    The page is built here rather than taken from `original_response`: axes' async
    middleware path does not pass that response on.
    """
    from accounts.forms import LoginForm

    username = str(request.POST.get("username", ""))[:150]
    context = {
        "form": LoginForm(request, initial={"username": username}),
        "lockout": lockout_message(request),
        "next": request.POST.get("next") or request.GET.get("next", ""),
    }
    response = TemplateResponse(
        request, "registration/login.html", context, status=settings.AXES_HTTP_RESPONSE_CODE
    )
    return response.render()


class BackoffDatabaseHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes is untyped
    """Axes' database handler, keeping a pair's failures for REMEMBERED after its last one.

    Axes itself deletes failures once one cool-off has passed, which would forget a lockout
    the moment it ends, so the next one could never be longer.
    """

    def clean_expired_user_attempts(
        self, request: HttpRequest | None = None, credentials: dict[str, Any] | None = None
    ) -> int:
        """Delete the failures of pairs that have not failed for REMEMBERED."""
        forget_before = timezone.now() - max(REMEMBERED, MAX_COOL_OFF)
        count: int = AccessAttempt.objects.filter(attempt_time__lte=forget_before).delete()[0]
        return count
