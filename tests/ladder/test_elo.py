"""Multiplayer Elo against answers worked out by hand (pure: no database)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ladder.elo import k_factor, pairs, rate

# Expected scores used below, from E = 1 / (1 + 10^((R_opponent − R_self) / 400)):
#   200 points up:  1 / (1 + 10^-0.5)  = 1 / 1.316228 = 0.759747; 200 down: 0.240253
#   100 points up:  1 / (1 + 10^-0.25) = 1 / 1.562341 = 0.640065; 100 down: 0.359935
#   level:          1 / (1 + 1)        = 0.5


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        ([1, 2], [1510, 1490]),  # win: 20 × (1 − 0.5) = +10
        ([1, 1], [1500, 1500]),  # draw: 20 × (0.5 − 0.5) = 0
        ([2, 1], [1490, 1510]),  # loss: 20 × (0 − 0.5) = −10
    ],
    ids=["win", "draw", "loss"],
)
def test_two_level_players_move_ten_points_at_k_20(places, expected):
    assert rate([1500, 1500], places, 20) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        # The favourite wins: 20 × (1 − 0.759747) = +4.805
        ([1, 2], [1604.805, 1395.195]),
        # A draw costs the favourite: 20 × (0.5 − 0.759747) = −5.195
        ([1, 1], [1594.805, 1405.195]),
        # The underdog wins: 20 × (0 − 0.759747) = −15.195
        ([2, 1], [1584.805, 1415.195]),
    ],
    ids=["favourite-wins", "draw", "underdog-wins"],
)
def test_a_favourite_200_points_up_gains_little_and_risks_much(places, expected):
    assert rate([1600, 1400], places, 20) == pytest.approx(expected, abs=1e-3)


def test_the_breakdown_shows_the_favourites_expected_score():
    favourite, underdog = pairs([1600, 1400], [1, 2], 20)
    (against_underdog,) = favourite
    assert against_underdog.opponent == 1
    assert against_underdog.opponent_rating == 1400
    assert against_underdog.expected == pytest.approx(0.7597, abs=1e-4)
    assert against_underdog.actual == 1
    assert against_underdog.contribution == pytest.approx(4.805, abs=1e-3)
    assert underdog[0].expected == pytest.approx(0.2403, abs=1e-4)
    assert underdog[0].actual == 0


def test_three_level_players_split_k_over_their_two_opponents():
    # K 30 over 2 opponents: 15 a pair. Winner: 15 × (0.5 + 0.5) = +15;
    # second: 15 × (−0.5 + 0.5) = 0; last: 15 × (−0.5 − 0.5) = −15.
    assert rate([1500, 1500, 1500], [1, 2, 3], 30) == pytest.approx([1515, 1500, 1485])


def test_two_players_tied_for_first_draw_their_pair():
    # Tied winners: 15 × (0 + 0.5) = +7.5 each; last: 15 × (−0.5 − 0.5) = −15.
    assert rate([1500, 1500, 1500], [1, 1, 3], 30) == pytest.approx([1507.5, 1507.5, 1485])


def test_four_unequal_players_with_a_tie_for_second():
    # Ratings A 1600, B 1500, C 1500, D 1400; places A 2, B 1, C 2, D 4; K 20 over 3.
    # A: (0 − .640065) + (.5 − .640065) + (1 − .759747) = −.539877 → × 20/3 = −3.5992
    # B: (1 − .359935) + (1 − .5) + (1 − .640065)       = 1.5      → × 20/3 = +10
    # C: (.5 − .359935) + (0 − .5) + (1 − .640065)      = 0        → 0
    # D: (0 − .240253) + (0 − .359935) + (0 − .359935)  = −.960123 → × 20/3 = −6.4008
    new = rate([1600, 1500, 1500, 1400], [2, 1, 2, 4], 20)
    assert new == pytest.approx([1596.4008, 1510, 1500, 1393.5992], abs=1e-3)


def test_five_level_players_with_a_tie_for_second():
    # K 40 over 4 opponents: 10 a pair; each pair is worth ±0.5 against the 0.5 expected.
    # 1st: 4 × .5 = 2 → +20. Tied 2nd: −.5 + 0 + .5 + .5 = .5 → +5 each.
    # 4th: −.5 − .5 − .5 + .5 = −1 → −10. 5th: 4 × −.5 = −2 → −20.
    new = rate([1500] * 5, [1, 2, 2, 4, 5], 40)
    assert new == pytest.approx([1520, 1505, 1505, 1490, 1480])


def test_each_player_moves_by_their_own_k():
    # A newcomer (K 60) beats a settled player (K 20) at 1500 each:
    # +60 × 0.5 = +30 for one, −20 × 0.5 = −10 for the other. Not zero-sum, by design.
    assert rate([1500, 1500], [1, 2], [60, 20]) == pytest.approx([1530, 1490])


ratings = st.floats(min_value=100, max_value=3000, allow_nan=False)


@given(
    st.integers(min_value=2, max_value=6).flatmap(
        lambda n: st.tuples(
            st.lists(ratings, min_size=n, max_size=n),
            st.lists(st.integers(min_value=1, max_value=n), min_size=n, max_size=n),
        )
    ),
    st.sampled_from([20.0, 40.0, 60.0]),
)
def test_ratings_are_zero_sum_when_everyone_has_the_same_k(game, k):
    before, places = game
    after = rate(before, places, k)
    assert sum(after) == pytest.approx(sum(before), abs=1e-6)


def test_a_winner_never_loses_and_a_loser_never_gains():
    after = rate([1200, 1800, 1500], [1, 3, 2], 20)
    assert after[0] > 1200
    assert after[1] < 1800


@pytest.mark.parametrize(
    ("games_played", "k"),
    [(0, 60), (9, 60), (10, 40), (19, 40), (20, 20), (500, 20)],
)
def test_k_is_provisional_for_the_first_twenty_games(games_played, k):
    assert k_factor(games_played) == k


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([1500, 1500], [1], 20), "one place per rating"),
        (([1500], [1], 20), "at least 2 players"),
        (([], [], 20), "at least 2 players"),
        (([1500, 1500, 1500], [1, 2, 3], [20, 20]), "one per player"),
        (([1500, 1500], [1, 2], -5), "cannot be negative"),
    ],
    ids=["places-short", "one-player", "nobody", "k-list-short", "negative-k"],
)
def test_bad_input_raises_a_clear_value_error(args, message):
    with pytest.raises(ValueError, match=message):
        rate(*args)


def test_a_negative_number_of_games_is_refused():
    with pytest.raises(ValueError, match="negative"):
        k_factor(-1)
