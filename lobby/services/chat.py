"""Table chat: post a message (length- and rate-limited), hide one (moderators)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _

from config import ratelimit
from games.words import msg
from lobby.embedded import group_send
from lobby.errors import BadRequest, NotAllowed, NotFound, RateLimited
from lobby.models import ChatMessage, Table
from lobby.selectors import can_watch, table_get


def _rate_check(user: Any) -> None:
    """Count the message against the user's window; refuse once the window is full."""
    count, seconds = settings.CHAT_RATE_COUNT, settings.CHAT_RATE_SECONDS
    if not ratelimit.hit(f"chat:{user.pk}", limit=count, window=seconds, fail_open=True):
        raise RateLimited(
            _(
                "You are sending messages too fast: at most %(count)d in %(seconds)d seconds. "
                "Wait a moment and try again."
            )
            % {"count": count, "seconds": seconds}
        )


def chat_post(*, code: Any, user: Any, text: str, invited: bool = False) -> ChatMessage:
    """Post `text` to a table's chat and ring its sockets after commit.

    Logged-in players may chat where they may watch: seated players, and spectators
    of public tables or holders of a private table's invitation.
    """
    table = table_get(code=code)
    if table is None or not can_watch(table, user, [str(table.code)] if invited else []):
        raise NotFound(_("There is no such table."))
    if user is None or not user.is_authenticated:
        raise NotAllowed(_("Log in to chat."))
    if getattr(user, "is_suspended", False):
        raise NotAllowed(_("Your account is suspended, so you cannot chat."))
    text = (text or "").strip()
    if not text:
        raise BadRequest(_("Write something first."))
    if len(text) > ChatMessage.MAX_LENGTH:
        raise BadRequest(
            _("A message has at most %(max)d characters; yours has %(n)d.")
            % {"max": ChatMessage.MAX_LENGTH, "n": len(text)}
        )
    _rate_check(user)
    with transaction.atomic():
        message = ChatMessage.objects.create(table=table, user=user, text=text)
        chat_notify(table=table, message_id=message.id, event="chat.message")
    return message


def chat_notify(*, table: Table, message_id: int, event: str) -> None:
    """After commit, tell the table's sockets that a message appeared ("chat.message")
    or was hidden ("chat.hidden"); each socket renders it for its own user."""
    group = table.group_name

    def ring() -> None:
        group_send(group, {"type": event, "id": message_id})

    transaction.on_commit(ring, robust=True)


@transaction.atomic
def chat_hide(*, moderator: Any, message_id: int, reason: str, hide: bool = True) -> ChatMessage:
    """Hide a message from everyone (or show it again), and write the moderation log."""
    from accounts.models import ModerationLog
    from accounts.moderation import moderation_log_write

    message = ChatMessage.objects.select_for_update().select_related("table").get(id=message_id)
    message.hidden = hide
    message.hidden_by = moderator if hide else None
    message.hidden_reason = reason if hide else ""
    message.save(update_fields=["hidden", "hidden_by", "hidden_reason"])
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.CHAT_HIDE if hide else ModerationLog.Action.CHAT_UNHIDE,
        reason=reason,
        target=msg("chat message %(number)s", number=message.id),
        target_user=message.user,
        table=message.table,
        details={"message": message.id, "text": message.text},
    )
    if hide:
        chat_notify(table=message.table, message_id=message.id, event="chat.hidden")
    return message
