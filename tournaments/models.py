"""Tournaments: entrants, rounds and the lobby tables each round plays on."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from games.words import say

#: The channel group of the list pages: every tournament's change rings it.
LIST_GROUP = "tournaments"


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Tournament(models.Model):
    """One event: a game with its options and clock, a format, entry limits and a start."""

    class Status(models.TextChoices):
        OPEN = "open", _("Registration open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ELIMINATION = "elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double", _("Double elimination")
        TABLES = "tables", _("Rounds of tables of 3 to 5")

    code = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("code"))
    name = models.CharField(_("name"), max_length=80)
    description = models.TextField(_("description"), max_length=2000, blank=True)
    game = models.CharField(_("game"), max_length=40, db_index=True)
    options = models.JSONField(_("options"), default=dict)
    mode = models.CharField(_("mode"), max_length=10)
    move_seconds = models.PositiveIntegerField(_("move seconds"), null=True, blank=True)
    bank_seconds = models.PositiveIntegerField(_("bank seconds"), default=0)
    base_seconds = models.PositiveIntegerField(_("base seconds"), null=True, blank=True)
    increment_seconds = models.PositiveIntegerField(_("increment seconds"), default=0)
    format = models.CharField(
        _("format"), max_length=12, choices=Format.choices, default=Format.SWISS
    )
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    table_size = models.PositiveSmallIntegerField(_("largest table"), default=4)
    rated = models.BooleanField(_("rated"), default=True)
    min_players = models.PositiveSmallIntegerField(_("minimum players"), default=2)
    max_players = models.PositiveSmallIntegerField(_("maximum players"), default=16)
    min_rating = models.PositiveIntegerField(_("minimum rating"), null=True, blank=True)
    invite_only = models.BooleanField(_("invitation only"), default=False)
    invite_token = models.CharField(
        _("invite token"), max_length=32, default=_invite_token, editable=False
    )
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    round_number = models.PositiveSmallIntegerField(_("current round"), default=0)
    # When the sweep must look at this tournament: its start, or its next round once the
    # last table of a round has ended. NULL: nothing due. The sweep and a task on commit
    # both call `tournament_tick`, which is idempotent under the row lock.
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    winner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments_won",
        verbose_name=_("winner"),
    )
    end_words = models.JSONField(_("end words"), null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournaments_created",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    started_at = models.DateTimeField(_("started at"), null=True, blank=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    version = models.PositiveIntegerField(_("version"), default=0)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"code": self.code})

    @property
    def group_name(self) -> str:
        """Return the channel group that hears about this tournament's changes."""
        return f"tournament-{self.code}"

    @property
    def end_said(self) -> str:
        """Return why the tournament ended early, in the reader's language ('' if it did not)."""
        return say(self.end_words) if self.end_words else ""


class Entry(models.Model):
    """One player's registration; `dropped` once out (left, removed, or timed out)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="tournament_entries",
        verbose_name=_("player"),
    )
    rating = models.FloatField(_("rating"))
    joined_at = models.DateTimeField(_("joined at"), auto_now_add=True)
    dropped = models.BooleanField(_("dropped"), default=False)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["-rating", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_unique_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.tournament}"


class Round(models.Model):
    """One round: its tables are made together; `byes` lists the entries that sat out."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("number"))
    byes = models.JSONField(_("byes"), default=list)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} #{self.number}"


class Pairing(models.Model):
    """One game of a round: its lobby table and the entries in seat order."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("round")
    )
    table = models.OneToOneField(
        "lobby.Table",
        on_delete=models.PROTECT,
        related_name="tournament_pairing",
        verbose_name=_("table"),
    )
    entries = models.JSONField(_("entries in seat order"))

    class Meta:
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        ordering = ["round", "id"]

    def __str__(self) -> str:
        return f"{self.round}: {self.table}"
