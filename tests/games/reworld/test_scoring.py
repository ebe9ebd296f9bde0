"""Goals and final scoring (rules §2.6, §7, §8, H15-H18, H20) and example 13."""

from __future__ import annotations

import pytest

from games.reworld.house_rules import CATALOGUE, SHIPS
from games.reworld.scoring import first_group, goal_met, goal_progress, rank_points
from games.reworld.state import evolve
from tests.games.kit import assert_valid_outcome
from tests.games.reworld.helpers import ENGINE, chapter_two, play

CITY_4 = (7, 4, 2, 0)


def test_example_13_a_tie_takes_the_next_lower_place() -> None:
    """Letter C, 4 players: W 6, X 6, Y 3, Z none -> 4, 4, 2, 0 (Z also -3 for the letter)."""
    assert rank_points([6, 6, 3, None], CITY_4) == [4, 4, 2, 0]


@pytest.mark.parametrize(
    ("values", "table", "points"),
    [
        ([8, 5, 3, 1], CITY_4, [7, 4, 2, 0]),
        ([3, 5, None, 5], CITY_4, [2, 4, 0, 4]),
        ([4, 4, 4, 1], CITY_4, [4, 4, 4, 0]),  # three tied firsts all get 2nd place's 4
        ([2, 5, 5, 5], CITY_4, [0, 4, 4, 4]),
        ([5, 2, 2, 1], CITY_4, [7, 2, 2, 0]),  # tied seconds get 3rd place's 2
        ([1, 1], (5, 2), [2, 2]),
        ([3, 1], (5, 2), [5, 2]),
        ([None, None], (5, 2), [0, 0]),
        ([2, 2, 2], (6, 3, 1), [3, 3, 3]),
        ([9, 2, 2], (6, 3, 1), [6, 1, 1]),
        ([9, 4, 2], (6, 3, 1), [6, 3, 1]),
        ([None, 3, 3], (8, 4, 1), [0, 4, 4]),
        ([1, 1, 1, 1], (8, 5, 2, 0), [5, 5, 5, 5]),
    ],
)
def test_majorities_follow_the_kramer_tie_rule(values, table, points) -> None:
    """§7.3, H16: tied players get the next lower place's points; the next takes the place after."""
    assert rank_points(values, table) == points


def test_the_first_group_takes_the_final_ship_even_when_tied() -> None:
    assert first_group([3, 5, None, 5]) == [1, 3]
    assert first_group([None, None]) == []


def test_final_scoring_adds_cities_missing_letters_and_the_shield() -> None:
    """§7.3, §7.4 with two players: 5/2 per letter, -3 per missing letter, shield 6/2."""
    state = chapter_two(
        players=2,
        rows={0: {1: "S"}},
        cities={
            0: {"A": "TA TA", "B": "TB", "C": "TC", "D": "TD", "E": "TE"},
            1: {"A": "TA TA TA", "B": "TB"},
        },
        shields={0: "S S", 1: "X"},
    )
    state = play(state, {"type": "undock", "row": 1, "count": 1}, {"type": "shield"})
    assert state.phase == "over"
    details = ENGINE.outcome(state).details
    me, you = details["seats"]
    # A: 2 vs 3 -> 2 / 5; B: 1 vs 1 tie -> 2 each; C, D, E: alone -> 5 each.
    assert me["city_points"] == [2, 2, 5, 5, 5] and me["cities"] == 19
    assert you["city_points"] == [5, 2, 0, 0, 0] and you["missing"] == 3
    assert you["missing_points"] == -9 and me["missing_points"] == 0
    # Shields 3 vs 1: 6 and 2; the bigger shield takes the final population ship.
    assert (me["shield"], you["shield"]) == (6, 2)
    assert me["final_ship"] and not you["final_ship"]
    running_me = sum(state.seats[0].points)
    assert me["total"] == running_me + 19 + 6
    assert you["total"] == sum(state.seats[1].points) + 7 - 9 + 2
    assert ENGINE.outcome(state).scores == (me["total"], you["total"])


def test_a_player_without_shield_is_not_ranked_for_it() -> None:
    """§7.4: only shields of at least one module rank; an empty one scores nothing."""
    state = chapter_two(players=3, rows={0: {1: "TA"}}, shields={1: "S"})
    state = play(state, {"type": "undock", "row": 1, "count": 1}, {"type": "city", "city": "A"})
    seats = ENGINE.outcome(state).details["seats"]
    assert [row["shield"] for row in seats] == [0, 8, 0]
    assert [row["final_ship"] for row in seats] == [False, True, False]


def test_equal_totals_are_split_by_population_ships_first() -> None:
    """§8, H20: ships, then shield, then fewer jettisons decide the places of equal
    totals; `ranking` shows the same order on the score sheet."""
    state = chapter_two(players=2, rows={0: {1: "S"}}, shields={1: "S"})
    state = play(state, {"type": "undock", "row": 1, "count": 1}, {"type": "jettison"})
    # Seat 0: -1 jettison, -15 missing; seat 1: shield 6, final ship, -15 missing.
    seats = [evolve(p, points=(0, 0, 0, 0, 0)) for p in state.seats]
    seats[0] = evolve(seats[0], points=(0, 0, 0, 7, -1))  # a ship of 7, one jettison
    state = evolve(state, seats=tuple(seats))
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (-15 + 6, -15 + 6)
    assert outcome.places == (2, 1)
    assert_valid_outcome(outcome, 2, ties_share=False)
    # Ships: seat 1 has the final ship (1), seat 0 claimed none in `owners`: seat 1 first.
    assert outcome.details["ranking"] == [2, 1]
    assert outcome.details["tie_breaks"] == ["ships", "shield", "fewer_jettisons"]


def test_a_further_tie_falls_to_the_shield_then_to_fewer_jettisons() -> None:
    state = chapter_two(players=2, rows={0: {1: "S"}}, shields={0: "S", 1: "S"})
    state = play(state, {"type": "undock", "row": 1, "count": 1}, {"type": "jettison"})
    # Shields tie at 1 (both first: both hold the final ship); seat 0 jettisoned one.
    seats = [evolve(p, points=(0, 0, 0, 0, 0)) for p in state.seats]
    # Emptying row 1 claimed P06; give it back so that the ships tie too.
    state = evolve(state, seats=tuple(seats), owners=(-1,) * len(state.ships))
    outcome = ENGINE.outcome(state)
    details = outcome.details
    assert outcome.scores[0] == outcome.scores[1]
    assert outcome.places == (2, 1)
    assert [row["ships"] for row in details["seats"]] == [1, 1]
    assert [row["final_ship"] for row in details["seats"]] == [True, True]
    assert details["ranking"] == [2, 1]
    clean = evolve(state, seats=(evolve(seats[0], jettisoned=()), seats[1]))
    # Jettisoned modules must stay somewhere: put it back into the removed pile for this check.
    clean = evolve(clean, removed=(*clean.removed, *seats[0].jettisoned))
    assert ENGINE.outcome(clean).details["ranking"] == [1, 1]
    assert ENGINE.outcome(clean).places == (1, 1)  # nothing splits them: they share


# --- the population-ship goals, both sides (§2.6, H15) ------------------------------------


def player_with(**kwargs):
    """Return seat 0 of a Chapter 2 position (a shuttle left in row 5 keeps it to move)."""
    return chapter_two(players=2, rows={0: {5: "S"}}, **kwargs).seats[0]


@pytest.mark.parametrize(
    ("ship", "setup", "progress"),
    [
        ("P01", {"cities": {0: {"A": "TA TA CR CR CR CR"}}}, 6),
        ("P04", {"cities": {0: {"A": "TA", "B": "TB", "C": "TC", "D": "TD", "E": "TE"}}}, 5),
        ("P05", {"cities": {0: {"A": "TA", "B": "TB", "C": "TC", "D": "TD"}}}, 4),
        ("P08", {"shields": {0: "S S X X"}}, 4),
        ("P10", {"cities": {0: {"A": "TA CG CG CG", "B": "TB CR"}}}, 3),
        ("P12", {"cities": {0: {"A": "TA CG", "B": "TB CR", "C": "TC CY"}}}, 3),
        ("P13", {"cities": {0: {"A": "TA", "B": "TB"}}, "satellites": {0: "AB"}}, 2),
        ("P14", {"cities": {0: {"A": "TA TA TA", "B": "TB CR CR", "C": "TC TC TC"}}}, 3),
    ],
)
def test_each_goal_counts_what_its_ship_asks_for(ship, setup, progress) -> None:
    player = player_with(**setup)
    goal = SHIPS[ship]
    assert goal_progress(goal, player, CATALOGUE) == progress
    assert goal_met(goal, player, CATALOGUE, 3)


def test_the_two_player_side_asks_for_more() -> None:
    six = player_with(cities={0: {"A": "TA TA CR CR CR CR"}})
    assert goal_met(SHIPS["P01"], six, CATALOGUE, 4)
    assert not goal_met(SHIPS["P01"], six, CATALOGUE, 2)
    three_colours = player_with(cities={0: {"A": "TA CG", "B": "TB CR", "C": "TC CY"}})
    assert not goal_met(SHIPS["P12"], three_colours, CATALOGUE, 2)


def test_p14_needs_every_city_to_be_big_enough() -> None:
    """One city of 2 modules spoils 'every city you own has 3 or more'."""
    player = player_with(
        cities={0: {"A": "TA TA TA", "B": "TB TB TB", "C": "TC TC TC", "D": "TD TD"}}
    )
    assert goal_progress(SHIPS["P14"], player, CATALOGUE) == 0
    assert not goal_met(SHIPS["P14"], player, CATALOGUE, 3)


def test_satellites_attached_to_cities_do_not_count_towards_city_size() -> None:
    """§7.5: size is terrabots plus crews."""
    player = player_with(cities={0: {"A": "TA TA TA TA TA"}}, satellites={0: "A"})
    assert goal_progress(SHIPS["P01"], player, CATALOGUE) == 5
