"""Table chat as one viewer sees it: the recent messages, and one message for a socket."""

from __future__ import annotations

import zoneinfo
from typing import Any

from django.template.loader import render_to_string
from django.utils import timezone

from accounts.timezones import saved_zone
from lobby.models import ChatMessage, Table

CHAT_RECENT = 50


def chat_hidden_authors(*, user: Any) -> set[int]:
    """Return the ids of players whose messages `user` does not see (muted or blocked)."""
    from accounts.selectors import hidden_author_ids

    return hidden_author_ids(user=user)


def chat_list_visible(*, table: Table, user: Any, limit: int = CHAT_RECENT) -> list[ChatMessage]:
    """Return the last `limit` messages `user` may see, oldest first."""
    if user is None or not user.is_authenticated:
        return []
    messages = (
        ChatMessage.objects.filter(table=table, hidden=False)
        .exclude(user_id__in=chat_hidden_authors(user=user))
        .select_related("user")
        .order_by("-id")[:limit]
    )
    return list(reversed(messages))


def chat_message_html(
    *, message_id: int, user: Any, zone: zoneinfo.ZoneInfo | None = None
) -> str | None:
    """Return the out-of-band swap that appends one message to `user`'s chat list.

    Its time reads in `zone` (the socket's page's: lobby.consumers), else in the zone the
    player saved, else UTC. None when `user` does not see it: not logged in, the message
    is hidden, or its author is someone `user` muted or blocked.
    """
    if user is None or not user.is_authenticated:
        return None
    message = ChatMessage.objects.select_related("user", "table").filter(id=message_id).first()
    if message is None or message.hidden:
        return None
    if message.user_id in chat_hidden_authors(user=user):
        return None
    with timezone.override(zone or saved_zone(user) or zoneinfo.ZoneInfo("UTC")):
        return render_to_string(
            "lobby/_chat_oob.html",
            {
                "message": message,
                "table": message.table,
                "user": user,
                "seat_colours": seat_colours(message.table.seats.all()),
            },
        )


def seat_colours(seats: Any) -> dict[int, int]:
    """Map each seated player's id to their seat position: their colour at this table."""
    return {seat.user_id: seat.position for seat in seats if seat.user_id is not None}


def chat_hidden_html(*, message_id: int) -> str:
    """Return the out-of-band swap that removes a hidden message from every chat list."""
    return render_to_string("lobby/_chat_hidden.html", {"message_id": message_id})
