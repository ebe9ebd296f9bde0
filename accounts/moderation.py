"""Moderators' actions on players and reports, each written to the moderation log."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from accounts.models import Avatar, ModerationLog, Report, User
from accounts.signals import user_shut_out
from accounts.timezones import zone_named
from games.words import Msg, encode, msg


class ModerationError(Exception):
    """A moderator action that cannot be taken; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def moderation_log_write(
    *,
    moderator: Any,
    action: str,
    reason: str,
    target: str | Msg,
    target_user: Any = None,
    table: Any = None,
    details: dict[str, Any] | None = None,
) -> ModerationLog:
    """Record who did what to whom, when and why.

    `target` names the object, best as a sentence (`msg("table %(code)s", …)`): kept as
    data, each reader gets it in their language; its English is kept for searching.
    """
    return ModerationLog.objects.create(
        moderator=moderator,
        action=action,
        target_user=target_user,
        table=table,
        target=str(target)[:200],
        target_words=encode(target) if isinstance(target, Msg) else None,
        reason=reason,
        details=details or {},
    )


def suspension_text(user: Any) -> str:
    """Return the sentence that tells a player why and until when they are shut out."""
    reason = user.suspension_reason or _("no reason given")
    if user.banned:
        return _("Your account is banned. Reason: %(reason)s") % {"reason": reason}
    # Their saved zone, else the one of this request (their browser's), else UTC.
    zone = zone_named(user.time_zone) or timezone.get_current_timezone()
    until = timezone.localtime(user.suspended_until, zone)
    shown = f"{formats.date_format(until, 'DATETIME_FORMAT')} ({until.tzname()})"
    return _("Your account is suspended until %(until)s. Reason: %(reason)s") % {
        "until": shown,
        "reason": reason,
    }


def _shut_out_after_commit(user_id: int) -> None:
    """After the commit, tell listeners (the lobby's sockets) that this player is out."""
    transaction.on_commit(lambda: user_shut_out.send(sender=User, user_id=user_id), robust=True)


def _check_target(moderator: Any, user: User) -> None:
    if user.pk == moderator.pk:
        raise ModerationError(_("You cannot take this action against yourself."))
    if (user.is_staff or user.is_superuser) and not moderator.is_superuser:
        raise ModerationError(
            _("%(name)s is staff: only a superuser can do that.") % {"name": user.username}
        )


@transaction.atomic
def avatar_remove(*, moderator: Any, user_id: int, reason: str) -> User:
    """Remove a player's uploaded picture (they get the drawn one again), saying why."""
    user = User.objects.select_for_update().get(id=user_id)
    _check_target(moderator, user)
    if not avatar_clear(user):
        raise ModerationError(_("%(name)s has no uploaded picture.") % {"name": user.username})
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.AVATAR_REMOVE,
        reason=reason,
        target=msg("user %(name)s", name=user.username),
        target_user=user,
    )
    return user


def avatar_clear(user: User) -> bool:
    """Delete a player's uploaded picture, if any, and give its URL a new version.

    Returns whether there was one. The version changes the picture's URL, so no browser
    keeps showing the old one from its cache.
    """
    removed, _kinds = Avatar.objects.filter(user=user).delete()
    if removed:
        User.objects.filter(pk=user.pk).update(avatar_version=F("avatar_version") + 1)
    return bool(removed)


@transaction.atomic
def user_suspend(*, moderator: Any, user_id: int, until: datetime, reason: str) -> User:
    """Suspend a player until `until`: no log-in or play; sessions end at their next request."""
    user = User.objects.select_for_update().get(id=user_id)
    _check_target(moderator, user)
    if until <= timezone.now():
        raise ModerationError(_("The end of a suspension must lie in the future."))
    before = {"suspended_until": _iso(user.suspended_until), "banned": user.banned}
    user.suspended_until = until
    user.suspension_reason = reason
    user.save(update_fields=["suspended_until", "suspension_reason"])
    _shut_out_after_commit(user.pk)
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.SUSPEND,
        reason=reason,
        target=msg("user %(name)s", name=user.username),
        target_user=user,
        details={"before": before, "suspended_until": until.isoformat()},
    )
    return user


@transaction.atomic
def user_ban(*, moderator: Any, user_id: int, reason: str) -> User:
    """Ban a player for good (until a moderator reinstates them)."""
    user = User.objects.select_for_update().get(id=user_id)
    _check_target(moderator, user)
    before = {"suspended_until": _iso(user.suspended_until), "banned": user.banned}
    user.banned = True
    user.suspension_reason = reason
    user.save(update_fields=["banned", "suspension_reason"])
    _shut_out_after_commit(user.pk)
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.BAN,
        reason=reason,
        target=msg("user %(name)s", name=user.username),
        target_user=user,
        details={"before": before},
    )
    return user


@transaction.atomic
def user_reinstate(*, moderator: Any, user_id: int, reason: str) -> User:
    """Lift a player's suspension or ban."""
    user = User.objects.select_for_update().get(id=user_id)
    _check_target(moderator, user)
    before = {"suspended_until": _iso(user.suspended_until), "banned": user.banned}
    user.banned = False
    user.suspended_until = None
    user.suspension_reason = ""
    user.save(update_fields=["banned", "suspended_until", "suspension_reason"])
    moderation_log_write(
        moderator=moderator,
        action=ModerationLog.Action.REINSTATE,
        reason=reason,
        target=msg("user %(name)s", name=user.username),
        target_user=user,
        details={"before": before},
    )
    return user


@transaction.atomic
def report_handle(*, moderator: Any, report_id: int, status: str, note: str) -> Report:
    """Close a report as resolved or dismissed, with the moderator's note."""
    report = Report.objects.select_for_update().select_related("reported").get(id=report_id)
    if status not in (Report.Status.RESOLVED, Report.Status.DISMISSED):
        raise ModerationError(_("A report is closed as resolved or dismissed."))
    if report.status != Report.Status.OPEN:
        raise ModerationError(
            _("Report %(id)s was already closed.") % {"id": report.id},
        )
    report.status = status
    report.resolution_note = note
    report.handled_by = moderator
    report.handled_at = timezone.now()
    report.save(update_fields=["status", "resolution_note", "handled_by", "handled_at"])
    action = (
        ModerationLog.Action.REPORT_RESOLVE
        if status == Report.Status.RESOLVED
        else ModerationLog.Action.REPORT_DISMISS
    )
    moderation_log_write(
        moderator=moderator,
        action=action,
        reason=note,
        target=msg("report %(number)s", number=report.id),
        target_user=report.reported,
        table=report.table,
        details={"report": report.id, "category": report.category},
    )
    return report


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None
