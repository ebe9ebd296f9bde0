"""The create-table form, built from the game's declared options."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from games.engine import Game, Option, OptionError
from lobby import clocks, reputation
from lobby.models import Table


def duration_words(seconds: int) -> str:
    """Return a time per move or a bank in words, in the active language."""
    if seconds == 0:
        return gettext("none")
    if seconds % 86400 == 0:
        days = seconds // 86400
        return ngettext("%(n)d day", "%(n)d days", days) % {"n": days}
    hours = seconds // 3600
    return ngettext("%(n)d hour", "%(n)d hours", hours) % {"n": hours}


def seats_words(numbers: Any) -> str:
    """Return a set of player numbers as a player reads it: "1, 3", or "nobody"."""
    return ", ".join(str(n) for n in numbers) or gettext("nobody")


def _durations(choices: Any) -> list[tuple[str, str]]:
    return [(str(s), duration_words(s)) for s in choices]


def _option_field(option: Option) -> forms.Field:
    def coerce(raw: Any) -> Any:
        try:
            return option.clean(raw)
        except OptionError as error:
            raise forms.ValidationError(str(error)) from None

    # The engine marks its words with gettext_noop; the form says them in the reader's language.
    label = gettext(option.label)
    help_text = gettext(option.help) if option.help else ""
    if option.kind == "bool":
        return forms.BooleanField(
            label=label, required=False, initial=option.default, help_text=help_text
        )
    if option.kind == "seats":
        return _SeatsField(option, label=label, help_text=help_text)
    if option.choices:
        return forms.TypedChoiceField(
            label=label,
            choices=[(str(value), gettext(name)) for value, name in option.choices],
            coerce=coerce,
            initial=str(option.default),
            help_text=help_text,
        )
    return forms.IntegerField(
        label=label,
        min_value=option.min,
        max_value=option.max,
        initial=option.default,
        help_text=help_text,
    )


class _SeatsField(forms.MultipleChoiceField):
    """A checkbox per player number; cleaned by the option into a sorted tuple."""

    widget = forms.CheckboxSelectMultiple

    def __init__(self, option: Option, **kwargs: Any) -> None:
        self.option = option
        numbers = range(1, (option.max or 0) + 1)
        choices = [(str(n), gettext("Player %(n)s") % {"n": n}) for n in numbers]
        initial = [str(n) for n in option.default]
        super().__init__(choices=choices, required=False, initial=initial, **kwargs)

    def clean(self, value: Any) -> Any:
        chosen = super().clean(value)
        try:
            return self.option.clean(chosen)
        except OptionError as error:
            raise forms.ValidationError(str(error)) from None


#: The clock fields of each mode: the form shows and reads only the chosen mode's.
CLOCK_FIELDS = {
    Table.Mode.LIVE: ("base_minutes", "increment_seconds"),
    Table.Mode.ASYNC: ("move_seconds", "bank_seconds"),
}


class TableForm(forms.Form):
    """Players, mode, rating, visibility, the chosen mode's clock, then the game's options.

    The clock fields start at the game's declared time control (`Game.clock`). The
    fields of the mode not chosen are ignored: what was posted for them is replaced by
    their defaults before validation, so a stale or hidden value never blocks a table.
    A simultaneous game runs no per-seat clock and gets no clock fields.
    """

    players = forms.TypedChoiceField(label=_("Players"), coerce=int)
    mode = forms.ChoiceField(label=_("Mode"), choices=Table.Mode.choices, initial=Table.Mode.ASYNC)
    visibility = forms.ChoiceField(
        label=_("Who can join"), choices=Table.Visibility.choices, initial=Table.Visibility.PUBLIC
    )
    rated = forms.BooleanField(
        label=_("Rated (counts for the ladder)"), required=False, initial=True
    )
    min_finish_rate = forms.TypedChoiceField(
        label=_("Minimum finish rate to join"),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[("", _("none")), *((str(r), f"{r} %") for r in reputation.MINIMUM_CHOICES)],
        help_text=_(
            "Of a player's last 100 finished games, how many they saw through (not abandoned,"
            " not lost on time). Players with fewer than 5 games may always join."
        ),
    )
    move_seconds = forms.TypedChoiceField(
        label=_("Time per move (asynchronous)"),
        coerce=int,
        choices=_durations(clocks.ASYNC_MOVE_CHOICES),
    )
    bank_seconds = forms.TypedChoiceField(
        label=_("Reserve time bank (asynchronous)"),
        coerce=int,
        choices=_durations(clocks.ASYNC_BANK_CHOICES),
        help_text=_("Absorbs moves that take longer than the time per move."),
    )
    base_minutes = forms.TypedChoiceField(
        label=_("Minutes per player (live)"),
        coerce=int,
        choices=[(str(m), str(m)) for m in clocks.LIVE_MINUTE_CHOICES],
    )
    increment_seconds = forms.TypedChoiceField(
        label=_("Seconds added per move (live)"),
        coerce=int,
        choices=[(str(s), str(s)) for s in clocks.LIVE_INCREMENT_CHOICES],
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
        # Said in the language of this request, not of the process that imported the form.
        for name, choices in (
            ("move_seconds", clocks.ASYNC_MOVE_CHOICES),
            ("bank_seconds", clocks.ASYNC_BANK_CHOICES),
        ):
            field = self.fields[name]
            assert isinstance(field, forms.ChoiceField)
            field.choices = _durations(choices)
        self._clock_fields_set(engine)
        for option in engine.options:
            self.fields[f"opt_{option.key}"] = _option_field(option)

    def _clock_fields_set(self, engine: Game[Any]) -> None:
        """Start the clock fields at the game's time control; ignore the hidden mode's."""
        if engine.simultaneous:
            for names in CLOCK_FIELDS.values():
                for name in names:
                    del self.fields[name]
            return
        clock = engine.clock
        defaults = {
            "base_minutes": clock.live_minutes,
            "increment_seconds": clock.live_increment_seconds,
            "move_seconds": clock.async_move_seconds,
            "bank_seconds": clock.async_bank_seconds,
        }
        for name, value in defaults.items():
            self.fields[name].initial = str(value)
        if not self.is_bound:
            return
        mode = self.data.get(self.add_prefix("mode"))
        hidden = [n for m, names in CLOCK_FIELDS.items() if m != mode for n in names]
        if mode in CLOCK_FIELDS:
            posted: Any = self.data  # a QueryDict from a request, or a plain dict
            data = posted.copy()
            for name in hidden:
                data[self.add_prefix(name)] = str(defaults[name])
            self.data = data

    def clock_fieldsets(self) -> list[tuple[str, str, list[forms.BoundField]]]:
        """Return (mode, legend, fields) for each mode's clock fieldset (none if untimed)."""
        legends = {Table.Mode.LIVE: _("Live clock"), Table.Mode.ASYNC: _("Asynchronous clock")}
        return [
            (mode, str(legends[mode]), [self[name] for name in names])
            for mode, names in CLOCK_FIELDS.items()
            if all(name in self.fields for name in names)
        ]

    def table_fields(self) -> list[forms.BoundField]:
        """Return the fields about the table (players, mode, who can join, rated)."""
        names = ("players", "mode", "visibility", "rated", "min_finish_rate")
        return [self[name] for name in names]

    def option_fields(self) -> list[forms.BoundField]:
        """Return the game's own option fields, in the order the game declares them."""
        return [self[f"opt_{option.key}"] for option in self.engine.options]

    def game_options(self) -> dict[str, Any]:
        """Return the cleaned game options, keyed as the engine names them."""
        return {
            option.key: self.cleaned_data[f"opt_{option.key}"] for option in self.engine.options
        }

    def time_control(self) -> dict[str, int]:
        """Return the clock settings of the chosen mode (none for a simultaneous game)."""
        data = self.cleaned_data
        if self.engine.simultaneous:
            return {}
        if data["mode"] == Table.Mode.LIVE:
            return {
                "base_seconds": data["base_minutes"] * 60,
                "increment_seconds": data["increment_seconds"],
            }
        return {"move_seconds": data["move_seconds"], "bank_seconds": data["bank_seconds"]}
