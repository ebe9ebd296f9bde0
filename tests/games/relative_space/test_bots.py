"""The bots: always legal, reproducible, fair with hidden cards, and the heuristic one wins."""

from __future__ import annotations

import random

import pytest

from games.relative_space.bots import BOTS, HeuristicBot, RandomBot
from tests.games.relative_space.helpers import ENGINE, build_state


def play_game(seed: int, players: int, hero: int | None) -> object:
    """Play one game, the heuristic bot at `hero` and random bots elsewhere."""
    rng = random.Random(seed)
    state = ENGINE.setup(players=players, seed=seed, options={})
    while not state.over:
        seat = state.active
        bot = BOTS["heuristic"] if seat == hero or hero is None else BOTS["random"]
        action = bot.choose(ENGINE, state, seat, rng)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)
    return state


def test_the_module_offers_a_random_and_a_heuristic_bot() -> None:
    assert isinstance(BOTS["random"], RandomBot)
    assert isinstance(BOTS["heuristic"], HeuristicBot)


def test_the_heuristic_bot_beats_the_random_bot_in_two_player_games() -> None:
    """Seats alternating, the heuristic bot wins at least 70% of 60 games (chance: 50%)."""
    wins = 0
    for seed in range(60):
        hero = seed % 2
        wins += play_game(seed, 2, hero).winner == hero
    assert wins >= 42


@pytest.mark.parametrize("players", [3, 4])
def test_the_heuristic_bot_beats_random_bots_at_a_bigger_table(players: int) -> None:
    """Against random bots it wins far more often than its fair share of 1 in `players`."""
    games = 60
    wins = sum(play_game(seed, players, seed % players).winner == seed % players
               for seed in range(games))  # fmt: skip
    assert wins >= 1.6 * games / players


def test_heuristic_bots_finish_a_five_player_game() -> None:
    state = play_game(3, 5, None)
    assert ENGINE.outcome(state) is not None


def test_bots_are_reproducible_with_the_same_random_generator() -> None:
    assert play_game(8, 3, 1) == play_game(8, 3, 1)


def test_the_heuristic_bot_does_not_peek_at_face_down_cards() -> None:
    """Two states that differ only in a hidden card get the same choice."""
    rng_seed = 5
    one = build_state(supplies=[{"C1": "~1", "D1": "~2"}, {"A1": "9"}], pods=["6", "7"])
    two = build_state(supplies=[{"C1": "~10", "D1": "~2"}, {"A1": "9"}], pods=["6", "7"])
    bot = BOTS["heuristic"]
    assert bot.choose(ENGINE, one, 0, random.Random(rng_seed)) == bot.choose(
        ENGINE, two, 0, random.Random(rng_seed)
    )


def test_the_heuristic_bot_takes_a_win_and_uses_a_key() -> None:
    win = build_state(supplies=[{"A1": "9", "A2": "3"}, {"A1": "9"}], pods=["5"])
    assert BOTS["heuristic"].choose(ENGINE, win, 0, random.Random(1))["slot"] == "A1"
    key = build_state(supplies=[{"A1": "KEY", "A2": "1", "A3": "8"}, {"A1": "9"}], pods=["5"])
    assert BOTS["heuristic"].choose(ENGINE, key, 0, random.Random(1)) == {
        "type": "open_pod", "key": "A1", "slot": "A2",
    }  # fmt: skip
