"""Lost Cities bots: a random one and a heuristic one that plays a sensible game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bots import Bot, RandomBot
from games.engine import Action, Game
from games.lost_cities.cards import CARDS, COLOURS, deck_ids
from games.lost_cities.rules import can_extend
from games.lost_cities.scoring import EXPEDITION_COST
from games.lost_cities.state import LostCitiesState

if TYPE_CHECKING:
    import random

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]

_VALUE = {card_id: card.value for card_id, card in CARDS.items()}
_COLOUR = {card_id: card.colour for card_id, card in CARDS.items()}
_ORDER = {card_id: card.order for card_id, card in CARDS.items()}

# Tuning: how far above break-even a colour must look before the bot starts it, and how
# much projected surplus justifies putting a wager first.
START_MARGIN = 4
WAGER_MARGIN = 14


class _Seen:
    """What `seat` can work out: cards still unseen (in the draw pile or the other hand)."""

    def __init__(self, state: LostCitiesState, seat: int) -> None:
        known = set(state.hands[seat])
        for cols in state.columns:
            for col in cols:
                known.update(col)
        for pile in state.discards:
            known.update(pile)
        self.unseen = [card for card in deck_ids(state.settings.expeditions) if card not in known]
        deck = len(state.deck)
        self.my_turns = (deck + (1 if state.active == seat else 0)) // 2
        # Chance that one given unseen card reaches this hand before the round ends.
        self.share = min(0.5, self.my_turns / (deck + len(state.hands[1 - seat]) or 1))


class HeuristicBot:
    """Starts only promising expeditions, plays cards in order and discards safely.

    1. Place: play the lowest playable card of a started column when it skips little;
       start a colour whose hand cards (plus the cards likely still to come) pass
       break-even; otherwise discard the card least useful to itself and the opponent.
    2. Take: take a discard that fits a started column closely, else draw.
    """

    name = "heuristic"

    def choose(
        self, engine: Game[Any], state: LostCitiesState, seat: int, rng: random.Random
    ) -> Action:
        """Return the bot's action for `seat`."""
        legal = engine.legal_actions(state, seat)
        seen = _Seen(state, seat)
        if state.phase == "take":
            return self._take(state, seat, legal, seen)
        return self._place(state, seat, legal, seen, rng)

    # --- step 1: place a card ---------------------------------------------------------

    def _place(
        self,
        state: LostCitiesState,
        seat: int,
        legal: list[Action],
        seen: _Seen,
        rng: random.Random,
    ) -> Action:
        best: tuple[float, str] | None = None
        for action in legal:
            if action["type"] != "play":
                continue
            score = self._play_score(state, seat, action["card"], seen)
            if best is None or score > best[0]:
                best = (score, action["card"])
        if best is not None and best[0] > 0:
            return {"type": "play", "card": best[1]}
        hand = state.hands[seat]
        costs = {card: self._keep_value(state, seat, card, seen) for card in hand}
        lowest = min(costs.values())
        choices = [card for card in hand if costs[card] == lowest]
        return {"type": "discard", "card": rng.choice(choices)}

    def _play_score(self, state: LostCitiesState, seat: int, card: str, seen: _Seen) -> float:
        colour = _COLOUR[card]
        column = state.columns[seat][colour]
        value = _VALUE[card]
        mine = [c for c in state.hands[seat] if _COLOUR[c] == colour and can_extend(column, c)]
        # Play cards of one colour in order: a lower playable card in hand comes first.
        if any(_ORDER[c] < _ORDER[card] for c in mine):
            return -1.0
        if column:
            if value == 0:
                return self._colour_surplus(state, seat, colour, seen) - WAGER_MARGIN
            top = _VALUE[column[-1]]
            skipped = sum(
                1 for c in seen.unseen if _COLOUR[c] == colour and top < _VALUE[c] < value
            )
            # Late in the round nothing skipped will arrive anyway: cash every card.
            if seen.my_turns <= len(mine):
                return 10.0 + value
            return 10.0 - 4.0 * skipped
        surplus = self._colour_surplus(state, seat, colour, seen)
        if value == 0:
            return surplus - WAGER_MARGIN
        return surplus - START_MARGIN

    def _colour_surplus(self, state: LostCitiesState, seat: int, colour: int, seen: _Seen) -> float:
        """Return the points a column of `colour` is expected to end with, before wagers."""
        column = state.columns[seat][colour]
        numbers = [
            _VALUE[c]
            for c in state.hands[seat]
            if _COLOUR[c] == colour and _VALUE[c] and can_extend(column, c)
        ]
        if len(numbers) > seen.my_turns:
            numbers = sorted(numbers)[: max(seen.my_turns, 0)]
        floor = min(numbers) if numbers else (_VALUE[column[-1]] if column else 1)
        coming = sum(_VALUE[c] for c in seen.unseen if _COLOUR[c] == colour and _VALUE[c] > floor)
        placed = sum(_VALUE[c] for c in column)
        cost = 0 if column else EXPEDITION_COST
        return placed + sum(numbers) + seen.share * coming - cost

    def _keep_value(self, state: LostCitiesState, seat: int, card: str, seen: _Seen) -> float:
        """Rate how much holding `card` is worth; the lowest is discarded."""
        colour = _COLOUR[card]
        value = _VALUE[card]
        mine = state.columns[seat][colour]
        theirs = state.columns[1 - seat][colour]
        worth = 0.0
        if can_extend(mine, card):
            if mine:
                worth += 30 + value
            else:
                worth += max(0.0, 10 + self._colour_surplus(state, seat, colour, seen)) / 2
        if theirs and can_extend(theirs, card):
            wagers = sum(1 for c in theirs if _VALUE[c] == 0)
            worth += (5 + value) * (1 + wagers)
        elif not theirs:
            worth += value / 4
        return worth

    # --- step 2: take a card ----------------------------------------------------------

    def _take(self, state: LostCitiesState, seat: int, legal: list[Action], seen: _Seen) -> Action:
        best: tuple[float, Action] = (0.0, {"type": "draw"})
        for action in legal:
            if action["type"] != "take":
                continue
            colour = COLOURS.index(action["colour"])
            card = state.discards[colour][-1]
            column = state.columns[seat][colour]
            if not can_extend(column, card) or seen.my_turns < 1:
                continue
            value = _VALUE[card]
            if column:
                top = _VALUE[column[-1]]
                skipped = sum(
                    1 for c in seen.unseen if _COLOUR[c] == colour and top < _VALUE[c] < value
                )
                gain = 6.0 + value / 2 - 3.0 * skipped
            else:
                gain = self._colour_surplus(state, seat, colour, seen) + value - 10
            if gain > best[0]:
                best = (gain, action)
        return best[1]


BOTS: dict[str, Bot] = {"random": RandomBot(), "heuristic": HeuristicBot()}
