"""Reworld bots: a random one and a heuristic one that plans its rows and its planet."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from games.bots import Bot, RandomBot
from games.engine import Action, Game
from games.reworld.data import LETTERS, NUMBERS
from games.reworld.house_rules import HOUSE_RULES, MODULES, NUMBER, ROWS
from games.reworld.rules import counts_of, payment_is_legal
from games.reworld.state import ReworldState

if TYPE_CHECKING:
    import random

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]

# Tuning: what a module is worth on the planet, and what a card kept in hand is worth.
CARD_VALUE = 1.0  # H7: a kept card scores 1 at the round end
CREW_VALUE = 3.2  # a crew that can fly: city size, majorities, crew goals
STRANDED_CREW = -1.0  # a crew without a shuttle in reach is jettisoned
SHIELD_VALUE = 1.5  # a shuttle or satellite in the shield
SATELLITE_VALUE = 2.5  # a satellite will usually score a city's size
NEW_LETTER_VALUE = 6.0  # avoids the missing-letter penalty and enters a majority
MORE_LETTER_VALUE = 1.8  # another terrabot of a letter already owned
BUY_THRESHOLD = 0.2  # below this net value the bot keeps its cards and drops out
_A_SHUTTLE = next(m for m, info in MODULES.items() if info.kind == "shuttle")


@lru_cache(maxsize=4096)
def _row_value(row: tuple[str, ...]) -> float:
    """Return the value of a row (given outer end first) under its best unloading.

    Dynamic programme over cuts of the row into groups of 1-3 modules (§5.2); in a
    group, crews fly if a shuttle of the group can carry them (H10).
    """
    n = len(row)
    best = [0.0] * (n + 1)
    for start in range(n - 1, -1, -1):
        options = []
        for size in range(1, min(3, n - start) + 1):
            options.append(_group_value(row[start : start + size]) + best[start + size])
        best[start] = max(options)
    return best[0]


def _open_row_value(row: tuple[str, ...]) -> float:
    """Return a row's value in Chapter 1, when a shuttle may still be docked in front.

    A crew at the outer end is not lost yet: count it as half paired with a shuttle
    bought later.
    """
    value = _row_value(row)
    if row and MODULES[row[0]].kind == "crew":
        value = max(value, (value + _row_value((_A_SHUTTLE, *row)) - SHIELD_VALUE) / 2)
    return value


def _group_value(group: tuple[str, ...]) -> float:
    kinds = [MODULES[m].kind for m in group]
    shuttles = kinds.count("shuttle")
    crews = kinds.count("crew")
    flying = min(crews, shuttles * HOUSE_RULES.shuttle_capacity)
    needed = -(-flying // HOUSE_RULES.shuttle_capacity)
    value = flying * CREW_VALUE + (crews - flying) * STRANDED_CREW
    value += (shuttles - needed) * SHIELD_VALUE
    return value


def _payments(required: tuple[int, ...], hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Return every legal payment (sorted numbers) that `hand` (counts) can make (§4.3)."""
    sizes = (1,) if not required else (1, 2) if len(required) == 1 else (2, 3, 4)
    found = []
    for size in sizes:
        for combo in combinations_with_replacement(NUMBERS, size):
            counts = counts_of(combo)
            if all(counts[n] <= hand[n] for n in NUMBERS) and payment_is_legal(required, combo):
                found.append(combo)
    return found


class HeuristicBot:
    """Buys modules whose rows will unload well, then builds its planet greedily.

    1. Chapter 1: value every (space, payment, top card) by what the module adds to
       its row's best unloading (crews next to shuttles), by letters still missing
       (terrabots) and minus one point per card; buy the best, or drop out when no
       purchase beats keeping the cards.
    2. Chapter 2: try every undocking, give each landed module its best use one at a
       time, and keep the undocking whose result projects the highest final score.
    """

    name = "heuristic"

    def choose(
        self, engine: Game[Any], state: ReworldState, seat: int, rng: random.Random
    ) -> Action:
        """Return the bot's action for `seat`."""
        legal = engine.legal_actions(state, seat)
        if state.phase == "buy":
            return self._buy(engine, state, seat, legal)
        if state.phase == "pay":
            return self._pay(engine, state, seat, legal)
        if state.phase == "undock":
            return self._undock(engine, state, seat, legal)
        return self._land(engine, state, seat, legal)

    # --- Chapter 1 --------------------------------------------------------------------

    def _module_value(self, state: ReworldState, seat: int, module: str, row: int) -> float:
        player = state.seats[seat]
        info = MODULES[module]
        old = tuple(reversed(player.rows[row - 1]))
        value = _open_row_value((module, *old)) - _open_row_value(old)
        if info.kind == "terrabot":
            owned = sum(1 for r in player.rows for m in r if MODULES[m].letter == info.letter)
            value += HOUSE_RULES.terrabot_points
            value += NEW_LETTER_VALUE if owned == 0 else MORE_LETTER_VALUE / owned
        elif info.kind == "satellite":
            # One satellite per city (H12): beyond five, a satellite only shields.
            aboard = sum(1 for r in player.rows for m in r if MODULES[m].kind == "satellite")
            value += SATELLITE_VALUE if aboard < len(LETTERS) else SHIELD_VALUE
        return value

    def _plans(
        self, engine: Any, state: ReworldState, seat: int, arm: int, paid: tuple[int, ...] = ()
    ) -> list[tuple[float, tuple[int, ...], int]]:
        """Return (value, payment, top) for `arm`, payments containing `paid` only."""
        hand = counts_of([NUMBER[c] for c in state.seats[seat].hand])
        full = [hand[n] + paid.count(n) for n in range(6)]
        required = engine.price(state, arm)
        module = state.arms[arm]
        plans = []
        values = {row: self._module_value(state, seat, module, row) for row in range(1, ROWS + 1)}
        for payment in _payments(required, tuple(full)):
            if any(payment.count(n) < paid.count(n) for n in NUMBERS):
                continue
            for top in sorted(set(payment)):
                plans.append((values[top] - CARD_VALUE * len(payment), payment, top))
        return plans

    def _buy(self, engine: Any, state: ReworldState, seat: int, legal: list[Action]) -> Action:
        best: tuple[float, int] | None = None
        for action in legal:
            if action["type"] != "buy":
                continue
            plans = self._plans(engine, state, seat, action["arm"])
            value = max(plan[0] for plan in plans)
            if best is None or value > best[0]:
                best = (value, action["arm"])
        if best is not None and best[0] > BUY_THRESHOLD:
            return {"type": "buy", "arm": best[1]}
        return {"type": "drop"}

    def _pay(self, engine: Any, state: ReworldState, seat: int, legal: list[Action]) -> Action:
        paid = tuple(sorted(NUMBER[c] for c in state.paid))
        plans = self._plans(engine, state, seat, state.pending, paid)
        if not plans:
            return {"type": "cancel"}
        _value, payment, top = max(plans, key=lambda plan: (plan[0], [-n for n in plan[1]]))
        rest = list(payment)
        for n in paid:
            rest.remove(n)
        action: Action = (
            {"type": "pay", "number": rest[0]} if rest else {"type": "top", "number": top}
        )
        return action if action in legal else legal[0]

    # --- Chapter 2 --------------------------------------------------------------------

    def _potential(self, engine: Any, state: ReworldState, seat: int) -> float:
        """Return the final score `seat` would have now, plus what its rows still promise."""
        breakdown = engine.breakdown(state)
        total: int = breakdown["seats"][seat]["total"]
        player = state.seats[seat]
        future = 0.0
        for row in player.rows:
            future += 0.5 * _row_value(tuple(reversed(row)))
        owned = {LETTERS[i] for i, city in enumerate(player.cities) if city}
        for row in player.rows:
            for module in row:
                letter = MODULES[module].letter
                if letter and letter not in owned:
                    # A terrabot still aboard will found its city later.
                    future += HOUSE_RULES.missing_letter_penalty
                    owned.add(letter)
        return total + future

    def _finish_turn(self, engine: Any, state: ReworldState, seat: int) -> ReworldState:
        """Give every landed module its greedy best use; return the state after the turn."""
        while state.phase == "land" and state.active == seat:
            legal = engine.legal_actions(state, seat)
            state = max(
                (engine.apply(state, seat, action) for action in legal),
                key=lambda after: self._landing_score(engine, after, seat),
            )
        return state

    def _landing_score(self, engine: Any, state: ReworldState, seat: int) -> float:
        return self._potential(engine, state, seat)

    def _undock(self, engine: Any, state: ReworldState, seat: int, legal: list[Action]) -> Action:
        best: tuple[float, int, Action] | None = None
        for action in legal:
            after = self._finish_turn(engine, engine.apply(state, seat, action), seat)
            # Small preference for undocking more at once: fewer turns, earlier goals.
            score = self._potential(engine, after, seat) + 0.05 * action["count"]
            if best is None or score > best[0]:
                best = (score, -action["count"], action)
        assert best is not None
        return best[2]

    def _land(self, engine: Any, state: ReworldState, seat: int, legal: list[Action]) -> Action:
        return max(
            legal,
            key=lambda action: self._landing_score(engine, engine.apply(state, seat, action), seat),
        )


BOTS: dict[str, Bot] = {"random": RandomBot(), "heuristic": HeuristicBot()}
