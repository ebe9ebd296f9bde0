"""Scoring a round for all players together (rules §7.6-§7.8, §8, §9, §10) and the
worked examples 3, 5, 6, 8 and 9 of rules §13."""

from __future__ import annotations

import pytest

from games.mondo.cards import MODIFIER_INDEX, TASK_INDEX
from games.mondo.scoring import (
    BoardScore,
    modifier_points,
    score_round,
    task_fulfilled,
    volcano_holders,
)
from tests.games.mondo.helpers import score
from tests.games.mondo.test_scoring import (
    ANIMALS_A,
    ANIMALS_B,
    ANIMALS_C,
    BOARD_A,
    BOARD_B,
    BOARD_C,
    VOLCANOES_A,
    VOLCANOES_B,
)


def figures(animals: int, land: int, free: int, err: int, act: int, inact: int) -> BoardScore:
    """A board reduced to the figures of the rules' score table."""
    return BoardScore(
        animals=animals,
        aquatic=0,
        landscapes=land,
        lakes=0,
        largest_lake=0,
        largest_forest=0,
        errors=err,
        free=free,
        active=act,
        inactive=inact,
        regions=(),
        error_edges=(),
    )


def round_of(rows, holders=(), **kwargs):
    """Score a round from (an, land, free, err, act, inact, chip) rows."""
    boards = [figures(*row[:6]) for row in rows]
    return score_round(
        boards,
        sides=[0] * len(rows),
        chips=[row[6] for row in rows],
        holders=[seat in holders for seat in range(len(rows))],
        modifier=kwargs.pop("modifier", -1),
        claims=kwargs.pop("claims", [()] * len(rows)),
        first_out=kwargs.pop("first_out", -1),
        **kwargs,
    )


# --- Example 3: volcano majority in round 1 ----------------------------------------------


def test_example_3_the_opponent_with_more_active_volcanoes_pays_and_anna_scores_11() -> None:
    """Anna: 4 active (inactive ignored in round 1); opponent 5 active: only they lose 5."""
    anna = score(BOARD_A, ANIMALS_A, VOLCANOES_A)
    opponent = figures(0, 0, 19, 0, 5, 0)
    anna_round, other = score_round(
        [anna, opponent],
        sides=[0, 0],
        chips=[2, 0],
        holders=[False, False],
        modifier=-1,
        claims=[(), ()],
        first_out=-1,
    )
    assert anna_round.counted == 4 and anna_round.volcano_penalty == 0
    assert other.volcano_penalty == 5
    assert anna_round.score == 11


# --- Example 8: a full three-player game -------------------------------------------------

ROUND_1 = [(6, 4, 1, 4, 4, 2, 3), (5, 3, 0, 2, 5, 1, 4), (8, 5, 2, 1, 3, 3, 0)]
ROUND_2 = [(7, 3, 0, 3, 2, 1, 4), (4, 4, 3, 0, 3, 0, 3), (6, 4, 1, 2, 2, 2, 2)]
ROUND_3 = [(5, 4, 0, 2, 3, 2, 3), (6, 3, 0, 1, 5, 1, 4), (7, 4, 2, 3, 1, 0, 2)]


def test_example_8_round_1_nobody_holds_the_chip_and_ben_pays_for_five_volcanoes() -> None:
    """Anna 12, Ben 8, Cara 15; Cara holds the volcano chip in round 2."""
    results = round_of(ROUND_1)
    assert [r.score for r in results] == [12, 8, 15]
    assert [r.volcano_penalty for r in results] == [0, 5, 0]
    assert volcano_holders([r.score for r in results]) == (2,)


def test_example_8_round_2_cara_counts_her_inactive_volcanoes_and_pays_four() -> None:
    """Cara 2 + 2 = 4 is the most: -4. Anna 14, Ben 12, Cara 9; Anna holds the chip next."""
    results = round_of(ROUND_2, holders=(2,))
    assert [r.counted for r in results] == [2, 3, 4]
    assert [r.volcano_penalty for r in results] == [0, 0, 4]
    assert [r.score for r in results] == [14, 12, 9]
    assert volcano_holders([r.score for r in results]) == (0,)


def test_example_8_round_3_a_tie_for_the_most_volcanoes_penalises_both() -> None:
    """Anna 3 + 2 = 5 and Ben 5: both lose 5. Totals 35, 30, 36: Cara wins."""
    results = round_of(ROUND_3, holders=(0,))
    assert [r.volcano_penalty for r in results] == [5, 5, 0]
    assert [r.score for r in results] == [9, 10, 12]
    rounds = [round_of(ROUND_1), round_of(ROUND_2, holders=(2,)), results]
    totals = [sum(r[seat].score for r in rounds) for seat in range(3)]
    assert totals == [35, 30, 36]


def test_nobody_pays_when_nobody_has_a_volcano() -> None:
    """rules §7.6 step 2: M = 0 penalises nobody."""
    results = round_of([(1, 0, 20, 0, 0, 3, 0), (1, 0, 20, 0, 0, 0, 0)])
    assert [r.volcano_penalty for r in results] == [0, 0]


def test_a_tie_for_the_top_round_score_gives_every_tied_player_the_volcano_chip() -> None:
    """House rule of §7.8: the chip is shared by the tied top scorers."""
    assert volcano_holders([10, 12, 12]) == (1, 2)


# --- Example 5: scoring modifiers --------------------------------------------------------


def example_5_boards() -> list[BoardScore]:
    return [
        score(BOARD_A, ANIMALS_A, VOLCANOES_A),
        score(BOARD_B, ANIMALS_B, VOLCANOES_B),
        score(BOARD_C, ANIMALS_C),
    ]


@pytest.mark.parametrize(
    ("modifier", "values", "points"),
    [
        ("mondo-mod-most-landscapes", [4, 3, 1], [4, 0, -4]),
        ("mondo-mod-most-lakes", [1, 1, 1], [0, 0, 0]),
        ("mondo-mod-most-aquatic", [0, 1, 3], [-4, 0, 4]),
        ("mondo-mod-largest-lake", [4, 4, 2], [4, 4, -4]),
        ("mondo-mod-largest-forest", [9, 9, 2], [4, 4, -4]),
    ],
)
def test_example_5_each_modifier_rewards_the_best_and_punishes_the_worst(
    modifier: str, values: list[int], points: list[int]
) -> None:
    """Anna = Board A, Ben = Board B, Cara = Board C (rules §13 example 5)."""
    boards = example_5_boards()
    index = MODIFIER_INDEX[modifier]
    results = score_round(
        boards,
        sides=[0, 0, 0],
        chips=[0, 0, 0],
        holders=[False] * 3,
        modifier=index,
        claims=[(), (), ()],
        first_out=-1,
    )
    from games.mondo.cards import MODIFIERS

    measure = MODIFIERS[index].measure
    assert [getattr(board, measure) for board in boards] == values
    assert [r.modifier_points for r in results] == points


def test_modifier_ties_with_two_players() -> None:
    """With two players one gets +4 and the other -4 unless they tie (rules §8)."""
    assert modifier_points([3, 1]) == [4, -4]
    assert modifier_points([2, 2]) == [0, 0]
    assert modifier_points([5]) == [0]


# --- Example 6: additional tasks ---------------------------------------------------------


def test_example_6_tasks_are_checked_at_scoring_and_score_plus_or_minus() -> None:
    """Ben (B') +14, Anna (A) 0 as first out, Cara (C) -7."""
    animals = dict(ANIMALS_B)
    animals[(2, 0)] = "panda"
    animals[(3, 1)] = "panda"
    board_b2 = score(BOARD_B, animals, VOLCANOES_B)
    assert board_b2.animals == 8 and board_b2.basic == 14
    forest = next(r for r in board_b2.regions if r.land == "f")
    assert forest.animals.count("panda") == 3
    anna = score(BOARD_A, ANIMALS_A, VOLCANOES_A)
    cara = score(BOARD_C, ANIMALS_C)
    claims = [
        (TASK_INDEX["finished"], TASK_INDEX["first-out"]),
        (TASK_INDEX["three-pandas"], TASK_INDEX["mistake-free"]),
        (TASK_INDEX["forest-animals"],),
    ]
    results = score_round(
        [anna, board_b2, cara],
        sides=[0, 0, 0],
        chips=[4, 0, 0],
        holders=[False] * 3,
        modifier=-1,
        claims=claims,
        first_out=0,
    )
    task_points = [sum(points for _t, _ok, points in r.tasks) for r in results]
    assert task_points == [0, 14, -7]
    assert [ok for _t, ok, _p in results[0].tasks] == [False, True]


def test_the_three_animals_must_stand_in_one_scoring_landscape() -> None:
    """Three pandas split over two forests, or in an open forest, do not count."""
    split = score(
        {(2, 1): "ffww", (2, 2): "wwff", (2, 3): "ffww"},
        animals={(2, 1): "panda", (2, 2): "panda", (2, 3): "panda"},
    )
    assert not task_fulfilled(TASK_INDEX["three-pandas"], split, False)
    animals = dict(ANIMALS_B)
    animals[(2, 0)] = "panda"
    animals[(3, 1)] = "panda"
    good = score(BOARD_B, animals)
    assert task_fulfilled(TASK_INDEX["three-pandas"], good, False)


def test_the_four_animals_of_a_landscape_must_share_one_scoring_region() -> None:
    """Steppe animals: elephant, zebra, antelope and buffalo in Board B's steppe."""
    animals = dict(ANIMALS_B)
    animals.update({(1, 4): "zebra", (4, 4): "antelope"})
    board = score(BOARD_B, animals)
    assert task_fulfilled(TASK_INDEX["steppe-animals"], board, False)
    assert not task_fulfilled(TASK_INDEX["desert-animals"], board, False)


def test_finished_and_mistake_free_look_at_the_final_board() -> None:
    """Board B: full and clean; Board A: one free space and four errors."""
    board_b = score(BOARD_B)
    board_a = score(BOARD_A)
    assert task_fulfilled(TASK_INDEX["mistake-free"], board_b, False)
    assert task_fulfilled(TASK_INDEX["finished"], board_b, False)
    assert not task_fulfilled(TASK_INDEX["finished"], board_a, True)
    assert task_fulfilled(TASK_INDEX["first-out"], board_a, True)


# --- Example 9 and the solo rules --------------------------------------------------------


def test_example_9_solo_board_a_collects_11_minus_points() -> None:
    """Free 1 + errors 4 + volcanoes 4 active + 2 inactive = 11 (rules §10)."""
    board = score(BOARD_A, ANIMALS_A, VOLCANOES_A)
    (result,) = score_round(
        [board],
        sides=[0],
        chips=[0],
        holders=[True],
        modifier=-1,
        claims=[()],
        first_out=-1,
        solo=True,
    )
    assert result.volcano_penalty == 6
    assert result.score == -11


def test_solo_for_two_counts_the_chips_against_the_minus_points() -> None:
    """rules §11 solo_for_two: chips 4 and 3 count as positive."""
    results = round_of([(6, 4, 1, 4, 4, 2, 4), (3, 1, 5, 2, 1, 1, 3)], holders=(0, 1), solo=True)
    assert [r.score for r in results] == [4 - 11, 3 - 9]


# --- Handicap ----------------------------------------------------------------------------


def test_a_handicapped_player_pays_per_active_volcano_and_the_others_never() -> None:
    """rules §11 handicap: majority does not matter; inactive ones only at the harsher level."""
    rows = [(0, 0, 20, 0, 2, 3, 0), (0, 0, 20, 0, 5, 0, 0)]
    soft = round_of(rows, handicap=(0,))
    assert [r.volcano_penalty for r in soft] == [2, 0]
    harsh = round_of(rows, handicap=(0,), handicap_inactive=True)
    assert [r.volcano_penalty for r in harsh] == [5, 0]
