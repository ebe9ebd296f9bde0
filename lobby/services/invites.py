"""Invite a friend to an open table: a notice with the table's invitation link."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from games.registry import get_engine
from games.words import msg
from lobby.errors import Conflict, NotAllowed, NotFound
from lobby.models import Table
from lobby.selectors import table_get


def friend_invite(*, code: Any, user: Any, username: str) -> Any:
    """Send `username`, a friend of the table's creator, the invitation link; return them."""
    from accounts.models import Notification, Relationship, User
    from accounts.services import notification_post, relationship_exists

    table = table_get(code=code)
    if table is None:
        raise NotFound(_("There is no such table."))
    if table.created_by_id != user.id:
        raise NotAllowed(_("Only the table's creator can invite friends."))
    if table.status != Table.Status.OPEN:
        raise Conflict(_("This table has already started or is closed."))
    friend = User.objects.filter(username=username, is_active=True).first()
    if friend is None or not relationship_exists(
        user=user, other=friend, kind=Relationship.Kind.FRIEND
    ):
        raise NotAllowed(_("You can invite only your friends from here."))
    if relationship_exists(user=friend, other=user, kind=Relationship.Kind.BLOCK):
        raise NotAllowed(_("%(name)s does not accept invitations from you.") % {"name": username})
    if any(seat.user_id == friend.id for seat in table.seats.all()):
        raise Conflict(_("%(name)s is already seated here.") % {"name": username})
    notification_post(
        user=friend,
        kind=Notification.Kind.INVITE,
        text=msg(
            "%(name)s invites you to a table of %(game)s.",
            name=user.username,
            game=get_engine(table.game).name,
        ),
        url=reverse("lobby:invite", args=[table.code, table.invite_token]),
        subject=str(table.code),
    )
    return friend
