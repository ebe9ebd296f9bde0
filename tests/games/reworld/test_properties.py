"""Thousands of random games keep every Reworld invariant (property soak)."""

from __future__ import annotations

import random

import pytest

from games.reworld.engine import ENGINE
from games.reworld.house_rules import MODULES, NUMBER
from games.reworld.rules import required_numbers
from games.reworld.station import arm_price, top_numbers
from tests.games.kit import assert_valid_outcome

ALL_MODULES = frozenset(MODULES)
ALL_CARDS = frozenset(NUMBER)


def pieces(state) -> tuple[list[str], list[str]]:
    """Return every module and every officer card wherever it lies."""
    modules = [*state.bag, *state.removed, *state.landing, *(m for m in state.arms if m)]
    cards = [*state.undealt, *state.paid, *(c for _, c in state.discards)]
    cards += [c for slot in state.slots for c in slot]
    for player in state.seats:
        modules += [m for row in player.rows for m in row]
        modules += [m for city in player.cities for m in city]
        modules += [m for m in player.satellites if m]
        modules += [*player.shield, *player.spent, *player.jettisoned]
        cards += player.hand
    return modules, cards


def check(state) -> None:
    modules, cards = pieces(state)
    # Nothing created or lost.
    assert len(modules) == 100 and set(modules) == ALL_MODULES
    if state.chapter == 1:
        assert len(cards) == 30 and set(cards) == ALL_CARDS
        # §4.3, H5: nobody ever pays more than four cards for one arm.
        assert all(len(slot) <= 4 for slot in state.slots)
    else:
        assert cards == []
    for player in state.seats:
        # §5.5, H14: one point lost per jettisoned module.
        assert player.points[4] == -len(player.jettisoned)
        assert player.points[0] >= 0 and player.points[1] >= 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_few_random_games_keep_the_invariants(players: int) -> None:
    for seed in range(3):
        play_and_check(seed, players)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_per_player_count_keep_the_invariants(players: int) -> None:
    for seed in range(1000):
        play_and_check(10_000 + seed, players)


def play_and_check(seed: int, players: int) -> None:
    pick = random.Random(seed)
    state = ENGINE.setup(players=players, seed=seed, options={})
    while ENGINE.outcome(state) is None:
        seat = state.active
        state = ENGINE.apply(state, seat, pick.choice(ENGINE.legal_actions(state, seat)))
        check(state)
    outcome = ENGINE.outcome(state)
    # Equal VP may be split by the §8 tie-breaks (H20), so places need not be shared.
    assert_valid_outcome(outcome, players, ties_share=False)
    details = outcome.details
    keys = [
        (row["total"], row["ships"], row["shield_size"], -row["jettisoned"])
        for row in details["seats"]
    ]
    for i in range(players):
        for j in range(players):
            # Places follow the full key: VP, then ships, shield, fewer jettisons.
            assert (outcome.places[i] < outcome.places[j]) == (keys[i] > keys[j])
    for seat, row in enumerate(details["seats"]):
        assert row["total"] == outcome.scores[seat]
        assert row["total"] == (
            sum(state.seats[seat].points) + row["cities"] + row["missing_points"] + row["shield"]
        )
    assert len(state.history) == 5


def test_the_fast_price_lookup_agrees_with_the_rule_helper() -> None:
    """The engine's unrolled R equals rules.required_numbers on the ring (H3)."""
    for seed in range(40):
        pick = random.Random(seed)
        state = ENGINE.setup(players=2, seed=seed, options={})
        for _ in range(pick.randint(0, 60)):
            if state.chapter != 1:
                break
            state = ENGINE.apply(
                state, state.active, pick.choice(ENGINE.legal_actions(state, state.active))
            )
        tops = top_numbers(state)
        for arm in range(20):
            assert arm_price(tops, arm) == required_numbers(tops, arm, True)
