"""Reworld state: frozen dataclasses of tuples, their small edits, JSON dump and validating load."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from games.reworld.data import LETTERS, Catalogue
from games.validate import boolean, fail, ids, integer, items, keys, text
from games.words import Msg, decode, encode

__all__ = [
    "CHAPTER_ONE_PHASES",
    "PHASES",
    "POINT_SOURCES",
    "Player",
    "ReworldState",
    "dump_state",
    "evolve",
    "load_state",
    "logged",
    "replace_at",
    "with_seat",
]

# "buy": choose an action of Chapter 1; "pay": paying for the chosen arm, card by card;
# "undock": choose a row and how many modules; "land": give each landed module a use.
PHASES = ("buy", "pay", "undock", "land", "over")
CHAPTER_ONE_PHASES = frozenset({"buy", "pay"})
# §7.1 and §7.2: where running points come from (final scoring is computed at the end).
POINT_SOURCES = ("terrabots", "cards", "satellites", "ships", "jettisons")
DUMP_VERSION = 1
MAX_TEXT = 200
RECENT_EVENTS = 12  # the board lists this many of the last public events


@dataclass(frozen=True)
class Player:
    """One player's freighter and planet (§2.4), hand and running points."""

    hand: tuple[str, ...]  # officer cards, in card order
    rows: tuple[tuple[str, ...], ...]  # docking rows 1-5, inner -> outer (last = outermost)
    cities: tuple[tuple[str, ...], ...]  # per letter A-E: terrabots and crews, in arrival order
    satellites: tuple[str, ...]  # per letter: the satellite attached to that city, or ""
    shield: tuple[str, ...]  # shuttles and satellites of the defence shield
    spent: tuple[str, ...]  # shuttles that flew crews down and left play (H10)
    jettisoned: tuple[str, ...]  # modules pushed into space (§5.5)
    dropped: bool  # dropped out of the current round of Chapter 1
    start_rows: tuple[bool, ...]  # rows that held a module when Chapter 2 began (§5.1)
    points: tuple[int, ...]  # running VP per POINT_SOURCES entry


@dataclass(frozen=True)
class ReworldState:
    """Everything about a game. Frozen: `apply` builds new states with `evolve`."""

    seed: int
    players: int
    phase: str
    round: int  # 1-5; stays 5 in Chapter 2
    start: int  # the holder of the start player marker
    marker_taken: bool  # somebody took the marker this round (§4.2 b)
    active: int
    bag: tuple[str, ...]  # modules not yet drawn, in sort order (the draw order is the seed's)
    arms: tuple[str, ...]  # per station arm: the waiting module, "" once bought
    sold: tuple[str, ...]  # per arm: the module bought there this round, ""
    slots: tuple[tuple[str, ...], ...]  # per arm: the paid cards, top card last
    buyers: tuple[int, ...]  # per arm: who bought there this round, -1
    undealt: tuple[str, ...]  # officer cards out of play this round (§4.1 step 2)
    discards: tuple[tuple[int, str], ...]  # (seat, card) paid face down for the marker
    removed: tuple[str, ...]  # modules removed from the game at round ends (§4.6)
    seats: tuple[Player, ...]
    ships: tuple[str, ...]  # population ships in their random display order (§3 step 3)
    owners: tuple[int, ...]  # per ship: who claimed it, -1
    pending: int  # the arm being paid for ("pay" phase), else -1
    paid: tuple[str, ...]  # the cards laid down for it so far, face up
    landing: tuple[str, ...]  # undocked modules still waiting for a use, next first
    landing_row: int  # the row they came from (1-5), else 0
    carried: int  # crews flown down this turn and not yet matched to a shuttle
    history: tuple[tuple[int, ...], ...]  # per finished round: cards kept per seat
    # The last public events: (seat, sentence); -1 = nobody. A sentence is a `Msg` (plain
    # text in games stored before sentences were data).
    recent: tuple[tuple[int, str], ...]
    serial: int  # how many events were logged in all (the log lines find their new events)
    marks: tuple[str, ...]  # board places touched by the last move (highlight)

    @property
    def chapter(self) -> int:
        return 1 if self.phase in CHAPTER_ONE_PHASES else 2

    @property
    def finished(self) -> bool:
        return self.phase == "over"


T = TypeVar("T", ReworldState, Player)
_new_instance = object.__new__
_FIELDS = {cls: frozenset(f.name for f in fields(cls)) for cls in (ReworldState, Player)}


def evolve(obj: T, **changes: Any) -> T:
    """Return a copy of `obj` with `changes`, like `dataclasses.replace` but faster.

    A frozen dataclass's __init__ pays for a guarded write per field; self-play calls
    this on every move, so the copy fills the new instance's dict in one step.
    """
    cls = type(obj)
    assert changes.keys() <= _FIELDS[cls], f"unknown fields {set(changes) - _FIELDS[cls]}"
    new = _new_instance(cls)
    attributes = new.__dict__
    attributes.update(obj.__dict__)
    attributes.update(changes)
    return new


def with_seat(state: ReworldState, seat: int, player: Player) -> tuple[Player, ...]:
    """Return the seats of `state` with `player` in place of seat `seat`."""
    seats = state.seats
    return (*seats[:seat], player, *seats[seat + 1 :])


def replace_at(entries: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """Return `entries` with `value` at `index`."""
    return (*entries[:index], value, *entries[index + 1 :])


def logged(state: ReworldState, seat: int, line: Msg, *marks: str) -> dict[str, Any]:
    """Return the fields that log one public event (and, if given, new highlight marks).

    The line is a sentence of `games.words`: stored as its message ids and arguments, it is
    said in each reader's language.
    """
    changes: dict[str, Any] = {
        "recent": (*state.recent[1 - RECENT_EVENTS :], (seat, line)),
        "serial": state.serial + 1,
    }
    if marks:
        changes["marks"] = marks
    return changes


def _dump_player(player: Player) -> dict[str, Any]:
    return {
        "hand": list(player.hand),
        "rows": [list(row) for row in player.rows],
        "cities": [list(city) for city in player.cities],
        "satellites": list(player.satellites),
        "shield": list(player.shield),
        "spent": list(player.spent),
        "jettisoned": list(player.jettisoned),
        "dropped": player.dropped,
        "start_rows": list(player.start_rows),
        "points": list(player.points),
    }


def dump_state(state: ReworldState) -> dict[str, Any]:
    """Return `state` as JSON-safe data."""
    return {
        "v": DUMP_VERSION,
        "seed": state.seed,
        "players": state.players,
        "phase": state.phase,
        "round": state.round,
        "start": state.start,
        "marker_taken": state.marker_taken,
        "active": state.active,
        "bag": list(state.bag),
        "arms": list(state.arms),
        "sold": list(state.sold),
        "slots": [list(slot) for slot in state.slots],
        "buyers": list(state.buyers),
        "undealt": list(state.undealt),
        "discards": [[seat, card] for seat, card in state.discards],
        "removed": list(state.removed),
        "seats": [_dump_player(player) for player in state.seats],
        "ships": list(state.ships),
        "owners": list(state.owners),
        "pending": state.pending,
        "paid": list(state.paid),
        "landing": list(state.landing),
        "landing_row": state.landing_row,
        "carried": state.carried,
        "history": [list(kept) for kept in state.history],
        "recent": [[seat, encode(line)] for seat, line in state.recent],
        "serial": state.serial,
        "marks": list(state.marks),
    }


# --- load: check every field, then the whole ------------------------------------------


_PLAYER_KEYS = {f.name for f in fields(Player)}
_STATE_KEYS = {f.name for f in fields(ReworldState)} | {"v"}


def _load_player(raw: Any, catalogue: Catalogue, rows: int) -> Player:
    data = keys(raw, "a player", _PLAYER_KEYS)
    modules, cards = catalogue.modules, catalogue.cards
    hand = ids(data["hand"], "a hand", cards)
    if list(hand) != sorted(hand, key=lambda card: cards[card].order):
        fail("hands are kept in card order")
    satellites = tuple(items(data["satellites"], "satellites", len(LETTERS)))
    for satellite in satellites:
        if type(satellite) is not str or (satellite and satellite not in modules):
            fail("satellites hold an unknown piece")
    return Player(
        hand=hand,
        rows=tuple(ids(row, "a row", modules) for row in items(data["rows"], "rows", rows)),
        cities=tuple(
            ids(city, "a city", modules) for city in items(data["cities"], "cities", len(LETTERS))
        ),
        satellites=satellites,
        shield=ids(data["shield"], "a shield", modules),
        spent=ids(data["spent"], "spent shuttles", modules),
        jettisoned=ids(data["jettisoned"], "jettisoned modules", modules),
        dropped=boolean(data["dropped"], "dropped"),
        start_rows=tuple(
            boolean(flag, "start_rows") for flag in items(data["start_rows"], "start_rows", rows)
        ),
        points=tuple(
            integer(points, "points", -10_000, 10_000)
            for points in items(data["points"], "points", len(POINT_SOURCES))
        ),
    )


def load_state(
    data: Mapping[str, Any],
    *,
    catalogue: Catalogue,
    ship_ids: tuple[str, ...],
    arms: int,
    rows: int,
    rounds: int,
    min_players: int,
    max_players: int,
) -> ReworldState:
    """Return the state stored in `data`; raise StateError on anything inconsistent.

    Run it inside `games.validate.state_of("Reworld")`, which names the game in the message.

    1. Check every field's type and range.
    2. Check that every module and every card is in exactly one place.
    3. Check the phase against the fields that belong to it.
    """
    raw = keys(data, "the state", _STATE_KEYS)
    if raw["v"] != DUMP_VERSION:
        fail("unknown version")
    players = integer(raw["players"], "players", min_players, max_players)
    seat_hi = players - 1
    modules, cards = catalogue.modules, catalogue.cards
    phase = text(raw["phase"], "phase", PHASES)
    discards = []
    for entry in items(raw["discards"], "discards"):
        pair = items(entry, "a discard", 2)
        card = pair[1]
        if type(card) is not str or card not in cards:
            fail("a discard is not a card")
        discards.append((integer(pair[0], "a discard's seat", 0, seat_hi), card))
    ships = tuple(items(raw["ships"], "ships", len(ship_ids)))
    if sorted(ships) != sorted(ship_ids):
        fail("the population ships are wrong")
    recent = []
    for entry in items(raw["recent"], "recent"):
        pair = items(entry, "a recent event", 2)
        recent.append((integer(pair[0], "an event's seat", -1, seat_hi), _line(pair[1])))
    marks = tuple(items(raw["marks"], "marks"))
    if not all(type(mark) is str and len(mark) <= 20 for mark in marks):
        fail("marks must be short strings")
    arms_raw = items(raw["arms"], "arms", arms)
    sold_raw = items(raw["sold"], "sold", arms)
    for module in (*arms_raw, *sold_raw):
        if type(module) is not str or (module and module not in modules):
            fail("an arm holds an unknown module")
    state = ReworldState(
        seed=integer(raw["seed"], "seed", -(2**63), 2**63),
        players=players,
        phase=phase,
        round=integer(raw["round"], "round", 1, rounds),
        start=integer(raw["start"], "start", 0, seat_hi),
        marker_taken=boolean(raw["marker_taken"], "marker_taken"),
        active=integer(raw["active"], "active", 0, seat_hi),
        bag=ids(raw["bag"], "the bag", modules),
        arms=tuple(arms_raw),
        sold=tuple(sold_raw),
        slots=tuple(ids(slot, "a card slot", cards) for slot in items(raw["slots"], "slots", arms)),
        buyers=tuple(
            integer(buyer, "a buyer", -1, seat_hi) for buyer in items(raw["buyers"], "buyers", arms)
        ),
        undealt=ids(raw["undealt"], "undealt cards", cards),
        discards=tuple(discards),
        removed=ids(raw["removed"], "removed modules", modules),
        seats=tuple(
            _load_player(player, catalogue, rows)
            for player in items(raw["seats"], "seats", players)
        ),
        ships=ships,
        owners=tuple(
            integer(owner, "a ship's owner", -1, seat_hi)
            for owner in items(raw["owners"], "owners", len(ship_ids))
        ),
        pending=integer(raw["pending"], "pending", -1, arms - 1),
        paid=ids(raw["paid"], "paid cards", cards),
        landing=ids(raw["landing"], "landing modules", modules),
        landing_row=integer(raw["landing_row"], "landing_row", 0, rows),
        carried=integer(raw["carried"], "carried", 0, 3),
        history=tuple(
            tuple(
                integer(kept, "kept cards", 0, len(cards))
                for kept in items(done, "history", players)
            )
            for done in items(raw["history"], "history")
        ),
        recent=tuple(recent),
        serial=integer(raw["serial"], "serial", len(recent), 10**9),
        marks=marks,
    )
    _check_pieces(state, catalogue)
    _check_phase(state, rounds)
    return state


def _line(raw: Any) -> str:
    """Return a stored event line: a sentence's data, or plain text (older games)."""
    if type(raw) is not str and type(raw) is not dict:
        fail("a recent event has no text")
    try:
        line = decode(raw)
    except (KeyError, ValueError, TypeError, AttributeError, RecursionError):
        fail("a recent event is not a sentence")
    if not isinstance(line, str) or len(line) > MAX_TEXT:
        fail("a recent event has no text")
    return line


def _check_pieces(state: ReworldState, catalogue: Catalogue) -> None:
    """Every module and (in Chapter 1) every card is in exactly one place."""
    placed = [*state.bag, *state.removed, *state.landing]
    placed += [module for module in state.arms if module]
    for player in state.seats:
        placed += [module for row in player.rows for module in row]
        placed += [module for city in player.cities for module in city]
        placed += [module for module in player.satellites if module]
        placed += [*player.shield, *player.spent, *player.jettisoned]
    if len(placed) != len(catalogue.modules) or set(placed) != set(catalogue.modules):
        fail("every module must be in exactly one place")
    held = [*state.undealt, *state.paid, *(card for _, card in state.discards)]
    held += [card for slot in state.slots for card in slot]
    held += [card for player in state.seats for card in player.hand]
    if state.chapter == 1:
        if len(held) != len(catalogue.cards) or set(held) != set(catalogue.cards):
            fail("every officer card must be in exactly one place")
    elif held:
        fail("no officer card is in play in Chapter 2")
    modules = catalogue.modules
    for player in state.seats:
        for letter, city in zip(LETTERS, player.cities, strict=True):
            kinds = [modules[m].kind for m in city]
            if city and (kinds[0] != "terrabot" or modules[city[0]].letter != letter):
                fail("a city is founded by a terrabot of its letter")
            if any(k not in ("terrabot", "crew") for k in kinds):
                fail("a city holds only terrabots and crews")
            if any(modules[m].letter not in ("", letter) for m in city):
                fail("a terrabot is in a city of another letter")
            if len({modules[m].colour for m in city if modules[m].kind == "crew"}) > 1:
                fail("a city has crews of one colour only")
        for city, satellite in zip(player.cities, player.satellites, strict=True):
            if satellite and (not city or modules[satellite].kind != "satellite"):
                fail("a satellite is attached to an existing city")
        if any(modules[m].kind not in ("shuttle", "satellite") for m in player.shield):
            fail("a shield holds only shuttles and satellites")
        if any(modules[m].kind != "shuttle" for m in player.spent):
            fail("only shuttles are spent")


def _check_phase(state: ReworldState, rounds: int) -> None:
    """The fields of each phase are filled exactly when that phase is running."""
    arms = len(state.arms)
    paying = state.phase == "pay"
    landing = state.phase == "land"
    if paying != (state.pending >= 0) or (state.paid and not paying):
        fail("only the pay phase has a pending purchase")
    if paying and not state.arms[state.pending]:
        fail("the arm being paid for has no module")
    if landing != bool(state.landing) or landing != (state.landing_row > 0):
        fail("only the land phase has landing modules")
    if state.carried and not landing:
        fail("crews are carried only while landing")
    for arm in range(arms):
        claimed = bool(state.slots[arm])
        if claimed == bool(state.arms[arm]) and state.chapter == 1:
            fail("an arm holds a module exactly when nobody has bought it yet")
        if claimed != bool(state.sold[arm]) or claimed != (state.buyers[arm] >= 0):
            fail("a bought arm records its module and its buyer")
    if state.chapter == 1:
        if len(state.history) != state.round - 1:
            fail("the round does not match the finished rounds")
        if state.seats[state.active].dropped:
            fail("a dropped-out player is never to move")
        if any(any(player.start_rows) for player in state.seats):
            fail("start_rows are recorded when Chapter 2 begins")
    else:
        if len(state.history) != rounds or state.round != rounds:
            fail("Chapter 2 follows all rounds of Chapter 1")
        if state.bag or any(state.arms) or any(state.slots):
            fail("the station is empty in Chapter 2")
        if any(player.dropped for player in state.seats):
            fail("nobody is dropped out in Chapter 2")
        if state.phase != "over" and not any(state.seats[state.active].rows) and not landing:
            fail("a player with an empty freighter is never to move")
