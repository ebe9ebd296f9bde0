"""Lost Cities state: frozen dataclasses of tuples, and their JSON dump and validating load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NoReturn

from games.lost_cities.cards import CARDS, COLOUR_INDEX, COLOURS, deck_ids
from games.lost_cities.scoring import round_score

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


def _fail(message: str) -> NoReturn:
    raise ValueError(f"Not a valid Lost Cities state: {message}.")


def _int(value: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    if type(value) is not int:
        _fail(f"{what} must be an integer")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        _fail(f"{what} is out of range")
    return value


def _list(value: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list | tuple):
        _fail(f"{what} must be a list")
    if length is not None and len(value) != length:
        _fail(f"{what} must have {length} entries")
    return list(value)


def _cards(value: Any, what: str, allowed: frozenset[str]) -> tuple[str, ...]:
    cards = tuple(_list(value, what))
    for card in cards:
        if not isinstance(card, str) or card not in allowed:
            _fail(f"{what} holds an unknown card")
    return cards


def _columns(value: Any, what: str, allowed: frozenset[str], colours: int) -> Columns:
    columns = []
    for colour, raw in enumerate(_list(value, what, colours)):
        column = _cards(raw, what, allowed)
        previous = -1
        for card in column:
            info = CARDS[card]
            if info.colour != colour:
                _fail(f"{what} has a card in the wrong colour")
            # rules §4: wagers first, then strictly ascending numbers.
            if info.value < previous or (info.value == previous and info.value != 0):
                _fail(f"{what} is not in ascending order")
            previous = info.value
        columns.append(column)
    return tuple(columns)


def _settings(raw: Any) -> Settings:
    if not isinstance(raw, Mapping):
        _fail("options must be a mapping")
    expected = {"expeditions", "rounds", "first_player", "discard_display", "bonus_counts_wagers"}
    if set(raw) != expected:
        _fail("options have the wrong keys")
    if raw["expeditions"] not in (5, 6) or type(raw["expeditions"]) is not int:
        _fail("expeditions must be 5 or 6")
    if raw["first_player"] not in ("random", "creator"):
        _fail("first_player is unknown")
    if raw["discard_display"] not in ("top", "full"):
        _fail("discard_display is unknown")
    if type(raw["bonus_counts_wagers"]) is not bool:
        _fail("bonus_counts_wagers must be true or false")
    return Settings(
        expeditions=raw["expeditions"],
        rounds=_int(raw["rounds"], "rounds", 1, 5),
        first_player=raw["first_player"],
        discard_display=raw["discard_display"],
        bonus_counts_wagers=raw["bonus_counts_wagers"],
    )


def load_state(data: Mapping[str, Any], hand_size: int) -> LostCitiesState:
    """Return the state stored in `data`; raise ValueError on anything inconsistent.

    1. Check every field's type and range.
    2. Check that each card of the variant is in exactly one place.
    3. Check hand sizes, phase, blocked pile and scores against the rules.
    """
    if not isinstance(data, Mapping):
        _fail("expected a mapping")
    keys = {"v", "seed", "options", "round", "start", "history", "deck", "hands", "columns"}
    keys |= {"discards", "active", "phase", "blocked", "recent"}
    if set(data) != keys:
        _fail("wrong keys")
    if data["v"] != DUMP_VERSION:
        _fail("unknown version")
    settings = _settings(data["options"])
    colours = settings.expeditions
    allowed = frozenset(deck_ids(colours))
    history = tuple(
        _finished_round(raw, allowed, colours, settings.bonus_counts_wagers)
        for raw in _list(data["history"], "history")
    )
    phase = data["phase"]
    if phase not in PHASES:
        _fail("unknown phase")
    blocked_raw = data["blocked"]
    if blocked_raw is not None and (
        not isinstance(blocked_raw, str) or COLOUR_INDEX.get(blocked_raw, colours) >= colours
    ):
        _fail("blocked is not a colour of this game")
    state = LostCitiesState(
        seed=_int(data["seed"], "seed"),
        settings=settings,
        round=_int(data["round"], "round", 1, settings.rounds),
        start=_int(data["start"], "start", 0, 1),
        history=history,
        deck=_cards(data["deck"], "deck", allowed),
        hands=_pair(
            tuple(_cards(hand, "hand", allowed) for hand in _list(data["hands"], "hands", 2))
        ),
        columns=_pair(
            tuple(
                _columns(cols, "columns", allowed, colours)
                for cols in _list(data["columns"], "columns", 2)
            )
        ),
        discards=tuple(
            _cards(pile, "discards", allowed)
            for pile in _list(data["discards"], "discards", colours)
        ),
        active=_int(data["active"], "active", 0, 1),
        phase=phase,
        blocked=-1 if blocked_raw is None else COLOUR_INDEX[blocked_raw],
        recent=tuple(
            _event(raw, allowed, settings.rounds) for raw in _list(data["recent"], "recent")
        ),
    )
    _check_consistency(state, allowed, hand_size)
    return state


def _pair(items: tuple[Any, ...]) -> tuple[Any, Any]:
    return (items[0], items[1])


def _finished_round(raw: Any, allowed: frozenset[str], colours: int, bonus: bool) -> FinishedRound:
    if not isinstance(raw, Mapping) or set(raw) != {"start", "columns", "scores"}:
        _fail("history entries need start, columns and scores")
    columns = _pair(
        tuple(
            _columns(cols, "history", allowed, colours)
            for cols in _list(raw["columns"], "history", 2)
        )
    )
    scores = tuple(_int(score, "history score") for score in _list(raw["scores"], "history", 2))
    if scores != tuple(round_score(cols, bonus) for cols in columns):
        _fail("history scores do not match the columns")
    return FinishedRound(
        start=_int(raw["start"], "history start", 0, 1), columns=columns, scores=_pair(scores)
    )


def _event(raw: Any, allowed: frozenset[str], rounds: int) -> Event:
    fields = _list(raw, "recent event", 4)
    kind, card = fields[2], fields[3]
    if kind not in EVENT_KINDS or not isinstance(card, str):
        _fail("recent event is unknown")
    if (card != "") != (kind not in ("draw", "draw_last")) or (card and card not in allowed):
        _fail("recent event names a wrong card")
    return (
        _int(fields[0], "event round", 1, rounds),
        _int(fields[1], "event seat", 0, 1),
        kind,
        card,
    )


def _check_consistency(state: LostCitiesState, allowed: frozenset[str], hand_size: int) -> None:
    settings = state.settings
    placed = [card for cols in state.columns for col in cols for card in col]
    everywhere = [*state.deck, *state.hands[0], *state.hands[1], *placed]
    everywhere += [card for pile in state.discards for card in pile]
    if len(everywhere) != len(allowed) or set(everywhere) != allowed:
        _fail("every card must be in exactly one place")
    for hand in state.hands:
        if list(hand) != sorted(hand, key=lambda card: CARDS[card].order):
            _fail("hands must be kept in card order")
    finished_rounds = state.round if state.phase == "over" else state.round - 1
    if len(state.history) != finished_rounds:
        _fail("the number of scored rounds does not match the round")
    if state.phase == "over":
        if state.deck or state.round != settings.rounds or state.blocked != -1:
            _fail("a finished match has an empty deck, all rounds played, nothing blocked")
    elif not state.deck:
        _fail("a running round always has cards in the draw pile")
    sizes = [len(hand) for hand in state.hands]
    expected = [hand_size, hand_size]
    if state.phase == "take":
        expected[state.active] -= 1
    if sizes != expected:
        _fail("hand sizes do not fit the phase")
    if state.blocked != -1 and state.phase != "take":
        _fail("a pile can only be blocked during the take step")
    if state.blocked != -1 and not state.discards[state.blocked]:
        _fail("the blocked pile is empty")
