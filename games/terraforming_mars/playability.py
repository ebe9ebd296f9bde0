"""Can a card be played now? Requirements (§4.1), cost (§5) and mandatory effects (§4.1.1).

`play_block` answers None (playable) or the reason in words, which the board shows next to
every card that cannot be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.terraforming_mars.board import any_legal_space, legal_spaces, map_of
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import colony_requirement_block, colony_spaces
from games.terraforming_mars.constants import (
    PRODUCTION_MIN,
    REQUIREMENT_STEP,
    RES_INDEX,
    RESOURCE_LABELS,
    TAGS,
)
from games.terraforming_mars.kernel import CHECKS
from games.terraforming_mars.payment import capacity, card_cost
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import tag_shortfall
from games.terraforming_mars.vocab import TAG_WORDS, tile_label
from games.words import Msg, msg, nmsg

__all__ = ["OP_CHECKS", "play_block", "requirement_block", "req_steps"]


def req_steps(st: State, seat: int) -> int:
    """Return how many steps easier global requirements are for `seat` (§4.1)."""
    player = st.players[seat]
    steps = player.mods.req_steps
    for kind, value in player.next_card:
        if kind == "req_steps":
            steps += value
    return steps


def _global_value(st: State, what: str) -> int:
    if what == "oxygen":
        return st.oxygen
    if what == "temperature":
        return st.temperature
    return st.oceans


def _global_need(what: str, limit: int, now: int, *, more: bool) -> Msg:
    """Return "Needs oxygen 5 % or more (now 1 %)." for a global requirement not met."""
    if what == "oxygen":
        if more:
            return msg("Needs oxygen %(limit)s %% or more (now %(now)s %%).", limit=limit, now=now)
        return msg("Needs oxygen %(limit)s %% or less (now %(now)s %%).", limit=limit, now=now)
    if what == "temperature":
        if more:
            return msg(
                "Needs temperature %(limit)s °C or more (now %(now)s °C).", limit=limit, now=now
            )
        return msg("Needs temperature %(limit)s °C or less (now %(now)s °C).", limit=limit, now=now)
    if more:
        return msg(
            "Needs oceans %(limit)s oceans or more (now %(now)s oceans).", limit=limit, now=now
        )
    return msg("Needs oceans %(limit)s oceans or less (now %(now)s oceans).", limit=limit, now=now)


def requirement_block(st: State, seat: int, card_id: str) -> str | None:
    """Return why the card's requirement is not met now, or None (§4.1 step 1)."""
    card = CARDS[card_id]
    if not card.req:
        return None
    player = st.players[seat]
    # §13: the tag requirements are met together, each wild tag filling one missing tag.
    short = tag_shortfall(player, ((req[1], req[2]) for req in card.req if req[0] == "tag"))
    for req in card.req:
        kind = req[0]
        if kind == "global":
            _, what, bound, limit = req
            now = _global_value(st, what)
            slack = req_steps(st, seat) * REQUIREMENT_STEP[what]
            if bound == "min" and now < limit - slack:
                return _global_need(what, limit, now, more=True)
            if bound == "max" and now > limit + slack:
                return _global_need(what, limit, now, more=False)
        elif kind == "tag":
            if short is not None and short[0] == req[1]:
                return msg(
                    "Needs %(n)s %(tag)s tags (you have %(have)s).",
                    n=req[2],
                    tag=TAG_WORDS.get(TAGS[req[1]], TAGS[req[1]]),
                    have=short[2],
                )
        elif kind == "production":
            if player.prod[req[1]] < req[2]:
                return msg("Needs %(resource)s production.", resource=RESOURCE_LABELS[req[1]])
        elif kind == "greeneries_own":
            have = sum(1 for k, who, _ in st.board.values() if k == "greenery" and who == seat)
            if have < req[1]:
                return nmsg(
                    "Needs %(n)s of your greenery tiles (you have %(have)s).",
                    "Needs %(n)s of your greenery tiles (you have %(have)s).",
                    req[1],
                    have=have,
                )
        elif kind in ("floaters_own", "colonies_own", "cities_own"):
            reason = colony_requirement_block(st, seat, req)
            if reason is not None:
                return reason
        elif kind == "cities_any":
            have = st.cities()
            if have < req[1]:
                return nmsg(
                    "Needs %(n)s city in play (now %(have)s).",
                    "Needs %(n)s cities in play (now %(have)s).",
                    req[1],
                    have=have,
                )
    return None


def _check_prod(st: State, seat: int, effect: tuple[Any, ...], credit: int = 0) -> str | None:
    """A production decrease must fit above the minimum (§1.1, §4.1.1).

    `credit` is what the card raises that production by first (its own tiles' triggers).
    """
    res, amount = RES_INDEX[effect[1]], effect[2]
    if amount < 0 and st.players[seat].prod[res] + credit + amount < PRODUCTION_MIN[res]:
        return msg("Your %(resource)s production is too low.", resource=RESOURCE_LABELS[res])
    return None


def _tile_production(st: State, seat: int, card_id: str, before: int) -> dict[str, int]:
    """Return the production `seat` surely gains from the card's tiles placed before effect
    number `before`: the triggers of the seat's cards in play and of the card itself, which
    is in play when its effects resolve (Immigrant City's own city: +1 M€ production; with
    Tharsis Republic +1 more). A trigger that depends on the space chosen (a metal bonus) is
    not counted; one that depends on Mars counts only when every legal space agrees.
    """
    card = CARDS[card_id]
    triggers = [t for _, t in st.players[seat].mods.triggers] + list(card.triggers)
    gains: dict[str, int] = {}
    for effect in card.play[:before]:
        if effect[0] != "tile":
            continue
        spaces = legal_spaces(st, seat, effect[2])
        on_mars = {space in map_of(st).by_id for space in spaces}
        for trigger in triggers:
            if trigger.event != "tile" or not _sure_to_fire(trigger.cond, effect[1], on_mars):
                continue
            for op in trigger.ops:
                if op[0] == "prod" and op[2] > 0:
                    gains[op[1]] = gains.get(op[1], 0) + op[2]
    return gains


def _colony_offsets(st: State, seat: int, card_id: str, before: int) -> bool:
    """Whether a colony the card places before effect `before` can go to a tile whose build
    bonus, with the player's own colony triggers (Poseidon's +1 M€ production), keeps its
    later production drops legal (Minority Refuge onto Luna at -4 M€ production, or onto any
    tile with Poseidon); colonies.ColonyPlace then offers only such tiles."""
    for effect in CARDS[card_id].play[:before]:
        if effect[0] == "colony" and colony_spaces(st, seat, card_id, bool(effect[1])):
            return True
    return False


def _sure_to_fire(cond: tuple[tuple[str, Any], ...], kind: str, on_mars: set[bool]) -> bool:
    for key, value in cond:
        if key == "tile" and value != kind:
            return False
        if key == "mars" and on_mars != {value}:
            return False
        if key not in ("tile", "mars"):
            return False
    return True


def _check_tile(st: State, seat: int, effect: tuple[Any, ...]) -> str | None:
    # §4.1.1: a tile other than an ocean must be placeable.
    kind, rule = effect[1], effect[2]
    if kind != "ocean" and not any_legal_space(st, seat, rule):
        return msg("There is no legal space for the %(tile)s tile.", tile=tile_label(kind, ""))
    return None


def _someone_has(
    st: State, seat: int, res: int, amount: int, *, include_self: bool, own_gain: int = 0
) -> bool:
    if st.solo:
        return True  # §11.1: the neutral player can always take it
    minimum = PRODUCTION_MIN[res]
    return any(
        (i != seat or include_self)
        and p.prod[res] + (own_gain if i == seat else 0) - amount >= minimum
        for i, p in enumerate(st.players)
    )


def _check_red_prod(st: State, seat: int, effect: tuple[Any, ...]) -> str | None:
    # §4.1.1: with strict_red_frame some player (yourself included) must have enough.
    if not st.settings.strict_red_frame:
        return None
    res, amount = RES_INDEX[effect[1]], effect[2]
    if not _someone_has(st, seat, res, amount, include_self=True):
        return msg(
            "Nobody has enough %(resource)s production to lower.", resource=RESOURCE_LABELS[res]
        )
    return None


def _check_steal_prod(st: State, seat: int, effect: tuple[Any, ...]) -> str | None:
    # §4.1.1 "move production from any player to you": your own increase comes first, so
    # with strict_red_frame you can always be the one who loses it (Energy Tapping when
    # nobody has energy production: +1, then -1 from yourself).
    if not st.settings.strict_red_frame:
        return None
    res, amount = RES_INDEX[effect[1]], effect[2]
    if not _someone_has(st, seat, res, amount, include_self=True, own_gain=amount):
        return msg(
            "Nobody has enough %(resource)s production to lower.", resource=RESOURCE_LABELS[res]
        )
    return None


def _check_hook(st: State, seat: int, effect: tuple[Any, ...]) -> str | None:
    test = CHECKS.get(effect[1])
    return test(st, seat, "") if test is not None else None


OP_CHECKS: dict[str, Callable[[State, int, tuple[Any, ...]], str | None]] = {
    "prod": _check_prod,
    "tile": _check_tile,
    "red_prod": _check_red_prod,
    "steal_prod": _check_steal_prod,
    "hook": _check_hook,
}


def play_block(st: State, seat: int, card_id: str) -> str | None:
    """Return None when `seat` may play `card_id` from hand now, else the reason (§4.1).

    Frozen states memoise the answer per card.
    """
    attributes = st.__dict__
    memo: dict[tuple[int, str], str | None] | None = None
    if "_owned" not in attributes:
        memo = attributes.get("_blocks")
        if memo is None:
            memo = attributes["_blocks"] = {}
        key = (seat, card_id)
        if key in memo:
            return memo[key]
    reason = _play_block(st, seat, card_id)
    if memo is not None:
        memo[(seat, card_id)] = reason
    return reason


def _play_block(st: State, seat: int, card_id: str) -> str | None:
    card = CARDS[card_id]
    reason = requirement_block(st, seat, card_id)
    if reason is not None:
        return reason
    player = st.players[seat]
    cost = card_cost(player, card_id)
    can = capacity(player, card.building, card.space, "plant" in card.tags)
    if can < cost:
        return msg("Costs %(cost)s M€; you can pay %(can)s M€.", cost=cost, can=can)
    for index, effect in enumerate(card.play):
        if effect[0] == "prod" and effect[2] < 0:
            credit = _tile_production(st, seat, card_id, index).get(effect[1], 0)
            reason = _check_prod(st, seat, effect, credit)
            if reason is not None and _colony_offsets(st, seat, card_id, index):
                reason = None
        else:
            test = OP_CHECKS.get(effect[0])
            reason = test(st, seat, effect) if test is not None else None
        if reason is not None:
            return reason
    for name in card.checks:
        reason = CHECKS[name](st, seat, card_id)
        if reason is not None:
            return reason
    return None
