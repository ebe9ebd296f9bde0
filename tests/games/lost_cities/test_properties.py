"""Thousands of random matches keep every Lost Cities invariant (property tests)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.lost_cities.cards import CARDS, deck_ids
from games.lost_cities.engine import _next_start
from games.lost_cities.scoring import round_score
from games.lost_cities.state import LostCitiesState
from tests.games.kit import assert_valid_outcome
from tests.games.lost_cities.helpers import ENGINE

options_strategy = st.fixed_dictionaries(
    {
        "expeditions": st.sampled_from([5, 6]),
        "rounds": st.integers(1, 5),
        "first_player": st.sampled_from(["random", "creator"]),
        "discard_display": st.sampled_from(["top", "full"]),
        "bonus_counts_wagers": st.booleans(),
    }
)


def check_invariants(
    state: LostCitiesState, full_set: frozenset[str], before: LostCitiesState | None = None
) -> None:
    """Assert what must hold in every reachable state (parts unchanged since `before` skipped)."""
    cards = [*state.deck, *state.hands[0], *state.hands[1]]
    cards += [c for cols in state.columns for col in cols for c in col]
    cards += [c for pile in state.discards for c in pile]
    # Nothing created or lost.
    assert len(cards) == len(full_set) and set(cards) == full_set
    # Hands: 8 each, 7 for the active seat between placing and taking.
    sizes = [8, 8]
    if state.phase == "take":
        sizes[state.active] = 7
    assert [len(h) for h in state.hands] == sizes
    # rules §4: own colour only, wagers first, numbers strictly rising.
    for seat, cols in enumerate(state.columns):
        if before is not None and cols is before.columns[seat]:
            continue
        for colour, col in enumerate(cols):
            values = [CARDS[c].value for c in col]
            assert all(CARDS[c].colour == colour for c in col)
            numbers = [v for v in values if v]
            assert values == [0] * (len(values) - len(numbers)) + numbers
            assert numbers == sorted(set(numbers))
    # rules §5: only the pile discarded onto this turn is blocked, and its top is that card.
    if state.blocked >= 0:
        assert state.phase == "take"
        assert state.recent[-1][2] == "discard"
        assert state.discards[state.blocked][-1] == state.recent[-1][3]
    # rules §6: a running round always has a draw pile; a finished match has none.
    assert bool(state.deck) == (state.phase != "over")
    # rules §7, §8: recorded scores match the columns.
    if before is None or state.history is not before.history:
        for done in state.history:
            bonus = state.settings.bonus_counts_wagers
            assert done.scores == tuple(round_score(cols, bonus) for cols in done.columns)


def play_random_match(seed: int, options: dict[str, Any], pick_seed: int) -> LostCitiesState:
    """Play a random match, checking invariants after every action."""
    pick = random.Random(pick_seed)
    state = ENGINE.setup(players=2, seed=seed, options=options)
    full_set = frozenset(deck_ids(state.settings.expeditions))
    check_invariants(state, full_set)
    for _ in range(100_000):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.active
        legal = ENGINE.legal_actions(state, seat)
        assert legal and ENGINE.to_move(state) == frozenset({seat})
        before = state
        state = ENGINE.apply(state, seat, pick.choice(legal))
        check_invariants(state, full_set, before)
        if state.round != before.round:
            # A new round: every card back, dealt again, the rules' start player begins.
            assert len(state.deck) == len(full_set) - 16
            assert state.start == _next_start(state.history, before.start)
            assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
        elif before.phase == "place":
            assert (state.phase, state.active) == ("take", seat)
        elif state.phase != "over":
            assert (state.phase, state.active) == ("place", 1 - seat)
    outcome = ENGINE.outcome(state)
    assert outcome is not None, "the match must end"
    assert len(state.history) == state.settings.rounds
    assert outcome.scores == state.totals
    assert_valid_outcome(outcome, 2)
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(state)))) == state
    return state


@settings(
    max_examples=200,
    deadline=None,
    database=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**63 - 1), options=options_strategy, pick_seed=st.integers(0, 2**32))
def test_random_matches_keep_every_invariant(seed: int, options: dict, pick_seed: int) -> None:
    """200 random matches over all options: cards conserved, rules kept, a valid ending."""
    play_random_match(seed, options, pick_seed)


@pytest.mark.slow
@settings(
    max_examples=3000,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**63 - 1), options=options_strategy, pick_seed=st.integers(0, 2**32))
def test_thousands_of_random_matches_keep_every_invariant(
    seed: int, options: dict, pick_seed: int
) -> None:
    """3000 random matches over all options keep every invariant (soak run)."""
    play_random_match(seed, options, pick_seed)
