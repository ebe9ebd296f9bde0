"""Lost Cities state: frozen dataclasses of tuples, and their JSON dump and validating load."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from games.lost_cities.cards import CARDS, COLOUR_INDEX, COLOURS, deck_ids
from games.lost_cities.scoring import round_score
from games.validate import boolean, fail, ids, integer, items, keys, text

__all__ = [
    "PHASES",
    "Event",
    "FinishedRound",
    "LostCitiesState",
    "Settings",
    "dump_state",
    "evolve",
    "load_state",
]

PHASES = ("place", "take", "over")
EVENT_KINDS = ("play", "discard", "draw", "draw_last", "take")
DUMP_VERSION = 1
# The keys of a dump and of its options (see `dump_state`).
_STATE_KEYS = frozenset({
    "v", "seed", "options", "round", "start", "history", "deck", "hands", "columns",
    "discards", "active", "phase", "blocked", "recent",
})  # fmt: skip
_OPTION_KEYS = frozenset(
    {"expeditions", "rounds", "first_player", "discard_display", "bonus_counts_wagers"}
)

T = TypeVar("T")

Columns = tuple[tuple[str, ...], ...]
"""One player's columns, one tuple of card ids per colour, in play order."""

Event = tuple[int, int, str, str]
"""A public log entry: (round, seat, kind, card id or "" for a draw)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The table options, cleaned (rules §9)."""

    expeditions: int
    rounds: int
    first_player: str
    discard_display: str
    bonus_counts_wagers: bool


@dataclass(frozen=True, slots=True)
class FinishedRound:
    """A round that has been scored: who started it, the final columns and the scores."""

    start: int
    columns: tuple[Columns, Columns]
    scores: tuple[int, int]


@dataclass(frozen=True)
class LostCitiesState:
    """Everything about a match. The draw pile's top card is the last element of `deck`.

    Frozen: `apply` builds a new state with `evolve` and never changes one in place.
    """

    seed: int
    settings: Settings
    round: int  # 1-based; stays at the last round once the match is over
    start: int  # the seat that started the current round
    history: tuple[FinishedRound, ...]
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # kept in card sort order
    columns: tuple[Columns, Columns]
    discards: tuple[tuple[str, ...], ...]  # one pile per colour; top = last element
    active: int
    phase: str  # "place", "take" or "over"
    blocked: int  # colour index discarded onto this turn (rules §5), -1 for none
    recent: tuple[Event, ...]  # the last few public events, oldest first

    @property
    def finished(self) -> bool:
        return self.phase == "over"

    @property
    def totals(self) -> tuple[int, int]:
        return (
            sum(done.scores[0] for done in self.history),
            sum(done.scores[1] for done in self.history),
        )


_FIELD_NAMES = frozenset(field.name for field in fields(LostCitiesState))
_new_instance = object.__new__


def evolve(state: LostCitiesState, **changes: Any) -> LostCitiesState:
    """Return a copy of `state` with `changes`, like `dataclasses.replace` but faster.

    A frozen dataclass's __init__ pays for one guarded attribute write per field; apply
    runs on the hot path of every self-play benchmark, so the copy fills the new
    instance's attribute dict in one step. Only names of fields are accepted.
    """
    assert changes.keys() <= _FIELD_NAMES, f"unknown fields {set(changes) - _FIELD_NAMES}"
    new = _new_instance(LostCitiesState)
    attributes = new.__dict__
    attributes.update(state.__dict__)
    attributes.update(changes)
    return new


def dump_state(state: LostCitiesState) -> dict[str, Any]:
    """Return `state` as JSON-safe data."""
    settings = state.settings
    return {
        "v": DUMP_VERSION,
        "seed": state.seed,
        "options": {
            "expeditions": settings.expeditions,
            "rounds": settings.rounds,
            "first_player": settings.first_player,
            "discard_display": settings.discard_display,
            "bonus_counts_wagers": settings.bonus_counts_wagers,
        },
        "round": state.round,
        "start": state.start,
        "history": [
            {
                "start": done.start,
                "columns": [[list(col) for col in cols] for cols in done.columns],
                "scores": list(done.scores),
            }
            for done in state.history
        ],
        "deck": list(state.deck),
        "hands": [list(hand) for hand in state.hands],
        "columns": [[list(col) for col in cols] for cols in state.columns],
        "discards": [list(pile) for pile in state.discards],
        "active": state.active,
        "phase": state.phase,
        "blocked": COLOURS[state.blocked] if state.blocked >= 0 else None,
        "recent": [list(event) for event in state.recent],
    }


def _columns(value: Any, what: str, allowed: frozenset[str], colours: int) -> Columns:
    """Return one player's columns: each of its colour, wagers first, numbers rising (§4)."""
    columns = []
    for colour, raw in enumerate(items(value, what, colours)):
        column = ids(raw, what, allowed)
        previous = -1
        for card in column:
            info = CARDS[card]
            if info.colour != colour:
                fail(f"{what} has a card in the wrong colour")
            # rules §4: wagers first, then strictly ascending numbers.
            if info.value < previous or (info.value == previous and info.value != 0):
                fail(f"{what} is not in ascending order")
            previous = info.value
        columns.append(column)
    return tuple(columns)


def _per_seat(value: Any, what: str, check: Callable[[Any], T]) -> tuple[T, T]:
    """Return a list of two entries, one per seat, each passed through `check`."""
    first, second = items(value, what, 2)
    return (check(first), check(second))


def _settings(raw: Any) -> Settings:
    options = keys(raw, "options", _OPTION_KEYS)
    return Settings(
        expeditions=integer(options["expeditions"], "expeditions", 5, 6),
        rounds=integer(options["rounds"], "rounds", 1, 5),
        first_player=text(options["first_player"], "first_player", ("random", "creator")),
        discard_display=text(options["discard_display"], "discard_display", ("top", "full")),
        bonus_counts_wagers=boolean(options["bonus_counts_wagers"], "bonus_counts_wagers"),
    )


def _blocked(raw: Any, colours: int) -> int:
    """Return the colour index of the pile blocked this turn, -1 for none."""
    if raw is None:
        return -1
    if type(raw) is not str or COLOUR_INDEX.get(raw, colours) >= colours:
        fail("blocked is not a colour of this game")
    return COLOUR_INDEX[raw]


def load_state(data: Any, hand_size: int) -> LostCitiesState:
    """Return the state stored in `data`; raise StateError naming what is wrong.

    The engine's `load` runs this inside `state_of`, which names the game in the message.
    1. Check every field's type and range.
    2. Check that each card of the variant is in exactly one place.
    3. Check hand sizes, phase, blocked pile and scores against the rules.
    """
    data = keys(data, "the state", _STATE_KEYS)
    if data["v"] != DUMP_VERSION:
        fail("unknown version")
    settings = _settings(data["options"])
    colours = settings.expeditions
    allowed = frozenset(deck_ids(colours))
    state = LostCitiesState(
        seed=integer(data["seed"], "seed"),
        settings=settings,
        round=integer(data["round"], "round", 1, settings.rounds),
        start=integer(data["start"], "start", 0, 1),
        history=tuple(
            _finished_round(raw, allowed, colours, settings.bonus_counts_wagers)
            for raw in items(data["history"], "history")
        ),
        deck=ids(data["deck"], "deck", allowed),
        hands=_per_seat(data["hands"], "hands", lambda hand: ids(hand, "hand", allowed)),
        columns=_per_seat(
            data["columns"], "columns", lambda cols: _columns(cols, "columns", allowed, colours)
        ),
        discards=tuple(
            ids(pile, "discards", allowed) for pile in items(data["discards"], "discards", colours)
        ),
        active=integer(data["active"], "active", 0, 1),
        phase=text(data["phase"], "phase", PHASES),
        blocked=_blocked(data["blocked"], colours),
        recent=tuple(
            _event(raw, allowed, settings.rounds) for raw in items(data["recent"], "recent")
        ),
    )
    _check_consistency(state, allowed, hand_size)
    return state


def _finished_round(raw: Any, allowed: frozenset[str], colours: int, bonus: bool) -> FinishedRound:
    entry = keys(raw, "a history entry", ("start", "columns", "scores"))
    columns = _per_seat(
        entry["columns"], "history", lambda cols: _columns(cols, "history", allowed, colours)
    )
    scores = _per_seat(entry["scores"], "history", lambda score: integer(score, "history score"))
    if scores != tuple(round_score(cols, bonus) for cols in columns):
        fail("history scores do not match the columns")
    return FinishedRound(
        start=integer(entry["start"], "history start", 0, 1), columns=columns, scores=scores
    )


def _event(raw: Any, allowed: frozenset[str], rounds: int) -> Event:
    round_no, seat, kind, card = items(raw, "recent event", 4)
    text(kind, "recent event", EVENT_KINDS)
    text(card, "recent event")
    if (card != "") != (kind not in ("draw", "draw_last")) or (card and card not in allowed):
        fail("recent event names a wrong card")
    return (
        integer(round_no, "event round", 1, rounds),
        integer(seat, "event seat", 0, 1),
        kind,
        card,
    )


def _check_consistency(state: LostCitiesState, allowed: frozenset[str], hand_size: int) -> None:
    settings = state.settings
    placed = [card for cols in state.columns for col in cols for card in col]
    everywhere = [*state.deck, *state.hands[0], *state.hands[1], *placed]
    everywhere += [card for pile in state.discards for card in pile]
    if len(everywhere) != len(allowed) or set(everywhere) != allowed:
        fail("every card must be in exactly one place")
    for hand in state.hands:
        if list(hand) != sorted(hand, key=lambda card: CARDS[card].order):
            fail("hands must be kept in card order")
    finished_rounds = state.round if state.phase == "over" else state.round - 1
    if len(state.history) != finished_rounds:
        fail("the number of scored rounds does not match the round")
    if state.phase == "over":
        if state.deck or state.round != settings.rounds or state.blocked != -1:
            fail("a finished match has an empty deck, all rounds played, nothing blocked")
    elif not state.deck:
        fail("a running round always has cards in the draw pile")
    sizes = [len(hand) for hand in state.hands]
    expected = [hand_size, hand_size]
    if state.phase == "take":
        expected[state.active] -= 1
    if sizes != expected:
        fail("hand sizes do not fit the phase")
    if state.blocked != -1 and state.phase != "take":
        fail("a pile can only be blocked during the take step")
    if state.blocked != -1 and not state.discards[state.blocked]:
        fail("the blocked pile is empty")
