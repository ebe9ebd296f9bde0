"""Relative Space bots: a random one and a heuristic one that sheds cards safely.

The heuristic bot sees only what its seat may see: a face-down card is judged by the
cards still unseen (the house deck minus every face-up card), never by its real face.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from games.bots import Bot, RandomBot
from games.engine import Action, Game
from games.relative_space.cards import Card
from games.relative_space.state import Pod, RelativeSpaceState
from games.relative_space.supply import Supply, open_slots

if TYPE_CHECKING:
    import random

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]

# Tuning, in "cards shed" worth 10 points each.
SHED = 10.0  # one card out of the supply
JOKER_KEEP = 6.0  # a special card always loads: keep it for a turn when nothing else does
GAP_COST = 1.0  # per step a load raises the pod above its load value
LOW_CARD_BONUS = 0.3  # per step below 10: low cards get harder to place as pods rise
UNCOVER_BONUS = 0.8  # per card a play leaves newly available
FOLLOW_UP = 8.0  # an extra play that will surely load


class _Known:
    """What `seat` may know: the cards it cannot see, by value (0 = special)."""

    def __init__(self, engine: Any, state: RelativeSpaceState) -> None:
        cards: dict[str, Card] = engine.cards
        seen: set[str] = set(state.out)
        for pod in state.pods:
            seen.update(pod.cards)
        for supply in state.supplies:
            seen.update(entry[0] for entry in supply if entry is not None and entry[1])
        counts = Counter(card.value for card_id, card in cards.items() if card_id not in seen)
        self.total = sum(counts.values()) or 1
        self.counts = counts


class HeuristicBot:
    """Rates every legal action by the cards it sheds now and keeps the options open.

    1. A load sheds one card; a key opening a pod sheds two; a block sheds one but sends
       back as many cards as there are old holes to fill (§8).
    2. Low cards are played when they fit, pods are raised as little as possible and
       special cards are kept as a safe play for later, unless they bring an extra play.
    3. A face-down card is rated by the chances over the cards still unseen.
    4. An extra play is passed when every play would hurt.
    """

    name = "heuristic"

    def choose(
        self, engine: Game[Any], state: RelativeSpaceState, seat: int, rng: random.Random
    ) -> Action:
        """Return the bot's action for `seat`."""
        legal = engine.legal_actions(state, seat)
        known = _Known(engine, state)
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            score = self._score(engine, state, seat, action, known)
            if score > best_score + 1e-9:
                best, best_score = [action], score
            elif abs(score - best_score) <= 1e-9:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def _score(
        self,
        engine: Any,
        state: RelativeSpaceState,
        seat: int,
        action: Action,
        known: _Known,
    ) -> float:
        if action["type"] == "pass":
            return 0.0
        layout = engine.layout
        supply: Supply = state.supplies[seat]
        slot = layout.index[action["slot"]]
        if action["type"] == "open_pod":
            key = layout.index[action["key"]]
            without_key = supply[:key] + (None,) + supply[key + 1 :]
            fresh = Pod(state.next_pod, (), 0)
            # The key itself leaves the supply: one card shed before the play.
            return SHED + self._play(engine, state, without_key, slot, fresh, known) + 1.0
        pod = next(p for p in state.pods if p.id == action["pod"])
        return self._play(engine, state, supply, slot, pod, known)

    def _play(
        self,
        engine: Any,
        state: RelativeSpaceState,
        supply: Supply,
        slot: int,
        pod: Pod,
        known: _Known,
    ) -> float:
        cards: dict[str, Card] = engine.cards
        card_id, face_up = supply[slot]  # type: ignore[misc]
        after = supply[:slot] + (None,) + supply[slot + 1 :]
        uncover = len(open_slots(engine.layout, after)) - len(open_slots(engine.layout, supply)) + 1
        holes = sum(1 for i in state.empty_at_start if supply[i] is None)
        returns = min(len(pod.cards) + 1, holes)
        if face_up:
            card = cards[card_id]
            score = self._known_card(engine, state, after, card, pod, returns, known)
        else:
            score = self._blind(pod, returns, known)
        return score + UNCOVER_BONUS * max(uncover, 0)

    def _known_card(
        self,
        engine: Any,
        state: RelativeSpaceState,
        after: Supply,
        card: Card,
        pod: Pod,
        returns: int,
        known: _Known,
    ) -> float:
        if card.is_item:
            if card.value < pod.load:
                return self._block(returns)
            gap = card.value - pod.load
            return SHED - GAP_COST * gap + LOW_CARD_BONUS * (10 - card.value)
        special = card.special
        assert special is not None
        if not any(entry is not None for entry in after):
            return SHED * 3  # the last card: it wins
        score = SHED - JOKER_KEEP
        if special.extra_play is not None:
            follow_pods = [pod] if special.extra_play == "same" else list(state.pods)
            if self._has_sure_load(engine, after, follow_pods):
                score += FOLLOW_UP
        if special.launch and len(state.pods) == 1:
            score -= 1.0  # a fresh empty pod helps the next player most
        if special.opens_pod:
            score -= 2.0  # a key is worth more opening a pod later
        return score

    def _block(self, returns: int) -> float:
        return SHED - SHED * returns - 1.0

    def _blind(self, pod: Pod, returns: int, known: _Known) -> float:
        """Return the expected score of turning up a face-down card onto `pod`."""
        expected = 0.0
        for value, count in known.counts.items():
            if value == 0:
                outcome = SHED - JOKER_KEEP
            elif value < pod.load:
                outcome = self._block(returns)
            else:
                outcome = SHED - GAP_COST * (value - pod.load)
            expected += count * outcome
        return expected / known.total - 0.5

    def _has_sure_load(self, engine: Any, supply: Supply, pods: list[Pod]) -> bool:
        cards: dict[str, Card] = engine.cards
        for slot in open_slots(engine.layout, supply):
            card_id, face_up = supply[slot]  # type: ignore[misc]
            if not face_up:
                continue
            card = cards[card_id]
            if not card.is_item or any(card.value >= pod.load for pod in pods):
                return True
        return False


BOTS: dict[str, Bot] = {"random": RandomBot(), "heuristic": HeuristicBot()}
