"""A turn: place a card, then take one (rules §3, §4, §5), and every way to get it wrong."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.kit import assert_rejected
from tests.games.lost_cities.helpers import ENGINE, build_state, ids

# Seat 0 holds a yellow wager, yellow 2, 3, 5, 10 and three others; seat 1 holds blues and reds.
HAND_0 = "YW1 Y2 Y3 Y5 Y10 B4 R7 G2"
HAND_1 = "B2 B3 B5 B6 R2 R3 R4 R5"


def state_with_yellow(column: str, hand: str = HAND_0, **kwargs):
    """Seat 0 to place, with `column` already in their yellow expedition."""
    return build_state(
        hands=[hand, HAND_1], columns=[{"yellow": column} if column else {}, {}], **kwargs
    )


def playable(state, seat: int = 0) -> set[str]:
    return {a["card"] for a in ENGINE.legal_actions(state, seat) if a["type"] == "play"}


def play(card: str) -> dict:
    return {"type": "play", "card": f"LC-{card}"}


# --- §4: what an expedition accepts ---------------------------------------------------


def test_a_wager_after_a_number_card_is_rejected() -> None:
    """Column W 4: no more wagers (rules §4)."""
    state = state_with_yellow("YW2 Y4")
    assert "LC-YW1" not in playable(state)
    error = assert_rejected(ENGINE, state, 0, play("YW1"))
    assert error.message == (
        "A wager must come before any number: your yellow expedition already has the 4."
    )


def test_a_number_below_the_highest_number_is_rejected() -> None:
    """Column W 4 refuses a 2 or a 3, and says why in plain words."""
    state = state_with_yellow("YW2 Y4")
    assert {"LC-Y2", "LC-Y3"}.isdisjoint(playable(state))
    error = assert_rejected(ENGINE, state, 0, play("Y3"))
    assert error.message == "Cards in an expedition must go up: your 3 is below the 4."
    assert_rejected(ENGINE, state, 0, play("Y2"), match="must go up")


def test_a_column_with_a_wager_and_a_4_accepts_5_to_10() -> None:
    """Column W 4 accepts any higher number: gaps are allowed."""
    state = state_with_yellow("YW2 Y4")
    assert {"LC-Y5", "LC-Y10"} <= playable(state)
    after = ENGINE.apply(state, 0, play("Y10"))
    assert after.columns[0][0] == tuple(ids("YW2 Y4 Y10"))


def test_a_column_of_two_wagers_accepts_a_third_wager_or_any_number() -> None:
    """Column W W: a third W and every number fit."""
    state = state_with_yellow("YW2 YW3")
    assert {"LC-YW1", "LC-Y2", "LC-Y3", "LC-Y5", "LC-Y10"} <= playable(state)
    after = ENGINE.apply(state, 0, play("YW1"))
    assert after.columns[0][0] == tuple(ids("YW2 YW3 YW1"))


def test_an_empty_column_accepts_anything_of_its_colour() -> None:
    """Every card in hand may start its own colour."""
    state = state_with_yellow("")
    assert playable(state) == set(ids(HAND_0))


def test_gaps_are_allowed_but_a_skipped_value_can_never_be_added_later() -> None:
    """3 5 6 9 is fine; afterwards a 4 or a 7 no longer fits."""
    state = build_state(
        hands=["Y4 Y7 Y10 B2 B3 B4 B5 B6", "R2 R3 R4 R5 R6 R7 R8 R9"],
        columns=[{"yellow": "Y3 Y5 Y6 Y9"}, {}],
    )
    assert playable(state) >= {"LC-Y10"}
    assert not {"LC-Y4", "LC-Y7"} & playable(state)
    assert_rejected(ENGINE, state, 0, play("Y7"), match="your 7 is below the 9")


def test_a_card_goes_to_the_players_own_column_of_its_colour() -> None:
    """A play extends only the actor's column; the opponent's columns stay as they were."""
    state = build_state(hands=[HAND_0, HAND_1], columns=[{}, {"yellow": "Y4"}])
    after = ENGINE.apply(state, 0, play("Y2"))
    assert after.columns[0][0] == ("LC-Y2",)
    assert after.columns[1] == state.columns[1]
    assert "LC-Y2" not in after.hands[0]


def test_the_column_keeps_play_order_wagers_first() -> None:
    """Wagers, then ascending numbers, in the order played."""
    state = state_with_yellow("")
    for card in ["YW1", "Y2", "Y3"]:
        state = ENGINE.apply(state, 0, play(card))
        state = ENGINE.apply(state, 0, {"type": "draw"})
        state = ENGINE.apply(state, 1, ENGINE.timeout_action(state, 1))
        state = ENGINE.apply(state, 1, {"type": "draw"})
    assert state.columns[0][0] == tuple(ids("YW1 Y2 Y3"))


# --- §3: the two steps of a turn --------------------------------------------------------


def test_any_card_may_always_be_discarded() -> None:
    """Discarding is legal for every card, even one that no column accepts."""
    state = state_with_yellow("YW2 Y4")
    discards = {a["card"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "discard"}
    assert discards == set(ids(HAND_0))
    after = ENGINE.apply(state, 0, {"type": "discard", "card": "LC-Y2"})
    assert after.discards[0] == ("LC-Y2",)
    assert (after.phase, after.active) == ("take", 0)


def test_taking_before_placing_is_rejected() -> None:
    """Step 1 comes first: no draw or take while a card is still to be placed."""
    state = state_with_yellow("", discards={"blue": "B7"})
    assert_rejected(ENGINE, state, 0, {"type": "draw"}, match="First place a card")
    assert_rejected(ENGINE, state, 0, {"type": "take", "colour": "blue"}, match="First place")


def test_placing_twice_in_one_turn_is_rejected() -> None:
    """After the placement only a take is allowed."""
    state = ENGINE.apply(state_with_yellow(""), 0, play("Y2"))
    assert {a["type"] for a in ENGINE.legal_actions(state, 0)} <= {"draw", "take"}
    assert_rejected(ENGINE, state, 0, play("Y3"), match="already placed a card")
    assert_rejected(ENGINE, state, 0, {"type": "discard", "card": "LC-Y3"}, match="already")


def test_passing_is_not_a_move() -> None:
    """There is no pass (rules §3)."""
    assert_rejected(ENGINE, state_with_yellow(""), 0, {"type": "pass"})


def test_a_whole_turn_returns_the_hand_to_eight_and_passes_the_turn() -> None:
    """Place, draw: eight cards again, and the opponent is to move."""
    state = state_with_yellow("")
    after = ENGINE.apply(ENGINE.apply(state, 0, play("Y2")), 0, {"type": "draw"})
    assert len(after.hands[0]) == 8
    assert state.deck[-1] in after.hands[0]
    assert len(after.deck) == len(state.deck) - 1
    assert ENGINE.to_move(after) == frozenset({1}) and after.phase == "place"


def test_the_legal_list_is_plays_then_discards_in_hand_order() -> None:
    """Stable order: plays in hand order, then discards in hand order."""
    state = state_with_yellow("YW2 Y4")
    actions = ENGINE.legal_actions(state, 0)
    hand = list(state.hands[0])
    plays = [a["card"] for a in actions if a["type"] == "play"]
    assert plays == [c for c in hand if c in plays]
    assert actions[len(plays) :] == [{"type": "discard", "card": c} for c in hand]


def test_the_take_list_is_the_draw_then_piles_in_colour_order() -> None:
    """Stable order: draw first, then takeable piles yellow, blue, white, green, red."""
    state = state_with_yellow("", discards={"red": "R9", "blue": "B7", "white": "W3"})
    state = ENGINE.apply(state, 0, play("Y2"))
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "draw"},
        {"type": "take", "colour": "blue"},
        {"type": "take", "colour": "white"},
        {"type": "take", "colour": "red"},
    ]


# --- §5: taking cards -----------------------------------------------------------------


def test_the_card_just_discarded_cannot_be_taken_back_in_the_same_turn() -> None:
    """Discard onto red, then taking red is refused; other piles and the deck are fine."""
    state = state_with_yellow("", discards={"red": "R9", "blue": "B7"})
    state = ENGINE.apply(state, 0, {"type": "discard", "card": "LC-R7"})
    assert state.blocked == 4
    assert {"type": "take", "colour": "red"} not in ENGINE.legal_actions(state, 0)
    error = assert_rejected(ENGINE, state, 0, {"type": "take", "colour": "red"})
    assert "cannot take back the card you just discarded" in error.message
    assert {"type": "take", "colour": "blue"} in ENGINE.legal_actions(state, 0)
    assert {"type": "draw"} in ENGINE.legal_actions(state, 0)


def test_the_opponent_may_take_the_discarded_card_on_their_very_next_turn() -> None:
    """The ban lasts one turn: the other player can take the red 7 right away."""
    state = state_with_yellow("")
    state = ENGINE.apply(state, 0, {"type": "discard", "card": "LC-R7"})
    state = ENGINE.apply(state, 0, {"type": "draw"})
    state = ENGINE.apply(state, 1, play("B2"))
    assert {"type": "take", "colour": "red"} in ENGINE.legal_actions(state, 1)
    state = ENGINE.apply(state, 1, {"type": "take", "colour": "red"})
    assert "LC-R7" in state.hands[1] and state.discards[4] == ()


def test_the_discarder_may_take_the_card_back_on_a_later_turn() -> None:
    """On the discarder's next turn the card is free again."""
    state = state_with_yellow("")
    state = play_both(state, {"type": "discard", "card": "LC-R7"}, {"type": "draw"})
    state = play_both(state, play("B2"), {"type": "draw"})
    state = ENGINE.apply(state, 0, play("Y2"))
    assert {"type": "take", "colour": "red"} in ENGINE.legal_actions(state, 0)


def play_both(state, place: dict, take: dict):
    seat = state.active
    return ENGINE.apply(ENGINE.apply(state, seat, place), seat, take)


def test_after_an_expedition_play_every_non_empty_pile_may_be_used() -> None:
    """No pile is blocked when step 1 was a play."""
    state = state_with_yellow("", discards={"red": "R9", "yellow": "Y8"})
    state = ENGINE.apply(state, 0, play("Y2"))
    assert state.blocked == -1
    takes = [a["colour"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "take"]
    assert takes == ["yellow", "red"]


def test_an_empty_discard_pile_cannot_be_chosen() -> None:
    """Taking from an empty pile is refused."""
    state = ENGINE.apply(state_with_yellow(""), 0, play("Y2"))
    assert_rejected(ENGINE, state, 0, {"type": "take", "colour": "green"}, match="is empty")


def test_only_the_top_card_of_a_pile_is_taken() -> None:
    """A pile of 8, 9: taking gives the 9 and leaves the 8."""
    state = state_with_yellow("", discards={"green": "G8 G9"})
    state = ENGINE.apply(state, 0, play("Y2"))
    after = ENGINE.apply(state, 0, {"type": "take", "colour": "green"})
    assert "LC-G9" in after.hands[0] and after.discards[3] == ("LC-G8",)


def test_taking_a_discard_does_not_shorten_the_draw_pile() -> None:
    """The draw pile keeps its size when a discard is taken."""
    state = state_with_yellow("", discards={"green": "G8"})
    after = play_both(state, play("Y2"), {"type": "take", "colour": "green"})
    assert after.deck == state.deck


def test_a_colour_that_is_not_in_the_game_cannot_be_taken() -> None:
    """Purple does not exist in the five-colour game; nonsense colours are refused too."""
    state = ENGINE.apply(state_with_yellow(""), 0, play("Y2"))
    for colour in ["purple", "Red", "orange", "__class__", ""]:
        assert_rejected(ENGINE, state, 0, {"type": "take", "colour": colour})


# --- who may act, with what ------------------------------------------------------------


def test_a_move_out_of_turn_is_rejected() -> None:
    """Only the active seat may act, and the other seat has no legal action."""
    state = state_with_yellow("")
    assert ENGINE.legal_actions(state, 1) == []
    assert_rejected(ENGINE, state, 1, play("B2"), match="not your turn")


def test_a_card_that_is_not_in_hand_is_rejected_without_saying_where_it_is() -> None:
    """The opponent's card, a deck card and an unknown id get the same message."""
    state = state_with_yellow("")
    messages = {
        assert_rejected(ENGINE, state, 0, {"type": kind, "card": card}).message
        for kind in ("play", "discard")
        for card in ["LC-B2", state.deck[0], "LC-Y99", "LC-P5"]
    }
    assert messages == {"You do not hold that card."}


@pytest.mark.parametrize(
    "payload",
    [
        None,
        "draw",
        ["play", "LC-Y2"],
        {},
        {"type": "PLAY", "card": "LC-Y2"},
        {"type": "play"},
        {"type": "play", "card": "LC-Y2", "to": "expedition"},
        {"type": "play", "card": 7},
        {"type": "play", "card": ["LC-Y2"]},
        {"type": "play", "card": "LC-Y2" * 20_000},
        {"type": "discard", "card": None},
        {"card": "LC-Y2"},
    ],
)
def test_malformed_actions_are_rejected_and_change_nothing(payload) -> None:
    """Junk payloads raise IllegalAction and leave the state as it was."""
    assert_rejected(ENGINE, state_with_yellow(""), 0, payload)


def test_the_three_wagers_of_a_colour_are_interchangeable() -> None:
    """Any wager id may start a column, and another may follow it."""
    state = build_state(hands=["YW1 YW2 YW3 G2 G3 G4 G5 G6", HAND_1])
    state = play_both(state, play("YW3"), {"type": "draw"})
    state = play_both(state, play("B2"), {"type": "draw"})
    assert {"LC-YW1", "LC-YW2"} <= playable(state)


# --- the clock's move ------------------------------------------------------------------


def test_the_timeout_move_discards_a_card_nobody_can_use_then_draws() -> None:
    """Out of time: a dead card (yellow 2 under a yellow 4 on both sides) goes first."""
    state = build_state(
        hands=["Y2 B9 B10 R9 R10 G9 G10 W10", HAND_1],
        columns=[{"yellow": "Y4", "blue": "B8"}, {"yellow": "Y3"}],
    )
    assert ENGINE.timeout_action(state, 0) == {"type": "discard", "card": "LC-Y2"}
    state = ENGINE.apply(state, 0, ENGINE.timeout_action(state, 0))
    assert ENGINE.timeout_action(state, 0) == {"type": "draw"}


def test_the_timeout_move_is_always_legal() -> None:
    """Through a whole match of timeouts, every timeout move is accepted."""
    state = ENGINE.setup(players=2, seed=11, options={"rounds": 2})
    while ENGINE.outcome(state) is None:
        seat = state.active
        action = ENGINE.timeout_action(state, seat)
        assert action in ENGINE.legal_actions(state, seat)
        state = ENGINE.apply(state, seat, action)
    assert ENGINE.outcome(state) is not None


def test_no_move_is_legal_once_the_match_is_over() -> None:
    """A finished match refuses everything, with a clear message."""
    state = ENGINE.setup(players=2, seed=11, options={"rounds": 1})
    while ENGINE.outcome(state) is None:
        state = ENGINE.apply(state, state.active, ENGINE.timeout_action(state, state.active))
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_actions(state, 0) == ENGINE.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction, match="The game is over"):
        ENGINE.apply(state, state.active, {"type": "draw"})
