"""A Chapter 1 turn's choice (rules §4.2): buy a module, take the start player marker, or drop out.

Choosing an arm opens the payment (`paying`); the other two end the turn at once.
"""

from __future__ import annotations

from games.engine import Action, IllegalAction
from games.reworld.data import NUMBERS
from games.reworld.house_rules import ARMS, HOUSE_RULES
from games.reworld.rounds import next_turn
from games.reworld.rules import completable
from games.reworld.state import ReworldState, evolve, logged, with_seat
from games.reworld.station import (
    NO_CARDS,
    affordable,
    arm_price,
    hand_counts,
    price_text,
    take_card,
    top_numbers,
)
from games.words import msg, nmsg

__all__ = ["buy", "buy_actions", "drop_out", "take_marker"]


def buy_actions(state: ReworldState, seat: int) -> list[Action]:
    """Return the arms `seat` can pay for, the marker (once a round) and dropping out."""
    counts = hand_counts(state.seats[seat].hand)
    tops = top_numbers(state)
    actions: list[Action] = [
        {"type": "buy", "arm": arm}
        for arm in range(ARMS)
        if state.arms[arm] and affordable(tops, arm, counts)
    ]
    if not state.marker_taken:
        actions += [{"type": "marker", "number": n} for n in NUMBERS if counts[n]]
    actions.append({"type": "drop"})
    return actions


def buy(state: ReworldState, seat: int, arm: int) -> ReworldState:
    """Choose the arm to pay for (§4.2 a); the payment follows card by card."""
    if not 0 <= arm < ARMS:
        raise IllegalAction(msg("The station has spaces 1 to %(n)s.", n=ARMS))
    if not state.arms[arm]:
        raise IllegalAction(
            msg("The module on space %(space)s has already been bought this round.", space=arm + 1)
        )
    required = arm_price(top_numbers(state), arm)
    if not completable(required, NO_CARDS, hand_counts(state.seats[seat].hand)):
        raise IllegalAction(
            msg(
                "You cannot pay for space %(space)s: it costs %(price)s.",
                space=arm + 1,
                price=price_text(required),
            )
        )
    return evolve(state, phase="pay", pending=arm, paid=(), marks=(f"arm-{arm}",))


def take_marker(state: ReworldState, seat: int, number: int) -> ReworldState:
    """Take the start player marker for one card of `number`, face down (§4.2 b, H4)."""
    if state.marker_taken:
        raise IllegalAction(msg("The start player marker has already been taken this round."))
    if number not in NUMBERS:
        raise IllegalAction(msg("Officer cards show the numbers 1 to 5."))
    player = state.seats[seat]
    if not hand_counts(player.hand)[number]:
        raise IllegalAction(msg("You hold no %(number)s to discard.", number=number))
    card, rest = take_card(player.hand, number)
    assert HOUSE_RULES.marker_cost == 1  # H4: one card of any number, face down
    state = evolve(
        state,
        start=seat,
        marker_taken=True,
        discards=(*state.discards, (seat, card)),
        seats=with_seat(state, seat, evolve(player, hand=rest)),
        **logged(
            state,
            seat,
            msg("took the start player marker (one card discarded face down)"),
            "marker",
        ),
    )
    return next_turn(state, seat)


def drop_out(state: ReworldState, seat: int) -> ReworldState:
    """Drop out of the round, keeping the cards in hand (§4.2 c)."""
    player = state.seats[seat]
    state = evolve(
        state,
        seats=with_seat(state, seat, evolve(player, dropped=True)),
        **logged(
            state,
            seat,
            nmsg(
                "dropped out of the round, keeping %(n)s card",
                "dropped out of the round, keeping %(n)s cards",
                len(player.hand),
            ),
        ),
    )
    return next_turn(state, seat)
