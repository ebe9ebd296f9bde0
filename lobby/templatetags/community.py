"""The table page's community pieces: the chat panel and the creator's friend invitations."""

from __future__ import annotations

from typing import Any

from django import template

from lobby.chat import chat_list_visible, seat_colours
from lobby.models import ChatMessage, Table

register = template.Library()


@register.inclusion_tag("lobby/_chat.html", takes_context=True)
def chat_panel(context: template.Context, table: Table) -> dict[str, Any]:
    """Render the table's chat as the page's user sees it, with the form to post."""
    user = context.get("user")
    seats = context.get("seats") or list(table.seats.all())
    return {
        "table": table,
        "user": user,
        "request": context.get("request"),
        "csrf_token": context.get("csrf_token"),
        "chat_messages": chat_list_visible(table=table, user=user),
        "seat_colours": seat_colours(seats),
        "chat_error": context.get("chat_error"),
        "chat_text": context.get("chat_text", ""),
        "max_length": ChatMessage.MAX_LENGTH,
        "others": [
            seat.user
            for seat in seats
            if seat.user_id is not None and user is not None and seat.user_id != user.id
        ],
    }


@register.inclusion_tag("lobby/_friend_invites.html", takes_context=True)
def friend_invites(context: template.Context, table: Table) -> dict[str, Any]:
    """Offer the creator of an open table an Invite button for each friend not yet seated."""
    from accounts.models import Relationship
    from accounts.selectors import user_list_related

    user = context.get("user")
    friends = []
    if (
        user is not None
        and user.is_authenticated
        and table.status == Table.Status.OPEN
        and table.created_by_id == user.id
    ):
        seated = {seat.user_id for seat in table.seats.all()}
        friends = [
            friend
            for friend in user_list_related(user=user, kind=Relationship.Kind.FRIEND)
            if friend.id not in seated
        ]
    return {"table": table, "friends": friends, "csrf_token": context.get("csrf_token")}
