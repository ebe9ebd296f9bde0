"""Writes of the accounts app: in-site notices, friends, blocks and mutes, and reports."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import translation
from django.utils.text import Truncator
from django.utils.translation import gettext as _

from accounts.models import Notification, Relationship, Report
from games.words import Msg, encode


class RelationshipError(Exception):
    """A friend, block, mute or report that cannot be made; the message is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def remembered_language(user: Any) -> str:
    """Return the offered language `user` last picked, or "" if none (or it is not offered)."""
    language = getattr(user, "language", "") or ""
    return language if language in dict(settings.LANGUAGES) else ""


def user_language(user: Any) -> str:
    """Return the language to write to `user` in: the one they last picked, else the site's."""
    return remembered_language(user) or settings.LANGUAGE_CODE


Wording = str | Msg | Callable[[], str]
"""A notice's text: a sentence (`games.words.Msg`, said in each reader's language when
read), a function that words it (called in the reader's language), or plain text."""


def worded(user: Any, text: Wording) -> str:
    """Return `text` as `user` reads it: in their language, unless it is plain text."""
    if isinstance(text, Msg):
        with translation.override(user_language(user)):
            return text.say()
    if not callable(text):
        return str(text)
    with translation.override(user_language(user)):
        return text()


def notification_post(
    *, user: Any, kind: str, text: Wording, url: str = "", subject: str = ""
) -> str:
    """Post a notice; an unread notice of the same kind about the same subject is replaced.

    `text` is best a sentence (`msg("…", …)`): kept as data, it is said in the reader's
    language whenever the notice is read; a function that words the notice is called in
    the reader's language when posted. Return the notice's text as posted (in the
    reader's language: for an e-mail).
    """
    words = encode(text) if isinstance(text, Msg) else None
    text = worded(user, text)
    if subject:
        Notification.objects.filter(
            user=user, kind=kind, subject=subject, read_at__isnull=True
        ).delete()
    max_length = Notification._meta.get_field("text").max_length
    assert max_length is not None  # the field declares one
    text = Truncator(text).chars(max_length)
    Notification.objects.create(
        user=user, kind=kind, text=text, words=words, url=url, subject=subject
    )
    return text


def notifications_post(
    *, users: Iterable[Any], kind: str, text: Wording, url: str = "", subject: str = ""
) -> None:
    """Post the same notice to several players."""
    for user in users:
        notification_post(user=user, kind=kind, text=text, url=url, subject=subject)


@transaction.atomic
def relationship_add(*, user: Any, other: Any, kind: str) -> Relationship:
    """Make `other` the user's friend, or block or mute them; adding twice changes nothing.

    A block also ends the friendship both ways: the blocked player can no longer send
    invitations, and the blocker's invite list no longer offers them.
    """
    if kind not in Relationship.Kind.values:
        raise RelationshipError(_("Choose friend, block or mute."))
    if user.pk == other.pk:
        raise RelationshipError(_("You cannot do that to yourself."))
    if kind == Relationship.Kind.FRIEND and relationship_exists(
        user=user, other=other, kind=Relationship.Kind.BLOCK
    ):
        raise RelationshipError(_("Unblock %(name)s first.") % {"name": other.username})
    if kind == Relationship.Kind.BLOCK:
        Relationship.objects.filter(
            from_user__in=[user, other], to_user__in=[user, other], kind=Relationship.Kind.FRIEND
        ).delete()
    try:
        with transaction.atomic():
            relation, _created = Relationship.objects.get_or_create(
                from_user=user, to_user=other, kind=kind
            )
    except IntegrityError:  # the same click twice at once
        relation = Relationship.objects.get(from_user=user, to_user=other, kind=kind)
    return relation


def relationship_remove(*, user: Any, other: Any, kind: str) -> bool:
    """Remove a friend, or unblock or unmute; return whether there was something to remove."""
    deleted, _rows = Relationship.objects.filter(from_user=user, to_user=other, kind=kind).delete()
    return deleted > 0


def relationship_exists(*, user: Any, other: Any, kind: str) -> bool:
    """Return whether `user` holds `other` as friend, blocked or muted."""
    return Relationship.objects.filter(from_user=user, to_user=other, kind=kind).exists()


def join_refusal(*, user: Any, seated_user_ids: Iterable[int]) -> str:
    """Return why `user` may not sit down with these players ("" when they may).

    A suspended player plays nowhere; a player blocked by someone at the table does not
    get a seat there.
    """
    if getattr(user, "is_suspended", False):
        return _("Your account is suspended, so you cannot join tables.")
    blocked = Relationship.objects.filter(
        from_user_id__in=list(seated_user_ids), to_user=user, kind=Relationship.Kind.BLOCK
    )
    if blocked.exists():
        return _("You cannot join this table: a player seated here has blocked you.")
    return ""


def report_create(
    *, reporter: Any, reported: Any, category: str, comment: str, table: Any = None
) -> Report:
    """Put a report about `reported` into the moderators' queue."""
    if reporter.pk == reported.pk:
        raise RelationshipError(_("You cannot report yourself."))
    if category not in Report.Category.values:
        raise RelationshipError(_("Choose what the report is about."))
    return Report.objects.create(
        reporter=reporter,
        reported=reported,
        table=table,
        category=category,
        comment=comment.strip(),
    )
