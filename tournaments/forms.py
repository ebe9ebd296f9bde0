"""The new-tournament form: the new-table form's game, mode and clock, plus the event's own."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import Game
from lobby.forms import TableForm
from tournaments.models import Tournament
from tournaments.services import MAX_PLAYERS, MAX_ROUNDS


class TournamentForm(TableForm):
    """Name, format and entry limits; the game's mode, clock and options as a table's."""

    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(
        label=_("Description"), max_length=2000, required=False, widget=forms.Textarea
    )
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    rounds = forms.TypedChoiceField(
        label=_("Rounds (Swiss and tables)"),
        coerce=int,
        choices=[(str(n), str(n)) for n in range(1, MAX_ROUNDS + 1)],
        initial="3",
    )
    table_size = forms.TypedChoiceField(
        label=_("Largest table (tables of 3 to 5)"),
        coerce=int,
        choices=[(str(n), str(n)) for n in (3, 4, 5)],
        initial="4",
    )
    min_players = forms.IntegerField(
        label=_("Minimum players"), min_value=2, max_value=MAX_PLAYERS, initial=4
    )
    max_players = forms.IntegerField(
        label=_("Maximum players"), min_value=2, max_value=MAX_PLAYERS, initial=16
    )
    min_rating = forms.IntegerField(
        label=_("Minimum rating"), min_value=0, max_value=4000, required=False
    )
    invite_only = forms.BooleanField(label=_("By invitation only"), required=False)
    starts_at = forms.DateTimeField(
        label=_("Start time"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Leave empty to start as soon as the maximum number of players is in."),
    )

    def __init__(self, *args: Any, engine: Game[Any], **kwargs: Any) -> None:
        super().__init__(*args, engine=engine, **kwargs)
        # A tournament seats its own tables: no player count or visibility to choose.
        del self.fields["players"]
        del self.fields["visibility"]
        # Swiss and both eliminations are two-player games; tables seat three or more.
        two_player = engine.min_players <= 2 <= engine.max_players
        self.fields["format"].choices = [  # type: ignore[attr-defined]
            (value, label)
            for value, label in Tournament.Format.choices
            if (value == Tournament.Format.TABLES and engine.max_players >= 3)
            or (value != Tournament.Format.TABLES and two_player)
        ]
        if engine.max_players >= 3 and engine.min_players > 2:
            self.fields["format"].initial = Tournament.Format.TABLES

    def event_fields(self) -> list[forms.BoundField]:
        """Return the fields about the event, before the game's own."""
        names = ("name", "description", "format", "rounds", "table_size", "min_players")
        more = ("max_players", "min_rating", "invite_only", "starts_at")
        return [self[name] for name in (*names, *more)]

    def table_fields(self) -> list[forms.BoundField]:
        """Return the fields about each game (mode, rated)."""
        return [self[name] for name in ("mode", "rated")]
