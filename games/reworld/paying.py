"""Paying for the chosen arm and docking its module (rules §4.3, §4.4, §4.5).

Cards are laid one at a time; the top card, chosen last, names the docking row.
"""

from __future__ import annotations

from games.engine import Action, IllegalAction
from games.reworld.data import NUMBERS
from games.reworld.house_rules import HOUSE_RULES, MODULES, NUMBER, a_label
from games.reworld.rounds import next_turn
from games.reworld.rules import completable, counts_of, payment_is_legal
from games.reworld.state import ReworldState, evolve, logged, with_seat
from games.reworld.station import (
    arm_price,
    hand_counts,
    number_list,
    plus,
    price_text,
    sorted_cards,
    take_card,
    top_numbers,
)
from games.words import msg

__all__ = ["cancel", "choose_top", "pay", "pay_actions"]


def pay_actions(state: ReworldState, seat: int) -> list[Action]:
    """Return the cards that keep the payment completable, the legal top cards, and cancel."""
    player = state.seats[seat]
    required = arm_price(top_numbers(state), state.pending)
    paid_numbers = [NUMBER[card] for card in state.paid]
    paid = counts_of(paid_numbers)
    hand = hand_counts(player.hand)
    actions: list[Action] = []
    for n in NUMBERS:
        if hand[n] and completable(required, plus(paid, n, 1), plus(hand, n, -1)):
            actions.append({"type": "pay", "number": n})
    if payment_is_legal(required, paid_numbers):
        actions += [{"type": "top", "number": n} for n in NUMBERS if paid[n]]
    actions.append({"type": "cancel"})
    return actions


def pay(state: ReworldState, seat: int, number: int) -> ReworldState:
    """Lay a card of `number`; a payment that is complete and has one top card docks at once."""
    player = state.seats[seat]
    if number not in NUMBERS:
        raise IllegalAction(msg("Officer cards show the numbers 1 to 5."))
    hand = hand_counts(player.hand)
    if not hand[number]:
        raise IllegalAction(msg("You hold no %(number)s.", number=number))
    arm = state.pending
    required = arm_price(top_numbers(state), arm)
    paid = counts_of([NUMBER[card] for card in state.paid])
    if not completable(required, plus(paid, number, 1), plus(hand, number, -1)):
        raise IllegalAction(
            msg(
                "A %(number)s does not fit this payment: space %(space)s costs %(price)s, "
                "and you may not pay more than that.",
                number=number,
                space=arm + 1,
                price=price_text(required),
            )
        )
    card, rest = take_card(player.hand, number)
    state = evolve(
        state, seats=with_seat(state, seat, evolve(player, hand=rest)), paid=(*state.paid, card)
    )
    numbers = [NUMBER[c] for c in state.paid]
    # A complete payment that cannot grow and has one number only has one top card.
    if len(set(numbers)) == 1 and payment_is_legal(required, numbers):
        hand_now = hand_counts(rest)
        paid_now = counts_of(numbers)
        can_grow = any(
            hand_now[n] and completable(required, plus(paid_now, n, 1), plus(hand_now, n, -1))
            for n in NUMBERS
        )
        if not can_grow:
            return _finish_purchase(state, seat, number)
    return state


def choose_top(state: ReworldState, seat: int, number: int) -> ReworldState:
    """Finish a legal payment with a card of `number` on top: it docks in row `number`."""
    arm = state.pending
    required = arm_price(top_numbers(state), arm)
    numbers = [NUMBER[card] for card in state.paid]
    if not payment_is_legal(required, numbers):
        raise IllegalAction(
            msg(
                "The payment is not complete yet: space %(space)s costs %(price)s.",
                space=arm + 1,
                price=price_text(required),
            )
        )
    if number not in numbers:
        raise IllegalAction(
            msg(
                "The top card must be one of the cards you paid: %(numbers)s.",
                numbers=number_list(sorted(numbers)),
            )
        )
    return _finish_purchase(state, seat, number)


def _finish_purchase(state: ReworldState, seat: int, top: int) -> ReworldState:
    """Lay the paid cards with `top` last, dock the module in row `top` (§4.3, §4.4)."""
    arm = state.pending
    paid = state.paid
    index = next(i for i, card in enumerate(paid) if NUMBER[card] == top)
    slot = (*paid[:index], *paid[index + 1 :], paid[index])
    module = state.arms[arm]
    player = state.seats[seat]
    rows = player.rows
    rows = (*rows[: top - 1], (*rows[top - 1], module), *rows[top:])
    points = player.points
    if MODULES[module].kind == "terrabot":
        # §4.5 (house rule H6): a terrabot scores at once.
        points = (points[0] + HOUSE_RULES.terrabot_points, *points[1:])
    if len(paid) == 1:
        text = msg(
            "bought %(module)s on space %(space)s with a %(top)s: row %(top)s",
            module=a_label(module),
            space=arm + 1,
            top=top,
        )
    else:
        text = msg(
            "bought %(module)s on space %(space)s with %(paid)s, the %(top)s on top: row %(top)s",
            module=a_label(module),
            space=arm + 1,
            paid=number_list([NUMBER[card] for card in paid]),
            top=top,
        )
    state = evolve(
        state,
        phase="buy",
        pending=-1,
        paid=(),
        arms=(*state.arms[:arm], "", *state.arms[arm + 1 :]),
        sold=(*state.sold[:arm], module, *state.sold[arm + 1 :]),
        slots=(*state.slots[:arm], slot, *state.slots[arm + 1 :]),
        buyers=(*state.buyers[:arm], seat, *state.buyers[arm + 1 :]),
        seats=with_seat(state, seat, evolve(player, rows=rows, points=points)),
        **logged(state, seat, text, f"arm-{arm}", f"row-{seat}-{top}"),
    )
    return next_turn(state, seat)


def cancel(state: ReworldState, seat: int) -> ReworldState:
    """Take the paid cards back into the hand; the turn goes on at the choice (§4.2)."""
    player = state.seats[seat]
    hand = sorted_cards((*player.hand, *state.paid))
    return evolve(
        state,
        phase="buy",
        pending=-1,
        paid=(),
        seats=with_seat(state, seat, evolve(player, hand=hand)),
        marks=(),
    )
