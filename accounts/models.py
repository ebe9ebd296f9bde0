"""Players: the User model, notices, friends and blocks, reports and the moderation log."""

from __future__ import annotations

import zoneinfo
from functools import cache
from typing import Any, ClassVar, Self

from django.contrib.auth.models import AbstractUser, UserManager
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.validators import username_key, validate_username_not_confusable
from config.urlcache import reverse_cached


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    """Return every IANA time zone as a (value, label) choice, sorted."""
    return [(name, name.replace("_", " ")) for name in sorted(zoneinfo.available_timezones())]


class User(AbstractUser):
    """A registered player.

    `email` holds a confirmed address only, or "": mail (reminders, password resets) goes
    there and nowhere else. An address typed at sign-up or in the preferences waits in
    `pending_email` until its owner opens the link mailed to it (accounts/addresses.py).
    """

    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_("Required. 150 characters or fewer. Letters, digits and @/./+/-/_ only."),
        validators=[UnicodeUsernameValidator(), validate_username_not_confusable],
        error_messages={"unique": _("A user with that username already exists.")},
    )
    # username_key(username), kept by save(): finds "Alice" when "alice" signs up.
    username_key = models.CharField(max_length=150, db_index=True, editable=False, default="")
    email = models.EmailField(_("e-mail address"), blank=True)
    pending_email = models.EmailField(_("e-mail address awaiting confirmation"), blank=True)
    reminders_enabled = models.BooleanField(
        _("e-mail reminders"),
        default=True,
        help_text=_("Send me an e-mail when it is my turn in an asynchronous game."),
    )
    # Turn alerts and confirmations, all off until the player turns them on (read by
    # static/js/turn-alerts.js and static/js/confirm.js through base.html's data-* attributes).
    turn_sound = models.BooleanField(
        _("sound on my turn"),
        default=False,
        help_text=_("Play a short tone when it becomes my turn at a table."),
    )
    turn_notifications = models.BooleanField(
        _("browser notification on my turn"),
        default=False,
        help_text=_(
            "Let the browser show a notice when it becomes my turn while this site's tab "
            "is in the background."
        ),
    )
    confirm_moves = models.BooleanField(
        _("confirm every move"),
        default=False,
        help_text=_("Ask before sending each move: select, then confirm. Useful on phones."),
    )
    # Board display, read through base.html's <body> classes (CSS hides or shortens; the
    # board's drawing stays one per view, shared by every viewer of it).
    show_live_score = models.BooleanField(
        _("show the live score"),
        default=True,
        help_text=_("During a game, show everyone's running VP total where the table allows it."),
    )
    fewer_animations = models.BooleanField(
        _("fewer animations"),
        default=False,
        help_text=_("Shorten or leave out moves and fades on the boards."),
    )
    # "" follows the browser (its `tz` cookie, accounts/timezones.py); a zone saved here wins.
    time_zone = models.CharField(_("time zone"), max_length=64, blank=True, default="")
    # Quiet hours, in the player's saved time zone (both or neither; the window may cross
    # midnight): asynchronous turn clocks stand still and no reminder is sent (lobby.pauses).
    quiet_start = models.TimeField(_("quiet hours from"), null=True, blank=True)
    quiet_end = models.TimeField(_("quiet hours until"), null=True, blank=True)
    # [[start, end], ...] as ISO instants: the vacations not yet over, kept by
    # accounts.vacations from the `Vacation` rows (the record), so that a seat read with
    # its player knows their pauses without another query.
    vacation_spans = models.JSONField(default=list, blank=True, editable=False)
    # Bumped on each upload or removal of a picture (`Avatar`): part of its URL, so the
    # picture is cached for long and a new one shows at once. 0: no upload, the drawn one.
    avatar_version = models.PositiveIntegerField(default=0, editable=False)
    # The language notices and e-mails are written in: the one last picked on the site.
    language = models.CharField(_("language"), max_length=10, blank=True)
    bio = models.CharField(_("about me"), max_length=280, blank=True)
    # Set by moderators through the admin's actions, which write the moderation log.
    suspended_until = models.DateTimeField(_("suspended until"), null=True, blank=True)
    banned = models.BooleanField(_("banned"), default=False)
    suspension_reason = models.CharField(_("reason for the suspension"), max_length=300, blank=True)

    objects: ClassVar[UserManager[Self]] = UserManager()

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        ordering = ["username"]
        permissions = [("suspend_user", _("Can suspend, ban and reinstate players"))]
        constraints = [
            # One account per confirmed address, whatever its case; many may have none.
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="user_email_unique",
                violation_error_message=_("This address is already confirmed for an account."),
            ),
        ]

    def __str__(self) -> str:
        return self.username

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.username_key = username_key(self.username)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "username" in update_fields:
            kwargs["update_fields"] = {*update_fields, "username_key"}
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse_cached("accounts:profile", kwargs={"username": self.username})

    def clean(self) -> None:
        """Normalise the username (Django), then refuse one too close to another player's."""
        super().clean()
        if not isinstance(self.username, str) or not self.username:
            return  # the field's own errors say why
        taken = User.objects.filter(username_key=username_key(self.username)).exclude(pk=self.pk)
        if taken.exists():
            close = _("This name is too close to an existing player's name. Choose another.")
            raise ValidationError({"username": ValidationError(close, code="username_close")})

    def pause_fields(self) -> dict[str, Any]:
        """Return what decides when the player's asynchronous clocks stand still."""
        return {
            "time_zone": self.time_zone,
            "quiet_start": self.quiet_start,
            "quiet_end": self.quiet_end,
            "vacation_spans": list(self.vacation_spans or []),
        }

    @property
    def is_suspended(self) -> bool:
        """Return whether the player is banned or suspended now (and may not log in or play)."""
        if self.banned:
            return True
        return self.suspended_until is not None and self.suspended_until > timezone.now()


class Avatar(models.Model):
    """A player's uploaded picture: a 128×128 PNG re-encoded from what they sent."""

    user = models.OneToOneField(
        User, on_delete=models.CASCADE, primary_key=True, related_name="avatar"
    )
    png = models.BinaryField()
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return gettext("picture of %(player)s") % {"player": self.user}


class Vacation(models.Model):
    """Whole days off, in the player's time zone: their asynchronous clocks stand still.

    House rule (accounts.vacations): 21 days a calendar year. A vacation ended early keeps
    the day it was ended on as its last day (that day was used) and `ended_at` says when
    the clocks started again.
    """

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="vacations", verbose_name=_("player")
    )
    first_day = models.DateField(_("first day"))
    last_day = models.DateField(_("last day"))
    ended_at = models.DateTimeField(_("ended early at"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Not a column: whether it has begun and may be ended now (the preferences page).
    going_on: bool

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["first_day"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(last_day__gte=models.F("first_day")),
                name="vacation_last_day_not_before_first",
            )
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.first_day} - {self.last_day}"

    @property
    def days(self) -> int:
        """Return how many days the vacation counts."""
        return (self.last_day - self.first_day).days + 1


class Notification(models.Model):
    """An in-site notice to a player: "your turn at table X", "game finished"."""

    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("Your turn")
        REMINDER = "reminder", _("Reminder")
        DEADLINE = "deadline", _("Deadline near")
        FINISHED = "finished", _("Game finished")
        TIMEOUT = "timeout", _("Timeout")
        INVITE = "invite", _("Invitation")
        MODERATION = "moderation", _("Moderation")

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    text = models.CharField(max_length=300)
    # The notice as sentence data (games.words), said in the reader's language when read;
    # `text` keeps its words as posted (older notices have only those).
    words = models.JSONField(null=True, blank=True)
    url = models.CharField(max_length=300, blank=True)
    # The table it is about, as "<code>", to find and replace an older notice.
    subject = models.CharField(max_length=64, blank=True, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.user}: {self.text}"

    @property
    def said(self) -> str:
        """Return the notice in the active language (older notices: as posted)."""
        if self.words is not None:
            from games.words import say

            return say(self.words)
        return self.text


class Relationship(models.Model):
    """One player's stance towards another: a friend, a block or a mute (one-way)."""

    class Kind(models.TextChoices):
        FRIEND = "friend", _("Friend")
        BLOCK = "block", _("Blocked")
        MUTE = "mute", _("Muted")

    from_user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="relationships", verbose_name=_("player")
    )
    to_user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="relationships_to", verbose_name=_("towards")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    created_at = models.DateTimeField(_("since"), auto_now_add=True)

    class Meta:
        verbose_name = _("relationship")
        verbose_name_plural = _("relationships")
        ordering = ["from_user", "kind", "to_user"]
        constraints = [
            models.UniqueConstraint(
                fields=["from_user", "to_user", "kind"], name="relationship_unique_kind"
            ),
            models.CheckConstraint(
                condition=~models.Q(from_user=models.F("to_user")), name="relationship_not_self"
            ),
        ]
        indexes = [models.Index(fields=["to_user", "kind"])]

    def __str__(self) -> str:
        return gettext("%(player)s → %(other)s: %(kind)s") % {
            "player": self.from_user,
            "other": self.to_user,
            "kind": self.get_kind_display(),
        }


class Report(models.Model):
    """A player's report about another player, for the moderators' queue."""

    class Category(models.TextChoices):
        CHAT_ABUSE = "chat_abuse", _("Abuse in chat")
        STALLING = "stalling", _("Stalling")
        CHEATING = "cheating", _("Cheating")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RESOLVED = "resolved", _("Resolved")
        DISMISSED = "dismissed", _("Dismissed")

    reporter = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="reports_made", verbose_name=_("reporter")
    )
    reported = models.ForeignKey(
        User,
        on_delete=models.CASCADE,
        related_name="reports_received",
        verbose_name=_("reported player"),
    )
    table = models.ForeignKey(
        "lobby.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reports",
        verbose_name=_("table"),
    )
    category = models.CharField(_("category"), max_length=20, choices=Category.choices)
    comment = models.TextField(_("what happened"), max_length=2000)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    resolution_note = models.TextField(_("resolution note"), blank=True)
    handled_by = models.ForeignKey(
        User,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_handled",
        verbose_name=_("handled by"),
    )
    handled_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(reporter=models.F("reported")), name="report_not_self"
            ),
        ]

    def __str__(self) -> str:
        names = {"reporter": self.reporter, "reported": self.reported}
        if self.table_id is None:
            return gettext("%(reporter)s about %(reported)s") % names
        return gettext("%(reporter)s about %(reported)s (%(table)s)") % {
            **names,
            "table": self.table,
        }


class ModerationLog(models.Model):
    """One moderator action: who did what to whom, when and why. Written once, never changed."""

    class Action(models.TextChoices):
        SUSPEND = "suspend", _("Suspended a player")
        BAN = "ban", _("Banned a player")
        REINSTATE = "reinstate", _("Lifted a suspension or ban")
        TABLE_ABORT = "table_abort", _("Aborted a table")
        SEAT_REMOVE = "seat_remove", _("Removed a player from a table")
        CHAT_HIDE = "chat_hide", _("Hid a chat message")
        CHAT_UNHIDE = "chat_unhide", _("Showed a hidden chat message again")
        REPORT_RESOLVE = "report_resolve", _("Resolved a report")
        REPORT_DISMISS = "report_dismiss", _("Dismissed a report")
        RATING_ADJUST = "rating_adjust", _("Adjusted a rating")
        RATING_RESET = "rating_reset", _("Reset a rating")
        AVATAR_REMOVE = "avatar_remove", _("Removed a player's picture")
        TOURNAMENT_CANCEL = "tournament_cancel", _("Cancelled a tournament")
        ENTRY_REMOVE = "entry_remove", _("Removed a player from a tournament")

    # PROTECT: an audit trail keeps its people; accounts are deactivated, not deleted.
    moderator = models.ForeignKey(
        User, on_delete=models.PROTECT, related_name="moderation_actions", verbose_name=_("by")
    )
    action = models.CharField(_("action"), max_length=20, choices=Action.choices, db_index=True)
    target_user = models.ForeignKey(
        User,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_received",
        verbose_name=_("player"),
    )
    table = models.ForeignKey(
        "lobby.Table",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_log",
        verbose_name=_("table"),
    )
    target = models.CharField(_("object"), max_length=200)
    # The object as sentence data (games.words), named in each reader's language; `target`
    # keeps it in English for searching (older entries have only that).
    target_words = models.JSONField(_("object (as a sentence)"), null=True, blank=True)
    reason = models.TextField(_("reason"))
    # What changed, for the record: before and after values, a hidden message's text.
    details = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("when"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("moderation log entry")
        verbose_name_plural = _("moderation log")

    def __str__(self) -> str:
        return gettext("%(moderator)s: %(action)s (%(target)s)") % {
            "moderator": self.moderator,
            "action": self.get_action_display(),
            "target": self.target_said,
        }

    @property
    def target_said(self) -> str:
        """Return what the entry is about, in the active language (older entries: as kept)."""
        if self.target_words is not None:
            from games.words import say

            return say(self.target_words)
        return self.target
