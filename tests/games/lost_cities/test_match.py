"""End of a round, the match over several rounds, start players and places (rules §2, §6, §8)."""

from __future__ import annotations

import pytest

from games import rng
from games.lost_cities.cards import CARDS, deck_ids
from tests.games.kit import assert_rejected
from tests.games.lost_cities.helpers import ENGINE, build_state

DRAW = {"type": "draw"}

# Example 8 of rules §11: yellow 18, blue 0, white -27, green 50, red -8 = 33.
EXAMPLE_8 = {
    "yellow": "YW1 Y4 Y7 Y8 Y10",
    "white": "WW1 WW2 W3 W8",
    "green": "G2 G3 G5 G6 G7 G8 G9 G10",
    "red": "R5 R7",
}


def last_draw_state(columns, hands=("Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 R2 R3"), **kw):
    """Seat 0 has placed and must take; exactly one card is left in the draw pile."""
    return build_state(
        hands=list(hands), columns=columns, deck_size=1, active=0, phase="take", **kw
    )


def play_round_by_timeouts(state):
    """Play with the clock's moves (discard, then draw) until the round changes or ends."""
    round_no, placements = state.round, 0
    while state.round == round_no and ENGINE.outcome(state) is None:
        action = ENGINE.timeout_action(state, state.active)
        placements += action["type"] in ("play", "discard")
        state = ENGINE.apply(state, state.active, action)
    return state, placements


# --- §6: the end of a round -----------------------------------------------------------


def test_the_round_ends_the_moment_the_last_card_is_drawn() -> None:
    """Drawing the last card scores the round; nobody places another card in it."""
    state = last_draw_state([{"green": EXAMPLE_8["green"]}, {"red": "R5 R7"}])
    after = ENGINE.apply(state, 0, DRAW)
    assert after.round == 2
    assert [done.scores for done in after.history] == [(50, -8)]
    assert after.history[0].columns == state.columns
    # Round 2 is already dealt: the drawer's turn did not continue in round 1.
    assert after.phase == "place" and all(not c for cols in after.columns for c in cols)


def test_with_a_single_round_the_last_draw_ends_the_match() -> None:
    """rounds = 1: the last draw makes the outcome final; nobody is to move."""
    state = last_draw_state([{"green": EXAMPLE_8["green"]}, {"red": "R5 R7"}], rounds=1)
    drawn = state.deck[-1]
    after = ENGINE.apply(state, 0, DRAW)
    assert after.phase == "over" and after.deck == ()
    assert drawn in after.hands[0] and len(after.hands[0]) == 8
    assert ENGINE.to_move(after) == frozenset()
    outcome = ENGINE.outcome(after)
    assert outcome is not None
    assert (outcome.scores, outcome.places) == ((50, -8), (1, 2))
    assert_rejected(ENGINE, after, 1, {"type": "discard", "card": after.hands[1][0]})


def test_taking_a_discard_with_one_card_left_does_not_end_the_round() -> None:
    """Only the draw pile's last card ends the round; a discard take just delays it."""
    state = last_draw_state([{}, {}], discards={"red": "R9"})
    after = ENGINE.apply(state, 0, {"type": "take", "colour": "red"})
    assert after.round == 1 and len(after.deck) == 1
    assert ENGINE.to_move(after) == frozenset({1})


def test_cards_left_in_hands_and_discard_piles_score_nothing() -> None:
    """Only columns count: a hand full of high cards and full discard piles add 0."""
    state = last_draw_state(
        [{}, {}], hands=("Y10 Y9 Y8 B10 B9 B8 R10", "G10 G9 G8 W10 W9 W8 R9 R8"), rounds=1
    )
    assert ENGINE.outcome(ENGINE.apply(state, 0, DRAW)).scores == (0, 0)


@pytest.mark.parametrize(("expeditions", "turns"), [(5, 44), (6, 56)])
def test_a_round_without_discard_takes_lasts_exactly_44_or_56_turns(
    expeditions: int, turns: int
) -> None:
    """Every take a draw: 44 turns with five colours (22 each), 56 with six."""
    state = ENGINE.setup(players=2, seed=3, options={"expeditions": expeditions})
    after, placements = play_round_by_timeouts(state)
    assert placements == turns
    assert after.round == 2


def test_the_next_round_is_dealt_from_the_complete_reshuffled_set() -> None:
    """Round 2: all 60 cards back, 8 each, 44 to draw, empty table, salted by the round."""
    state = ENGINE.setup(players=2, seed=9, options={})
    after, _ = play_round_by_timeouts(state)
    assert len(after.deck) == 44 and [len(h) for h in after.hands] == [8, 8]
    assert all(not pile for pile in after.discards)
    order = rng.shuffled(deck_ids(5), seed=9, salt="lost_cities/round-2")
    assert after.deck == tuple(order[16:])
    assert set(after.hands[0]) | set(after.hands[1]) == set(order[:16])


def test_later_deals_depend_only_on_the_seed_and_the_round() -> None:
    """Two different first rounds from one seed lead to the same round-2 deal."""
    a, _ = play_round_by_timeouts(ENGINE.setup(players=2, seed=4, options={}))
    b = ENGINE.setup(players=2, seed=4, options={})
    b = ENGINE.apply(b, b.active, ENGINE.legal_actions(b, b.active)[-2])
    b, _ = play_round_by_timeouts(b)
    assert a.round == b.round == 2
    assert a.deck == b.deck and set(a.hands[0] + a.hands[1]) == set(b.hands[0] + b.hands[1])


# --- §2 step 5: who starts later rounds ------------------------------------------------


def test_the_player_with_the_higher_total_starts_the_next_round() -> None:
    """Seat 1 scores more in round 1 and starts round 2, though seat 0 started round 1."""
    state = last_draw_state(
        [{"red": "R5 R7"}, {"green": EXAMPLE_8["green"]}], first_player="creator"
    )
    assert state.start == 0
    after = ENGINE.apply(state, 0, DRAW)
    assert after.start == after.active == 1
    assert ENGINE.to_move(after) == frozenset({1})


def test_the_running_total_decides_not_the_last_round_alone() -> None:
    """After +50/0 and -10/+20 the totals are 40 to 20: seat 0 starts round 3."""
    state = last_draw_state(
        [{"yellow": "Y10"}, {"red": "R6 R7 R8 R9 R10"}],
        round=2,
        history=[(({"green": EXAMPLE_8["green"]}, {}), 0)],
        first_player="creator",
    )
    assert [d.scores for d in state.history] == [(50, 0)]
    after = ENGINE.apply(state, 0, DRAW)
    assert after.history[-1].scores == (-10, 20)
    assert after.totals == (40, 20)
    assert after.start == 0


def seed_whose_coin_flip_gives(seat: int) -> int:
    """Return the first seed whose round-1 coin flip picks `seat`."""
    return next(
        s for s in range(100) if rng.randint(0, 1, seed=s, salt="lost_cities/first-player") == seat
    )


@pytest.mark.parametrize("first_start", [0, 1])
def test_equal_totals_let_the_player_who_did_not_start_the_previous_round_begin(
    first_start: int,
) -> None:
    """House rule §2: with equal totals the previous round's non-starter begins."""
    state = last_draw_state([{}, {}], seed=seed_whose_coin_flip_gives(first_start))
    assert state.start == first_start
    after = ENGINE.apply(state, 0, DRAW)
    assert after.totals == (0, 0)
    assert after.start == after.active == 1 - first_start


def test_equal_totals_after_several_rounds_alternate_the_start() -> None:
    """Round 2 started by seat 1 at 0:0; still level after round 2, so seat 0 starts round 3."""
    state = last_draw_state(
        [{"yellow": "Y10"}, {"blue": "B10"}],
        round=2,
        history=[(({}, {}), 0)],
        first_player="creator",
        hands=("Y2 Y3 Y5 Y6 R2 R3 R4", "B5 B6 B7 B8 B9 G10 G2 G3"),
    )
    assert state.start == 1
    after = ENGINE.apply(state, 0, DRAW)
    assert after.totals == (-10, -10)
    assert after.start == 0


# --- §8: the match --------------------------------------------------------------------


def test_the_match_total_is_the_sum_of_the_round_scores() -> None:
    """Example 8: rounds of 33, -14 and 61 make a match total of 80."""
    state = last_draw_state(
        [{"green": EXAMPLE_8["green"], "red": "R6 R7 R8 R10"}, {}],
        hands=("Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 W2 W4"),
        round=3,
        history=[((EXAMPLE_8, {}), 0), (({"yellow": "Y6"}, {}), 0)],
        first_player="creator",
    )
    assert [d.scores[0] for d in state.history] == [33, -14]
    after = ENGINE.apply(state, 0, DRAW)
    outcome = ENGINE.outcome(after)
    assert outcome is not None
    assert outcome.scores == (80, 0) and outcome.places == (1, 2)
    rounds = outcome.details["rounds"]
    assert [r["players"][0]["score"] for r in rounds] == [33, -14, 61]
    assert [r["players"][0]["total"] for r in rounds] == [33, 19, 80]
    yellow = rounds[0]["players"][0]["colours"][0]
    assert (yellow["sum"], yellow["multiplier"], yellow["result"]) == (29, 2, 18)
    assert outcome.details["totals"] == [80, 0]


def test_equal_final_totals_share_first_place() -> None:
    """House rule §8: a tie is a draw; both players get place 1."""
    state = last_draw_state([{"yellow": "Y10"}, {"white": "W10"}], rounds=1)
    outcome = ENGINE.outcome(ENGINE.apply(state, 0, DRAW))
    assert outcome.scores == (-10, -10)
    assert outcome.places == (1, 1)


def test_negative_totals_still_rank_the_higher_one_first() -> None:
    """Totals may be negative; -10 beats -40."""
    state = last_draw_state([{"yellow": "YW1 Y10"}, {"white": "W10"}], rounds=1)
    outcome = ENGINE.outcome(ENGINE.apply(state, 0, DRAW))
    assert outcome.scores == (-20, -10)
    assert outcome.places == (2, 1)


@pytest.mark.parametrize(("bonus_counts_wagers", "expected"), [(True, 95), (False, 75)])
def test_the_bonus_option_decides_the_round_score(bonus_counts_wagers: bool, expected: int) -> None:
    """W W 5 6 7 8 9 10 scores 95 by the published rules, 75 when wagers do not count."""
    state = last_draw_state(
        [{"yellow": "YW1 YW2 Y5 Y6 Y7 Y8 Y9 Y10"}, {}],
        hands=("Y2 Y3 B2 B3 B4 B5 B6", "G5 G6 G7 B7 B8 B9 B10 R2"),
        rounds=1,
        bonus_counts_wagers=bonus_counts_wagers,
    )
    assert ENGINE.outcome(ENGINE.apply(state, 0, DRAW)).scores == (expected, 0)


def test_the_outcome_is_none_while_the_match_runs() -> None:
    """No result before the last round's last draw."""
    state = ENGINE.setup(players=2, seed=2, options={"rounds": 2})
    after, _ = play_round_by_timeouts(state)
    assert ENGINE.outcome(state) is None and ENGINE.outcome(after) is None
    final, _ = play_round_by_timeouts(after)
    assert ENGINE.outcome(final) is not None
    assert len(final.history) == 2


@pytest.mark.parametrize("rounds", [1, 2, 3, 4, 5])
def test_a_match_lasts_exactly_the_chosen_number_of_rounds(rounds: int) -> None:
    """The outcome comes after `rounds` scored rounds, never earlier."""
    state = ENGINE.setup(players=2, seed=rounds, options={"rounds": rounds})
    for number in range(1, rounds + 1):
        assert state.round == number and ENGINE.outcome(state) is None
        state, _ = play_round_by_timeouts(state)
    assert ENGINE.outcome(state) is not None and len(state.history) == rounds


# --- the game log ---------------------------------------------------------------------


def log_line(before, seat: int, action, viewer) -> str:
    """The log line `viewer` reads for `seat` playing the legal `action` in `before`."""
    return ENGINE.describe(before, ENGINE.apply(before, seat, action), seat, action, viewer)


def test_a_draw_is_described_to_its_owner_only() -> None:
    """ "drew Yellow 7" for the drawer, "drew a card" for the opponent and spectators."""
    state = build_state(
        hands=["Y2 Y3 Y5 Y6 B2 B3 B4", "B5 B6 B7 B8 B9 B10 R2 R3"], deck_top="Y7", phase="take"
    )
    assert log_line(state, 0, DRAW, 0) == "drew Yellow 7"
    assert log_line(state, 0, DRAW, 1) == "drew a card"
    assert log_line(state, 0, DRAW, None) == "drew a card"


def test_plays_discards_and_takes_are_described_to_everyone_alike() -> None:
    """Face-up moves read the same for every viewer."""
    state = build_state(
        hands=["RW1 R7 B2 B3 B4 B5 B6 Y2", "G5 G6 G7 G8 G9 W2 W3 W4"], discards={"blue": "B10"}
    )
    for viewer in (0, 1, None):
        assert (
            log_line(state, 0, {"type": "play", "card": "LC-R7"}, viewer)
            == "played Red 7 on the red expedition"
        )
        assert log_line(state, 0, {"type": "discard", "card": "LC-RW1"}, viewer) == (
            "discarded Red wager"
        )
    taking = ENGINE.apply(state, 0, {"type": "play", "card": "LC-R7"})
    assert log_line(taking, 0, {"type": "take", "colour": "blue"}, 1) == (
        "took Blue 10 from the blue discard pile"
    )


def test_the_last_draw_is_described_as_ending_the_round() -> None:
    """The log says that the last card ended the round, or the game."""
    state = last_draw_state([{}, {}])
    assert log_line(state, 0, DRAW, 1) == (
        "drew a card, the last card of the draw pile: round 1 is over"
    )
    final = last_draw_state([{}, {}], rounds=1)
    assert log_line(final, 0, DRAW, None).endswith("the game is over")
    label = CARDS[final.deck[-1]].label
    assert log_line(final, 0, DRAW, 0) == (
        f"drew {label}, the last card of the draw pile: the game is over"
    )
