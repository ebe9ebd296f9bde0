"""Chapter 1's rounds (rules §4.1, §4.2, §4.6): the deal, the turn order, the round end."""

from __future__ import annotations

from games import rng
from games.reworld.house_rules import ARMS, CATALOGUE, HAND_SIZE, HOUSE_RULES, MODULES, ROUNDS
from games.reworld.state import ReworldState, evolve, logged, with_seat
from games.reworld.station import can_buy_any, sorted_cards
from games.reworld.undocking import begin_chapter_two
from games.words import msg, nmsg

__all__ = ["deal", "end_round", "next_turn"]


def deal(state: ReworldState, round_no: int) -> ReworldState:
    """Start round `round_no` (§4.1): 20 modules from the bag, fresh hands, marker holder first."""
    drawn = rng.shuffled(state.bag, seed=state.seed, salt=f"reworld/draw-{round_no}")
    arms = tuple(drawn[:ARMS])
    bag = tuple(sorted(drawn[ARMS:], key=lambda m: MODULES[m].order))
    cards = rng.shuffled(CATALOGUE.card_ids, seed=state.seed, salt=f"reworld/deal-{round_no}")
    size = HAND_SIZE[state.players]
    seats = tuple(
        evolve(player, hand=sorted_cards(cards[seat * size : (seat + 1) * size]), dropped=False)
        for seat, player in enumerate(state.seats)
    )
    state = evolve(
        state,
        phase="buy",
        round=round_no,
        marker_taken=False,
        bag=bag,
        arms=arms,
        sold=("",) * ARMS,
        slots=((),) * ARMS,
        buyers=(-1,) * ARMS,
        undealt=sorted_cards(cards[size * state.players :]),
        discards=(),
        seats=seats,
        pending=-1,
        paid=(),
        # A row docked into at the end of the last round stays highlighted; arms are new.
        marks=tuple(mark for mark in state.marks if mark.startswith("row-")),
        **logged(state, -1, msg("round %(round)s of Chapter 1 begins", round=round_no)),
    )
    # The marker holder starts (§4.1 step 3).
    return next_turn(state, (state.start - 1) % state.players)


def next_turn(state: ReworldState, after: int) -> ReworldState:
    """Pass the turn clockwise from `after` in Chapter 1 (§4.2), or end the round (§4.6).

    Dropped-out players are skipped. A player without cards, or with neither a
    purchase nor the marker available, drops out automatically.
    """
    if not any(state.arms):
        return end_round(state)
    players = state.players
    for step in range(1, players + 1):
        seat = (after + step) % players
        player = state.seats[seat]
        if player.dropped:
            continue
        if not player.hand:
            reason = msg("has no cards left and drops out")
        elif state.marker_taken and not can_buy_any(state, player.hand):
            reason = msg("can pay for no module and drops out")
        else:
            return evolve(state, active=seat)
        state = evolve(
            state,
            seats=with_seat(state, seat, evolve(player, dropped=True)),
            **logged(state, seat, reason),
        )
    return end_round(state)


def end_round(state: ReworldState) -> ReworldState:
    """End the round (§4.6): score kept cards, remove leftovers, deal again or go on."""
    kept = tuple(len(player.hand) for player in state.seats)
    seats = tuple(
        evolve(
            player,
            hand=(),
            dropped=False,
            points=(
                player.points[0],
                player.points[1] + HOUSE_RULES.card_points * len(player.hand),
                *player.points[2:],
            ),
        )
        for player in state.seats
    )
    leftovers = tuple(module for module in state.arms if module)
    points = HOUSE_RULES.card_points
    if leftovers:
        text = nmsg(
            "round %(round)s is over: cards kept score %(points)s each, "
            "%(n)s leftover module leaves the game",
            "round %(round)s is over: cards kept score %(points)s each, "
            "%(n)s leftover modules leave the game",
            len(leftovers),
            round=state.round,
            points=points,
        )
    else:
        text = msg(
            "round %(round)s is over: cards kept score %(points)s each",
            round=state.round,
            points=points,
        )
    state = evolve(
        state,
        seats=seats,
        removed=(*state.removed, *leftovers),
        arms=("",) * ARMS,
        history=(*state.history, kept),
        **logged(state, -1, text),
    )
    if state.round < ROUNDS:
        # Cards in slots, hands, undealt and discarded are collected and dealt afresh.
        return deal(state, state.round + 1)
    return begin_chapter_two(state)
