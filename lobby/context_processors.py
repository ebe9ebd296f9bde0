"""Template context for every page: the navigation's counts (unread notices, your turns).

It lives in the lobby because it counts the lobby's seats; accounts never imports the lobby.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest

from accounts.models import Notification, User
from lobby.selectors import seats_to_move

if TYPE_CHECKING:
    from django.contrib.auth.models import AnonymousUser


def _count(rows: QuerySet[Any]) -> Coalesce:
    """Return COUNT(rows) as a subquery expression (rows are filtered on the outer user)."""
    counted = rows.order_by().values("user_id").annotate(n=Count("pk")).values("n")
    return Coalesce(Subquery(counted, output_field=IntegerField()), 0)


def nav_counts(user: User) -> dict[str, int]:
    """Return {"unread": unread notices, "turns": tables where it is the player's turn}.

    One query for both, because every page shows both.
    """
    unread = Notification.objects.filter(user_id=OuterRef("pk"), read_at__isnull=True)
    row = (
        User.objects.filter(pk=user.pk)
        .annotate(unread=_count(unread), turns=_count(seats_to_move(user_id=OuterRef("pk"))))
        .values("unread", "turns")
        .first()
    )
    return row or {"unread": 0, "turns": 0}


def notifications(request: HttpRequest) -> dict[str, Any]:
    """Return the navigation's counts, queried only when (and once) a template asks for one."""
    user: User | AnonymousUser | None = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    counts: dict[str, int] = {}

    def count(key: str) -> int:
        if not counts:
            counts.update(nav_counts(user))
        return counts[key]

    return {
        "unread_notifications": lambda: count("unread"),
        "turns_to_move": lambda: count("turns"),
    }
