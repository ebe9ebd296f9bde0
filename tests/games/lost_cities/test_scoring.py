"""Scoring of expeditions and rounds: rules §7 and the worked examples of §11."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.lost_cities.engine import expedition_score
from games.lost_cities.scoring import column_breakdown, column_score, round_score
from tests.games.lost_cities.helpers import ids

NUMBERS = list(range(2, 11))


def every_column() -> list[tuple[int, list[int]]]:
    """Return every possible column: 0-3 wagers and any subset of 2..10."""
    return [
        (wagers, list(subset))
        for wagers in range(4)
        for size in range(len(NUMBERS) + 1)
        for subset in combinations(NUMBERS, size)
    ]


# --- §11 worked examples --------------------------------------------------------------


@pytest.mark.parametrize(
    ("notation", "expected"),
    [
        ("Y3 Y6 Y9", -2),  # example 1: (18 - 20) x 1
        ("YW1 Y4 Y7 Y8 Y10", 18),  # example 2: (29 - 20) x 2
        ("YW1 YW2 Y3 Y8", -27),  # example 3: (11 - 20) x 3
        ("YW1 YW2 YW3 Y4", -64),  # example 4: (4 - 20) x 4
        ("Y2 Y3 Y5 Y6 Y7 Y8 Y9 Y10", 50),  # example 5: (50 - 20) x 1 + 20
        ("YW1 YW2 Y3 Y4 Y5 Y6 Y7 Y9", 62),  # example 6: (34 - 20) x 3 + 20
        ("YW1 YW2 YW3 Y3 Y4 Y5 Y6 Y7 Y8 Y9 Y10", 148),  # example 7: (52 - 20) x 4 + 20
    ],
)
def test_the_worked_examples_score_as_the_rules_say(notation: str, expected: int) -> None:
    """Each single-column example of rules §11 scores exactly the stated result."""
    assert column_score(ids(notation)) == expected


def test_the_pure_function_matches_the_worked_examples() -> None:
    """expedition_score(wagers, numbers) gives the §11 results."""
    assert expedition_score(0, [3, 6, 9]) == -2
    assert expedition_score(1, [4, 7, 8, 10]) == 18
    assert expedition_score(2, [3, 8]) == -27
    assert expedition_score(3, [4]) == -64
    assert expedition_score(0, [2, 3, 5, 6, 7, 8, 9, 10]) == 50
    assert expedition_score(2, [3, 4, 5, 6, 7, 9]) == 62
    assert expedition_score(3, [3, 4, 5, 6, 7, 8, 9, 10]) == 148


def test_the_whole_round_example_totals_33() -> None:
    """Example 8: yellow 18, blue 0, white -27, green 50, red -8 make a round of 33."""
    columns = [
        ids("YW1 Y4 Y7 Y8 Y10"),
        [],
        ids("WW1 WW2 W3 W8"),
        ids("G2 G3 G5 G6 G7 G8 G9 G10"),
        ids("R5 R7"),
    ]
    assert [column_score(column) for column in columns] == [18, 0, -27, 50, -8]
    assert round_score(columns) == 33


# --- typical implementation mistakes (§7) ---------------------------------------------


def test_the_cost_is_subtracted_before_multiplying_not_after() -> None:
    """W 4 7 8 10 scores (29 - 20) x 2 = 18, never 29 x 2 - 20 = 38."""
    assert expedition_score(1, [4, 7, 8, 10]) == 18
    assert expedition_score(1, [4, 7, 8, 10]) != 29 * 2 - 20


def test_the_length_bonus_is_never_multiplied() -> None:
    """W W 3 4 5 6 7 9 scores 42 + 20 = 62, never (14 + 20) x 3 = 102."""
    assert expedition_score(2, [3, 4, 5, 6, 7, 9]) == 62
    assert expedition_score(2, [3, 4, 5, 6, 7, 9]) != 102


def test_a_colour_never_started_costs_nothing() -> None:
    """An empty column scores 0, not -20; a round without any card scores 0."""
    assert expedition_score(0, []) == 0
    assert round_score([[], [], [], [], []]) == 0


@pytest.mark.parametrize(("wagers", "expected"), [(1, -40), (2, -60), (3, -80)])
def test_a_column_of_wagers_only_pays_the_cost_multiplied(wagers: int, expected: int) -> None:
    """Wagers alone start an expedition: (0 - 20) x (1 + wagers)."""
    assert expedition_score(wagers, []) == expected


def test_a_negative_value_is_multiplied_too() -> None:
    """W W 3 8: the loss of 9 is tripled to -27, not left at -9."""
    assert expedition_score(2, [3, 8]) == -27


def test_wagers_count_towards_the_eight_card_bonus_by_default() -> None:
    """W W 5 6 7 8 9 10 is eight cards: 25 x 3 + 20 = 95 under the published rules."""
    assert expedition_score(2, [5, 6, 7, 8, 9, 10]) == 95
    assert column_score(ids("YW1 YW2 Y5 Y6 Y7 Y8 Y9 Y10")) == 95


def test_with_the_option_off_only_number_cards_count_for_the_bonus() -> None:
    """The other reading gives W W 5 6 7 8 9 10 only 75, and example 6 only 42."""
    assert expedition_score(2, [5, 6, 7, 8, 9, 10], bonus_counts_wagers=False) == 75
    assert expedition_score(2, [3, 4, 5, 6, 7, 9], bonus_counts_wagers=False) == 42
    # Eight number cards earn the bonus under both readings.
    assert expedition_score(0, [2, 3, 5, 6, 7, 8, 9, 10], bonus_counts_wagers=False) == 50


def test_seven_cards_earn_no_bonus() -> None:
    """The threshold is eight cards: seven number cards get no bonus."""
    assert expedition_score(0, [4, 5, 6, 7, 8, 9, 10]) == 49 - 20
    assert expedition_score(1, [5, 6, 7, 8, 9, 10]) == (45 - 20) * 2


# --- §7 consequences ------------------------------------------------------------------


def test_a_column_scores_between_minus_80_and_156() -> None:
    """Over every possible column the range is -80 (W W W) to 156 (W W W 2..10)."""
    scores = {(w, tuple(n)): expedition_score(w, n) for w, n in every_column()}
    assert min(scores.values()) == -80
    assert max(scores.values()) == 156
    assert scores[(3, ())] == -80
    assert scores[(3, tuple(NUMBERS))] == (54 - 20) * 4 + 20


def test_break_even_is_a_number_sum_of_exactly_20_whatever_the_wagers() -> None:
    """Below eight cards a column scores 0 exactly when its numbers add up to 20."""
    for wagers, numbers in every_column():
        if wagers + len(numbers) < 8 and numbers:
            assert (expedition_score(wagers, numbers) == 0) == (sum(numbers) == 20)


def test_any_column_with_the_bonus_scores_at_least_20() -> None:
    """The least a bonus column can score is 20: three wagers plus 2 to 6."""
    bonus_scores = [expedition_score(w, n) for w, n in every_column() if w + len(n) >= 8]
    assert min(bonus_scores) == 20
    assert expedition_score(3, [2, 3, 4, 5, 6]) == 20


def test_the_worst_five_colour_round_is_minus_400() -> None:
    """Three wagers alone in each of five colours: 5 x -80."""
    columns = [ids(f"{c}W1 {c}W2 {c}W3") for c in "YBWGR"]
    assert round_score(columns) == -400


def test_a_round_score_may_be_negative() -> None:
    """Round scores are plain sums and go below zero."""
    assert round_score([ids("Y3 Y6 Y9"), ids("B4")]) == -2 - 16


# --- the breakdown for the end-of-round panel (§10) -----------------------------------


def test_the_breakdown_lists_sum_cost_multiplier_bonus_and_result() -> None:
    """Example 6 breaks down as 34, -20, x3, +20 = 62, with no card ids in it."""
    line = column_breakdown(0, ids("YW1 YW2 Y3 Y4 Y5 Y6 Y7 Y9"))
    assert line == {
        "colour": "yellow",
        "label": "Yellow",
        "started": True,
        "cards": 8,
        "wagers": 2,
        "numbers": [3, 4, 5, 6, 7, 9],
        "sum": 34,
        "cost": 20,
        "multiplier": 3,
        "bonus": 20,
        "result": 62,
    }
    assert "LC-" not in repr(line)


def test_the_breakdown_of_an_unstarted_colour_has_no_cost() -> None:
    """A colour without cards shows cost 0 and result 0."""
    line = column_breakdown(1, [])
    assert (line["started"], line["cost"], line["bonus"], line["result"]) == (False, 0, 0, 0)


def test_the_breakdown_follows_the_bonus_option() -> None:
    """With wagers not counted, W W 5..10 shows no bonus and 75."""
    line = column_breakdown(0, ids("YW1 YW2 Y5 Y6 Y7 Y8 Y9 Y10"), bonus_counts_wagers=False)
    assert (line["bonus"], line["result"]) == (0, 75)


# --- properties -----------------------------------------------------------------------

columns_strategy = st.tuples(
    st.integers(0, 3), st.lists(st.sampled_from(NUMBERS), unique=True).map(sorted)
)


@settings(max_examples=300, deadline=None, database=None)
@given(column=columns_strategy, bonus_counts_wagers=st.booleans())
def test_the_score_follows_the_four_steps(
    column: tuple[int, list[int]], bonus_counts_wagers: bool
) -> None:
    """Sum, minus 20, times (1 + wagers), plus 20 for eight counted cards; 0 if empty."""
    wagers, numbers = column
    counted = wagers + len(numbers) if bonus_counts_wagers else len(numbers)
    expected = 0
    if wagers or numbers:
        expected = (sum(numbers) - 20) * (1 + wagers) + (20 if counted >= 8 else 0)
    assert expedition_score(wagers, numbers, bonus_counts_wagers) == expected


@settings(max_examples=300, deadline=None, database=None)
@given(column=columns_strategy, value=st.sampled_from(NUMBERS))
def test_adding_a_higher_number_to_a_started_column_never_lowers_its_score(
    column: tuple[int, list[int]], value: int
) -> None:
    """Each number card adds its value times the multiplier (and maybe the bonus)."""
    wagers, numbers = column
    if not (wagers or numbers) or (numbers and value <= numbers[-1]):
        return
    before = expedition_score(wagers, numbers)
    after = expedition_score(wagers, [*numbers, value])
    assert after >= before + value * (1 + wagers)
