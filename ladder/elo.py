"""Multiplayer Elo by pairwise decomposition (pure Python: no Django, no database).

A game of N players counts as N×(N−1)/2 two-player results, one per pair, decided by
their places: the lower place wins the pair, equal places draw it. Player i moves by

    k_i / (N − 1) × Σ_j (S_ij − E_ij),   E_ij = 1 / (1 + 10^((R_j − R_i) / 400))

so that with two players this is classic Elo, and a seat's change never grows with
the number of opponents (dividing by N − 1 keeps one game worth one game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

START_RATING = 1500.0
# 400 points of difference mean the stronger player is expected to score 10 times
# as much as the weaker one: the scale of chess Elo, which players recognise.
SCALE = 400.0

# Provisional K (issue 6, after Board Game Arena's provisional period). A new player's
# true strength is unknown, so the 1500 start is a guess: a large K lets the first
# rated games move the rating quickly to where it belongs. Once 20 games have placed
# it, a small K keeps one lucky or unlucky game from moving a settled rating much.
K_NEW = 60.0  # the first 10 rated games of a game
K_SETTLING = 40.0  # rated games 11 to 20
K_ESTABLISHED = 20.0  # from the 21st rated game on
K_NEW_GAMES = 10
K_SETTLING_GAMES = 20


@dataclass(frozen=True)
class Pair:
    """One player's result against one opponent: what was expected, what happened."""

    opponent: int  # index of the opponent in the lists given to `pairs`
    opponent_rating: float  # before the game
    expected: float  # E_ij, from 0 to 1
    actual: float  # S_ij: 1 for a better place, 0.5 for the same place, 0 for a worse one
    contribution: float  # k_i / (N − 1) × (S_ij − E_ij), in rating points


def k_factor(games_played: int) -> float:
    """Return the K for a player's next game, given the rated games already played."""
    if games_played < 0:
        raise ValueError(f"games_played cannot be negative (got {games_played}).")
    if games_played < K_NEW_GAMES:
        return K_NEW
    if games_played < K_SETTLING_GAMES:
        return K_SETTLING
    return K_ESTABLISHED


def expected_score(rating: float, opponent: float) -> float:
    """Return the score a player rated `rating` is expected to make against `opponent`."""
    # float ** float is typed Any (a negative base gives a complex); this base is 10.
    power: float = 10.0 ** ((opponent - rating) / SCALE)
    return 1.0 / (1.0 + power)


def actual_score(place: int, opponent_place: int) -> float:
    """Return 1, 0.5 or 0: a lower place number beats a higher one, equal places draw."""
    if place < opponent_place:
        return 1.0
    if place == opponent_place:
        return 0.5
    return 0.0


def pairs(
    ratings: Sequence[float], places: Sequence[int], k: float | Sequence[float]
) -> list[list[Pair]]:
    """Return, for each player in order, their pairwise results against every opponent.

    1. Check the lists: the same length, at least two players, one K or one per player.
    2. For each ordered pair (i, j), i ≠ j: expected score from the ratings, actual
       score from the places, contribution k_i / (N − 1) × (S_ij − E_ij).
    """
    ks = _check(ratings, places, k)
    weight = [k_i / (len(ratings) - 1) for k_i in ks]
    table: list[list[Pair]] = []
    for i, (rating, place) in enumerate(zip(ratings, places, strict=True)):
        row = []
        for j, (opponent, opponent_place) in enumerate(zip(ratings, places, strict=True)):
            if i == j:
                continue
            expected = expected_score(rating, opponent)
            actual = actual_score(place, opponent_place)
            row.append(Pair(j, opponent, expected, actual, weight[i] * (actual - expected)))
        table.append(row)
    return table


def rate(ratings: list[float], places: list[int], k: float | list[float]) -> list[float]:
    """Return the new ratings, in the order given, after one game finished in `places`.

    `places` are 1 for the winner, 2 for the next, and equal for a tie; `k` is one
    K for every player or one per player (see `k_factor`). Raise ValueError on lists
    of different lengths or fewer than two players.
    """
    return [
        rating + sum(pair.contribution for pair in row)
        for rating, row in zip(ratings, pairs(ratings, places, k), strict=True)
    ]


def _check(
    ratings: Sequence[float], places: Sequence[int], k: float | Sequence[float]
) -> list[float]:
    """Validate the arguments of `rate` and return one K per player."""
    if len(ratings) != len(places):
        raise ValueError(
            f"Give one place per rating: {len(ratings)} ratings but {len(places)} places."
        )
    if len(ratings) < 2:
        raise ValueError(f"A rated game needs at least 2 players (got {len(ratings)}).")
    if isinstance(k, int | float):
        ks = [float(k)] * len(ratings)
    else:
        ks = [float(k_i) for k_i in k]
        if len(ks) != len(ratings):
            raise ValueError(
                f"Give one K for all players or one per player: {len(ratings)} players "
                f"but {len(ks)} K values."
            )
    if any(k_i < 0 for k_i in ks):
        raise ValueError(f"K cannot be negative (got {ks}).")
    return ks
