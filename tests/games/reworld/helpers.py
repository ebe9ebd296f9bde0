"""Build Reworld states from a known situation, written in a short notation.

Modules: "TA" terrabot A, "CR"/"CY"/"CG"/"CB"/"CV" a red/yellow/green/blue/violet crew,
"S" a shuttle, "X" a satellite. Rows are written outer end first, as the board shows
them: "CR S TA" is a row whose next module out is the red crew.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.reworld.data import LETTERS
from games.reworld.engine import ENGINE
from games.reworld.house_rules import ARMS, MODULES, NUMBER, ROUNDS
from games.reworld.state import Player, ReworldState, evolve

__all__ = [
    "ENGINE",
    "chapter_one",
    "chapter_two",
    "hand_numbers",
    "log_line",
    "modules",
    "play",
    "play_out",
]

_CODES = {"S": "shuttle", "X": "satellite"}
_COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "V": "violet"}


def _matches(module: str, code: str) -> bool:
    info = MODULES[module]
    if code in _CODES:
        return info.kind == _CODES[code]
    if code[0] == "T":
        return info.kind == "terrabot" and info.letter == code[1]
    assert code[0] == "C", f"unknown module code {code}"
    return info.kind == "crew" and info.colour == _COLOURS[code[1]]


class _Pool:
    """Hands out module and card ids, each once."""

    def __init__(self, ids: Sequence[str]) -> None:
        self.free = list(ids)

    def take_module(self, code: str) -> str:
        for module in self.free:
            if _matches(module, code):
                self.free.remove(module)
                return module
        raise AssertionError(f"no module {code} left")

    def take_card(self, number: int) -> str:
        for card in self.free:
            if NUMBER[card] == number:
                self.free.remove(card)
                return card
        raise AssertionError(f"no card {number} left")


def modules(text: str, pool: _Pool) -> tuple[str, ...]:
    """Return module ids for a notation, in the order written."""
    return tuple(pool.take_module(code) for code in text.split())


def hand_numbers(state: ReworldState, seat: int) -> list[int]:
    """Return the numbers in `seat`'s hand."""
    return [NUMBER[card] for card in state.seats[seat].hand]


def chapter_one(
    *,
    players: int = 3,
    hands: Sequence[str] = (),
    tops: Mapping[int, str] | None = None,
    station: Mapping[int, str] | None = None,
    rows: Mapping[int, Mapping[int, str]] | None = None,
    active: int = 0,
    round: int = 1,
    start: int = 0,
    seed: int = 7,
    **changes: Any,
) -> ReworldState:
    """Return a Chapter 1 state with the given hands, paid cards and station.

    `hands` are numbers ("3 3 5"); `tops` maps an arm to the cards paid there (last on
    top); `station` names the module on an arm; `rows` maps a seat to {row: notation}.
    Arms with paid cards are claimed (their module sold); every card not named is
    undealt, which keeps the state valid for `ENGINE.load`.
    """
    base = ENGINE.setup(players=players, seed=seed, options={})
    cards = _Pool(tuple(NUMBER))
    module_pool = _Pool(tuple(MODULES))
    seats = list(base.seats)
    for seat, text in enumerate(hands):
        hand = [cards.take_card(int(n)) for n in text.split()]
        seats[seat] = evolve(seats[seat], hand=tuple(sorted(hand, key=_card_order)))
    for seat in range(len(hands), players):
        seats[seat] = evolve(seats[seat], hand=())
    slots = [()] * ARMS
    sold = [""] * ARMS
    buyers = [-1] * ARMS
    for arm, text in (tops or {}).items():
        slots[arm] = tuple(cards.take_card(int(n)) for n in text.split())
        sold[arm] = module_pool.take_module("S")
        buyers[arm] = (arm + 1) % players
    for seat, seat_rows in (rows or {}).items():
        row_tuples = list(seats[seat].rows)
        for row, text in seat_rows.items():
            row_tuples[row - 1] = tuple(reversed(modules(text, module_pool)))
        seats[seat] = evolve(seats[seat], rows=tuple(row_tuples))
    named = dict(station or {})
    arms = []
    for arm in range(ARMS):
        if slots[arm]:
            arms.append("")
        elif arm in named:
            arms.append(module_pool.take_module(named[arm]))
        else:
            arms.append(module_pool.take_module("S" if arm % 2 else "X"))
    # Sold modules left the arm; put them into the buyer's row 1 to keep every piece placed.
    for arm in range(ARMS):
        if sold[arm]:
            seat = buyers[arm]
            row_tuples = list(seats[seat].rows)
            row_tuples[0] = (*row_tuples[0], sold[arm])
            seats[seat] = evolve(seats[seat], rows=tuple(row_tuples))
    bag_size = len(MODULES) - 20 * round
    rest = sorted(module_pool.free, key=lambda m: MODULES[m].order)
    bag, removed = tuple(rest[:bag_size]), tuple(rest[bag_size:])
    size = {2: 13, 3: 9, 4: 7}[players]
    undealt_needed = len(NUMBER) - size * players
    free_cards = sorted(cards.free, key=_card_order)
    # Cards not named go undealt first; the rest are made face-down marker discards.
    undealt = tuple(free_cards[:undealt_needed])
    spare = free_cards[undealt_needed:]
    discards = tuple((0, card) for card in spare)
    state = evolve(
        base,
        round=round,
        start=start,
        active=active,
        arms=tuple(arms),
        sold=tuple(sold),
        slots=tuple(slots),
        buyers=tuple(buyers),
        bag=bag,
        removed=removed,
        undealt=undealt,
        discards=discards,
        seats=tuple(seats),
        history=tuple((0,) * players for _ in range(round - 1)),
        recent=(),
        serial=0,
        marks=(),
        **changes,
    )
    assert ENGINE.load(ENGINE.dump(state)) == state
    return state


def _card_order(card: str) -> tuple[int, str]:
    return (NUMBER[card], card)


def chapter_two(
    *,
    players: int = 2,
    rows: Mapping[int, Mapping[int, str]] | None = None,
    cities: Mapping[int, Mapping[str, str]] | None = None,
    satellites: Mapping[int, str] | None = None,
    shields: Mapping[int, str] | None = None,
    start_rows: Mapping[int, Sequence[int]] | None = None,
    active: int = 0,
    owners: Mapping[str, int] | None = None,
    seed: int = 7,
) -> ReworldState:
    """Return a Chapter 2 state ("undock" phase) with the given freighters and planets.

    `rows` maps a seat to {row number: notation, outer end first}; `cities` maps a seat
    to {letter: notation}; `satellites` maps a seat to letters with a satellite;
    `shields` to a notation; `start_rows` lists the rows that held modules when
    Chapter 2 began (default: the rows given). Every other module was removed.
    """
    base = ENGINE.setup(players=players, seed=seed, options={})
    pool = _Pool(tuple(MODULES))
    seats = []
    for seat in range(players):
        player: Player = base.seats[seat]
        seat_rows = [()] * 5
        for row, text in (rows or {}).get(seat, {}).items():
            seat_rows[row - 1] = tuple(reversed(modules(text, pool)))
        seat_cities = [()] * 5
        for letter, text in (cities or {}).get(seat, {}).items():
            seat_cities[LETTERS.index(letter)] = modules(text, pool)
        seat_sats = [""] * 5
        for letter in (satellites or {}).get(seat, ""):
            seat_sats[LETTERS.index(letter)] = pool.take_module("X")
        shield = modules((shields or {}).get(seat, ""), pool)
        held = (start_rows or {}).get(seat)
        flags = tuple(
            (row + 1 in held) if held is not None else bool(seat_rows[row]) for row in range(5)
        )
        seats.append(
            evolve(
                player,
                hand=(),
                rows=tuple(seat_rows),
                cities=tuple(seat_cities),
                satellites=tuple(seat_sats),
                shield=shield,
                start_rows=flags,
            )
        )
    ship_owners = [-1] * len(base.ships)
    for ship, seat in (owners or {}).items():
        ship_owners[base.ships.index(ship)] = seat
    state = evolve(
        base,
        phase="undock",
        round=ROUNDS,
        active=active,
        bag=(),
        arms=("",) * ARMS,
        undealt=(),
        discards=(),
        removed=tuple(sorted(pool.free, key=lambda m: MODULES[m].order)),
        seats=tuple(seats),
        owners=tuple(ship_owners),
        history=tuple((0,) * players for _ in range(ROUNDS)),
        recent=(),
        serial=0,
        marks=(),
    )
    assert ENGINE.load(ENGINE.dump(state)) == state
    return state


def play(state: ReworldState, *actions: dict[str, Any], seat: int | None = None) -> ReworldState:
    """Apply `actions` in order by the active seat (or `seat`); return the result."""
    for action in actions:
        state = ENGINE.apply(state, state.active if seat is None else seat, action)
    return state


def log_line(state: ReworldState, seat: int, action: dict[str, Any], viewer: int | None) -> str:
    """Return the log line `viewer` reads when `seat` plays the legal `action` in `state`."""
    return ENGINE.describe(state, ENGINE.apply(state, seat, action), seat, action, viewer)


def play_out(state: ReworldState, seed: int = 0, bot: str = "random") -> ReworldState:
    """Play the game to its end with one bot for every seat."""
    from games.reworld.bots import BOTS

    rng = random.Random(seed)
    while ENGINE.outcome(state) is None:
        seat = state.active
        state = ENGINE.apply(state, seat, BOTS[bot].choose(ENGINE, state, seat, rng))
    return state
