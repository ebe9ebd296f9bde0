"""The create-table form, built from the game's declared options."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engine import Game, Option, OptionError
from lobby import clocks
from lobby.models import Table


def _duration(seconds: int) -> str:
    if seconds == 0:
        return str(_("none"))
    if seconds % 86400 == 0:
        days = seconds // 86400
        return str(_("1 day")) if days == 1 else str(_("%(n)d days") % {"n": days})
    return str(_("%(n)d hours") % {"n": seconds // 3600})


def _option_field(option: Option) -> forms.Field:
    def coerce(raw: Any) -> Any:
        try:
            return option.clean(raw)
        except OptionError as error:
            raise forms.ValidationError(str(error)) from None

    if option.kind == "bool":
        return forms.BooleanField(
            label=option.label, required=False, initial=option.default, help_text=option.help
        )
    if option.choices:
        return forms.TypedChoiceField(
            label=option.label,
            choices=[(str(value), label) for value, label in option.choices],
            coerce=coerce,
            initial=str(option.default),
            help_text=option.help,
        )
    return forms.IntegerField(
        label=option.label,
        min_value=option.min,
        max_value=option.max,
        initial=option.default,
        help_text=option.help,
    )


class TableForm(forms.Form):
    """Players, mode, rating, visibility, then one field per game option."""

    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    mode = forms.ChoiceField(label=_("Mode"), choices=Table.Mode.choices, initial=Table.Mode.ASYNC)
    visibility = forms.ChoiceField(
        label=_("Who can join"), choices=Table.Visibility.choices, initial=Table.Visibility.PUBLIC
    )
    rated = forms.BooleanField(
        label=_("Rated (counts for the ladder)"), required=False, initial=True
    )
    move_seconds = forms.TypedChoiceField(
        label=_("Time per move (asynchronous)"),
        coerce=int,
        choices=[(str(s), _duration(s)) for s in clocks.ASYNC_MOVE_CHOICES],
        initial="86400",
    )
    bank_seconds = forms.TypedChoiceField(
        label=_("Reserve time bank (asynchronous)"),
        coerce=int,
        choices=[(str(s), _duration(s)) for s in clocks.ASYNC_BANK_CHOICES],
        initial=str(3 * 86400),
        help_text=_("Absorbs moves that take longer than the time per move."),
    )
    base_minutes = forms.TypedChoiceField(
        label=_("Minutes per player (live)"),
        coerce=int,
        choices=[(str(m), str(m)) for m in clocks.LIVE_MINUTE_CHOICES],
        initial="10",
    )
    increment_seconds = forms.TypedChoiceField(
        label=_("Seconds added per move (live)"),
        coerce=int,
        choices=[(str(s), str(s)) for s in clocks.LIVE_INCREMENT_CHOICES],
        initial="5",
    )

    def __init__(self, *args: Any, engine: Game[Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine = engine
        counts = range(engine.min_players, engine.max_players + 1)
        players = self.fields["players"]
        assert isinstance(players, forms.ChoiceField)
        players.choices = [(str(n), str(n)) for n in counts]
        players.initial = str(engine.min_players if engine.min_players > 1 else 2)
        if engine.max_players < 2:
            players.initial = "1"
        for option in engine.options:
            self.fields[f"opt_{option.key}"] = _option_field(option)

    def game_options(self) -> dict[str, Any]:
        """Return the cleaned game options, keyed as the engine names them."""
        return {
            option.key: self.cleaned_data[f"opt_{option.key}"] for option in self.engine.options
        }

    def time_control(self) -> dict[str, int]:
        """Return the clock settings of the chosen mode."""
        data = self.cleaned_data
        if data["mode"] == Table.Mode.LIVE:
            return {
                "base_seconds": data["base_minutes"] * 60,
                "increment_seconds": data["increment_seconds"],
            }
        return {"move_seconds": data["move_seconds"], "bank_seconds": data["bank_seconds"]}
