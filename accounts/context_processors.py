"""Template context for every page: the unread notification count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpRequest

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser

    from accounts.models import User


def notifications(request: HttpRequest) -> dict[str, Any]:
    """Return the number of unread notices, counted only when a template asks for it."""
    user: User | AnonymousUser | None = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    def unread() -> int:
        return user.notifications.filter(read_at__isnull=True).count()

    return {"unread_notifications": unread}
