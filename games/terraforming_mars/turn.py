"""The action phase (rules §3.3, §4): the main choice of a turn and what each action queues.

The main choice is the decision of the active player when nothing else is pending:

    {"type": "play", "card": id}         play a card from hand (§4.1)
    {"type": "project", "project": key}  a standard project (§4.2)
    {"type": "claim", "milestone": key}  claim a milestone (§4.3)
    {"type": "fund", "award": key}       fund an award (§4.4)
    {"type": "use", "card": id}          the action of a blue card or corporation (§4.5)
    {"type": "convert", "resource": "plants" | "heat"}   (§4.6, §4.7)
    {"type": "first_action"}             a corporation's first action (§2.2 step 9)
    {"type": "pass"} / {"type": "end_turn"}
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars import colonies, flow
from games.terraforming_mars.board import any_legal_space, map_of
from games.terraforming_mars.cards.model import Mode
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    ACTIONS_PER_TURN,
    AWARD_COSTS,
    AWARDS_MAX,
    CITY_PROJECT_MC_PRODUCTION,
    ENERGY,
    HEAT,
    HEAT_PER_STEP,
    MC,
    MILESTONE_COST,
    MILESTONES_MAX,
    PLANTS,
    PRODUCTION_MIN,
    RES_INDEX,
    RESOURCE_LABELS,
    SELL_PATENT_MC,
    SELL_PATENTS_MIN,
    STANDARD_PROJECT_COST,
    STANDARD_PROJECTS,
)
from games.terraforming_mars.kernel import (
    CHECKS,
    Decision,
    add_card_res,
    add_prod,
    decision,
    fire,
    front,
    log,
    lose,
    op,
    push_ops,
    raise_temperature,
)
from games.terraforming_mars.milestones import MILESTONES
from games.terraforming_mars.payment import capacity, card_cost, pay_item
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.terraforming_mars.vocab import amount_of
from games.words import msg, nmsg

__all__ = [
    "apply_main",
    "award_block",
    "award_cost",
    "main_options",
    "milestone_block",
    "mode_block",
    "project_block",
    "project_cost",
    "use_block",
]

Action = dict[str, Any]


# --- availability, with the reason in words --------------------------------------------------


def project_cost(st: State, seat: int, key: str) -> int:
    discount = dict(st.players[seat].mods.sp_discount).get(key, 0)
    return max(0, STANDARD_PROJECT_COST[key] - discount)


def project_block(st: State, seat: int, key: str) -> str | None:
    """Return why a standard project cannot be used now, or None (§4.2)."""
    player = st.players[seat]
    if key == "sell_patents":
        if len(player.hand) >= SELL_PATENTS_MIN:
            return None
        return msg("You have no card to sell.")
    cost = project_cost(st, seat, key)
    if capacity(player) < cost:
        return msg("Costs %(n)s M€.", n=cost)
    if key == "greenery" and not any_legal_space(st, seat, "greenery"):
        return msg("There is no legal space for a greenery.")
    if key == "city" and not any_legal_space(st, seat, "city"):
        return msg("There is no legal space for a city.")
    return None


def milestone_block(st: State, seat: int, key: str) -> str | None:
    """Return why `seat` cannot claim the milestone now, or None (§4.3)."""
    if st.solo:
        return msg("No milestones in the solo game.")
    if any(k == key for k, _ in st.milestones):
        return msg("Already claimed.")
    if len(st.milestones) >= MILESTONES_MAX:
        return msg("Three milestones are already claimed.")
    milestone = MILESTONES[key]
    have = milestone.measure(st, seat)
    if have < milestone.target:
        return msg("You have %(n)s of %(target)s.", n=have, target=milestone.target)
    if capacity(st.players[seat]) < MILESTONE_COST:
        return msg("Costs %(n)s M€.", n=MILESTONE_COST)
    return None


def _claimable(st: State, seat: int) -> bool:
    """Cheap pre-check before measuring milestones: room left and 8 M€ at hand."""
    return len(st.milestones) < MILESTONES_MAX and capacity(st.players[seat]) >= MILESTONE_COST


def award_cost(st: State) -> int:
    return AWARD_COSTS[min(len(st.awards), len(AWARD_COSTS) - 1)]


def award_block(st: State, seat: int, key: str) -> str | None:
    """Return why `seat` cannot fund the award now, or None (§4.4)."""
    if st.solo:
        return msg("No awards in the solo game.")
    if any(k == key for k, _ in st.awards):
        return msg("Already funded.")
    if len(st.awards) >= AWARDS_MAX:
        return msg("Three awards are already funded.")
    cost = award_cost(st)
    if capacity(st.players[seat]) < cost:
        return msg("Costs %(n)s M€.", n=cost)
    return None


def mode_block(st: State, seat: int, card_id: str, mode: Mode) -> str | None:
    """Return why one way of using a card's action cannot be paid now, or None (§4.5)."""
    player = st.players[seat]
    for cost in mode.costs:
        kind = cost[0]
        if kind == "spend":
            res = RES_INDEX[cost[1]]
            held = player.stock[res]
            if res == HEAT:  # Stormcraft's floaters stand in for heat
                held = colonies.heat_available(st, seat)
            if held < cost[2]:
                return msg("Needs %(amount)s.", amount=amount_of(cost[2], cost[1]))
        elif kind == "pay":
            via = cost[2] if len(cost) > 2 else ""
            if capacity(player, via == "steel", via == "titanium") < cost[1]:
                return msg("Costs %(n)s M€.", n=cost[1])
        elif kind == "lose_prod":
            res = RES_INDEX[cost[1]]
            if player.prod[res] - cost[2] < PRODUCTION_MIN[res]:
                return msg(
                    "Your %(resource)s production is too low.", resource=RESOURCE_LABELS[res]
                )
        elif kind == "take":
            if player.res.get(card_id, 0) < cost[1]:
                return nmsg(
                    "Needs %(n)s resource on the card.",
                    "Needs %(n)s resources on the card.",
                    cost[1],
                )
        elif kind == "cond":
            reason = CHECKS[cost[1]](st, seat, card_id)
            if reason is not None:
                return reason
    return None


def use_block(st: State, seat: int, card_id: str) -> str | None:
    """Return why the card's action cannot be used now, or None."""
    card = CARDS[card_id]
    if not card.actions:
        return msg("This card has no action.")
    if card_id in st.players[seat].used:
        return msg("Already used this generation.")
    reasons = [mode_block(st, seat, card_id, mode) for mode in card.actions]
    if any(reason is None for reason in reasons):
        return None
    return reasons[0]


def convert_block(st: State, seat: int, resource: str) -> str | None:
    player = st.players[seat]
    if resource == "plants":
        need = player.mods.greenery_plants
        if player.stock[PLANTS] < need:
            return msg("Needs %(amount)s.", amount=amount_of(need, "plants"))
        if not any_legal_space(st, seat, "greenery"):
            return msg("There is no legal space for a greenery.")
        return None
    if player.stock[HEAT] + colonies.floater_heat(st, seat) < HEAT_PER_STEP:
        return msg("Needs %(amount)s.", amount=amount_of(HEAT_PER_STEP, "heat"))
    return None


# --- the main choice ---------------------------------------------------------------------------


def main_options(st: State, seat: int) -> list[Action]:
    """Return every legal action of the active player's turn (module docstring order)."""
    attributes = st.__dict__
    frozen = "_owned" not in attributes
    if frozen:
        memo: tuple[int, list[Action]] | None = attributes.get("_main")
        if memo is not None and memo[0] == seat:
            return memo[1]
    options = _main_options(st, seat)
    if frozen:
        attributes["_main"] = (seat, options)
    return options


def _main_options(st: State, seat: int) -> list[Action]:
    player = st.players[seat]
    if player.first_action:
        return [{"type": "first_action"}]
    options: list[Action] = []
    for card in player.hand:
        if play_block(st, seat, card) is None:
            options.append({"type": "play", "card": card})
    for card in player.in_play():
        if CARDS[card].actions and use_block(st, seat, card) is None:
            options.append({"type": "use", "card": card})
    for key, _cost in STANDARD_PROJECTS:
        if project_block(st, seat, key) is None:
            options.append({"type": "project", "project": key})
    for resource in ("plants", "heat"):
        if convert_block(st, seat, resource) is None:
            options.append({"type": "convert", "resource": resource})
    if not st.solo:
        board_map = map_of(st)
        if _claimable(st, seat):
            for key in board_map.milestones:
                if milestone_block(st, seat, key) is None:
                    options.append({"type": "claim", "milestone": key})
        if len(st.awards) < AWARDS_MAX and capacity(player) >= award_cost(st):
            for key in board_map.awards:
                if award_block(st, seat, key) is None:
                    options.append({"type": "fund", "award": key})
    if st.colonies:
        options.extend(colonies.colony_options(st, seat))
    if st.turn_actions == 0:
        options.append({"type": "pass"})
    else:
        options.append({"type": "end_turn"})
    return options


def apply_main(st: State, seat: int, action: Action) -> None:
    """Carry out a legal main choice on the writable state `st` (queue it, or act at once)."""
    kind = action["type"]
    player = st.pw(seat)
    end = ("end_action", seat, "")
    if kind == "play":
        card_id = action["card"]
        card = CARDS[card_id]
        cost = card_cost(player, card_id)
        hand = list(player.hand)
        hand.remove(card_id)
        player.hand = tuple(hand)
        player.next_card = ()
        log(st, seat, "plays", card_id)
        metals = {"steel": card.building, "titanium": card.space}
        plant = "plant" in card.tags  # Psychrophiles' microbes (Prelude)
        front(st, pay_item(st, seat, card_id, cost, **metals, plant=plant))
        front(st, ("paid", seat, card_id, card.cost))
        front(st, ("play_card", seat, "", card_id))
        front(st, end)
    elif kind == "project":
        key = action["project"]
        log(st, seat, "project", key)
        if key == "sell_patents":
            front(st, ("sell", seat, "", ()))
        else:
            front(st, pay_item(st, seat, "", project_cost(st, seat, key)))
            front(st, ("paid", seat, "", STANDARD_PROJECT_COST[key]))
            front(st, ("sp", seat, "", key))
        front(st, end)
    elif kind == "use":
        card_id = action["card"]
        player.used = (*player.used, card_id)
        log(st, seat, "use", card_id)
        modes = [m for m in CARDS[card_id].actions if mode_block(st, seat, card_id, m) is None]
        if len(modes) == 1:
            run_mode(st, seat, card_id, modes[0])
        else:
            front(st, ("mode", seat, card_id, tuple(m.key for m in modes)))
        front(st, end)
    elif kind == "convert":
        if action["resource"] == "plants":
            player.stock[PLANTS] -= player.mods.greenery_plants
            log(st, seat, "convert_plants")
            front(st, ("place", seat, "", "greenery", "greenery", ""))
        elif colonies.floater_heat(st, seat):
            front(st, ("colonies_heat_floaters", seat, colonies.floater_heat_card(st, seat)))
        else:
            player.stock[HEAT] -= HEAT_PER_STEP
            log(st, seat, "convert_heat")
            raise_temperature(st, seat, 1)
        front(st, end)
    elif kind == "claim":
        key = action["milestone"]
        front(st, pay_item(st, seat, "", MILESTONE_COST))
        front(st, ("claim", seat, "", key))
        front(st, end)
    elif kind == "fund":
        key = action["award"]
        front(st, pay_item(st, seat, "", award_cost(st)))
        front(st, ("fund", seat, "", key))
        front(st, end)
    elif kind == "first_action":
        corp = CARDS[player.first_action]
        player.first_action = ""
        log(st, seat, "first_action", corp.id)
        push_ops(st, seat, corp.id, corp.first_action)
        front(st, end)
    elif kind == "trade":
        colonies.apply_trade(st, seat, action)
        front(st, end)
    elif kind == "colony":
        colonies.apply_build(st, seat, action)
        front(st, end)
    elif kind == "pass":
        player.passed = True
        log(st, seat, "pass")
        flow.turn_over(st, seat)
    else:
        log(st, seat, "end_turn")
        flow.turn_over(st, seat)


def run_mode(st: State, seat: int, card_id: str, mode: Mode) -> None:
    """Pay a mode's costs, then queue its effects (§4.5)."""
    for cost in mode.costs:
        kind = cost[0]
        if kind == "spend" and cost[1] == "heat":
            front(st, ("spend_heat", seat, card_id, cost[2]))  # Stormcraft may use floaters
        elif kind == "spend":
            lose(st, seat, RES_INDEX[cost[1]], cost[2])
            log(st, seat, "spend", cost[1], cost[2])
        elif kind == "pay":
            via = cost[2] if len(cost) > 2 else ""
            front(
                st,
                pay_item(
                    st, seat, card_id, cost[1], steel=via == "steel", titanium=via == "titanium"
                ),
            )
        elif kind == "lose_prod":
            add_prod(st, seat, RES_INDEX[cost[1]], -cost[2])
            log(st, seat, "prod", cost[1], -cost[2])
        elif kind == "take":
            add_card_res(st, seat, card_id, -cost[1])
    push_ops(st, seat, card_id, mode.effects)


@decision("mode")
class ModeChoice(Decision):
    """("mode", seat, card, keys): which way to use a card's action."""

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        return [{"type": "choose", "option": key} for key in item[3]]

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        card = CARDS[item[2]]
        mode = next(m for m in card.actions if m.key == action["option"])
        log(st, item[1], "chose", item[2], mode.key)
        run_mode(st, item[1], item[2], mode)


@decision("sell")
class SellPatents(Decision):
    """("sell", seat, "", chosen): pick cards to sell one at a time, then "done" (§4.2)."""

    def options(self, st: State, item: tuple[Any, ...]) -> list[Action]:
        chosen = item[3]
        options: list[Action] = [
            {"type": "sell", "card": card}
            for card in st.players[item[1]].hand
            if card not in chosen
        ]
        if len(chosen) >= SELL_PATENTS_MIN:
            options.append({"type": "done"})
        return options

    def choose(self, st: State, item: tuple[Any, ...], action: Action) -> None:
        seat, chosen = item[1], item[3]
        if action["type"] == "sell":
            front(st, ("sell", seat, "", (*chosen, action["card"])))
            return
        player = st.pw(seat)
        player.hand = tuple(c for c in player.hand if c not in chosen)
        st.discard = st.discard + tuple(chosen)
        player.stock[MC] += SELL_PATENT_MC * len(chosen)
        log(st, seat, "sold", len(chosen))


@op("sp")
def _standard_project(st: State, item: tuple[Any, ...]) -> None:
    """("sp", seat, "", key): the effect of a standard project after it was paid (§4.2)."""
    seat, key = item[1], item[3]
    if key == "power_plant":
        add_prod(st, seat, ENERGY, 1)
    elif key == "asteroid":
        raise_temperature(st, seat, 1)
    elif key == "aquifer":
        front(st, ("place", seat, "", "ocean", "ocean", ""))
    elif key == "greenery":
        front(st, ("place", seat, "", "greenery", "greenery", ""))
    elif key == "city":
        front(st, ("place", seat, "", "city", "city", ""))
        add_prod(st, seat, MC, CITY_PROJECT_MC_PRODUCTION)
    fire(st, "sp", seat, project=key)


@op("claim")
def _claim(st: State, item: tuple[Any, ...]) -> None:
    st.milestones = (*st.milestones, (item[3], item[1]))
    log(st, item[1], "claim", item[3])


@op("fund")
def _fund(st: State, item: tuple[Any, ...]) -> None:
    st.awards = (*st.awards, (item[3], item[1]))
    log(st, item[1], "fund", item[3])


@op("end_action")
def _end_action(st: State, item: tuple[Any, ...]) -> None:
    """One action is over: a second may follow, or the turn passes on (§3.3)."""
    if st.phase != "action":
        return
    st.turn_actions += 1
    if st.turn_actions >= ACTIONS_PER_TURN:
        flow.turn_over(st, item[1])
