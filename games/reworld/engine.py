"""Reworld rules engine (rules/reworld.md): pure Python, deterministic from the seed.

Chapter 1 (§4): five rounds at the Colossus Station. A turn is "buy" (choose an arm,
then lay officer cards one at a time, then choose the top card, which picks the docking
row), "marker" (take the start player marker) or "drop" (drop out of the round).
Chapter 2 (§5): "undock" 1-3 modules from the outer end of one row, then give each
landed module a use, one decision at a time ("city", "shield" or "jettison").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import rng
from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Outcome,
    gettext_noop,
    parse_action,
)
from games.reworld.data import LETTERS, NUMBERS, ShipGoal, build_catalogue
from games.reworld.rules import (
    Counts,
    completable,
    counts_of,
    neighbours,
    payment_is_legal,
)
from games.reworld.scoring import final_breakdown, goal_met
from games.reworld.state import (
    Player,
    ReworldState,
    dump_state,
    evolve,
    load_state,
)

__all__ = [
    "ENGINE",
    "HOUSE_RULES",
    "HouseRules",
    "Reworld",
    "ReworldState",
    "a_label",
    "city_colour",
    "price_text",
]


# --- The house-rule table (rules §12) ---------------------------------------------------
# Every value the sources do not confirm is one entry here, named by its register number.


@dataclass(frozen=True)
class HouseRules:
    """The register of house rules, rules §12 (H1-H20), as one table of values."""

    cards_per_number: int  # H1, §2.1
    terrabots_per_letter: int  # H2, §2.2
    crews_per_colour: int  # H2, §2.2
    shuttles: int  # H2, §2.2
    satellites: int  # H2, §2.2
    ring_closed: bool  # H3, §2.3: arms 19 and 0 are neighbours
    marker_cost: int  # H4, §4.2 (b): cards discarded face down for the marker
    overpayment: bool  # H5, §4.3: paying more cards than the table allows
    terrabot_points: int  # H6, §4.5: VP per terrabot bought
    card_points: int  # H7, §4.5: VP per card kept at each round end
    start_kept_without_marker: bool  # H8, §4.6 step 4
    passing: bool  # H9, §5.1: may a player with modules pass in Chapter 2
    shuttle_capacity: int  # H10, §5.3: crews per transporting shuttle (position free)
    same_colour_in_two_cities: bool  # H11, §5.3
    satellites_per_city: int  # H12, §5.3: and it scores the city's current size
    resolution_order: tuple[str, ...]  # H13, §5.4
    jettison_penalty: int  # H14, §5.5: VP lost per jettisoned module
    voluntary_jettison: bool  # H14, §5.5
    ships: tuple[ShipGoal, ...]  # H15, §2.6: goals, both sides, VP; first achiever only
    city_table: Mapping[int, tuple[int, ...]]  # H16, §7.3: by player count, 1st place first
    ties_take_next_place: bool  # H16, §7.3: tied players get the next lower place's points
    missing_letter_penalty: int  # H17, §7.3: VP lost per letter without a city
    shield_table: Mapping[int, tuple[int, ...]]  # H18, §7.4
    city_signs_score: bool  # H19, §2.5: city signs are markers only
    tie_breaks: tuple[str, ...]  # H20, §8: after equal VP, in this order


HOUSE_RULES = HouseRules(
    cards_per_number=6,
    terrabots_per_letter=5,
    crews_per_colour=6,
    shuttles=25,
    satellites=20,
    ring_closed=True,
    marker_cost=1,
    overpayment=False,
    terrabot_points=1,
    card_points=1,
    start_kept_without_marker=True,
    passing=False,
    shuttle_capacity=2,
    same_colour_in_two_cities=True,
    satellites_per_city=1,
    resolution_order=("terrabots", "transports", "satellites", "shield", "jettison"),
    jettison_penalty=1,
    voluntary_jettison=True,
    ships=(
        ShipGoal("P01", "city_size", 6, 8, 3),
        ShipGoal("P02", "city_size", 8, 11, 5),
        ShipGoal("P03", "city_size", 10, 14, 7),
        ShipGoal("P04", "all_letters", 5, 5, 7),
        ShipGoal("P05", "cities", 4, 4, 4),
        ShipGoal("P06", "empty_rows", 1, 1, 2),
        ShipGoal("P07", "empty_rows", 2, 3, 4),
        ShipGoal("P08", "shield", 4, 6, 3),
        ShipGoal("P09", "shield", 7, 10, 5),
        ShipGoal("P10", "city_crews", 3, 5, 3),
        ShipGoal("P11", "city_crews", 5, 8, 5),
        ShipGoal("P12", "crew_colours", 3, 4, 4),
        ShipGoal("P13", "satellite_cities", 2, 3, 3),
        ShipGoal("P14", "solid_cities", 3, 4, 5, size=3),
    ),
    city_table={2: (5, 2), 3: (6, 3, 1), 4: (7, 4, 2, 0)},
    ties_take_next_place=True,
    missing_letter_penalty=3,
    shield_table={2: (6, 2), 3: (8, 4, 1), 4: (8, 5, 2, 0)},
    city_signs_score=False,
    tie_breaks=("ships", "shield", "fewer_jettisons"),
)

# These entries are rules of play this engine implements in one way only; the table
# documents them, and a change here must come with a change to the code.
assert not HOUSE_RULES.overpayment and not HOUSE_RULES.passing
assert HOUSE_RULES.same_colour_in_two_cities and HOUSE_RULES.voluntary_jettison
assert HOUSE_RULES.satellites_per_city == 1 and HOUSE_RULES.ties_take_next_place
assert HOUSE_RULES.start_kept_without_marker and not HOUSE_RULES.city_signs_score

# --- Confirmed rules (rules §2, §4, §5, §9) ---------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ARMS = 20  # §2.3: docking arms on the Colossus Station
ROUNDS = 5  # §4: Chapter 1 has five rounds
ROWS = 5  # §2.4: docking rows 1-5 of a freighter
MODULES_PER_ROUND = 20  # §4.1 step 1, §9
HAND_SIZE = {2: 13, 3: 9, 4: 7}  # §4.1 step 2, §9
MAX_UNDOCK = 3  # §5.2 step 2: one to three modules per turn
RECENT_EVENTS = 12  # the board lists this many of the last public events

CATALOGUE = build_catalogue(
    cards_per_number=HOUSE_RULES.cards_per_number,
    terrabots_per_letter=HOUSE_RULES.terrabots_per_letter,
    crews_per_colour=HOUSE_RULES.crews_per_colour,
    shuttles=HOUSE_RULES.shuttles,
    satellites=HOUSE_RULES.satellites,
)
assert len(CATALOGUE.modules) == ROUNDS * MODULES_PER_ROUND  # §4.1: all 100, 20 a round
MODULES = CATALOGUE.modules
NUMBER = {card_id: card.number for card_id, card in CATALOGUE.cards.items()}
_CARD_ORDER = {card_id: card.order for card_id, card in CATALOGUE.cards.items()}
SHIPS = {ship.id: ship for ship in HOUSE_RULES.ships}
# §2.3, H3: each arm's two neighbours, worked out once.
_NEIGHBOURS = tuple(neighbours(arm, ARMS, HOUSE_RULES.ring_closed) for arm in range(ARMS))
_KIND_ORDER = {"terrabot": 0, "crew": 1, "shuttle": 2, "satellite": 3}  # H13
_ZERO: Counts = (0, 0, 0, 0, 0, 0)
_SHAPES: dict[str, dict[str, type]] = {
    "buy": {"arm": int},
    "marker": {"number": int},
    "drop": {},
    "pay": {"number": int},
    "top": {"number": int},
    "cancel": {},
    "undock": {"row": int, "count": int},
    "city": {"city": str},
    "shield": {},
    "jettison": {},
}
_PHASE_KINDS = {
    "buy": ("buy", "marker", "drop"),
    "pay": ("pay", "top", "cancel"),
    "undock": ("undock",),
    "land": ("city", "shield", "jettison"),
}
_WRONG_PHASE = {
    "buy": "Buy a module from a station space, take the start player marker or drop out.",
    "pay": "Finish paying for the chosen space: lay another card, choose the top card, "
    "or take your cards back.",
    "undock": "Choose a docking row and how many modules (1 to 3) to undock from it.",
    "land": "Give the landed module a use: a city, your shield, or jettison it.",
}


def a_label(module: str) -> str:
    """Return "a shuttle" / "an ..." for a module id."""
    label = MODULES[module].label
    return ("an " if label[0] in "aeiou" else "a ") + label


def city_colour(city: tuple[str, ...]) -> str:
    """Return the crew colour of a city (its first crew's), or "" before any crew (§5.3)."""
    for module in city:
        colour = MODULES[module].colour
        if colour:
            return colour
    return ""


def _hand_counts(hand: tuple[str, ...]) -> Counts:
    return counts_of([NUMBER[card] for card in hand])


def _tops(state: ReworldState) -> tuple[int, ...]:
    return tuple(NUMBER[slot[-1]] if slot else 0 for slot in state.slots)


def _required(tops: tuple[int, ...], arm: int) -> tuple[int, ...]:
    """Return R for `arm` (§4.3): the distinct top numbers of its claimed neighbours.

    The same as `rules.required_numbers`, unrolled for speed with the neighbour table.
    """
    found = [tops[other] for other in _NEIGHBOURS[arm] if tops[other]]
    if len(found) < 2:
        return tuple(found)
    a, b = found
    return (a,) if a == b else ((a, b) if a < b else (b, a))


def _with_seat(state: ReworldState, seat: int, player: Player) -> tuple[Player, ...]:
    seats = state.seats
    return (*seats[:seat], player, *seats[seat + 1 :])


def _sorted_cards(cards: Any) -> tuple[str, ...]:
    return tuple(sorted(cards, key=_CARD_ORDER.__getitem__))


def _take_card(hand: tuple[str, ...], number: int) -> tuple[str, tuple[str, ...]]:
    """Return the first card of `number` in `hand` and the hand without it."""
    for index, card in enumerate(hand):
        if NUMBER[card] == number:
            return card, hand[:index] + hand[index + 1 :]
    raise AssertionError("checked by the caller")


def _event(state: ReworldState, seat: int, text: str, *marks: str) -> dict[str, Any]:
    """Return the fields that log one public event (and, if given, new highlight marks)."""
    changes: dict[str, Any] = {
        "recent": (*state.recent[1 - RECENT_EVENTS :], (seat, text)),
        "serial": state.serial + 1,
    }
    if marks:
        changes["marks"] = marks
    return changes


def number_list(numbers: list[int]) -> str:
    """Return "3", "1 and 3" or "1, 2 and 4"."""
    words = [str(n) for n in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def price_text(required: tuple[int, ...]) -> str:
    """Return the price of an arm in words (rules §4.3)."""
    if not required:
        return "any 1 card"
    if len(required) == 1:
        return f"a {required[0]}, or any 2 cards"
    v, w = required
    return f"a {v} and a {w}, or 3 cards with a {v} or a {w}, or any 4 cards"


class Reworld(Game[ReworldState]):
    """Reworld for 2-4 players (rules/reworld.md)."""

    slug = "reworld"
    name = "Reworld"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    options = ()
    summary = gettext_noop(
        "Buy modules at a space station with numbered officer cards, load them onto your "
        "freighter's five docking rows, then unload them last-in-first-out to build cities, "
        "fly down construction crews and raise a defence shield on a new planet."
    )
    play_time = gettext_noop("50-90 minutes")
    # rules/reworld.md: 50-90 minutes for the table, so about half an hour per player live.
    clock = ClockDefaults(
        live_minutes=30, live_increment_seconds=10, async_move_hours=24, async_bank_days=3
    )
    house_rules = HOUSE_RULES
    catalogue = CATALOGUE

    # --- setup and turn order ---------------------------------------------------------

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> ReworldState:
        """Return round 1 of a new game (rules §3, §4.1), dealt from `seed`."""
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Reworld is a game for {MIN_PLAYERS} to {MAX_PLAYERS} players.")
        if type(seed) is not int:
            raise ValueError("The seed must be an integer.")
        self.validate_options(options)
        empty_player = Player(
            hand=(),
            rows=((),) * ROWS,
            cities=((),) * len(LETTERS),
            satellites=("",) * len(LETTERS),
            shield=(),
            spent=(),
            jettisoned=(),
            dropped=False,
            start_rows=(False,) * ROWS,
            points=(0, 0, 0, 0, 0),
        )
        ships = tuple(rng.shuffled(tuple(SHIPS), seed=seed, salt="reworld/ships"))
        state = ReworldState(
            seed=seed,
            players=players,
            phase="buy",
            round=1,
            # §3 step 6: the start player is chosen at random.
            start=rng.randint(0, players - 1, seed=seed, salt="reworld/start-player"),
            marker_taken=False,
            active=0,
            bag=CATALOGUE.module_ids,
            arms=("",) * ARMS,
            sold=("",) * ARMS,
            slots=((),) * ARMS,
            buyers=(-1,) * ARMS,
            undealt=CATALOGUE.card_ids,
            discards=(),
            removed=(),
            seats=(empty_player,) * players,
            ships=ships,
            owners=(-1,) * len(ships),
            pending=-1,
            paid=(),
            landing=(),
            landing_row=0,
            carried=0,
            history=(),
            recent=(),
            serial=0,
            marks=(),
        )
        return _deal(state, 1)

    def to_move(self, state: ReworldState) -> frozenset[int]:
        """Return the seat whose turn it is; empty once the game is over."""
        if state.phase == "over":
            return frozenset()
        return frozenset((state.active,))

    def round_info(self, state: ReworldState) -> str | None:
        """Return "Chapter 1, round r of 5", "Chapter 2" or "Game over"."""
        if state.phase == "over":
            return "Game over"
        if state.chapter == 1:
            return f"Chapter 1, round {state.round} of {ROUNDS}"
        return "Chapter 2: settling Eurybia"

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: ReworldState, seat: int) -> list[Action]:
        """Return every legal action of `seat`, grouped by type in a fixed order."""
        if state.phase == "over" or seat != state.active:
            return []
        phase = state.phase
        player = state.seats[seat]
        if phase == "buy":
            counts = _hand_counts(player.hand)
            tops = _tops(state)
            actions: list[Action] = [
                {"type": "buy", "arm": arm}
                for arm in range(ARMS)
                if state.arms[arm] and _affordable(tops, arm, counts)
            ]
            if not state.marker_taken:
                actions += [{"type": "marker", "number": n} for n in NUMBERS if counts[n]]
            actions.append({"type": "drop"})
            return actions
        if phase == "pay":
            return _pay_actions(state, player)
        if phase == "undock":
            return [
                {"type": "undock", "row": row, "count": count}
                for row in range(1, ROWS + 1)
                for count in range(1, min(MAX_UNDOCK, len(player.rows[row - 1])) + 1)
            ]
        return _land_actions(state, seat)

    # --- apply ------------------------------------------------------------------------

    def apply(self, state: ReworldState, seat: int, action: Action) -> ReworldState:
        """Return the state after `seat` plays `action`; raise IllegalAction otherwise."""
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        kind, fields = parse_action(action, _SHAPES)
        if type(seat) is not int or seat != state.active:
            raise IllegalAction("It is not your turn.")
        if kind not in _PHASE_KINDS[state.phase]:
            raise IllegalAction(_WRONG_PHASE[state.phase])
        if kind == "buy":
            return _buy(state, seat, fields["arm"])
        if kind == "marker":
            return _marker(state, seat, fields["number"])
        if kind == "drop":
            return _drop(state, seat)
        if kind == "pay":
            return _pay(state, seat, fields["number"])
        if kind == "top":
            return _top(state, seat, fields["number"])
        if kind == "cancel":
            return _cancel(state, seat)
        if kind == "undock":
            return _undock(state, seat, fields["row"], fields["count"])
        if kind == "city":
            return _to_city(state, seat, fields["city"])
        if kind == "shield":
            return _to_shield(state, seat)
        return _jettison(state, seat)

    # --- results ----------------------------------------------------------------------

    def breakdown(self, state: ReworldState) -> dict[str, Any]:
        """Return the final scoring as it stands now (rules §7), with tie-break ranks (§8)."""
        result = final_breakdown(
            state.seats,
            state.owners,
            city_table=HOUSE_RULES.city_table[state.players],
            shield_table=HOUSE_RULES.shield_table[state.players],
            missing_penalty=HOUSE_RULES.missing_letter_penalty,
        )
        keys = [
            (row["total"], row["ships"], row["shield_size"], -row["jettisoned"])
            for row in result["seats"]
        ]
        # §8 (house rule H20): population ships, then shield, then fewer jettisons.
        result["ranking"] = [1 + sum(1 for other in keys if other > key) for key in keys]
        result["tie_breaks"] = list(HOUSE_RULES.tie_breaks)
        return result

    def outcome(self, state: ReworldState) -> Outcome | None:
        """Return the final totals and places once every freighter is empty (rules §6-§8).

        Places follow the VP, equal totals split by the §8 tie-breaks (house rule H20):
        population ships, the bigger shield, fewer jettisons; still equal share a place.
        """
        if state.phase != "over":
            return None
        details = self.breakdown(state)
        scores = tuple(row["total"] for row in details["seats"])
        return Outcome(scores=scores, places=tuple(details["ranking"]), details=details)

    def timeout_action(self, state: ReworldState, seat: int) -> Action:
        """Return a safe move for a seat out of time.

        Chapter 1: drop out of the round (cards kept still score); while paying, take
        the cards back first. Chapter 2: undock one module from the lowest non-empty row
        and give it the first listed use (a city, else the shield, else jettison).
        """
        legal = self.legal_actions(state, seat)
        if state.phase == "buy":
            return {"type": "drop"}
        if state.phase == "pay":
            return {"type": "cancel"}
        return legal[0]

    # --- persistence ------------------------------------------------------------------

    def dump(self, state: ReworldState) -> dict[str, Any]:
        """Return `state` as JSON-safe data."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> ReworldState:
        """Return the state in `data`; raise ValueError when it breaks a rule."""
        state = load_state(
            data,
            catalogue=CATALOGUE,
            ship_ids=tuple(SHIPS),
            arms=ARMS,
            rows=ROWS,
            rounds=ROUNDS,
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
        )
        if state.chapter == 1:
            drawn = MODULES_PER_ROUND * state.round
            if len(state.bag) != len(MODULES) - drawn:
                raise ValueError("Not a valid Reworld state: the bag has the wrong size.")
            hand = HAND_SIZE[state.players]
            if len(state.undealt) != len(NUMBER) - hand * state.players:
                raise ValueError("Not a valid Reworld state: the undealt cards are wrong.")
        return state

    # --- information ------------------------------------------------------------------

    def secret_tokens(self, state: ReworldState, viewer: int | None) -> set[str]:
        """Return the ids hidden from `viewer` (rules §3): the bag, other hands, face-down cards."""
        secret = set(state.bag)
        secret.update(state.undealt)
        for seat, player in enumerate(state.seats):
            if seat != viewer:
                secret.update(player.hand)
        secret.update(card for seat, card in state.discards if seat != viewer)
        return secret

    def describe(self, before: ReworldState, seat: int, action: Action, viewer: int | None) -> str:
        """Return the log line of `action`; the face-down marker card only for its owner."""
        try:
            after = self.apply(before, seat, action)
        except IllegalAction:
            return "made a move"
        new = _new_events(before, after)
        own = [text for who, text in new if who == seat]
        general = [text for who, text in new if who < 0]
        kind = action["type"]
        if kind == "buy":
            arm = action["arm"]
            own = [f"chose space {arm + 1} ({a_label(before.arms[arm])})"]
        elif kind == "pay" and before.phase == "pay" and not own:
            own = [f"paid a {action['number']} for space {before.pending + 1}"]
        elif kind == "cancel":
            own = ["took the paid cards back"]
        elif kind == "marker" and viewer == seat and own:
            own[0] = f"took the start player marker and discarded a {action['number']}"
        text = "; ".join(own + general)
        return text or "made a move"

    def view(self, state: ReworldState, seat: int | None) -> dict[str, Any]:
        """Return what `seat` may see (None = spectator), ready for the board template."""
        from games.reworld.view import build_view

        return build_view(self, state, seat)

    # --- helpers shared with the view and the bots ----------------------------------

    def price(self, state: ReworldState, arm: int) -> tuple[int, ...]:
        """Return R for `arm` now: the top numbers of its claimed neighbours (§4.3)."""
        return _required(_tops(state), arm)

    def crew_targets(self, state: ReworldState, seat: int) -> list[str]:
        """Return the letters of the cities the crew now landing may fly to (§5.3)."""
        return _crew_targets(state, seat)


# --- Chapter 1 --------------------------------------------------------------------------


def _deal(state: ReworldState, round_no: int) -> ReworldState:
    """Start round `round_no` (§4.1): 20 modules from the bag, fresh hands, marker holder first."""
    drawn = rng.shuffled(state.bag, seed=state.seed, salt=f"reworld/draw-{round_no}")
    arms = tuple(drawn[:ARMS])
    bag = tuple(sorted(drawn[ARMS:], key=lambda m: MODULES[m].order))
    cards = rng.shuffled(CATALOGUE.card_ids, seed=state.seed, salt=f"reworld/deal-{round_no}")
    size = HAND_SIZE[state.players]
    seats = tuple(
        evolve(player, hand=_sorted_cards(cards[seat * size : (seat + 1) * size]), dropped=False)
        for seat, player in enumerate(state.seats)
    )
    state = evolve(
        state,
        phase="buy",
        round=round_no,
        marker_taken=False,
        bag=bag,
        arms=arms,
        sold=("",) * ARMS,
        slots=((),) * ARMS,
        buyers=(-1,) * ARMS,
        undealt=_sorted_cards(cards[size * state.players :]),
        discards=(),
        seats=seats,
        pending=-1,
        paid=(),
        # A row docked into at the end of the last round stays highlighted; arms are new.
        marks=tuple(mark for mark in state.marks if mark.startswith("row-")),
        **_event(state, -1, f"round {round_no} of Chapter 1 begins"),
    )
    # The marker holder starts (§4.1 step 3).
    return _next_turn(state, (state.start - 1) % state.players)


def _affordable(tops: tuple[int, ...], arm: int, counts: Counts) -> bool:
    return completable(_required(tops, arm), _ZERO, counts)


def _can_buy_any(state: ReworldState, hand: tuple[str, ...]) -> bool:
    counts = _hand_counts(hand)
    tops = _tops(state)
    return any(state.arms[arm] and _affordable(tops, arm, counts) for arm in range(ARMS))


def _next_turn(state: ReworldState, after: int) -> ReworldState:
    """Pass the turn clockwise from `after` in Chapter 1 (§4.2), or end the round (§4.6).

    Dropped-out players are skipped. A player without cards, or with neither a
    purchase nor the marker available, drops out automatically.
    """
    if not any(state.arms):
        return _end_round(state)
    players = state.players
    for step in range(1, players + 1):
        seat = (after + step) % players
        player = state.seats[seat]
        if player.dropped:
            continue
        if not player.hand:
            reason = "has no cards left and drops out"
        elif state.marker_taken and not _can_buy_any(state, player.hand):
            reason = "can pay for no module and drops out"
        else:
            return evolve(state, active=seat)
        state = evolve(
            state,
            seats=_with_seat(state, seat, evolve(player, dropped=True)),
            **_event(state, seat, reason),
        )
    return _end_round(state)


def _end_round(state: ReworldState) -> ReworldState:
    """End the round (§4.6): score kept cards, remove leftovers, deal again or go on."""
    kept = tuple(len(player.hand) for player in state.seats)
    seats = tuple(
        evolve(
            player,
            hand=(),
            dropped=False,
            points=(
                player.points[0],
                player.points[1] + HOUSE_RULES.card_points * len(player.hand),
                *player.points[2:],
            ),
        )
        for player in state.seats
    )
    leftovers = tuple(module for module in state.arms if module)
    text = f"round {state.round} is over: cards kept score {HOUSE_RULES.card_points} each"
    if leftovers:
        text += f", {len(leftovers)} leftover modules leave the game"
    state = evolve(
        state,
        seats=seats,
        removed=(*state.removed, *leftovers),
        arms=("",) * ARMS,
        history=(*state.history, kept),
        **_event(state, -1, text),
    )
    if state.round < ROUNDS:
        # Cards in slots, hands, undealt and discarded are collected and dealt afresh.
        return _deal(state, state.round + 1)
    return _begin_chapter_two(state)


def _buy(state: ReworldState, seat: int, arm: int) -> ReworldState:
    if not 0 <= arm < ARMS:
        raise IllegalAction(f"The station has spaces 1 to {ARMS}.")
    if not state.arms[arm]:
        raise IllegalAction(f"The module on space {arm + 1} has already been bought this round.")
    required = _required(_tops(state), arm)
    if not completable(required, _ZERO, _hand_counts(state.seats[seat].hand)):
        raise IllegalAction(f"You cannot pay for space {arm + 1}: it costs {price_text(required)}.")
    return evolve(state, phase="pay", pending=arm, paid=(), marks=(f"arm-{arm}",))


def _pay_actions(state: ReworldState, player: Player) -> list[Action]:
    required = _required(_tops(state), state.pending)
    paid_numbers = [NUMBER[card] for card in state.paid]
    paid = counts_of(paid_numbers)
    hand = _hand_counts(player.hand)
    actions: list[Action] = []
    for n in NUMBERS:
        if hand[n] and completable(required, _plus(paid, n, 1), _plus(hand, n, -1)):
            actions.append({"type": "pay", "number": n})
    if payment_is_legal(required, paid_numbers):
        actions += [{"type": "top", "number": n} for n in NUMBERS if paid[n]]
    actions.append({"type": "cancel"})
    return actions


def _plus(counts: Counts, number: int, delta: int) -> Counts:
    values = list(counts)
    values[number] += delta
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def _pay(state: ReworldState, seat: int, number: int) -> ReworldState:
    player = state.seats[seat]
    if number not in NUMBERS:
        raise IllegalAction("Officer cards show the numbers 1 to 5.")
    hand = _hand_counts(player.hand)
    if not hand[number]:
        raise IllegalAction(f"You hold no {number}.")
    arm = state.pending
    required = _required(_tops(state), arm)
    paid = counts_of([NUMBER[card] for card in state.paid])
    if not completable(required, _plus(paid, number, 1), _plus(hand, number, -1)):
        raise IllegalAction(
            f"A {number} does not fit this payment: space {arm + 1} costs "
            f"{price_text(required)}, and you may not pay more than that."
        )
    card, rest = _take_card(player.hand, number)
    state = evolve(
        state, seats=_with_seat(state, seat, evolve(player, hand=rest)), paid=(*state.paid, card)
    )
    numbers = [NUMBER[c] for c in state.paid]
    # A complete payment that cannot grow and has one number only has one top card.
    if len(set(numbers)) == 1 and payment_is_legal(required, numbers):
        hand_now = _hand_counts(rest)
        paid_now = counts_of(numbers)
        can_grow = any(
            hand_now[n] and completable(required, _plus(paid_now, n, 1), _plus(hand_now, n, -1))
            for n in NUMBERS
        )
        if not can_grow:
            return _finish_purchase(state, seat, number)
    return state


def _top(state: ReworldState, seat: int, number: int) -> ReworldState:
    arm = state.pending
    required = _required(_tops(state), arm)
    numbers = [NUMBER[card] for card in state.paid]
    if not payment_is_legal(required, numbers):
        raise IllegalAction(
            f"The payment is not complete yet: space {arm + 1} costs {price_text(required)}."
        )
    if number not in numbers:
        raise IllegalAction(
            f"The top card must be one of the cards you paid: {number_list(sorted(numbers))}."
        )
    return _finish_purchase(state, seat, number)


def _finish_purchase(state: ReworldState, seat: int, top: int) -> ReworldState:
    """Lay the paid cards with `top` last, dock the module in row `top` (§4.3, §4.4)."""
    arm = state.pending
    paid = state.paid
    index = next(i for i, card in enumerate(paid) if NUMBER[card] == top)
    slot = (*paid[:index], *paid[index + 1 :], paid[index])
    module = state.arms[arm]
    player = state.seats[seat]
    rows = player.rows
    rows = (*rows[: top - 1], (*rows[top - 1], module), *rows[top:])
    points = player.points
    if MODULES[module].kind == "terrabot":
        # §4.5 (house rule H6): a terrabot scores at once.
        points = (points[0] + HOUSE_RULES.terrabot_points, *points[1:])
    if len(paid) == 1:
        text = f"bought {a_label(module)} on space {arm + 1} with a {top}: row {top}"
    else:
        paid_text = number_list([NUMBER[card] for card in paid])
        text = (
            f"bought {a_label(module)} on space {arm + 1} with {paid_text}, "
            f"the {top} on top: row {top}"
        )
    state = evolve(
        state,
        phase="buy",
        pending=-1,
        paid=(),
        arms=(*state.arms[:arm], "", *state.arms[arm + 1 :]),
        sold=(*state.sold[:arm], module, *state.sold[arm + 1 :]),
        slots=(*state.slots[:arm], slot, *state.slots[arm + 1 :]),
        buyers=(*state.buyers[:arm], seat, *state.buyers[arm + 1 :]),
        seats=_with_seat(state, seat, evolve(player, rows=rows, points=points)),
        **_event(state, seat, text, f"arm-{arm}", f"row-{seat}-{top}"),
    )
    return _next_turn(state, seat)


def _cancel(state: ReworldState, seat: int) -> ReworldState:
    player = state.seats[seat]
    hand = _sorted_cards((*player.hand, *state.paid))
    return evolve(
        state,
        phase="buy",
        pending=-1,
        paid=(),
        seats=_with_seat(state, seat, evolve(player, hand=hand)),
        marks=(),
    )


def _marker(state: ReworldState, seat: int, number: int) -> ReworldState:
    if state.marker_taken:
        raise IllegalAction("The start player marker has already been taken this round.")
    if number not in NUMBERS:
        raise IllegalAction("Officer cards show the numbers 1 to 5.")
    player = state.seats[seat]
    if not _hand_counts(player.hand)[number]:
        raise IllegalAction(f"You hold no {number} to discard.")
    card, rest = _take_card(player.hand, number)
    assert HOUSE_RULES.marker_cost == 1  # H4: one card of any number, face down
    state = evolve(
        state,
        start=seat,
        marker_taken=True,
        discards=(*state.discards, (seat, card)),
        seats=_with_seat(state, seat, evolve(player, hand=rest)),
        **_event(
            state, seat, "took the start player marker (one card discarded face down)", "marker"
        ),
    )
    return _next_turn(state, seat)


def _drop(state: ReworldState, seat: int) -> ReworldState:
    player = state.seats[seat]
    state = evolve(
        state,
        seats=_with_seat(state, seat, evolve(player, dropped=True)),
        **_event(state, seat, f"dropped out of the round, keeping {len(player.hand)} cards"),
    )
    return _next_turn(state, seat)


# --- Chapter 2 --------------------------------------------------------------------------


def _begin_chapter_two(state: ReworldState) -> ReworldState:
    """Record the rows that hold modules (§5.1) and let the marker holder begin."""
    seats = tuple(
        evolve(player, start_rows=tuple(bool(row) for row in player.rows)) for player in state.seats
    )
    state = evolve(
        state,
        phase="undock",
        arms=("",) * ARMS,
        sold=("",) * ARMS,
        slots=((),) * ARMS,
        buyers=(-1,) * ARMS,
        undealt=(),
        discards=(),
        marker_taken=False,
        seats=seats,
        **_event(state, -1, "Chapter 1 is over: Chapter 2 begins, freighters unload"),
    )
    return _next_unloader(state, (state.start - 1) % state.players)


def _next_unloader(state: ReworldState, after: int) -> ReworldState:
    """Pass the turn to the next player with modules left (§5.1), or end the game (§6)."""
    for step in range(1, state.players + 1):
        seat = (after + step) % state.players
        if any(state.seats[seat].rows):
            return evolve(state, phase="undock", active=seat)
    return evolve(
        state, phase="over", **_event(state, -1, "every freighter is empty: final scoring")
    )


def _undock(state: ReworldState, seat: int, row: int, count: int) -> ReworldState:
    if not 1 <= row <= ROWS:
        raise IllegalAction(f"Your freighter has docking rows 1 to {ROWS}.")
    player = state.seats[seat]
    modules = player.rows[row - 1]
    if not modules:
        raise IllegalAction(f"Row {row} is empty.")
    if not 1 <= count <= MAX_UNDOCK:
        raise IllegalAction(f"Undock 1 to {MAX_UNDOCK} modules at a time.")
    if count > len(modules):
        raise IllegalAction(f"Row {row} holds only {len(modules)} modules.")
    taken = tuple(reversed(modules[-count:]))  # outermost first (§5.2 step 3)
    rows = player.rows
    rows = (*rows[: row - 1], modules[:-count], *rows[row:])
    # H13: terrabots, then crews (with their shuttles), then shuttles, then satellites.
    landing = tuple(sorted(taken, key=lambda m: _KIND_ORDER[MODULES[m].kind]))
    labels = ", ".join(MODULES[m].label for m in taken)
    state = evolve(
        state,
        phase="land",
        landing=landing,
        landing_row=row,
        carried=0,
        seats=_with_seat(state, seat, evolve(player, rows=rows)),
        **_event(state, seat, f"undocked {labels} from row {row}", f"row-{seat}-{row}"),
    )
    return _settle(state, seat)


def _crew_targets(state: ReworldState, seat: int) -> list[str]:
    module = state.landing[0]
    assert MODULES[module].kind == "crew"
    shuttles = sum(1 for m in state.landing if MODULES[m].kind == "shuttle")
    if state.carried >= shuttles * HOUSE_RULES.shuttle_capacity:
        return []
    colour = MODULES[module].colour
    player = state.seats[seat]
    return [
        letter
        for letter, city in zip(LETTERS, player.cities, strict=True)
        if city and city_colour(city) in ("", colour)
    ]


def _land_actions(state: ReworldState, seat: int) -> list[Action]:
    module = MODULES[state.landing[0]]
    player = state.seats[seat]
    actions: list[Action] = []
    if module.kind == "terrabot":
        actions.append({"type": "city", "city": module.letter})
    elif module.kind == "crew":
        actions += [{"type": "city", "city": letter} for letter in _crew_targets(state, seat)]
    elif module.kind == "satellite":
        actions += [
            {"type": "city", "city": letter}
            for letter, city, satellite in zip(
                LETTERS, player.cities, player.satellites, strict=True
            )
            if city and not satellite
        ]
    if module.kind in ("shuttle", "satellite"):
        actions.append({"type": "shield"})
    actions.append({"type": "jettison"})
    return actions


def _settle(state: ReworldState, seat: int) -> ReworldState:
    """Resolve what needs no decision, then wait for one or end the turn (§5.4).

    A shuttle reaching the front while crews await transport flies them (H10); a crew
    with no legal target must be jettisoned (§5.5).
    """
    while state.landing:
        module = state.landing[0]
        kind = MODULES[module].kind
        if kind == "shuttle" and state.carried:
            player = state.seats[seat]
            state = evolve(
                state,
                landing=state.landing[1:],
                carried=max(0, state.carried - HOUSE_RULES.shuttle_capacity),
                seats=_with_seat(state, seat, evolve(player, spent=(*player.spent, module))),
            )
            continue
        if kind == "crew" and not _crew_targets(state, seat):
            state = _jettison(state, seat, settle=False, forced=True)
            continue
        return state
    return _end_turn(state, seat)


def _to_city(state: ReworldState, seat: int, letter: str) -> ReworldState:
    if letter not in LETTERS:
        raise IllegalAction("Cities are lettered A to E.")
    index = LETTERS.index(letter)
    module = state.landing[0]
    info = MODULES[module]
    player = state.seats[seat]
    city = player.cities[index]
    marks = (*state.marks, f"city-{seat}-{letter}")
    if info.kind == "terrabot":
        if info.letter != letter:
            raise IllegalAction(
                f"A terrabot {info.letter} can only found or grow city {info.letter}."
            )
        text = f"founded city {letter}" if not city else f"grew city {letter} with a terrabot"
        player = evolve(player, cities=_set(player.cities, index, (*city, module)))
        carried = state.carried
    elif info.kind == "crew":
        if letter not in _crew_targets(state, seat):
            raise IllegalAction(_crew_refusal(state, seat, letter))
        player = evolve(player, cities=_set(player.cities, index, (*city, module)))
        text = f"flew {a_label(module)} down to city {letter}"
        carried = state.carried + 1
    elif info.kind == "satellite":
        if not city:
            raise IllegalAction(f"You have no city {letter} to attach the satellite to.")
        if player.satellites[index]:
            raise IllegalAction(f"City {letter} already has a satellite.")
        # H12: the satellite scores the city's size now (terrabots and crews).
        size = len(city)
        player = evolve(
            player,
            satellites=_set(player.satellites, index, module),
            points=(*player.points[:2], player.points[2] + size, *player.points[3:]),
        )
        text = f"attached a satellite to city {letter} (+{size})"
        carried = state.carried
    else:
        raise IllegalAction(
            "A shuttle without crews does not settle: put it into your shield or jettison it."
        )
    state = evolve(
        state,
        landing=state.landing[1:],
        carried=carried,
        seats=_with_seat(state, seat, player),
        **_event(state, seat, text, *marks),
    )
    return _settle(state, seat)


def _crew_refusal(state: ReworldState, seat: int, letter: str) -> str:
    colour = MODULES[state.landing[0]].colour
    city = state.seats[seat].cities[LETTERS.index(letter)]
    if not city:
        return f"You have no city {letter}: a terrabot must found it first."
    if city_colour(city) not in ("", colour):
        return (
            f"City {letter} already has {city_colour(city)} crews: "
            f"a {colour} crew cannot join them."
        )
    return "A construction crew needs a shuttle undocked in the same turn to fly down."


def _set(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _to_shield(state: ReworldState, seat: int) -> ReworldState:
    module = state.landing[0]
    if MODULES[module].kind not in ("shuttle", "satellite"):
        raise IllegalAction(
            f"Only shuttles and satellites can join the defence shield, not {a_label(module)}."
        )
    player = state.seats[seat]
    state = evolve(
        state,
        landing=state.landing[1:],
        seats=_with_seat(state, seat, evolve(player, shield=(*player.shield, module))),
        **_event(
            state,
            seat,
            f"added {a_label(module)} to the defence shield",
            *state.marks,
            f"shield-{seat}",
        ),
    )
    return _settle(state, seat)


def _jettison(
    state: ReworldState, seat: int, *, settle: bool = True, forced: bool = False
) -> ReworldState:
    module = state.landing[0]
    player = state.seats[seat]
    penalty = HOUSE_RULES.jettison_penalty
    player = evolve(
        player,
        jettisoned=(*player.jettisoned, module),
        points=(*player.points[:4], player.points[4] - penalty),
    )
    why = " (no shuttle or city could take it)" if forced else ""
    state = evolve(
        state,
        landing=state.landing[1:],
        seats=_with_seat(state, seat, player),
        **_event(state, seat, f"jettisoned {a_label(module)}{why} (-{penalty})", *state.marks),
    )
    return _settle(state, seat) if settle else state


def _end_turn(state: ReworldState, seat: int) -> ReworldState:
    """Claim every population ship the player now meets (§5.6), then pass the turn."""
    assert state.carried == 0
    player = state.seats[seat]
    owners = state.owners
    for index, ship_id in enumerate(state.ships):
        if owners[index] >= 0:
            continue
        ship = SHIPS[ship_id]
        if goal_met(ship, player, CATALOGUE, state.players):
            owners = _set(owners, index, seat)
            player = evolve(
                player,
                points=(*player.points[:3], player.points[3] + ship.points, player.points[4]),
            )
            state = evolve(
                state,
                **_event(
                    state,
                    seat,
                    f"claimed population ship {ship_id} (+{ship.points})",
                    *state.marks,
                    f"ship-{ship_id}",
                ),
            )
    state = evolve(
        state,
        owners=owners,
        landing_row=0,
        seats=_with_seat(state, seat, player),
    )
    return _next_unloader(state, seat)


def _new_events(before: ReworldState, after: ReworldState) -> list[tuple[int, str]]:
    """Return the events logged between `before` and `after` (as far as the window holds)."""
    count = after.serial - before.serial
    return list(after.recent[len(after.recent) - count :]) if count > 0 else []


ENGINE = Reworld()
"""The one engine instance, registered by ReworldConfig.ready()."""
