"""The bots: always legal, reproducible, and the heuristic one clearly beats random play."""

from __future__ import annotations

import random

from games.lost_cities.bots import BOTS, HeuristicBot, RandomBot
from tests.games.lost_cities.helpers import ENGINE


def play_match(seed: int, bots: dict[int, object], **options) -> object:
    """Play one match between two bots; return the final state."""
    rng = random.Random(seed)
    state = ENGINE.setup(players=2, seed=seed, options=options)
    while ENGINE.outcome(state) is None:
        seat = state.active
        action = bots[seat].choose(ENGINE, state, seat, rng)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)
    return state


def test_the_module_offers_a_random_and_a_heuristic_bot() -> None:
    """BOTS maps the names the lobby shows to bot instances."""
    assert isinstance(BOTS["random"], RandomBot)
    assert isinstance(BOTS["heuristic"], HeuristicBot)
    assert {name: bot.name for name, bot in BOTS.items()} == {
        "random": "random",
        "heuristic": "heuristic",
    }


def test_the_heuristic_bot_beats_the_random_bot_in_40_of_50_matches() -> None:
    """Alternating seats, the heuristic bot wins at least 80% of 50 three-round matches."""
    wins = 0
    for seed in range(50):
        heuristic = seed % 2
        state = play_match(seed, {heuristic: BOTS["heuristic"], 1 - heuristic: BOTS["random"]})
        places = ENGINE.outcome(state).places
        wins += places[heuristic] == 1 and places[1 - heuristic] == 2
    assert wins >= 40


def test_two_heuristic_bots_finish_a_six_colour_match() -> None:
    """Heuristic against heuristic ends normally, also with six colours and five rounds."""
    state = play_match(3, {0: BOTS["heuristic"], 1: BOTS["heuristic"]}, expeditions=6, rounds=5)
    assert len(state.history) == 5


def test_bots_are_reproducible_with_the_same_random_generator() -> None:
    """The same seed for the bots' Random gives the same match."""
    bots = {0: BOTS["heuristic"], 1: BOTS["random"]}
    assert play_match(8, bots) == play_match(8, bots)
