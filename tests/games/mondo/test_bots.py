"""The bots: always legal, they finish their rounds, and the heuristic one beats random."""

from __future__ import annotations

import random

import pytest

from games.mondo.bots import BOTS, HeuristicBot, RandomBot
from tests.games.mondo.helpers import ENGINE


def play_match(seed: int, bots: dict[int, object], players: int = 2, **options) -> object:
    """Play one game between bots, each seat acting in turn while it may; return the end."""
    rng = random.Random(seed)
    state = ENGINE.setup(players=players, seed=seed, options=options)
    for _ in range(20_000):
        seats = sorted(ENGINE.to_move(state))
        if not seats:
            return state
        seat = rng.choice(seats)
        action = bots[seat].choose(ENGINE, state, seat, rng)
        assert action in ENGINE.legal_actions(state, seat), action
        state = ENGINE.apply(state, seat, action)
    raise AssertionError("the bots never finished")


def test_the_module_offers_a_random_and_a_heuristic_bot() -> None:
    assert isinstance(BOTS["random"], RandomBot)
    assert isinstance(BOTS["heuristic"], HeuristicBot)


def test_the_heuristic_bot_beats_the_random_bot_clearly() -> None:
    """Alternating seats, the heuristic bot wins at least 18 of 20 two-player games."""
    wins = 0
    for seed in range(20):
        hero = seed % 2
        state = play_match(seed, {hero: BOTS["heuristic"], 1 - hero: BOTS["random"]})
        places = ENGINE.outcome(state).places
        wins += places[hero] == 1 and places[1 - hero] == 2
    assert wins >= 18


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (1, {}),
        (4, {"expert": True}),
        (3, {"backside": "choose", "no_flip": True}),
        (2, {"sudden_end": True}),
        (2, {"solo_rules": True, "slow_game": True}),
        (3, {"expert": True, "random_tasks": True, "backside": "back"}),
    ],
)
def test_heuristic_bots_finish_every_kind_of_game_on_their_own(players, options) -> None:
    """No clock needed: a heuristic bot fills its world or jumps out, round after round."""
    state = play_match(3, {seat: BOTS["heuristic"] for seat in range(players)}, players, **options)
    assert ENGINE.outcome(state) is not None
    assert len(state.history) == 3


def test_a_heuristic_bot_builds_a_tidy_world() -> None:
    """Alone, it fills its board with few errors: a solo round costs few minus points."""
    state = play_match(5, {0: BOTS["heuristic"]}, 1)
    minus = [-player.score for done in state.history for player in done.players]
    assert max(minus) <= 12


def test_bots_are_reproducible_with_the_same_random_generator() -> None:
    bots = {0: BOTS["heuristic"], 1: BOTS["random"]}
    assert play_match(8, bots) == play_match(8, bots)
