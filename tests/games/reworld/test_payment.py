"""The payment rule (rules §4.3, §4.4, H3, H5) and worked examples 1-6 of §11."""

from __future__ import annotations

from itertools import combinations_with_replacement

import pytest

from games.reworld.house_rules import MODULES, NUMBER
from games.reworld.rules import completable, counts_of, neighbours, payment_is_legal
from tests.games.kit import assert_rejected
from tests.games.reworld.helpers import ENGINE, chapter_one, hand_numbers, play

BUY = {"type": "buy", "arm": 5}


def pay(n: int) -> dict:
    return {"type": "pay", "number": n}


def top(n: int) -> dict:
    return {"type": "top", "number": n}


def test_every_arm_has_two_neighbours_and_the_ring_is_closed() -> None:
    """§2.3, H3: arm i touches i-1 and i+1; arms 19 and 0 are neighbours."""
    assert neighbours(5, 20, True) == (4, 6)
    assert neighbours(0, 20, True) == (19, 1)
    assert neighbours(19, 20, True) == (18, 0)
    assert neighbours(0, 20, False) == (1,)


# --- the rule table of §4.3 and examples 1-4 as pure cases ------------------------------


@pytest.mark.parametrize(
    ("required", "paid", "legal"),
    [
        # Example 1: arms 4 and 6 unclaimed.
        ((), [3], True),
        ((), [3, 5], False),  # H5: over-payment
        ((), [], False),
        # Example 2: one claimed neighbour with top 2.
        ((2,), [2], True),
        ((2,), [4], False),
        ((2,), [1, 5], True),
        ((2,), [2, 2], True),
        ((2,), [2, 2, 2], False),
        # Example 3: both neighbours show 3.
        ((3,), [3], True),
        ((3,), [1, 4], True),
        ((3,), [3, 1], True),
        # Example 4: neighbours show 1 and 3.
        ((1, 3), [1, 3], True),
        ((1, 3), [1, 5, 5], True),
        ((1, 3), [3, 2, 4], True),
        ((1, 3), [1, 1, 1], True),
        ((1, 3), [2, 2, 4, 5], True),
        ((1, 3), [1], False),
        ((1, 3), [3], False),
        ((1, 3), [1, 1], False),
        ((1, 3), [1, 5], False),
        ((1, 3), [5, 5], False),
        ((1, 3), [2, 4, 5], False),
        ((1, 3), [1, 2, 3, 4, 5], False),
        ((1, 3), [1, 1, 3, 3, 5], False),
    ],
)
def test_the_payment_table_of_section_4_3(required, paid, legal) -> None:
    assert payment_is_legal(required, paid) is legal


@pytest.mark.parametrize("required", [(), (1,), (3,), (5,), (1, 3), (2, 5), (4, 5)])
def test_completable_agrees_with_trying_every_payment(required) -> None:
    """A part-payment can be completed exactly when some legal payment contains it."""
    legal = [
        combo
        for size in range(1, 6)
        for combo in combinations_with_replacement(range(1, 6), size)
        if payment_is_legal(required, combo)
    ]
    hands = list(combinations_with_replacement(range(1, 6), 4))
    for hand_combo in hands:
        for size in range(0, 4):
            for paid in combinations_with_replacement(range(1, 6), size):
                hand, have = counts_of(hand_combo), counts_of(paid)
                expected = any(
                    all(
                        counts_of(p)[n] >= have[n] and counts_of(p)[n] - have[n] <= hand[n]
                        for n in range(1, 6)
                    )
                    for p in legal
                )
                assert completable(required, have, hand) is expected, (required, paid, hand_combo)


# --- the same examples played through the engine ----------------------------------------


def test_example_1_a_free_arm_costs_one_card_and_that_card_picks_the_row() -> None:
    """Arms 4 and 6 unclaimed: one 3 buys arm 5 and docks the module in row 3."""
    state = chapter_one(hands=["3 5", "1"], station={5: "TC"})
    assert ENGINE.price(state, 5) == ()
    state = play(state, BUY)
    assert state.phase == "pay" and state.pending == 5
    # Either card alone is a full payment; a second card would be over-payment.
    assert ENGINE.legal_actions(state, 0) == [pay(3), pay(5), {"type": "cancel"}]
    module = state.arms[5]
    state = play(state, pay(3))
    # One card, one number: the purchase completes at once.
    assert state.phase == "buy" and state.seats[0].rows[2] == (module,)
    assert [NUMBER[c] for c in state.slots[5]] == [3]
    assert state.buyers[5] == 0 and state.sold[5] == module and state.arms[5] == ""
    assert hand_numbers(state, 0) == [5]


def test_example_2_one_claimed_neighbour() -> None:
    """Arm 6 shows 2: a 2, or any two cards with a free choice of the top card."""
    state = chapter_one(hands=["1 2 2 2 4 5", "1"], tops={6: "2"})
    assert ENGINE.price(state, 5) == (2,)
    state = play(state, BUY)
    assert ENGINE.legal_actions(state, 0) == [pay(1), pay(2), pay(4), pay(5), {"type": "cancel"}]
    # [2]: complete, but a second card could still join, so the buyer confirms the top.
    after_two = play(state, pay(2))
    assert ENGINE.legal_actions(after_two, 0) == [
        pay(1), pay(2), pay(4), pay(5), top(2), {"type": "cancel"},
    ]  # fmt: skip
    assert play(after_two, top(2)).seats[0].rows[1] != ()
    # [2, 2] is legal but wasteful; [2, 2, 2] is not.
    twice = play(after_two, pay(2))
    assert twice.phase == "buy" and hand_numbers(twice, 0) == [1, 2, 4, 5]
    # [4] alone is not a payment: it must be joined by a second card.
    four = play(state, pay(4))
    assert [a for a in ENGINE.legal_actions(four, 0) if a["type"] == "top"] == []
    # [1, 5]: the buyer chooses 1 (row 1) or 5 (row 5).
    mixed = play(state, pay(1), pay(5))
    assert ENGINE.legal_actions(mixed, 0) == [top(1), top(5), {"type": "cancel"}]
    module = state.arms[5]
    five = play(mixed, top(5))
    assert five.seats[0].rows[4] == (module,)
    assert [NUMBER[c] for c in five.slots[5]] == [1, 5]
    one = play(mixed, top(1))
    assert one.seats[0].rows[0][-1] == module
    assert [NUMBER[c] for c in one.slots[5]] == [5, 1]


def test_example_2_illegal_payments_are_refused_with_a_reason() -> None:
    state = play(chapter_one(hands=["2 2 2 4", "1"], tops={6: "2"}), BUY)
    assert_rejected(ENGINE, state, 0, top(2), match="not complete")
    state = play(state, pay(2), pay(2))
    assert state.phase == "buy"  # [2, 2] completed at once: the third 2 never gets a chance
    state = play(chapter_one(hands=["2 2 2 4", "1"], tops={6: "2"}), BUY, pay(4))
    assert_rejected(ENGINE, state, 0, pay(3), match="hold no 3")
    assert_rejected(ENGINE, state, 0, pay(9), match="1 to 5")
    assert_rejected(ENGINE, state, 0, top(4), match="not complete")


def test_example_3_both_neighbours_show_the_same_number() -> None:
    """Arms 4 and 6 both show 3: R = {3}; [3], [1, 4] and [3, 1] all buy arm 5."""
    state = chapter_one(hands=["1 3 4", "1"], tops={4: "3", 6: "3"})
    assert ENGINE.price(state, 5) == (3,)
    bought = play(state, BUY, pay(3), top(3))
    assert bought.seats[0].rows[2] and hand_numbers(bought, 0) == [1, 4]
    assert play(state, BUY, pay(1), pay(4), top(4)).phase == "buy"
    assert play(state, BUY, pay(3), pay(1), top(1)).phase == "buy"


def test_example_4_two_different_numbers() -> None:
    """Arms 4 and 6 show 1 and 3: [1, 3], three with a match, or any four."""
    state = chapter_one(hands=["1 1 1 2 2 3 4 5 5", "1"], tops={4: "1", 6: "3"})
    assert ENGINE.price(state, 5) == (1, 3)
    for cards, chosen in [([1, 3], 3), ([1, 5, 5], 5), ([3, 2, 4], 2), ([1, 1, 1], 1)]:
        after = play(state, BUY, *[pay(n) for n in cards])
        if after.phase == "pay":
            after = play(after, top(chosen))
        assert after.phase == "buy", cards
        assert sorted(NUMBER[c] for c in after.slots[5]) == sorted(cards)
        assert NUMBER[after.slots[5][-1]] == chosen
    four = play(state, BUY, pay(2), pay(2), pay(4), pay(5), top(4))
    assert [NUMBER[c] for c in four.slots[5]] == [2, 2, 5, 4]
    # [1] and [1, 1] are not enough; [5, 5] cannot become [2, 4, 5]-like junk of three.
    assert not [a for a in ENGINE.legal_actions(play(state, BUY, pay(1)), 0) if a["type"] == "top"]
    two_fives = play(state, BUY, pay(5), pay(5))
    assert [a for a in ENGINE.legal_actions(two_fives, 0) if a["type"] == "top"] == []
    # Two unmatched cards need a 1 or a 3 next, or any two more: a 2 makes [5, 5, 2],
    # which can only grow to four cards.
    three = play(two_fives, pay(2))
    assert [a["type"] for a in ENGINE.legal_actions(three, 0)].count("top") == 0
    assert_rejected(ENGINE, play(state, BUY, pay(2), pay(4), pay(5)), 0, top(5), match="complete")


def test_example_4_paying_five_cards_is_never_possible() -> None:
    state = chapter_one(hands=["2 2 4 5 5", "1"], tops={4: "1", 6: "3"})
    state = play(state, BUY, pay(2), pay(2), pay(4), pay(5))
    assert_rejected(ENGINE, state, 0, pay(5), match="may not pay more")


def test_a_space_the_hand_cannot_pay_for_cannot_be_chosen() -> None:
    """With only a 5 against R = {1, 3}, arm 5 is not offered and buying it is refused."""
    state = chapter_one(hands=["5", "1"], tops={4: "1", 6: "3"})
    assert {"type": "buy", "arm": 5} not in ENGINE.legal_actions(state, 0)
    assert_rejected(ENGINE, state, 0, BUY, match="costs a 1 and a 3")


def test_example_5_the_top_card_is_what_later_buyers_must_match() -> None:
    """X buys arm 10 with [2, 5], 5 on top (row 5); arm 11 then needs a 5 or two cards.

    Arm 9 shows a 3, so two cards of any numbers pay for arm 10.
    """
    state = chapter_one(hands=["2 5", "2"], tops={9: "3"}, station={10: "S"})
    module = state.arms[10]
    state = play(state, {"type": "buy", "arm": 10}, pay(2), pay(5), top(5))
    assert state.seats[0].rows[4] == (module,)
    assert ENGINE.price(state, 11) == (5,)
    # The next player holds a single 2: not enough for arm 11, fine for arm 13.
    assert state.active == 1
    legal = ENGINE.legal_actions(state, 1)
    assert {"type": "buy", "arm": 11} not in legal and {"type": "buy", "arm": 13} in legal


def test_example_6_the_ring_closes_between_arms_19_and_0() -> None:
    """Arm 19 shows 4 and arm 1 is unclaimed: arm 0 needs a 4 or any two cards."""
    state = chapter_one(hands=["4 1 2", "1"], tops={19: "4"})
    assert ENGINE.price(state, 0) == (4,)
    state = play(state, {"type": "buy", "arm": 0})
    assert ENGINE.legal_actions(state, 0) == [pay(1), pay(2), pay(4), {"type": "cancel"}]
    single = play(chapter_one(hands=["1", "1"], tops={19: "4"}), {"type": "buy", "arm": 1})
    assert single.phase == "pay"  # arm 1 is free: its neighbours 0 and 2 are unclaimed


def test_the_cards_paid_stay_visible_and_the_price_of_a_neighbour_follows_its_top() -> None:
    """All paid cards lie in the arm's slot until the round ends; only the top matters."""
    state = chapter_one(hands=["1 3 4", "2"], tops={6: "5 2"})
    assert ENGINE.price(state, 5) == (2,) and ENGINE.price(state, 7) == (2,)
    view = ENGINE.view(state, 1)
    assert view["station"][6]["cards"] == [5, 2] and view["station"][6]["top"] == 2


def test_taking_the_cards_back_returns_them_and_the_turn_goes_on() -> None:
    """A player may change their mind while paying: the cards go back, nothing else moves."""
    state = chapter_one(hands=["1 2 2 5", "1"], tops={4: "1", 6: "3"})
    before = state
    state = play(state, BUY, pay(2), pay(2))
    assert hand_numbers(state, 0) == [1, 5]
    back = play(state, {"type": "cancel"})
    assert back.phase == "buy" and back.active == 0 and back.pending == -1
    assert back.seats[0].hand == before.seats[0].hand and back.arms == before.arms


def test_buying_a_terrabot_scores_one_point_at_once() -> None:
    """§4.5, H6: +1 VP per terrabot bought."""
    state = chapter_one(hands=["3", "1"], station={5: "TB"})
    after = play(state, BUY, pay(3))
    assert after.seats[0].points[0] == 1 and sum(after.seats[0].points) == 1
    assert MODULES[after.seats[0].rows[2][-1]].letter == "B"
    shuttle = play(chapter_one(hands=["3", "1"], station={5: "S"}), BUY, pay(3))
    assert sum(shuttle.seats[0].points) == 0


def test_a_bought_arm_cannot_be_bought_again_and_arms_are_1_to_20() -> None:
    state = chapter_one(hands=["3 4", "1"], tops={6: "2"})
    assert_rejected(ENGINE, state, 0, {"type": "buy", "arm": 6}, match="already been bought")
    assert_rejected(ENGINE, state, 0, {"type": "buy", "arm": 20}, match="spaces 1 to 20")
    assert_rejected(ENGINE, state, 0, {"type": "buy", "arm": -1}, match="spaces 1 to 20")


def test_paying_is_refused_outside_a_purchase_and_buying_inside_one() -> None:
    state = chapter_one(hands=["3 4", "1"])
    assert_rejected(ENGINE, state, 0, pay(3), match="Buy a module")
    paying = play(state, BUY)
    assert_rejected(ENGINE, paying, 0, {"type": "buy", "arm": 7}, match="Finish paying")
    assert_rejected(ENGINE, paying, 0, {"type": "drop"}, match="Finish paying")
    assert_rejected(ENGINE, paying, 1, pay(1), match="not your turn")
