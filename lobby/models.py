"""Tables, seats and the append-only move log."""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.text import Truncator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from config.urlcache import reverse_cached
from games.words import say


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Table(models.Model):
    """One game of one game type: its options, seats, seed, state snapshot and version.

    The seed and the ordered Move log are the truth; `state` is a cache that a replay
    of the log must reproduce.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In play")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Mode(models.TextChoices):
        ASYNC = "async", _("Asynchronous (a move a day)")
        LIVE = "live", _("Live")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public: anyone may join or watch")
        PRIVATE = "private", _("Private: only with the invite link")

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("code"))
    game = models.CharField(_("game"), max_length=40, db_index=True)
    options = models.JSONField(_("options"), default=dict)
    players = models.PositiveSmallIntegerField(_("players"))
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.OPEN, verbose_name=_("status")
    )
    mode = models.CharField(
        max_length=10, choices=Mode.choices, default=Mode.ASYNC, verbose_name=_("mode")
    )
    rated = models.BooleanField(_("rated"), default=True)
    # The finish rate a player needs to join, in per cent (lobby.reputation); None: anyone.
    min_finish_rate = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=_("minimum finish rate")
    )
    visibility = models.CharField(
        max_length=10,
        choices=Visibility.choices,
        default=Visibility.PUBLIC,
        verbose_name=_("visibility"),
    )
    invite_token = models.CharField(
        max_length=32, default=_invite_token, editable=False, verbose_name=_("invite token")
    )
    seed = models.BigIntegerField(verbose_name=_("seed"))
    # Set once, when the table starts (games.verify): everyone sees the commitment from
    # the first deal; the seed and salt are shown once the game is over.
    seed_salt = models.CharField(
        max_length=32, blank=True, editable=False, verbose_name=_("seed salt")
    )
    seed_commitment = models.CharField(
        max_length=64, blank=True, editable=False, verbose_name=_("seed commitment")
    )
    version = models.PositiveIntegerField(default=0, verbose_name=_("version"))
    move_count = models.PositiveIntegerField(default=0, verbose_name=_("move count"))
    state = models.JSONField(null=True, blank=True, verbose_name=_("state"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tables_created",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))
    end_reason = models.CharField(max_length=200, blank=True, verbose_name=_("end reason"))
    # How the game ended as sentence data (games.words): said in each reader's language.
    # Tables that ended before it was kept have only `end_reason`, in its writer's language.
    end_words = models.JSONField(null=True, blank=True, verbose_name=_("end words"))
    result = models.JSONField(null=True, blank=True, verbose_name=_("result"))
    scored_at = models.DateTimeField(null=True, blank=True, verbose_name=_("scored at"))
    # Time control. Async: a time per move plus a reserve bank per seat that absorbs
    # overruns. Live: a clock per seat for the whole game plus an increment per move.
    move_seconds = models.PositiveIntegerField(
        null=True, blank=True, verbose_name=_("move seconds")
    )
    bank_seconds = models.PositiveIntegerField(default=0, verbose_name=_("bank seconds"))
    base_seconds = models.PositiveIntegerField(
        null=True, blank=True, verbose_name=_("base seconds")
    )
    increment_seconds = models.PositiveIntegerField(default=0, verbose_name=_("increment seconds"))
    # A timed simultaneous phase the engine asked for (Mondo's rounds).
    phase_key = models.CharField(max_length=64, blank=True, verbose_name=_("phase key"))
    phase_deadline = models.DateTimeField(
        null=True, blank=True, db_index=True, verbose_name=_("phase deadline")
    )

    # Not columns: who is to move, whether it is the viewer, and the least time left on
    # their clocks, which lobby.selectors.table_list_mine sets for the lists of my games.
    to_move_names: str
    my_turn: bool
    seconds_left: float | None
    paused_for: float | None
    # Not a column: the "since your last move" summary My games shows (lobby.recap).
    recap_line: str
    # Not columns: the version a move's locked read saw and the moves it appended since
    # (lobby.services.moves), so the recent log need not be read again (lobby.pushes).
    version_read: int
    moves_appended: list[Move]

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "game"])]

    def __str__(self) -> str:
        from lobby.templatetags.playtable import game_name

        # A table has no name: its game and the start of the code in its address.
        return gettext("%(game)s table %(code)s") % {
            "game": game_name(self.game),
            "code": str(self.code)[:8],
        }

    def get_absolute_url(self) -> str:
        return reverse_cached("lobby:table", kwargs={"code": self.code})

    @property
    def end_reason_said(self) -> str:
        """Return how the game ended, in the active language (old tables: as stored)."""
        if self.end_words is not None:
            return say(self.end_words)
        return self.end_reason

    @property
    def group_name(self) -> str:
        """Return the Channels group of this table's sockets."""
        return f"table-{self.code}"

    @property
    def is_public(self) -> bool:
        return self.visibility == self.Visibility.PUBLIC

    @property
    def is_over(self) -> bool:
        """Return whether the game has ended (finished or aborted): its seed may be shown."""
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)


class Seat(models.Model):
    """A place at a table, held by a user or a bot."""

    class Bot(models.TextChoices):
        RANDOM = "random", _("Random bot")
        HEURISTIC = "heuristic", _("Heuristic bot")

    # No index of its own: `seat_unique_position` (table, position) serves it.
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="seats",
        db_index=False,
        verbose_name=_("table"),
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("user"),
    )
    bot = models.CharField(max_length=20, choices=Bot.choices, blank=True, verbose_name=_("bot"))
    # Indexed only where true (`seat_to_move`): few seats are to move at once.
    is_to_move = models.BooleanField(default=False, verbose_name=_("to move"))
    conceded = models.BooleanField(default=False, verbose_name=_("conceded"))
    # Out of the game by the clock: ranks last; a bot plays the seat if the game goes on.
    abandoned = models.BooleanField(default=False, verbose_name=_("abandoned"))
    timeouts = models.PositiveSmallIntegerField(default=0, verbose_name=_("timeouts"))
    # Live: the clock; async: what is left of the reserve bank (seconds).
    time_left = models.FloatField(null=True, blank=True, verbose_name=_("time left"))
    turn_started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("turn started at"))
    # The single record of truth for turn timers; the sweep scans this index.
    deadline = models.DateTimeField(
        null=True, blank=True, db_index=True, verbose_name=_("deadline")
    )
    reminded_turn_at = models.DateTimeField(
        null=True, blank=True, verbose_name=_("reminded turn at")
    )
    # When this turn's clock reaches its warning point (lobby.clocks.warning_point); the
    # sweep posts "running out of time" then, once per turn: `warned_turn_at` is set to
    # the turn's `turn_started_at` when it has.
    warning_at = models.DateTimeField(
        null=True, blank=True, db_index=True, verbose_name=_("warning at")
    )
    warned_turn_at = models.DateTimeField(null=True, blank=True, verbose_name=_("warned turn at"))
    score = models.IntegerField(null=True, blank=True, verbose_name=_("score"))
    place = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("place"))
    joined_at = models.DateTimeField(auto_now_add=True, verbose_name=_("joined at"))

    # Not columns. The values loaded from the database (see from_db), and the seconds
    # left on the seat's clock, which lobby.rendering sets for the board.
    _loaded: dict[str, Any]
    clock_seconds: float | None
    # Not columns: whether its player's clock stands still now ("vacation" or "quiet", and
    # until when; lobby.clocks.seat_pause) and for how many seconds more.
    pause: tuple[str, datetime] | None
    pause_seconds: float | None
    # Whether the seat counted in its player's "your turn" number when their sockets last
    # heard of it (lobby.services.notify.turns_changed_notify).
    turn_notified: bool

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        indexes = [
            # The "your turn" counts (by player) and the sweeps over seats to move.
            models.Index(fields=["user"], condition=models.Q(is_to_move=True), name="seat_to_move")
        ]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="seat_unique_user",
            ),
            # A bot may play for a user who is out; a seat always has one of the two.
            models.CheckConstraint(
                condition=models.Q(user__isnull=False) | ~models.Q(bot=""),
                name="seat_user_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return gettext("%(player)s, seat %(position)s at %(table)s") % {
            "player": self.display_name,
            "position": self.position,
            "table": self.table,
        }

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Save, then remember the row as written (a whole save only), as from_db does."""
        super().save(*args, **kwargs)
        if kwargs.get("update_fields") is None:
            self._loaded = {f.attname: getattr(self, f.attname) for f in self._meta.concrete_fields}

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> Seat:
        """Remember the loaded values, so a save can write only what changed."""
        seat = super().from_db(db, field_names, values)
        seat._loaded = dict(zip(field_names, values, strict=True))
        loaded = seat._loaded
        seat.turn_notified = bool(
            loaded.get("is_to_move") and loaded.get("user_id") is not None and not loaded.get("bot")
        )
        return seat

    def changed_fields(self, fields: Sequence[str]) -> dict[str, Any]:
        """Return {field: value} for each of `fields` that differs from what was loaded
        (every one of them for a seat that was not loaded from the database)."""
        loaded = getattr(self, "_loaded", None)
        current = {name: getattr(self, name) for name in fields}
        if loaded is None:
            return current
        return {
            name: value
            for name, value in current.items()
            if name not in loaded or loaded[name] != value
        }

    @property
    def display_name(self) -> str:
        if self.user is not None:
            return self.user.username
        return str(self.Bot(self.bot).label)

    @property
    def is_human(self) -> bool:
        """Return whether a person (not a bot) plays this seat now."""
        return self.user_id is not None and not self.bot

    @property
    def is_bot(self) -> bool:
        return bool(self.bot)

    @property
    def counts_as_turn(self) -> bool:
        """Return whether this seat counts in its player's "your turn" number now."""
        return self.is_to_move and self.is_human

    @property
    def turn_changed(self) -> bool:
        """Return whether `counts_as_turn` changed since the player's sockets last heard
        of this seat (since it was loaded, or since lobby.services.notify told them)."""
        return self.counts_as_turn != getattr(self, "turn_notified", False)


class Move(models.Model):
    """One applied action of the append-only log; `n` counts from 1 per table."""

    class Kind(models.TextChoices):
        ACTION = "action", _("A seat's action")
        TIME_UP = "time_up", _("A timed phase ended")

    # No index of its own: `move_unique_n` (table, n) serves it.
    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="moves",
        db_index=False,
        verbose_name=_("table"),
    )
    n = models.PositiveIntegerField(verbose_name=_("number"))
    kind = models.CharField(
        max_length=10, choices=Kind.choices, default=Kind.ACTION, verbose_name=_("kind")
    )
    # The acting seat; None for a phase that the platform's clock ended.
    seat = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("seat"))
    action = models.JSONField(verbose_name=_("action"))
    # The log line as each viewer may know it: keys "spectator" and "0".."N-1".
    texts = models.JSONField(default=dict, verbose_name=_("texts"))
    by_timeout = models.BooleanField(default=False, verbose_name=_("by timeout"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["table", "n"]
        constraints = [models.UniqueConstraint(fields=["table", "n"], name="move_unique_n")]

    def __str__(self) -> str:
        return gettext("move %(n)s at %(table)s") % {"n": self.n, "table": self.table}

    @property
    def spectator_text(self) -> str:
        return self.text_for(None)

    def text_for(self, viewer: int | None) -> str:
        """Return the log line as `viewer` (a seat, or None for a spectator) may read it,
        in the active language (lines stored as plain text before sentences were data are
        shown as they were written)."""
        key = "spectator" if viewer is None else str(viewer)
        return say(self.texts.get(key) or self.texts.get("spectator", ""))


class ChatMessage(models.Model):
    """A line of a table's chat; moderators hide a message rather than delete it."""

    MAX_LENGTH = 500

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="chat_messages", verbose_name=_("table")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="chat_messages",
        verbose_name=_("player"),
    )
    text = models.CharField(_("message"), max_length=MAX_LENGTH)
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True)
    hidden = models.BooleanField(_("hidden"), default=False)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="chat_messages_hidden",
        verbose_name=_("hidden by"),
    )
    hidden_reason = models.CharField(_("why it was hidden"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["table", "id"]
        indexes = [models.Index(fields=["table", "hidden", "id"])]

    def __str__(self) -> str:
        return gettext("%(player)s at %(table)s: %(text)s") % {
            "player": self.user,
            "table": self.table,
            "text": Truncator(self.text).chars(40),
        }


class OutboundMail(models.Model):
    """An e-mail to send, written in the same transaction as what it tells (an outbox).

    A task sends it after the commit; if that task is lost (a dead worker, Redis down),
    the sweep sends every mail still unsent a minute later. Delivery is at least once:
    a worker killed between the mail server's acceptance and the commit of `sent_at`
    sends it again, which is better than never.
    """

    MAX_ATTEMPTS = 8

    to_address = models.EmailField(_("to"))
    subject = models.CharField(_("subject"), max_length=300)
    body = models.TextField(_("body"))
    created_at = models.DateTimeField(_("queued at"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    last_error = models.CharField(_("last error"), max_length=300, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["sent_at", "created_at"])]
        verbose_name = _("outbound e-mail")
        verbose_name_plural = _("outbound e-mails")

    def __str__(self) -> str:
        return gettext("“%(subject)s” to %(address)s") % {
            "subject": Truncator(self.subject).chars(60),
            "address": self.to_address,
        }
