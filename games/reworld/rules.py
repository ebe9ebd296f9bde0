"""Pure Reworld rule helpers: the station ring and the payment rule (rules §2.3, §4.3).

Everything here takes the house-rule values it needs as arguments, so the engine's one
table (rules §12) stays the only place where they are written down.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "completable",
    "counts_of",
    "neighbours",
    "payment_is_legal",
    "required_numbers",
]

Counts = tuple[int, int, int, int, int, int]
"""How many cards of each number 1..5 (index 0 is unused, always 0)."""


def counts_of(numbers: Sequence[int]) -> Counts:
    """Return the per-number counts of `numbers`."""
    counts = [0, 0, 0, 0, 0, 0]
    for number in numbers:
        counts[number] += 1
    return (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])


def neighbours(arm: int, arms: int, closed: bool) -> tuple[int, ...]:
    """Return the arms next to `arm` (rules §2.3); a closed ring joins the last to the first."""
    found = []
    if arm > 0 or closed:
        found.append((arm - 1) % arms)
    if arm < arms - 1 or closed:
        found.append((arm + 1) % arms)
    return tuple(found)


def required_numbers(tops: Sequence[int], arm: int, closed: bool) -> tuple[int, ...]:
    """Return R: the distinct top numbers of the claimed neighbours of `arm` (rules §4.3).

    `tops` holds the top card's number per arm, 0 for an unclaimed arm.
    """
    found = {tops[other] for other in neighbours(arm, len(tops), closed) if tops[other]}
    return tuple(sorted(found))


def payment_is_legal(required: Sequence[int], paid: Sequence[int]) -> bool:
    """Return whether the numbers `paid` buy an arm demanding `required` (rules §4.3).

    No neighbour claimed: exactly one card. One number v: a v, or any two cards. Two
    numbers v and w: exactly v and w, or three cards with a v or a w, or any four.
    Paying more is never legal (house rule H5).
    """
    n = len(paid)
    if not required:
        return n == 1
    if len(required) == 1:
        return (n == 1 and paid[0] == required[0]) or n == 2
    v, w = required
    return (n == 2 and sorted(paid) == [v, w]) or (n == 3 and (v in paid or w in paid)) or n == 4


def completable(required: Sequence[int], paid: Counts, hand: Counts) -> bool:
    """Return whether cards from `hand` can turn the part-payment `paid` into a legal one.

    `paid` may already be legal (adding nothing completes it). Both are per-number counts.
    """
    k = sum(paid)
    have = sum(hand)
    if not required:
        return k == 1 or (k == 0 and have >= 1)
    if len(required) == 1:
        (v,) = required
        single = (k == 0 and hand[v] >= 1) or (k == 1 and paid[v] == 1)
        return single or (k <= 2 and have >= 2 - k)
    v, w = required
    exact = (
        k <= 2
        and paid[v] <= 1
        and paid[w] <= 1
        and paid[v] + paid[w] == k
        and hand[v] >= 1 - paid[v]
        and hand[w] >= 1 - paid[w]
    )
    if exact:
        return True
    if k <= 3 and have >= 3 - k:
        matched = paid[v] + paid[w] >= 1
        if matched or (k < 3 and hand[v] + hand[w] >= 1):
            return True
    return k <= 4 and have >= 4 - k
