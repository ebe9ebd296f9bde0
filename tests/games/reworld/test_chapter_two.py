"""Chapter 2 (rules §5, §6, H9-H15) and worked examples 7-11, 14 and 15 of §11."""

from __future__ import annotations

from games.reworld.house_rules import MODULES, SHIPS
from tests.games.kit import assert_rejected
from tests.games.reworld.helpers import ENGINE, chapter_one, chapter_two, play

SHIELD = {"type": "shield"}
JETTISON = {"type": "jettison"}


def undock(row: int, count: int) -> dict:
    return {"type": "undock", "row": row, "count": count}


def city(letter: str) -> dict:
    return {"type": "city", "city": letter}


def kinds(modules) -> list[str]:
    return [MODULES[m].kind for m in modules]


def test_example_7_last_in_first_out() -> None:
    """Row 3 got terrabot A, then shuttle S, then red crew R: it reads R, S, A.

    Undocking all three: A founds city A, S flies R into it: city A of size 2, red.
    """
    state = chapter_one(players=2, hands=["3", "1"], station={0: "TA"})
    state = play(state, {"type": "buy", "arm": 0}, {"type": "pay", "number": 3})
    row = state.seats[0].rows[2]
    assert kinds(row) == ["terrabot"]
    # The row is a stack: the next module docks at the outer end (the tuple's end).
    state = chapter_two(rows={0: {3: "CR S TA"}})
    assert kinds(reversed(state.seats[0].rows[2])) == ["crew", "shuttle", "terrabot"]
    state = play(state, undock(3, 3))
    # Terrabots resolve first, so the crew can fly into the city founded this turn.
    assert state.phase == "land" and kinds(state.landing) == ["terrabot", "crew", "shuttle"]
    assert ENGINE.legal_actions(state, 0) == [city("A"), JETTISON]
    state = play(state, city("A"))
    assert ENGINE.legal_actions(state, 0) == [city("A"), JETTISON]
    state = play(state, city("A"))
    player = state.seats[0]
    assert kinds(player.cities[0]) == ["terrabot", "crew"]
    assert MODULES[player.cities[0][1]].colour == "red"
    assert kinds(player.spent) == ["shuttle"] and player.shield == ()
    assert state.phase == "over"  # the only freighter is empty


def test_undocking_takes_1_to_3_of_the_outermost_modules_of_one_row() -> None:
    """§5.2: k <= 3 and k <= the row's length; deeper modules wait their turn."""
    state = chapter_two(rows={0: {2: "S X S TB", 4: "X"}, 1: {1: "S"}})
    assert ENGINE.legal_actions(state, 0) == [
        undock(2, 1), undock(2, 2), undock(2, 3), undock(4, 1),
    ]  # fmt: skip
    assert_rejected(ENGINE, state, 0, undock(4, 2), match="only 1 module.")
    assert_rejected(ENGINE, state, 0, undock(1, 1), match="Row 1 is empty")
    assert_rejected(ENGINE, state, 0, undock(2, 4), match="1 to 3")
    assert_rejected(ENGINE, state, 0, undock(6, 1), match="rows 1 to 5")
    after = play(state, undock(2, 2))
    assert kinds(after.landing) == ["shuttle", "satellite"]
    assert kinds(reversed(after.seats[0].rows[1])) == ["shuttle", "terrabot"]


def test_example_8_a_crew_without_a_shuttle_is_jettisoned() -> None:
    """Row 2 reads blue crew, terrabot C: the crew alone, or with a terrabot, cannot fly."""
    state = chapter_two(rows={0: {2: "CB TC"}, 1: {1: "S"}}, cities={0: {"A": "TA"}})
    one = play(state, undock(2, 1))
    # Forced: jettisoned at once, -1, and the turn passed on.
    assert kinds(one.seats[0].jettisoned) == ["crew"] and one.seats[0].points[4] == -1
    assert one.active == 1 and one.phase == "undock"
    assert "no shuttle or city could take it" in one.recent[-1][1]
    two = play(state, undock(2, 2))
    assert ENGINE.legal_actions(two, 0) == [city("C"), JETTISON]
    two = play(two, city("C"))
    assert kinds(two.seats[0].cities[2]) == ["terrabot"]
    assert kinds(two.seats[0].jettisoned) == ["crew"]


def test_example_9_one_colour_per_city() -> None:
    """City B has red crews: a green crew finds no city and is jettisoned; the shuttle shields."""
    state = chapter_two(rows={0: {1: "S CG"}, 1: {1: "S"}}, cities={0: {"B": "TB CR CR"}})
    state = play(state, undock(1, 2))
    assert kinds(state.seats[0].jettisoned) == ["crew"]
    assert kinds(state.landing) == ["shuttle"]
    assert ENGINE.legal_actions(state, 0) == [SHIELD, JETTISON]
    assert_rejected(ENGINE, state, 0, city("B"), match="does not settle")
    shielded = play(state, SHIELD)
    assert kinds(shielded.seats[0].shield) == ["shuttle"] and shielded.active == 1
    thrown = play(state, JETTISON)
    assert len(thrown.seats[0].jettisoned) == 2 and thrown.seats[0].points[4] == -2


def test_a_crew_is_refused_by_a_city_of_another_colour_with_a_reason() -> None:
    state = chapter_two(rows={0: {1: "S CG"}, 1: {1: "S"}}, cities={0: {"B": "TB CR", "C": "TC"}})
    state = play(state, undock(1, 2))
    assert ENGINE.legal_actions(state, 0) == [city("C"), JETTISON]
    assert_rejected(ENGINE, state, 0, city("B"), match="already has red crews")
    assert_rejected(ENGINE, state, 0, city("D"), match="no city D")
    assert_rejected(ENGINE, state, 0, city("Q"), match="lettered A to E")
    assert_rejected(ENGINE, state, 0, SHIELD, match="Only shuttles and satellites")


def test_two_cities_may_take_crews_of_the_same_colour() -> None:
    """H11: the colour lock is per city."""
    state = chapter_two(rows={0: {1: "S CR"}, 1: {1: "S"}}, cities={0: {"A": "TA CR", "B": "TB"}})
    state = play(state, undock(1, 2))
    assert ENGINE.legal_actions(state, 0) == [city("A"), city("B"), JETTISON]
    state = play(state, city("B"))
    assert kinds(state.seats[0].cities[1]) == ["terrabot", "crew"]


def test_example_10_one_shuttle_carries_two_crews_wherever_it_sits_in_the_group() -> None:
    """Shuttle, yellow, yellow (or yellow, yellow, shuttle): both crews reach city D."""
    for row in ("S CY CY", "CY CY S"):
        state = chapter_two(rows={0: {1: row}, 1: {1: "S"}}, cities={0: {"D": "TD"}})
        state = play(state, undock(1, 3), city("D"), city("D"))
        player = state.seats[0]
        assert len(player.cities[3]) == 3, row
        assert {MODULES[m].colour for m in player.cities[3][1:]} == {"yellow"}
        assert len(player.spent) == 1 and player.shield == () and player.jettisoned == ()


def test_a_shuttle_carries_at_most_two_crews() -> None:
    """H10: capacity 2. A third crew in the group (impossible with k <= 3) is left alone,
    so the capacity rule is checked with a state where two crews already flew."""
    state = chapter_two(rows={0: {1: "CR CR S"}, 1: {1: "S"}}, cities={0: {"A": "TA"}})
    state = play(state, undock(1, 3), city("A"))
    assert state.carried == 1 and ENGINE.crew_targets(state, 0) == ["A"]
    from games.reworld.state import evolve

    full = evolve(state, carried=2)
    assert ENGINE.crew_targets(full, 0) == []
    assert_rejected(ENGINE, full, 0, city("A"), match="needs a shuttle")


def test_two_shuttles_and_one_crew_leave_one_shuttle_for_the_shield() -> None:
    """Only as many shuttles fly as the crews need; the others are decided one by one."""
    state = chapter_two(rows={0: {1: "S CB S"}, 1: {1: "S"}}, cities={0: {"E": "TE"}})
    state = play(state, undock(1, 3), city("E"))
    assert kinds(state.landing) == ["shuttle"] and len(state.seats[0].spent) == 1
    state = play(state, SHIELD)
    assert len(state.seats[0].shield) == 1


def test_example_11_a_satellite_scores_its_city_size_once_per_city() -> None:
    """City E: 1 terrabot + 4 crews. A satellite there scores 5; a second one cannot go there."""
    state = chapter_two(
        rows={0: {1: "X X"}, 1: {1: "S"}},
        cities={0: {"E": "TE CB CB CB CB", "A": "TA"}},
    )
    state = play(state, undock(1, 2))
    assert ENGINE.legal_actions(state, 0) == [city("A"), city("E"), SHIELD, JETTISON]
    state = play(state, city("E"))
    assert state.seats[0].points[2] == 5 and state.seats[0].satellites[4]
    assert ENGINE.legal_actions(state, 0) == [city("A"), SHIELD, JETTISON]
    assert_rejected(ENGINE, state, 0, city("E"), match="already has a satellite")
    state = play(state, SHIELD)
    player = state.seats[0]
    assert kinds(player.shield) == ["satellite"] and player.points[2] == 5
    # An attached satellite adds nothing to the city's size (§7.5).
    assert len(player.cities[4]) == 5


def test_satellites_score_the_size_after_this_turns_terrabots_and_crews() -> None:
    """§5.4, H13: terrabots, then transports, then satellites."""
    state = chapter_two(rows={0: {1: "X CR S"}, 1: {1: "S"}}, cities={0: {"A": "TA TA"}})
    state = play(state, undock(1, 3), city("A"))  # the crew flies first
    state = play(state, city("A"))  # then the satellite: size 3
    assert state.seats[0].points[2] == 3


def test_a_terrabot_founds_or_grows_only_the_city_of_its_letter() -> None:
    state = chapter_two(rows={0: {1: "TB TB"}, 1: {1: "S"}})
    state = play(state, undock(1, 2))
    assert_rejected(ENGINE, state, 0, city("A"), match="only found or grow city B")
    state = play(state, city("B"))
    assert state.recent[-1][1] == "founded city B"
    state = play(state, city("B"))
    assert (0, "grew city B with a terrabot") in state.recent
    assert state.recent[-1] == (0, "claimed population ship P06 (+2)")  # row 1 emptied
    assert len(state.seats[0].cities[1]) == 2


def test_any_module_may_be_jettisoned_for_one_point() -> None:
    """§5.5, H14: a voluntary jettison costs 1 VP like a forced one."""
    state = chapter_two(rows={0: {1: "TB"}, 1: {1: "S"}})
    state = play(state, undock(1, 1), JETTISON)
    assert state.seats[0].points[4] == -1 and state.seats[0].cities[1] == ()


def test_empty_freighters_are_skipped_and_nobody_may_pass() -> None:
    """§5.1, H9: the only actions of a player with modules are undockings."""
    state = chapter_two(players=3, rows={0: {1: "S"}, 2: {1: "S S"}})
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} == {"undock"}
    state = play(state, undock(1, 1), SHIELD)
    assert state.active == 2  # seat 1's freighter is empty
    state = play(state, undock(1, 1), SHIELD)
    assert state.active == 2  # seat 0 is empty now, seat 1 too
    state = play(state, undock(1, 1), SHIELD)
    assert state.phase == "over" and ENGINE.to_move(state) == frozenset()
    assert state.recent[-1] == (-1, "every freighter is empty: final scoring")


def test_landing_actions_are_refused_while_undocking_and_the_other_way_round() -> None:
    state = chapter_two(rows={0: {1: "S S"}, 1: {1: "S"}})
    assert_rejected(ENGINE, state, 0, SHIELD, match="Choose a docking row")
    landing = play(state, undock(1, 1))
    assert_rejected(ENGINE, landing, 0, undock(1, 1), match="Give the landed module a use")
    assert_rejected(ENGINE, landing, 1, SHIELD, match="not your turn")


# --- population ships (§5.6, H15) ---------------------------------------------------------


def test_example_14_the_first_player_to_reach_a_goal_claims_it() -> None:
    """Both reach a city of 8 (3-4 player side): the first claims P02 (and P01 with it)."""
    state = chapter_two(
        players=3,
        rows={0: {1: "TA"}, 1: {1: "TB"}},
        cities={0: {"A": "TA TA TA CR CR CR CR"}, 1: {"B": "TB TB TB CB CB CB CB"}},
    )
    state = play(state, undock(1, 1), city("A"))
    owners = dict(zip(state.ships, state.owners, strict=True))
    assert owners["P02"] == 0 and owners["P01"] == 0
    points = SHIPS["P01"].points + SHIPS["P02"].points
    assert state.seats[0].points[3] >= points
    state = play(state, undock(1, 1), city("B"))
    owners = dict(zip(state.ships, state.owners, strict=True))
    assert owners["P02"] == 0 and owners["P01"] == 0  # nothing left for seat 1 here


def test_example_14_the_second_player_still_takes_a_smaller_goal_left_unclaimed() -> None:
    state = chapter_two(
        players=3,
        rows={0: {1: "S"}, 1: {1: "TB"}},
        cities={1: {"B": "TB TB TB CB CB CB CB"}},
        owners={"P02": 0},
    )
    state = play(state, undock(1, 1), SHIELD, undock(1, 1), city("B"))
    owners = dict(zip(state.ships, state.owners, strict=True))
    assert owners["P02"] == 0 and owners["P01"] == 1


def test_example_15_only_rows_loaded_at_the_start_of_chapter_2_count_as_emptied() -> None:
    """Row 5 was empty all along: no P06. Emptying row 2 claims P06."""
    state = chapter_two(rows={0: {2: "S", 3: "S"}, 1: {1: "S S"}})
    assert state.seats[0].start_rows == (False, True, True, False, False)
    owners = dict(zip(state.ships, state.owners, strict=True))
    assert owners["P06"] == -1
    state = play(state, undock(2, 1), SHIELD)
    owners = dict(zip(state.ships, state.owners, strict=True))
    assert owners["P06"] == 0 and owners["P07"] == -1
    assert state.seats[0].points[3] == SHIPS["P06"].points


def test_the_two_player_side_is_harder() -> None:
    """P07 needs two emptied rows with 3-4 players, three with 2."""
    rows = {0: {1: "S", 2: "S", 3: "S S"}, 1: {1: "S S"}, 2: {1: "S S"}}
    three = chapter_two(players=3, rows=rows, shields={0: "S"})
    three = play(three, undock(1, 1), SHIELD)
    three = play(three, undock(1, 1), SHIELD, undock(1, 1), SHIELD)
    three = play(three, undock(2, 1), SHIELD)
    assert dict(zip(three.ships, three.owners, strict=True))["P07"] == 0
    two = chapter_two(players=2, rows={0: rows[0], 1: rows[1]})
    two = play(two, undock(1, 1), SHIELD, undock(1, 1), SHIELD, undock(2, 1), SHIELD)
    assert dict(zip(two.ships, two.owners, strict=True))["P07"] == -1
