"""Reworld rules engine (rules/reworld.md): pure Python, deterministic from the seed.

Chapter 1 (§4): five rounds at the Colossus Station. A turn is "buy" (choose an arm,
then lay officer cards one at a time, then choose the top card, which picks the docking
row), "marker" (take the start player marker) or "drop" (drop out of the round).
Chapter 2 (§5): "undock" 1-3 modules from the outer end of one row, then give each
landed module a use, one decision at a time ("city", "shield" or "jettison").

The rules of each step live in a module of their own (`rounds`, `buying`, `paying`,
`undocking`, `landing`; the numbers in `house_rules`); this class declares the moves and
hands each to its step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import rng
from games.engine import (
    Action,
    ClockDefaults,
    Game,
    IllegalAction,
    Outcome,
    gettext_noop,
    move,
)
from games.reworld import buying, landing, paying, undocking
from games.reworld.data import LETTERS
from games.reworld.house_rules import (
    ARMS,
    CATALOGUE,
    HAND_SIZE,
    HOUSE_RULES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODULES,
    MODULES_PER_ROUND,
    NUMBER,
    ROUNDS,
    ROWS,
    SHIPS,
    a_label,
)
from games.reworld.rounds import deal
from games.reworld.scoring import final_breakdown
from games.reworld.state import Player, ReworldState, dump_state, load_state
from games.reworld.station import arm_price, top_numbers
from games.validate import fail, state_of
from games.words import join, msg

__all__ = ["ENGINE", "Reworld", "ReworldState"]

_PHASE_KINDS = {
    "buy": ("buy", "marker", "drop"),
    "pay": ("pay", "top", "cancel"),
    "undock": ("undock",),
    "land": ("city", "shield", "jettison"),
}
_WRONG_PHASE = {
    "buy": msg("Buy a module from a station space, take the start player marker or drop out."),
    "pay": msg(
        "Finish paying for the chosen space: lay another card, choose the top card, "
        "or take your cards back."
    ),
    "undock": msg("Choose a docking row and how many modules (1 to 3) to undock from it."),
    "land": msg("Give the landed module a use: a city, your shield, or jettison it."),
}


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
    play_time = msg("50-90 minutes")
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
        return deal(state, 1)

    def to_move(self, state: ReworldState) -> frozenset[int]:
        """Return the seat whose turn it is; empty once the game is over."""
        if state.phase == "over":
            return frozenset()
        return frozenset((state.active,))

    def round_info(self, state: ReworldState) -> str | None:
        """Return "Chapter 1, round r of 5", "Chapter 2" or "Game over"."""
        if state.phase == "over":
            return msg("Game over")
        if state.chapter == 1:
            return msg("Chapter 1, round %(round)s of %(rounds)s", round=state.round, rounds=ROUNDS)
        return msg("Chapter 2: settling Eurybia")

    # --- legal actions ----------------------------------------------------------------

    # --- legal actions ----------------------------------------------------------------

    def legal_actions(self, state: ReworldState, seat: int) -> list[Action]:
        """Return every legal action of `seat`, grouped by type in a fixed order."""
        if state.phase == "over" or seat != state.active:
            return []
        if state.phase == "buy":
            return buying.buy_actions(state, seat)
        if state.phase == "pay":
            return paying.pay_actions(state, seat)
        if state.phase == "undock":
            return undocking.undock_actions(state, seat)
        return landing.land_actions(state, seat)

    # --- moves --------------------------------------------------------------------------

    def is_over(self, state: ReworldState) -> bool:
        """Return whether every freighter is empty (rules §6)."""
        return state.phase == "over"

    def dispatch(self, state: ReworldState, seat: int, kind: str, action: Action) -> ReworldState:
        """Refuse a move of another phase with what the phase asks for, else play it."""
        if kind not in _PHASE_KINDS[state.phase]:
            raise IllegalAction(_WRONG_PHASE[state.phase])
        return super().dispatch(state, seat, kind, action)

    @move("buy", arm=int)
    def _buy(self, state: ReworldState, seat: int, arm: int) -> ReworldState:
        return buying.buy(state, seat, arm)

    @move("marker", number=int)
    def _marker(self, state: ReworldState, seat: int, number: int) -> ReworldState:
        return buying.take_marker(state, seat, number)

    @move("drop")
    def _drop(self, state: ReworldState, seat: int) -> ReworldState:
        return buying.drop_out(state, seat)

    @move("pay", number=int)
    def _pay(self, state: ReworldState, seat: int, number: int) -> ReworldState:
        return paying.pay(state, seat, number)

    @move("top", number=int)
    def _top(self, state: ReworldState, seat: int, number: int) -> ReworldState:
        return paying.choose_top(state, seat, number)

    @move("cancel")
    def _cancel(self, state: ReworldState, seat: int) -> ReworldState:
        return paying.cancel(state, seat)

    @move("undock", row=int, count=int)
    def _undock(self, state: ReworldState, seat: int, row: int, count: int) -> ReworldState:
        return undocking.undock(state, seat, row, count)

    @move("city", city=str)
    def _city(self, state: ReworldState, seat: int, city: str) -> ReworldState:
        return landing.to_city(state, seat, city)

    @move("shield")
    def _shield(self, state: ReworldState, seat: int) -> ReworldState:
        return landing.to_shield(state, seat)

    @move("jettison")
    def _jettison(self, state: ReworldState, seat: int) -> ReworldState:
        return landing.jettison(state, seat)

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
        with state_of("Reworld"):
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
                    fail("the bag has the wrong size")
                hand = HAND_SIZE[state.players]
                if len(state.undealt) != len(NUMBER) - hand * state.players:
                    fail("the undealt cards are wrong")
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

    def describe(
        self,
        before: ReworldState,
        after: ReworldState,
        seat: int,
        action: Action,
        viewer: int | None,
    ) -> str:
        """Return the log line of `action`; the face-down marker card only for its owner."""
        new = _new_events(before, after)
        own = [text for who, text in new if who == seat]
        general = [text for who, text in new if who < 0]
        kind = action["type"]
        if kind == "buy":
            arm = action["arm"]
            own = [
                msg(
                    "chose space %(space)s (%(module)s)",
                    space=arm + 1,
                    module=a_label(before.arms[arm]),
                )
            ]
        elif kind == "pay" and not own:
            own = [
                msg(
                    "paid a %(number)s for space %(space)s",
                    number=action["number"],
                    space=before.pending + 1,
                )
            ]
        elif kind == "cancel":
            own = [msg("took the paid cards back")]
        elif kind == "marker" and viewer == seat and own:
            own[0] = msg(
                "took the start player marker and discarded a %(number)s", number=action["number"]
            )
        return join("; ", own + general)

    # --- helpers shared with the view and the bots ----------------------------------

    def price(self, state: ReworldState, arm: int) -> tuple[int, ...]:
        """Return R for `arm` now: the top numbers of its claimed neighbours (§4.3)."""
        return arm_price(top_numbers(state), arm)

    def crew_targets(self, state: ReworldState, seat: int) -> list[str]:
        """Return the letters of the cities the crew now landing may fly to (§5.3)."""
        return landing.crew_targets(state, seat)


def _new_events(before: ReworldState, after: ReworldState) -> list[tuple[int, str]]:
    """Return the events logged between `before` and `after` (as far as the window holds)."""
    count = after.serial - before.serial
    return list(after.recent[len(after.recent) - count :]) if count > 0 else []


ENGINE = Reworld()
"""The one engine instance, registered by ReworldConfig.ready()."""
