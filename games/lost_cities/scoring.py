"""Scoring of Lost Cities expeditions and rounds (rules §7), as pure functions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.lost_cities.cards import CARDS, COLOUR_LABELS, COLOURS

__all__ = [
    "BONUS_MIN_CARDS",
    "BONUS_POINTS",
    "EXPEDITION_COST",
    "column_breakdown",
    "column_score",
    "expedition_score",
    "match_breakdown",
    "round_score",
]

EXPEDITION_COST = 20  # rules §7 step 2: every started column costs 20
BONUS_MIN_CARDS = 8  # rules §7 step 4: eight or more cards earn the length bonus
BONUS_POINTS = 20  # rules §7 step 4: the bonus, added after the multiplier, never multiplied


def expedition_score(wagers: int, numbers: list[int], bonus_counts_wagers: bool = True) -> int:
    """Return the score of one column holding `wagers` wager cards and `numbers`.

    1. A column without any card scores 0 (rules §7: never started, no cost).
    2. Otherwise add the number cards and subtract the cost of 20; a column of wagers
       only is started and pays the cost too.
    3. Multiply by 1 + wagers, also when the value is negative.
    4. Add the bonus of 20 for eight or more cards. By the published rules wagers count
       towards the eight; with `bonus_counts_wagers=False` only number cards do.
    """
    cards = wagers + len(numbers)
    if cards == 0:
        return 0
    score = (sum(numbers) - EXPEDITION_COST) * (1 + wagers)
    counted = cards if bonus_counts_wagers else len(numbers)
    if counted >= BONUS_MIN_CARDS:
        score += BONUS_POINTS
    return score


def column_score(column: Sequence[str], bonus_counts_wagers: bool = True) -> int:
    """Return the score of a column given as card ids."""
    values = [CARDS[card].value for card in column]
    numbers = [value for value in values if value]
    return expedition_score(len(values) - len(numbers), numbers, bonus_counts_wagers)


def round_score(columns: Sequence[Sequence[str]], bonus_counts_wagers: bool = True) -> int:
    """Return a player's round score: the sum over all of their columns (rules §7)."""
    return sum(column_score(column, bonus_counts_wagers) for column in columns)


def column_breakdown(
    colour: int, column: Sequence[str], bonus_counts_wagers: bool = True
) -> dict[str, Any]:
    """Return the per-colour line of the end-of-round panel (rules §10), without card ids.

    Card ids are left out on purpose: after the reshuffle the same ids are hidden again,
    and leak scans must never find them in an old round's breakdown.
    """
    values = [CARDS[card].value for card in column]
    numbers = [value for value in values if value]
    wagers = len(values) - len(numbers)
    started = bool(values)
    counted = len(values) if bonus_counts_wagers else len(numbers)
    return {
        "colour": COLOURS[colour],
        "label": COLOUR_LABELS[colour],
        "started": started,
        "cards": len(values),
        "wagers": wagers,
        "numbers": numbers,
        "sum": sum(numbers),
        "cost": EXPEDITION_COST if started else 0,
        "multiplier": 1 + wagers,
        "bonus": BONUS_POINTS if started and counted >= BONUS_MIN_CARDS else 0,
        "result": expedition_score(wagers, numbers, bonus_counts_wagers),
    }


def match_breakdown(
    rounds: Sequence[tuple[int, Sequence[Sequence[Sequence[str]]], Sequence[int]]],
    *,
    expeditions: int,
    bonus_counts_wagers: bool,
) -> dict[str, Any]:
    """Return the end-of-round and end-of-game panel data (rules §10), JSON-safe.

    `rounds` holds (start seat, columns per seat, scores per seat) of each finished round.
    """
    totals = [0, 0]
    out = []
    for number, (start, columns, scores) in enumerate(rounds, start=1):
        players = []
        for seat, seat_columns in enumerate(columns):
            totals[seat] += scores[seat]
            colours = [
                column_breakdown(colour, column, bonus_counts_wagers)
                for colour, column in enumerate(seat_columns)
            ]
            players.append(
                {"seat": seat, "colours": colours, "score": scores[seat], "total": totals[seat]}
            )
        out.append({"round": number, "start": start, "players": players})
    return {
        "rounds": out,
        "totals": totals,
        "expeditions": expeditions,
        "bonus_counts_wagers": bonus_counts_wagers,
    }
