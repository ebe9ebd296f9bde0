"""The Colossus Station's prices and the officer cards in hand (rules §2.3, §4.3).

What a space costs now, whether a hand can pay it, and the card counting every
Chapter 1 step shares.
"""

from __future__ import annotations

from typing import Any

from games.reworld.house_rules import ARMS, CATALOGUE, HOUSE_RULES, NUMBER
from games.reworld.rules import Counts, completable, counts_of, neighbours
from games.reworld.state import ReworldState
from games.words import Msg, join, msg

__all__ = [
    "NO_CARDS",
    "affordable",
    "arm_price",
    "can_buy_any",
    "hand_counts",
    "number_list",
    "plus",
    "price_text",
    "sorted_cards",
    "take_card",
    "top_numbers",
]

NO_CARDS: Counts = (0, 0, 0, 0, 0, 0)
_CARD_ORDER = {card_id: card.order for card_id, card in CATALOGUE.cards.items()}
# §2.3, H3: each arm's two neighbours, worked out once.
_NEIGHBOURS = tuple(neighbours(arm, ARMS, HOUSE_RULES.ring_closed) for arm in range(ARMS))


def hand_counts(hand: tuple[str, ...]) -> Counts:
    """Return how many cards of each number `hand` holds."""
    return counts_of([NUMBER[card] for card in hand])


def top_numbers(state: ReworldState) -> tuple[int, ...]:
    """Return the number of each arm's top card, 0 for an arm nobody claimed this round."""
    return tuple(NUMBER[slot[-1]] if slot else 0 for slot in state.slots)


def arm_price(tops: tuple[int, ...], arm: int) -> tuple[int, ...]:
    """Return R for `arm` (§4.3): the distinct top numbers of its claimed neighbours.

    The same as `rules.required_numbers`, unrolled for speed with the neighbour table.
    """
    found = [tops[other] for other in _NEIGHBOURS[arm] if tops[other]]
    if len(found) < 2:
        return tuple(found)
    a, b = found
    return (a,) if a == b else ((a, b) if a < b else (b, a))


def affordable(tops: tuple[int, ...], arm: int, counts: Counts) -> bool:
    """Return whether a hand of `counts` can pay for `arm` (§4.3)."""
    return completable(arm_price(tops, arm), NO_CARDS, counts)


def can_buy_any(state: ReworldState, hand: tuple[str, ...]) -> bool:
    """Return whether `hand` can pay for any module still waiting at the station."""
    counts = hand_counts(hand)
    tops = top_numbers(state)
    return any(state.arms[arm] and affordable(tops, arm, counts) for arm in range(ARMS))


def plus(counts: Counts, number: int, delta: int) -> Counts:
    """Return `counts` with `delta` more cards of `number`."""
    values = list(counts)
    values[number] += delta
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def sorted_cards(cards: Any) -> tuple[str, ...]:
    """Return `cards` in card order (hands are kept that way)."""
    return tuple(sorted(cards, key=_CARD_ORDER.__getitem__))


def take_card(hand: tuple[str, ...], number: int) -> tuple[str, tuple[str, ...]]:
    """Return the first card of `number` in `hand` and the hand without it."""
    for index, card in enumerate(hand):
        if NUMBER[card] == number:
            return card, hand[:index] + hand[index + 1 :]
    raise AssertionError("checked by the caller")


def number_list(numbers: list[int]) -> Msg:
    """Return "3", "1 and 3" or "1, 2 and 4"."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return join("", words)
    return msg("%(numbers)s and %(last)s", numbers=", ".join(words[:-1]), last=words[-1])


def price_text(required: tuple[int, ...]) -> Msg:
    """Return the price of an arm in words (rules §4.3)."""
    if not required:
        return msg("any 1 card")
    if len(required) == 1:
        return msg("a %(v)s, or any 2 cards", v=required[0])
    v, w = required
    return msg("a %(v)s and a %(w)s, or 3 cards with a %(v)s or a %(w)s, or any 4 cards", v=v, w=w)
