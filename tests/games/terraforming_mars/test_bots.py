"""The bots: both play legal moves to the end; the heuristic one beats the random one."""

from __future__ import annotations

import random

import pytest

from games.terraforming_mars.bots import BOTS
from tests.games.terraforming_mars.helpers import ENGINE


def _duel(games: int, players: int, seed: int = 1) -> tuple[int, list[int], list[float]]:
    wins = 0
    mine: list[int] = []
    theirs: list[float] = []
    for game in range(games):
        hero = game % players
        rng = random.Random(seed + game)
        st = ENGINE.setup(players=players, seed=seed + game, options={})
        while seats := ENGINE.to_move(st):
            seat = min(seats)
            bot = BOTS["heuristic"] if seat == hero else BOTS["random"]
            action = bot.choose(ENGINE, st, seat, rng)
            assert action in ENGINE.legal_actions(st, seat)
            st = ENGINE.apply(st, seat, action)
        outcome = ENGINE.outcome(st)
        rows = outcome.details["breakdown"]
        if [s for s, place in enumerate(outcome.places) if place == 1] == [hero]:
            wins += 1
        mine.append(rows[hero]["total"])
        theirs.append(sum(r["total"] for s, r in enumerate(rows) if s != hero) / (players - 1))
    return wins, mine, theirs


def test_the_heuristic_bot_clearly_beats_the_random_bot() -> None:
    """A small sample (the big one: python -m bench.bots, see the package README)."""
    wins, mine, theirs = _duel(12, 2)
    assert wins >= 11
    assert sum(mine) / len(mine) > 1.5 * sum(theirs) / len(theirs)


def test_the_heuristic_bot_wins_a_four_player_game_against_random_bots() -> None:
    wins, _, _ = _duel(4, 4)
    assert wins >= 3


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_heuristic_bots_finish_a_game_among_themselves(players: int) -> None:
    rng = random.Random(players)
    st = ENGINE.setup(players=players, seed=players, options={})
    steps = 0
    while seats := ENGINE.to_move(st):
        seat = min(seats)
        st = ENGINE.apply(st, seat, BOTS["heuristic"].choose(ENGINE, st, seat, rng))
        steps += 1
        assert steps < 20_000
    assert ENGINE.outcome(st) is not None
    if players > 1:
        assert st.gen <= 20


@pytest.mark.slow
def test_the_heuristic_bot_wins_most_of_a_hundred_games() -> None:
    wins, _, _ = _duel(100, 2, seed=1000)
    assert wins >= 90
