"""The engine plugin contract every game implements (see ARCHITECTURE.md).

An engine is pure Python: no Django, no I/O, no clock, no global random. All randomness
comes from the seed stored in the state through `games.rng`, so `setup` plus the list of
actions always rebuilds exactly the same state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from games.words import Msg, msg, say

__all__ = [
    "Action",
    "ClockDefaults",
    "Game",
    "IllegalAction",
    "MoveSpec",
    "Option",
    "OptionError",
    "Outcome",
    "Viewer",
    "gettext_noop",
    "is_legal",
    "move",
    "parse_action",
    "places_from_scores",
]

Action = dict[str, Any]
"""A small JSON dict with a "type" key, e.g. {"type": "play", "card": "LC-Y7"}."""

S = TypeVar("S")

# Longest string an action may carry; anything longer is junk and is rejected before lookups.
MAX_ACTION_STRING = 64


def gettext_noop(message: str) -> str:
    """Mark `message` for translation without translating it (engines import no Django).

    `makemessages` collects calls to a function of this name; the site translates the
    text when it renders it.
    """
    return message


class IllegalAction(Exception):
    """An action the rules do not allow now; `message` is a sentence for the player.

    Pass a `Msg` (games.words), which the platform says in the player's language.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class OptionError(ValueError):
    """A table option that is unknown, of the wrong type or out of range.

    Its message is a `Msg`; `str(error)` says it in the active language (the lobby shows it).
    """

    def __str__(self) -> str:
        return say(self.args[0]) if self.args else ""


_TRUE_WORDS = frozenset({"true", "on", "1", "yes"})
_FALSE_WORDS = frozenset({"false", "off", "0", "no", ""})


@dataclass(frozen=True)
class Option:
    """One table option offered at table creation, with its default and allowed values.

    Kinds: "int" (a whole number from `min` to `max`), "bool", "choice" (one of `choices`)
    and "seats": any set of player numbers from 1 to `max`, cleaned to a sorted tuple (the
    form shows a checkbox per player number). A "seats" option also reads a single number,
    as an "int" option stored it before: 0 for nobody, else that one player.
    """

    key: str
    label: str
    kind: Literal["int", "bool", "choice", "seats"]
    default: Any
    choices: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""

    def __post_init__(self) -> None:
        # A broken option declaration is a programming error: fail at import, not at a table,
        # and with a real exception (an `assert` is gone under `python -O`).
        if self.kind not in ("int", "bool", "choice", "seats"):
            raise TypeError(f"unknown option kind {self.kind!r}")
        if self.kind == "seats" and self.max is None:
            raise TypeError(f"seats option {self.key!r} has no highest player number")
        if self.kind == "choice" and not self.choices:
            raise TypeError(f"choice option {self.key!r} has no choices")
        try:
            cleaned = self.clean(self.default)
        except OptionError as error:
            raise TypeError(f"bad default for option {self.key!r}: {error}") from None
        if cleaned != self.default:
            raise TypeError(f"default of {self.key!r} is not in its own type")

    def clean(self, raw: Any) -> Any:
        """Return `raw` coerced to this option's type; raise OptionError when it does not fit."""
        if self.kind == "bool":
            return self._clean_bool(raw)
        if self.kind == "seats":
            return self._clean_seats(raw)
        if self.kind == "int":
            value = self._clean_int(raw)
            if self.min is not None and value < self.min:
                raise OptionError(
                    msg(
                        "%(option)s must be at least %(min)s, not %(value)s.",
                        option=self._name(),
                        min=self.min,
                        value=value,
                    )
                )
            if self.max is not None and value > self.max:
                raise OptionError(
                    msg(
                        "%(option)s must be at most %(max)s, not %(value)s.",
                        option=self._name(),
                        max=self.max,
                        value=value,
                    )
                )
            if self.choices and value not in {v for v, _ in self.choices}:
                raise OptionError(
                    msg(
                        "%(option)s must be one of %(choices)s.",
                        option=self._name(),
                        choices=self._choice_list(),
                    )
                )
            return value
        return self._clean_choice(raw)

    def _clean_bool(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, int) and raw in (0, 1):
            return bool(raw)
        if isinstance(raw, str):
            word = raw.strip().lower()
            if word in _TRUE_WORDS:
                return True
            if word in _FALSE_WORDS:
                return False
        raise OptionError(
            msg(
                "%(option)s must be yes or no, not %(value)s.",
                option=self._name(),
                value=_short(raw),
            )
        )

    def _not_a_number(self, raw: Any) -> OptionError:
        return OptionError(
            msg(
                "%(option)s must be a whole number, not %(value)s.",
                option=self._name(),
                value=_short(raw),
            )
        )

    def _clean_int(self, raw: Any) -> int:
        if isinstance(raw, bool):
            raise self._not_a_number(raw)
        if isinstance(raw, int):
            return raw
        if isinstance(raw, float) and raw.is_integer():
            return int(raw)
        if isinstance(raw, str):
            text = raw.strip()
            digits = text[1:] if text.startswith("-") else text
            if digits.isascii() and digits.isdigit() and len(digits) <= 18:
                return int(text)
        raise self._not_a_number(raw)

    def _clean_seats(self, raw: Any) -> tuple[int, ...]:
        """Return the player numbers in `raw` (a list, or one number: 0 is nobody), sorted."""
        if isinstance(raw, (list, tuple)):
            if len(raw) > (self.max or 0):
                raise self._not_seats(raw)
            numbers = [self._clean_int_or(raw_number, raw) for raw_number in raw]
        else:
            number = self._clean_int_or(raw, raw)
            numbers = [number] if number else []
        highest = self.max or 0
        if any(not 1 <= n <= highest for n in numbers) or len(set(numbers)) != len(numbers):
            raise self._not_seats(raw)
        return tuple(sorted(numbers))

    def _clean_int_or(self, raw: Any, whole: Any) -> int:
        try:
            return self._clean_int(raw)
        except OptionError:
            raise self._not_seats(whole) from None

    def _not_seats(self, raw: Any) -> OptionError:
        return OptionError(
            msg(
                "%(option)s must be player numbers from 1 to %(max)s, each once, not %(value)s.",
                option=self._name(),
                max=self.max or 0,
                value=_short(raw),
            )
        )

    def _clean_choice(self, raw: Any) -> Any:
        for value, _label in self.choices:
            if raw == value and type(raw) is type(value):
                return value
        # Form posts send strings: "6" selects the choice 6.
        if isinstance(raw, str):
            for value, _label in self.choices:
                if raw.strip() == str(value):
                    return value
        raise OptionError(
            msg(
                "%(option)s must be one of %(choices)s, not %(value)s.",
                option=self._name(),
                choices=self._choice_list(),
                value=_short(raw),
            )
        )

    def _name(self) -> Msg:
        # The label is a catalogue message already (engines mark it with gettext_noop).
        return Msg(self.label)

    def _choice_list(self) -> str:
        return ", ".join(str(value) for value, _ in self.choices)


def _short(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def places_from_scores(scores: Sequence[int]) -> tuple[int, ...]:
    """Return competition places for `scores`: 1 is best, equal scores share a place."""
    return tuple(1 + sum(1 for other in scores if other > score) for score in scores)


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game: final scores, places (1 = best) and a breakdown."""

    scores: tuple[int, ...]
    places: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(self.scores) != len(self.places):
            raise ValueError("an outcome needs one place per score")


@dataclass(frozen=True)
class ClockDefaults:
    """The time control a new table of a game proposes; the platform runs the clocks.

    Live: minutes per player for the whole game plus seconds added after each move
    (Fischer). Asynchronous: hours per move plus a reserve bank of days per player.
    Each value must be one the lobby offers (`lobby.clocks`); a test checks that.
    """

    live_minutes: int
    live_increment_seconds: int
    async_move_hours: int
    async_bank_days: int

    def __post_init__(self) -> None:
        # A broken declaration is a programming error: fail at import, not at a table.
        if self.live_minutes <= 0 or self.async_move_hours <= 0:
            raise ValueError("a clock needs time")
        if self.live_increment_seconds < 0 or self.async_bank_days < 0:
            raise ValueError("a clock cannot take time away")

    @property
    def live_base_seconds(self) -> int:
        return self.live_minutes * 60

    @property
    def async_move_seconds(self) -> int:
        return self.async_move_hours * 3600

    @property
    def async_bank_seconds(self) -> int:
        return self.async_bank_days * 86400


_MISSING = object()
_MISSING_OR_EXTRA = msg("That move is missing something or carries something extra.")


def parse_action(action: Any, shapes: Mapping[str, Mapping[str, type[Any]]]) -> tuple[str, Action]:
    """Check an action payload against its allowed shapes; return (type, the payload).

    1. The payload must be a dict whose "type" is one of `shapes`.
    2. It must carry exactly the keys that shape names, no more, no fewer.
    3. Each value must have the named type (bool never passes as int) and strings
       must be short.
    Raises IllegalAction with a plain message on any failure.
    """
    if not isinstance(action, dict):
        raise IllegalAction(msg("That is not a valid move."))
    kind = action.get("type")
    if type(kind) is not str or (shape := shapes.get(kind)) is None:
        raise IllegalAction(msg("That kind of move does not exist in this game."))
    if len(action) != len(shape) + 1:
        raise IllegalAction(_MISSING_OR_EXTRA)
    for key, expected in shape.items():
        value = action.get(key, _MISSING)
        if value is _MISSING:
            raise IllegalAction(_MISSING_OR_EXTRA)
        if type(value) is not expected or (expected is str and len(value) > MAX_ACTION_STRING):
            raise IllegalAction(msg("That move is not filled in correctly."))
    return kind, action


@dataclass(frozen=True)
class MoveSpec:
    """One kind of action an engine accepts: its payload fields and the method that plays it."""

    kind: str
    fields: Mapping[str, type[Any]]
    method: str


_F = TypeVar("_F", bound=Callable[..., Any])


def move(kind: str, **fields: type[Any]) -> Callable[[_F], _F]:
    """Declare the decorated engine method as the player of actions of type `kind`.

    `fields` name the payload's keys and their types (as `parse_action` checks them); the
    method is called as `method(state, seat, **payload)` once `Game.apply` has refused a
    finished game, a malformed payload and a seat not to move. Stack the decorator to let one
    method play several kinds.
    """

    def mark(function: _F) -> _F:
        specs = list(getattr(function, "__moves__", ()))
        specs.append((kind, dict(fields)))
        function.__moves__ = tuple(specs)  # type: ignore[attr-defined]
        return function

    return mark


Viewer = Callable[[Any, Any, "int | None"], dict[str, Any]]
"""A game's view builder: (engine, state, seat or None) -> what that seat may see."""

Marker = Callable[[Mapping[str, Any], int, Mapping[str, Any]], Iterable[str]]
"""A game's last-move marker (games/<slug>/marks.py `touched`): (the viewer's view after the
move, the mover's seat, the move's action) -> keys of what the move touched on the board."""


class Game(ABC, Generic[S]):
    """A board game's rules. One instance per game, registered by slug.

    Metadata are class attributes. `clock` is the time control a new table proposes,
    sized to the game's typical length (a short card game a few minutes per player live,
    a long engine builder an hour or more); every game declares its own, and the value
    here is only the platform's fallback for engines written before it. Players may
    pick any other offered time control. A `simultaneous` game runs no per-seat clock,
    so its declaration is not used while that holds.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    summary: ClassVar[str] = ""
    play_time: ClassVar[str] = ""
    # True for games where several seats act at the same moment (Mondo's rounds): the
    # platform then runs no per-seat turn clocks and does not refuse an action because
    # another seat acted since the page was drawn; the engine alone judges legality.
    simultaneous: ClassVar[bool] = False
    # True for games whose board draws its own full log (Terraforming Mars' "Game log"):
    # the platform's "Moves" list (lobby/jinja2/lobby/_board.html) is then left out, so that
    # a board shows one log. Other games' boards show the platform list as their log.
    own_log: ClassVar[bool] = False
    clock: ClassVar[ClockDefaults] = ClockDefaults(
        live_minutes=10, live_increment_seconds=5, async_move_hours=24, async_bank_days=3
    )
    # Filled by `attach` (the game's app does it at start-up): see `view` and `bots`.
    viewer: ClassVar[Viewer | None] = None
    marker: ClassVar[Marker | None] = None
    bots: ClassVar[Mapping[str, Any]] = {}
    # Every action type the game accepts, filled from the `@move` methods of the class and
    # its bases when the class is made (boardgame.io's `moves`, OpenSpiel's `_apply_action`).
    moves: ClassVar[Mapping[str, MoveSpec]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[str, MoveSpec] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for kind, fields in getattr(member, "__moves__", ()):
                    found[kind] = MoveSpec(kind=kind, fields=fields, method=name)
        if "undo" in found:
            raise TypeError(f"{cls.__name__}: the action type 'undo' is the platform's")
        if found:
            cls.moves = found

    @abstractmethod
    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> S:
        """Return the opening state for `players` seats, dealt from `seed`."""

    @abstractmethod
    def to_move(self, state: S) -> frozenset[int]:
        """Return the seats that may act now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Return every legal action of `seat`, in a stable sorted order."""

    def apply(self, state: S, seat: int, action: Action) -> S:
        """Return the state after `seat` plays `action`; raise IllegalAction, never mutate.

        The one entry for every move: refuses a finished game, a malformed payload and a
        seat that is not to move (unless the payload is one of its `aside_actions`; a forged
        one of an aside kind gets `refuse_aside`'s words), in that order, then hands the
        payload to `dispatch`.
        Engines do not override it; they declare `@move` methods (or override `dispatch`).
        """
        if self.is_over(state):
            raise IllegalAction(msg("The game is over."))
        kind, payload = parse_action(action, self.shapes())
        if type(seat) is not int:
            raise IllegalAction(self.not_to_move(state, seat))
        if seat not in self.to_move(state):
            asides = self.aside_actions(state, seat)
            if payload not in asides:
                if any(aside["type"] == kind for aside in asides):
                    raise IllegalAction(self.refuse_aside(state, seat, payload))
                raise IllegalAction(self.not_to_move(state, seat))
        return self.dispatch(state, seat, kind, payload)

    def aside_actions(self, state: S, seat: int) -> list[Action]:
        """Return the actions `seat` may send while it is NOT to move (default: none).

        An aside action (Terraforming Mars' "pass in advance", a seat's own setting) is a
        move like any other: `apply` plays it, the platform logs it and bumps the version,
        so setup plus the log still rebuilds the game. It never makes a seat "to move":
        the platform starts no clock for it. Bots never send one. `dispatch` receives it
        like any action; the engine tells it apart.
        """
        return []

    def refuse_aside(self, state: S, seat: int, action: Action) -> str:
        """Return why a well-formed aside action of a kind `seat` may send is not one now."""
        return self.not_to_move(state, seat)

    def shapes(self) -> Mapping[str, Mapping[str, type[Any]]]:
        """Return the payload fields of every action type (from `moves`)."""
        return {kind: spec.fields for kind, spec in self.moves.items()}

    def dispatch(self, state: S, seat: int, kind: str, action: Action) -> S:
        """Play a well-formed `action` of type `kind` by a seat to move: its `@move` method."""
        fields = {key: value for key, value in action.items() if key != "type"}
        method: Callable[..., S] = getattr(self, self.moves[kind].method)
        return method(state, seat, **fields)

    def is_over(self, state: S) -> bool:
        """Return whether the game has ended (engines override with a cheaper test)."""
        return self.outcome(state) is not None

    def not_to_move(self, state: S, seat: Any) -> str:
        """Return the sentence that refuses an action of a seat that may not act now."""
        return msg("It is not your turn.")

    def view(self, state: S, seat: int | None) -> dict[str, Any]:
        """Return what `seat` may see as JSON-safe data; None is a spectator.

        The game's view module builds it (it sits above the engine and imports it, never the
        other way round); the game's app hands it over with `attach` when Django starts.
        """
        viewer = type(self).viewer
        if viewer is None:
            raise LookupError(f"{self.name} has no view attached (is its app installed?)")
        return viewer(self, state, seat)

    def attach(self, *, viewer: Viewer, bots: Mapping[str, Any]) -> None:
        """Hand the engine its view builder and its bots by kind ("random", "heuristic")."""
        type(self).viewer = viewer
        type(self).bots = dict(bots)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """Return scores and places once the game is over, else None."""

    @abstractmethod
    def timeout_action(self, state: S, seat: int) -> Action:
        """Return the safe legal action the clock plays for a seat out of time."""

    @abstractmethod
    def dump(self, state: S) -> dict[str, Any]:
        """Return the state as JSON-safe data."""

    @abstractmethod
    def load(self, data: Mapping[str, Any]) -> S:
        """Return the state stored in `data`; raise ValueError when it is not a valid state."""

    @abstractmethod
    def secret_tokens(self, state: S, viewer: int | None) -> set[str]:
        """Return the ids of everything `viewer` may not see (used by leak scans)."""

    @abstractmethod
    def describe(self, before: S, after: S, seat: int, action: Action, viewer: int | None) -> str:
        """Return a log line without its subject ("drew a card") as `viewer` may know it.

        `action` was legal: `after` is the state `apply` returned for it, so an engine never
        applies a move again to tell what it did.
        """

    def validate_options(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Return every option cleaned, defaults filled in; raise OptionError on bad input."""
        known = {option.key: option for option in self.options}
        unknown = sorted(str(key) for key in raw if key not in known)
        if unknown:
            raise OptionError(
                msg(
                    "%(game)s has no option called %(names)s.",
                    game=self.name,
                    names=", ".join(unknown),
                )
            )
        return {
            key: option.clean(raw[key]) if key in raw else option.default
            for key, option in known.items()
        }

    def timed_phase(self, state: S) -> tuple[str, float] | None:
        """Return (phase key, seconds) of a timed simultaneous phase now running, else None."""
        return None

    def time_up(self, state: S, phase_key: str) -> S:
        """Close the timed phase `phase_key`; a call for a phase no longer running is a no-op."""
        return state

    def undo_steps(self, state: S, seat: int) -> int:
        """Return how many of the latest logged moves `seat` may take back now (0: none).

        The platform takes them back by deleting them from the log and replaying the rest
        from the seed; an engine never reverses effects by hand. An engine that offers undo
        counts in its state the moves since the last point that must not be undone (the
        turn began, hidden information was revealed, another seat decided). The action type
        "undo" is the platform's: no engine may use it.
        """
        return 0

    def round_info(self, state: S) -> str | None:
        """Return a short progress line such as "Round 2 of 3", or None."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.slug!r}>"


def is_legal(engine: Game[Any], state: Any, seat: int, action: Action) -> bool:
    """Return whether `engine` accepts `action` by `seat` in `state`."""
    try:
        engine.apply(state, seat, action)
    except IllegalAction:
        return False
    return True
