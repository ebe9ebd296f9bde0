"""The bots: always legal, reproducible, and the heuristic one clearly beats random play."""

from __future__ import annotations

import random

import pytest

from games.reworld.bots import BOTS, HeuristicBot, RandomBot
from tests.games.reworld.helpers import ENGINE


def play_game(seed: int, players: int, bots: dict[int, object]) -> object:
    rng = random.Random(seed)
    state = ENGINE.setup(players=players, seed=seed, options={})
    while ENGINE.outcome(state) is None:
        seat = state.active
        action = bots[seat].choose(ENGINE, state, seat, rng)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)
    return state


def test_the_module_offers_a_random_and_a_heuristic_bot() -> None:
    assert isinstance(BOTS["random"], RandomBot)
    assert isinstance(BOTS["heuristic"], HeuristicBot)
    assert {name: bot.name for name, bot in BOTS.items()} == {
        "random": "random",
        "heuristic": "heuristic",
    }


def test_the_heuristic_bot_beats_the_random_bot_in_18_of_20_two_player_games() -> None:
    wins = 0
    for seed in range(20):
        hero = seed % 2
        state = play_game(seed, 2, {hero: BOTS["heuristic"], 1 - hero: BOTS["random"]})
        places = ENGINE.outcome(state).places
        wins += places[hero] == 1 and places.count(1) == 1
    assert wins >= 18


@pytest.mark.parametrize("players", [3, 4])
def test_the_heuristic_bot_wins_most_games_against_random_bots(players: int) -> None:
    wins = 0
    for seed in range(6):
        hero = seed % players
        bots = {seat: BOTS["random"] for seat in range(players)}
        bots[hero] = BOTS["heuristic"]
        places = ENGINE.outcome(play_game(seed, players, bots)).places
        wins += places[hero] == 1
    assert wins >= 5


def test_heuristic_bots_play_a_whole_four_player_game_and_use_every_module_kind() -> None:
    state = play_game(3, 4, dict.fromkeys(range(4), BOTS["heuristic"]))
    assert state.phase == "over"
    flown = sum(len(p.spent) for p in state.seats)
    cities = sum(1 for p in state.seats for c in p.cities if c)
    assert flown > 0 and cities >= 12


def test_bots_are_reproducible_with_the_same_random_generator() -> None:
    bots = {0: BOTS["heuristic"], 1: BOTS["random"]}
    assert play_game(8, 2, bots) == play_game(8, 2, bots)
