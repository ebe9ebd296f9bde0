"""Terraforming Mars bots: a random one, and a greedy one that values everything in M€.

The heuristic bot prices every legal option of the decision it faces with one shared
scale (M€ now): a production step is worth its yearly value times the generations left, a
TR step its VP plus the income it brings, a VP a fixed rate. It takes the best option
whose value beats its cost, and passes when nothing is worth doing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bots import Bot
from games.bots import RandomBot as _AnyRandomBot
from games.engine import Action, Game
from games.terraforming_mars.board import map_of, special_active
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import BUILD_COLONY_COST, TILES, Benefit, entry, trade_costs
from games.terraforming_mars.constants import (
    HEAT,
    MC,
    OCEANS_MAX,
    OXYGEN_MAX,
    PRELUDES_KEPT,
    STEEL,
    TEMPERATURE_MAX,
    TITANIUM,
)
from games.terraforming_mars.kernel import count
from games.terraforming_mars.milestones import AWARDS
from games.terraforming_mars.payment import card_cost, means_value, seat_card_price
from games.terraforming_mars.playability import requirement_block
from games.terraforming_mars.prelude import solo_generations
from games.terraforming_mars.scoring import breakdown
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import tag_count
from games.terraforming_mars.turn import award_cost, project_cost

if TYPE_CHECKING:
    import random

__all__ = ["BOTS", "HeuristicBot", "RandomBot"]

VP = 5.0  # M€ per victory point
RES_VALUE = {"mc": 1.0, "steel": 1.7, "titanium": 2.6, "plants": 1.3, "energy": 0.9, "heat": 0.7}
PROD_VALUE = {"mc": 1.0, "steel": 1.6, "titanium": 2.3, "plants": 1.7, "energy": 1.3, "heat": 0.8}
KEEP_VALUE = {"steel": 1.4, "titanium": 2.2, "heat": 0.6, "microbe": 1.0}
BONUS_VALUE = {"steel": 2.0, "titanium": 3.0, "plant": 1.3, "card": 3.0, "heat": 0.8}
HOOK_VALUE = {
    "search_for_life": 1.5,
    "inventors_guild": 1.5,
    "mining_metal": 0.0,
    "robotic_workforce": 8.0,
    "viral_enhancers": 1.0,
    # Prelude (§13)
    "ecology_experts": 6.0,
    "eccentric_sponsor": 12.0,
    "reveal_tagged": 6.0,
}
CORP_BONUS = {
    "TM-R08": 6.0,
    "TM-R17": 10.0,
    "TM-R18": 4.0,
    "TM-R19": 3.0,
    "TM-R24": 6.0,
    "TM-R09": 3.0,
    "TM-R31": 12.0,
    "TM-R13": 4.0,
    "TM-R32": 8.0,
    "TM-R43": 8.0,
    "TM-R30": 3.0,
    "TM-R03": 4.0,
    # Prelude (§13)
    "TM-R10": 8.0,
    "TM-R16": 8.0,
    "TM-R27": 4.0,
    "TM-R34": 10.0,
    "TM-R35": 8.0,
}
SETUP_KEEP_RESERVE = 12  # M€ the bot keeps free after buying its opening cards
HAND_TARGET = 8  # the bot stops buying cards once its hand holds this many


class _Eval:
    """Valuation context for one seat in one state."""

    def __init__(self, st: State, seat: int) -> None:
        self.st = st
        self.seat = seat
        self.player = st.players[seat]
        done = (st.temperature + 30) // 2 + st.oxygen + st.oceans
        remaining = max(0, 42 - done)
        if st.solo:
            self.gens = max(1.0, solo_generations(st.settings) - st.gen + 0.5)
        else:
            self.gens = max(1.0, remaining / (1.5 + 1.3 * st.n))
        # Terraforming must end the game: steps grow dearer as generations go by, and in
        # the standard solo game every missing step is what decides the win.
        urgency = max(0, st.gen - 10) * 2.0
        if st.solo and st.settings.solo_mode == "standard":
            urgency += 12.0
        self.tr = VP + self.gens + urgency
        # M€ left over at the end score nothing: a full purse makes spending cheaper.
        mc = self.player.stock[MC]
        self.thrift = 1.0 if mc <= 20 else max(0.55, 1.0 - (mc - 20) / 80)
        if self.gens <= 1.5:
            self.thrift = min(self.thrift, 0.6)

    # --- single effects ---------------------------------------------------------------

    def room(self, param: str) -> int:
        st = self.st
        if param == "temperature":
            return (TEMPERATURE_MAX - st.temperature) // 2
        if param == "oxygen":
            return OXYGEN_MAX - st.oxygen
        return OCEANS_MAX - st.oceans

    def op(self, card: str, effect: tuple[Any, ...]) -> float:
        # An op's arguments are Any (Op is tuple[Any, ...]), and so is arithmetic on them:
        # `value` types the result (a bare annotation costs nothing at run time).
        value: float
        name = effect[0]
        if name == "gain":
            value = RES_VALUE[effect[1]] * effect[2]
            return value
        if name == "prod":
            value = PROD_VALUE[effect[1]] * effect[2] * max(0.5, self.gens - 0.5)
            return value
        if name == "raise":
            value = min(effect[2], self.room(effect[1])) * self.tr
            return value
        if name == "ocean":
            value = min(effect[1], self.room("oceans")) * (self.tr + 2.5)
            return value
        if name == "tile":
            return self.tile_value(effect[1])
        if name == "tr":
            value = effect[1] * self.tr
            return value
        if name == "draw":
            value = 3.0 * effect[1]
            return value
        if name == "add":
            value = effect[1] * self.res_vp(card)
            return value
        if name in ("gain_per", "prod_per"):
            amount = effect[2] * (
                count(self.st, self.seat, effect[3]) // (effect[4] if len(effect) > 4 else 1)
            )
            kind = "gain" if name == "gain_per" else "prod"
            return self.op(card, (kind, effect[1], amount))
        if name == "if":
            counted, at_least = effect[1]
            branch = effect[2] if count(self.st, self.seat, counted) >= at_least else effect[3]
            return sum(self.op(card, e) for e in branch)
        if name == "choice":
            return max(sum(self.op(card, e) for e in branch) for branch in effect[2])
        if name == "red_prod":
            value = 0.8 * effect[2]
            return value
        if name == "steal_prod":
            value = PROD_VALUE[effect[1]] * effect[2] * self.gens + 1.0
            return value
        if name == "remove_any":
            value = 0.4 * effect[2]
            return value
        if name == "add_card":
            best = max((self.res_vp(c) for c in self._resource_cards(effect[1])), default=0.0)
            value = best * effect[2]
            return value
        if name == "hook":
            if effect[1] == "robinson":  # +1 of the lowest productions (Prelude)
                lowest = min(self.player.prod)
                best = max(
                    PROD_VALUE[res]
                    for res, value in zip(PROD_VALUE, self.player.prod, strict=True)
                    if value == lowest
                )
                value = best * max(0.5, self.gens - 0.5)
                return value
            if effect[1] == "prelude_pay":  # "pay n M€" on a prelude
                return -float(effect[2])
            return HOOK_VALUE.get(effect[1], 2.0)
        if name in ("remove_card_res", "move_res", "land_claim", "mars_university"):
            return 1.0
        return 0.0

    def _resource_cards(self, rtype: str) -> list[str]:
        return [c for c in self.player.in_play() if CARDS[c].resource == rtype]

    def res_vp(self, card: str) -> float:
        """Return the VP value in M€ of one more resource on `card`."""
        rule = CARDS[card].vp_rule if card in CARDS else None
        if rule is None:
            return 0.3
        if rule[0] == "res":
            value: float = VP * rule[1] / rule[2]  # the rule's numbers are Any
            return value
        if rule[0] == "res_at_least":
            return VP * rule[1] if self.player.res.get(card, 0) < rule[2] else 0.0
        return 0.3

    def tile_value(self, kind: str) -> float:
        if kind == "greenery":
            return (self.tr if self.room("oxygen") else 0.0) + VP + 1.5
        if kind == "city":
            return 2.0 * VP * min(1.0, self.gens / 4) + 2.0
        if kind == "ocean":
            return (self.tr + 2.5) if self.room("oceans") else 0.0
        return 3.0

    # --- cards ------------------------------------------------------------------------

    def card_value(self, card_id: str) -> float:
        """Return what owning and playing `card_id` is worth now, before its cost."""
        card = CARDS[card_id]
        value = sum(self.op(card_id, effect) for effect in card.play)
        rule = card.vp_rule
        if rule is not None:
            kind = rule[0]
            if kind == "fixed":
                value += rule[1] * VP
            elif kind == "res":
                value += VP * rule[1] / rule[2] * self.gens * 0.8
            elif kind == "tag":
                value += VP * rule[2] * (tag_count(self.player, rule[1], purpose="vp") + 1)
            elif kind == "res_at_least":
                value += VP * rule[1] * 0.5
            else:
                value += VP * 1.5
        for mode in card.actions:
            gain = sum(self.op(card_id, e) for e in mode.effects)
            value += max(0.0, gain - self.mode_cost(card_id, mode.costs)) * self.gens * 0.6
        for effect in card.effects:
            if effect[0] == "discount":
                value += effect[1] * (1.5 if not effect[2] else 0.6) * self.gens
            elif effect[0] in ("metal", "req_steps"):
                value += 1.0 * self.gens
        value += 1.2 * self.gens * len(card.triggers)
        value += 0.5 * len(card.tags)
        return value

    def mode_cost(self, card: str, costs: tuple[tuple[Any, ...], ...]) -> float:
        total = 0.0
        for cost in costs:
            if cost[0] == "spend":
                total += RES_VALUE[cost[1]] * cost[2]
            elif cost[0] == "pay":
                total += cost[1]
            elif cost[0] == "lose_prod":
                total += PROD_VALUE[cost[1]] * cost[2] * self.gens
            elif cost[0] == "take":
                total += self.res_vp(card) * cost[1]
        return total

    def net_play(self, card_id: str) -> float:
        card = CARDS[card_id]
        cost = card_cost(self.player, card_id)
        stock = self.player.stock
        metal = 0.0
        if card.building:
            metal += min(stock[STEEL] * self.player.mods.steel_value, cost) * 0.3
        if card.space:
            metal += min(stock[TITANIUM] * self.player.mods.titanium_value, cost) * 0.25
        return self.card_value(card_id) - (cost - metal) * self.thrift

    def keep_value(self, card_id: str) -> float:
        """Worth of a card in hand: its net value, discounted when it is not playable soon."""
        net = self.net_play(card_id)
        reason = requirement_block(self.st, self.seat, card_id)
        if reason is not None:
            if "or less" in reason:
                return -10.0
            net *= 0.5
        return net


WHATEVER: Action = {"type": "whatever"}


def _turn_flow(state: State, legal: list[Action]) -> Action | None:
    """The turn flow's decisions (flow.py): effects in the usual order, confirm at once."""
    if state.queue and state.queue[0][0] == "order" and WHATEVER in legal:
        return WHATEVER
    if legal == [{"type": "confirm"}]:
        return legal[0]
    return None


class RandomBot(_AnyRandomBot):
    """A random legal action; the order of simultaneous effects is left as it is."""

    def choose(self, engine: Game[Any], state: State, seat: int, rng: random.Random) -> Action:
        legal = engine.legal_actions(state, seat)
        fixed = _turn_flow(state, legal)
        return fixed if fixed is not None else rng.choice(legal)


class HeuristicBot:
    """A greedy player: best-valued option of every decision, pass when nothing pays."""

    name = "heuristic"

    def choose(self, engine: Game[Any], state: State, seat: int, rng: random.Random) -> Action:
        """Return the bot's action for `seat`."""
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        fixed = _turn_flow(state, legal)
        if fixed is not None:
            return fixed
        ev = _Eval(state, seat)
        if state.phase in ("setup", "research"):
            return self._select(ev, legal)
        if state.queue:
            return self._decide(ev, state.queue[0], legal)
        return self._main(ev, legal, rng)

    # --- the action phase ---------------------------------------------------------------

    def _main(self, ev: _Eval, legal: list[Action], rng: random.Random) -> Action:
        best: tuple[float, int, Action] | None = None
        for index, action in enumerate(legal):
            score = self._main_score(ev, action)
            if best is None or score > best[0]:
                best = (score, index, action)
        assert best is not None
        if best[0] > 0.5 or best[2]["type"] in ("first_action",):
            return best[2]
        for action in legal:
            if action["type"] in ("pass", "end_turn"):
                return action
        return best[2]

    def _main_score(self, ev: _Eval, action: Action) -> float:
        kind = action["type"]
        st, player = ev.st, ev.player
        if kind == "first_action":
            return 100.0
        if kind == "play":
            return ev.net_play(action["card"])
        if kind == "use":
            card = CARDS[action["card"]]
            return max(
                sum(ev.op(card.id, e) for e in mode.effects) - ev.mode_cost(card.id, mode.costs)
                for mode in card.actions
            )
        if kind == "convert":
            if action["resource"] == "plants":
                return ev.tile_value("greenery")
            return ev.tr if ev.room("temperature") else -1.0
        if kind == "claim":
            return 5 * VP - 8 * ev.thrift
        if kind == "fund":
            return self._award_score(ev, action["award"])
        if kind == "trade":
            return self._trade_score(ev, action["colony"], action["payment"])
        if kind == "colony":
            return self._colony_score(ev, action["colony"]) - BUILD_COLONY_COST * ev.thrift
        if kind == "project":
            key = action["project"]
            cost = project_cost(st, ev.seat, key) * ev.thrift
            if key == "sell_patents":
                junk = sum(1 for c in player.hand if ev.keep_value(c) < -4)
                return junk * 1.0 - 0.5 if junk >= 2 else -1.0
            if key == "power_plant":
                return PROD_VALUE["energy"] * ev.gens - cost
            if key == "asteroid":
                return (ev.tr if ev.room("temperature") else 0) - cost
            if key == "aquifer":
                return (ev.tr + 2.5 if ev.room("oceans") else 0) - cost
            if key == "greenery":
                return ev.tile_value("greenery") - cost
            if key == "city":
                return ev.tile_value("city") + PROD_VALUE["mc"] * ev.gens - cost
        return 0.0

    # --- Colonies (§14) ----------------------------------------------------------------

    def _benefit(self, ev: _Eval, benefit: Benefit, step: int = 0) -> float:
        """One tile benefit in M€: the amount at `step` of a track, or a bonus."""
        index = min(step, len(benefit.amounts) - 1)
        amount = benefit.amounts[index]
        resource = benefit.resources[index] if benefit.resources else benefit.resource
        kind = benefit.kind
        if kind == "production":
            return PROD_VALUE[resource] * amount * max(0.5, ev.gens - 0.5)
        if kind == "stock":
            return RES_VALUE[resource] * amount
        if kind == "card_resource":
            holders = [c for c in ev.player.in_play() if CARDS[c].resource == resource]
            return max((ev.res_vp(c) for c in holders), default=0.0) * amount
        if kind == "draw":
            return 3.0 * amount
        if kind == "draw_then_discard":
            return 1.5
        return ev.tr + 2.5 if ev.room("oceans") else 1.0  # an ocean

    def _trade_score(self, ev: _Eval, key: str, payment: str) -> float:
        """Trade income at the marker, my colony bonuses there, minus what the trade costs."""
        tile = entry(ev.st, key)
        assert tile is not None
        info = TILES[key]
        value = self._benefit(ev, info.income, tile[1])
        value += sum(self._benefit(ev, info.bonus) for owner in tile[2] if owner == ev.seat)
        cost = trade_costs(ev.st, ev.seat)[payment]
        price = cost * (ev.thrift if payment == "mc" else RES_VALUE[payment])
        return value - price

    def _colony_score(self, ev: _Eval, key: str) -> float:
        """A colony: its build bonus, and a colony bonus at roughly every other trade."""
        info = TILES[key]
        trades = max(0.0, ev.gens - 1) * min(1.0, ev.st.n / 2.5)
        return self._benefit(ev, info.build) + self._benefit(ev, info.bonus) * trades

    def _award_score(self, ev: _Eval, key: str) -> float:
        st = ev.st
        values = [AWARDS[key].measure(st, s) for s in range(st.n)]
        mine = values[ev.seat]
        others = max(v for s, v in enumerate(values) if s != ev.seat)
        if mine <= others:
            return -1.0
        margin = mine - others
        chance = min(0.95, 0.5 + 0.15 * margin) if ev.gens > 2 else 0.95
        return 5 * VP * chance - award_cost(st) - 2

    # --- pending decisions --------------------------------------------------------------

    def _decide(self, ev: _Eval, item: tuple[Any, ...], legal: list[Action]) -> Action:
        scored = [
            (self._option_score(ev, item, action), -i, action) for i, action in enumerate(legal)
        ]
        return max(scored, key=lambda entry: (entry[0], entry[1]))[2]

    def _option_score(self, ev: _Eval, item: tuple[Any, ...], action: Action) -> float:
        kind = action["type"]
        st, seat = ev.st, ev.seat
        name = item[0]
        if kind == "space":
            return self._space_score(ev, action["space"], item)
        if kind == "pay":
            return -self._payment_cost(ev, item, action)
        if kind == "target":
            target = action["player"]
            if target == seat:
                return -5.0
            total: int = breakdown(st)[target]["total"]
            return 10.0 + total * 0.1
        if kind == "neutral":
            return 5.0
        if kind == "skip":
            return (
                0.0 if name in ("remove_any", "red_prod", "steal_prod", "remove_card_res") else 0.1
            )
        if kind == "amount":
            return float(action["amount"])
        if kind == "choose":
            return self._choice_score(ev, item, action["option"])
        if kind == "card" and name == "prelude":
            return ev.card_value(action["card"])
        if kind == "card" and name == "prelude_hand_card":
            return ev.net_play(action["card"])
        if kind == "fund":  # Vitor's free award
            return self._award_score(ev, action["award"]) + award_cost(st)
        if kind == "card":
            card = action["card"]
            mine = card in ev.player.in_play()
            if name in ("remove_card_res", "move_res"):
                return -5.0 if mine else 2.0 + st_res(st, card)
            return ev.res_vp(card) + (1.0 if mine else 0.0)
        if kind == "sell":
            return 2.0 - ev.keep_value(action["card"])
        if kind == "discard":
            return -ev.keep_value(action["card"]) - 2.0
        if kind == "done":
            if name == "sell":
                return 0.5
            return 0.0
        if kind == "convert":
            return 10.0
        if kind == "colony":
            return self._colony_score(ev, action["colony"])
        return 0.0

    def _space_score(self, ev: _Eval, space: str, item: tuple[Any, ...]) -> float:
        st, seat = ev.st, ev.seat
        board_map = map_of(st)
        info = board_map.by_id.get(space)
        if info is None:
            return 1.0
        score = sum(BONUS_VALUE.get(icon, 0.0) for icon in info.bonus)
        special = board_map.specials.get(space)
        if special is not None and special_active(st, special[0]):
            # §7.8: a TR step (an ocean brings its adjacency too) for the extra M€.
            score += ev.tr + (2.5 if special[0] == "ocean" else 0.0) - special[1]
        kind = item[3] if item[0] == "place" else ""
        for other in board_map.neighbors[space]:
            tile = st.board.get(other)
            if tile is None:
                if kind == "city":
                    score += 0.6
                continue
            tile_kind, owner, _ = tile
            if tile_kind == "ocean":
                score += 2.0
            if kind == "greenery" and tile_kind == "city":
                score += VP if owner == seat else -VP * 0.6
            if kind == "city" and tile_kind == "greenery":
                score += VP
            if kind in ("greenery", "special") and owner == seat:
                score += 0.3
        return score

    def _payment_cost(self, ev: _Eval, item: tuple[Any, ...], action: Action) -> float:
        player = ev.player
        value = means_value(player, action["resource"])
        used: int = action["amount"]
        rest: int = item[3] - used * value if item[0] == "pay_with" else 0
        keep = KEEP_VALUE[action["resource"]]
        return used * keep + max(0, rest) + max(0, -rest) * 1.0

    def _choice_score(self, ev: _Eval, item: tuple[Any, ...], option: str) -> float:
        name = item[0]
        if name == "choice":
            index = item[3].index(option)
            return sum(ev.op(item[2], e) for e in item[4][index])
        if name == "mode":
            card = CARDS[item[2]]
            mode = next(m for m in card.actions if m.key == option)
            return sum(ev.op(card.id, e) for e in mode.effects) - ev.mode_cost(card.id, mode.costs)
        if name == "look_buy":
            if option == "buy":
                return ev.keep_value(item[3]) - seat_card_price(ev.st, item[1])
            return 0.0
        if name == "viral":
            if option == "resource":
                return ev.res_vp(item[3])
            return RES_VALUE["plants"]
        if name in ("mining_choice", "robinson"):
            return PROD_VALUE[option]
        return 0.0

    # --- simultaneous choices -------------------------------------------------------------

    def _select(self, ev: _Eval, legal: list[Action]) -> Action:
        st, seat = ev.st, ev.seat
        choice = st.sel[seat]
        assert choice is not None
        stage = choice["stage"]
        if stage == "corp":
            return max(legal, key=lambda a: self._corp_value(ev, a["card"]))
        if stage == "draft":
            return max(legal, key=lambda a: ev.keep_value(a["card"]))
        if stage == "pay":
            return max(legal, key=lambda a: a["amount"])
        preludes = choice.get("preludes", ())
        if preludes:  # §13: keep the two best preludes, then choose the cards
            best = sorted(preludes, key=lambda c: -ev.card_value(c))[:PRELUDES_KEPT]
            for action in legal:
                if action["type"] == "release" and action["card"] in set(preludes) - set(best):
                    return action
            for action in legal:
                if action["type"] == "keep" and action["card"] in best:
                    return action
            legal = [a for a in legal if a.get("card") not in preludes]
        budget = (
            CARDS[choice["corp"]].starting_mc - SETUP_KEEP_RESERVE
            if st.phase == "setup"
            else ev.player.stock[MC] + (ev.player.stock[HEAT] if ev.player.mods.heat_as_mc else 0)
        )
        kept = choice["kept"]
        price = seat_card_price(st, seat)  # 3 M€, Polyphemos 5
        wanted = sorted(
            (c for c in choice["cards"] if ev.keep_value(c) > price + 2),
            key=lambda c: -ev.keep_value(c),
        )
        limit = max(0, budget // price)
        if st.phase == "research":
            limit = min(limit, max(0, (budget - 8) // price))
        room = max(0, HAND_TARGET - len(ev.player.hand))
        wanted = wanted[: min(limit, room)]
        for action in legal:
            if action["type"] == "release" and action["card"] not in wanted:
                return action
        for action in legal:
            if action["type"] == "keep" and action["card"] in wanted and action["card"] not in kept:
                return action
        return next(a for a in legal if a["type"] == "done")

    def _corp_value(self, ev: _Eval, corp_id: str) -> float:
        corp = CARDS[corp_id]
        ev.gens = 10.0
        value = corp.starting_mc + CORP_BONUS.get(corp_id, 0.0)
        value += sum(ev.op(corp_id, e) for e in corp.play)
        return value


def st_res(st: State, card: str) -> float:
    for player in st.players:
        if card in player.res:
            return float(player.res[card])
    return 0.0


BOTS: dict[str, Bot] = {"random": RandomBot(), "heuristic": HeuristicBot()}
