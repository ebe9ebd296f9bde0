"""Winning, scores, places and the safety stop (rules §7.3, §10, examples E12, E13)."""

from __future__ import annotations

from tests.games.kit import assert_rejected, assert_valid_outcome
from tests.games.relative_space.helpers import ENGINE, build_state, play, supply_of

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}


def test_e12_the_last_card_loading_wins_at_once() -> None:
    """E12: the last card is a 9 onto P1[9]: it loads and the player wins."""
    state = build_state(supplies=[{"A2": "9"}, OTHER], pods=["9"])
    after = play(state, "A2", 1)
    assert after.over and after.winner == 0
    assert ENGINE.to_move(after) == frozenset() and ENGINE.legal_actions(after, 1) == []
    assert [e.kind for e in after.recent] == ["load", "win"]


def test_e12_variant_a_last_card_that_blocks_does_not_win() -> None:
    """E12: with load value 10 the 9 blocks; the cards refill the supply and play goes on."""
    state = build_state(supplies=[{"A2": "9"}, OTHER], pods=["10"])
    after = play(state, "A2", 1)
    assert not after.over and after.active == 1
    assert len(supply_of(after, 0)) == 2  # the 10 and the 9 came back


def test_e13_a_winning_start_is_not_resolved() -> None:
    """E13 and §7.3: the START! loads, the supply is empty: the pod does not launch."""
    state = build_state(supplies=[{"A1": "START"}, OTHER], pods=["4"])
    after = play(state, "A1", 1)
    assert after.over and after.winner == 0
    assert [p.id for p in after.pods] == [1] and after.stack == ()


def test_a_winning_double_load_ends_the_game_without_its_extra_play() -> None:
    state = build_state(supplies=[{"A1": "DOUBLE"}, OTHER])
    after = play(state, "A1", 1)
    assert after.over and after.stack == ()


def test_the_last_card_of_an_extra_play_wins() -> None:
    """A Last Call, then the last card onto the same pod: the win comes before the launch."""
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "6"}, OTHER], pods=["5"])
    after = play(play(state, "A1", 1), "A2", 1)
    assert after.over and after.winner == 0 and [p.id for p in after.pods] == [1]


def test_scores_are_ten_minus_cards_left_and_the_winner_is_first() -> None:
    """§10 (house rule): 10 - cards left; others by fewest cards left, ties share."""
    state = build_state(
        supplies=[
            {"A1": "5"},
            {"A1": "2", "A2": "3"},
            {"A1": "2", "A2": "3"},
            {"A1": "4", "A2": "4", "A3": "4"},
        ]
    )
    after = play(state, "A1", 1)
    outcome = ENGINE.outcome(after)
    assert outcome.scores == (10, 8, 8, 7)
    assert outcome.places == (1, 2, 2, 4)
    assert_valid_outcome(outcome, 4)
    details = outcome.details
    assert details["reason"] == "win" and details["winner"] == 0
    assert [p["cards_left"] for p in details["players"]] == [0, 2, 2, 3]
    assert [p["winner"] for p in details["players"]] == [True, False, False, False]


def test_the_outcome_is_none_while_the_game_runs() -> None:
    assert ENGINE.outcome(ENGINE.setup(players=2, seed=1, options={})) is None


def test_the_safety_stop_ends_the_game_without_a_winner() -> None:
    """§10 (house rule): after turn_limit turns, fewest cards left ranks first."""
    state = build_state(
        supplies=[{"A1": "5", "A2": "6"}, {"A1": "7", "A2": "8", "A3": "9"}],
        turn=60,
        turn_limit=60,
    )
    after = play(state, "A1", 1)
    assert after.over and after.winner == -1 and after.turn == 60
    outcome = ENGINE.outcome(after)
    assert outcome.scores == (9, 7) and outcome.places == (1, 2)
    assert outcome.details["reason"] == "limit" and outcome.details["winner"] is None
    assert after.recent[-1].kind == "limit"
    assert_rejected(ENGINE, after, 1, {"type": "play", "slot": "A1", "pod": 1}, "over")


def test_equal_counts_at_the_safety_stop_share_first_place() -> None:
    state = build_state(
        supplies=[{"A1": "5", "A2": "6", "A3": "1"}, {"A1": "7", "A2": "8"}],
        turn=50,
        turn_limit=50,
    )
    outcome = ENGINE.outcome(play(state, "A1", 1))
    assert outcome.scores == (8, 8) and outcome.places == (1, 1)


def test_the_safety_stop_waits_for_the_turn_to_end() -> None:
    """A Double Load on the last turn still allows its extra play."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "6"}, OTHER], turn=50, turn_limit=50)
    state = play(state, "A1", 1)
    assert not state.over and state.stack == (("extra", 0),)
    assert ENGINE.apply(state, 0, {"type": "pass"}).over
