"""Thousands of random games keep every Relative Space invariant (rules §11.5)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.kit import assert_valid_outcome
from tests.games.relative_space.helpers import CARDS, ENGINE, LAYOUT

ALL_CARDS = frozenset(CARDS)


def check_state(state) -> None:
    """Assert what holds in every reachable state."""
    cards = [entry[0] for supply in state.supplies for entry in supply if entry is not None]
    cards += [card for pod in state.pods for card in pod.cards]
    cards += [*state.out, *state.set_aside]
    # Card conservation: every card exactly once.
    assert len(cards) == len(ALL_CARDS) and set(cards) == ALL_CARDS
    # At least one pod, and every load value is the topmost item's value or 0.
    assert state.pods
    for pod in state.pods:
        items = [CARDS[c].value for c in pod.cards if CARDS[c].is_item]
        assert pod.load == (items[-1] if items else 0)
    if not state.over:
        assert ENGINE.legal_actions(state, state.active)


def check_step(before, after, seat: int) -> None:
    """Assert what a single action may change."""
    for other in range(before.players):
        if other != seat:
            assert after.supplies[other] == before.supplies[other]
    new_events = after.recent[len(after.recent) - (after.events - before.events) :]
    blocked = any(event.kind == "block" for event in new_events)
    played = {event.slot for event in new_events if event.kind in ("load", "block", "open")}
    for i, (old, new) in enumerate(zip(before.supplies[seat], after.supplies[seat], strict=True)):
        name = LAYOUT.names[i]
        if old is not None and new != old:
            # A card leaves its slot only by being played (a face-down one included).
            assert new is None and name in played
        if old is None and new is not None:
            # Only slots empty at the start of the turn are refilled, face up, by a block.
            assert blocked and i in before.empty_at_start and new[1]
    if after.active != before.active and not after.over:
        assert after.turn == before.turn + 1 and after.stack == ()
        assert after.active == (before.active + 1) % before.players


def play_random_game(seed: int, players: int, turn_limit: int, pick_seed: int):
    pick = random.Random(pick_seed)
    state = ENGINE.setup(players=players, seed=seed, options={"turn_limit": turn_limit})
    check_state(state)
    for _ in range(100_000):
        if state.over:
            break
        seat = state.active
        assert ENGINE.to_move(state) == frozenset({seat})
        before = state
        state = ENGINE.apply(state, seat, pick.choice(ENGINE.legal_actions(state, seat)))
        check_state(state)
        check_step(before, state, seat)
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert_valid_outcome(outcome, players)
    if state.winner >= 0:
        assert outcome.places[state.winner] == 1 and outcome.scores[state.winner] == 10
        assert outcome.places.count(1) == 1
    else:
        assert state.turn == turn_limit
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
    return state


@settings(
    max_examples=200,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 5),
    turn_limit=st.sampled_from([50, 500, 1000]),
    pick_seed=st.integers(0, 2**32),
)
def test_random_games_keep_every_invariant(seed, players, turn_limit, pick_seed) -> None:
    """200 random games over every player count: nothing lost, only old holes refilled."""
    play_random_game(seed, players, turn_limit, pick_seed)


@pytest.mark.slow
@settings(
    max_examples=3000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(2, 5),
    turn_limit=st.sampled_from([50, 500, 1000]),
    pick_seed=st.integers(0, 2**32),
)
def test_thousands_of_random_games_keep_every_invariant(
    seed, players, turn_limit, pick_seed
) -> None:
    """3000 random games over every player count keep every invariant (soak run)."""
    play_random_game(seed, players, turn_limit, pick_seed)


def test_random_games_end_well_before_the_safety_stop() -> None:
    """§10: with the house deck random play finishes in a few dozen turns."""
    turns = [play_random_game(seed, 2 + seed % 4, 500, seed).turn for seed in range(200)]
    assert max(turns) < 500
    assert sum(turns) / len(turns) < 100
