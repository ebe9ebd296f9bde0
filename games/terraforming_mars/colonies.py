"""The Colonies expansion (rules §14): colony tiles, trade fleets, Trade and Build Colony.

The tiles come from `data/colony-tiles.json` (the shared data file, copied). A game with the
`colonies` option keeps its tiles in `State.colonies`, one entry per tile in the order dealt:

    (key, step, owners, trader)

`key` is the tile's name in lower case ("callisto"); `step` the track marker (0–6); `owners`
the seats of its colonies, slot by slot (at most 3); `trader` the seat whose fleet visits it
this generation, or -1. A tile that needs a card resource (Enceladus, Miranda, Titan) is
active once any player has a card in play that can hold that resource; until then its marker
stays on step 1 and never rises (§14: "the marker is put on step 1 when it becomes active").

Main actions (turn.py hands them here):

    {"type": "trade", "colony": key, "payment": "mc" | "energy" | "titanium"}
    {"type": "colony", "colony": key}      the Build Colony standard project (17 M€)

A card that builds a colony queues ("colony_place", seat, card): its answers are the same
`{"type": "colony", "colony": key}`. Colony bonuses are given to every colony owner, each in
their own seat's decisions where there is a choice: the queue holds decisions for any seat,
so the owner says which card gets the microbe during the trader's turn (§14, off-turn
decisions), in slot order, before the trader's turn goes on. Pluto's owner draws at once,
but the discard waits for the end of the trader's turn, as on Board Game Arena (§14: "BGA
resolves discards after the turn ends"): it goes to `State.after_turn`, which
`phases.next_turn` queues, in the order the discards arose, before the turn moves on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games import rng
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    BUILD_COLONY_COST,
    COLONY_MAX_STEP,
    COLONY_START_STEP,
    COLONY_TILES_MIN,
    COLONY_TILES_SOLO,
    ENERGY,
    HEAT,
    HEAT_PER_STEP,
    MAX_COLONIES,
    PLUTO_DISCARD_AFTER_TURN,
    PRODUCTION_MIN,
    RES_INDEX,
    TITANIUM,
    TRADE_BOOST_ALWAYS,
    TRADE_COST,
    TRADE_FLEETS,
)
from games.terraforming_mars.kernel import (
    Decision,
    add_card_res,
    add_prod,
    decision,
    draw_to_hand,
    fire,
    front,
    gain,
    log,
    lose,
    op,
    raise_temperature,
)
from games.terraforming_mars.payment import capacity, pay_item
from games.terraforming_mars.state import State
from games.terraforming_mars.vocab import amount_of
from games.words import Msg, msg

__all__ = [
    "BUILD_COLONY_COST",
    "COLONY_KEYS",
    "MAX_COLONIES",
    "MAX_STEP",
    "TILES",
    "Tile",
    "colonies_of",
    "colony_block",
    "colony_requirement_block",
    "colony_options",
    "deal_tiles",
    "discards_due",
    "end_generation",
    "fleets",
    "give_bonus",
    "send_fleet",
    "trade_options_free",
    "fleets_out",
    "floater_heat",
    "floater_heat_card",
    "floaters_of",
    "is_active",
    "tile_count",
    "trade_block",
    "trade_costs",
]

Action = dict[str, Any]
Item = tuple[Any, ...]

# --- rule constants (§14): the values live in constants.py, the one table --------------------

TRADE_PAYMENTS = ("mc", "energy", "titanium")
MAX_STEP = COLONY_MAX_STEP
START_STEP = COLONY_START_STEP
FLEETS = TRADE_FLEETS
MIN_TILES = COLONY_TILES_MIN
SOLO_TILES = COLONY_TILES_SOLO

_DATA = Path(__file__).resolve().parent / "data" / "colony-tiles.json"
_RES = {"mc": "mc", "steel": "steel", "titanium": "titanium", "plant": "plants",
        "energy": "energy", "heat": "heat"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Benefit:
    """One benefit of a tile: `kind` production/stock/card_resource/draw/draw_then_discard/ocean.

    `resource` is an engine resource key ("plants", "microbe", "card"); for Europa's trade
    income it is one key per step (`resources`).
    """

    kind: str
    resource: str
    amounts: tuple[int, ...]  # one amount (bonuses) or one per step (trade income)
    resources: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Tile:
    key: str
    name: str
    build: Benefit
    bonus: Benefit
    income: Benefit
    needs: str  # card resource that activates the tile, or ""


def _benefit(raw: dict[str, Any], track: bool = False) -> Benefit:
    resource = raw.get("resource", "")
    resources: tuple[str, ...] = ()
    if isinstance(resource, list):
        resources = tuple(_RES[r] for r in resource)
        resource = resources[0]
    else:
        resource = _RES.get(resource, resource or "")
    amounts = tuple(raw["amounts"]) if track else (raw.get("amount", 1),)
    return Benefit(raw["type"], resource, amounts, resources)


def _load() -> dict[str, Tile]:
    data = json.loads(_DATA.read_text(encoding="utf-8"))
    tiles = {}
    for raw in data["tiles"]:
        key = raw["name"].lower()
        tiles[key] = Tile(
            key=key,
            name=raw["name"],
            build=_benefit(raw["build_bonus"]),
            bonus=_benefit(raw["colony_bonus"]),
            income=_benefit(raw["trade_income"], track=True),
            needs=raw["requires_card_resource"] or "",
        )
    return tiles


TILES = _load()
COLONY_KEYS = tuple(sorted(TILES))


# --- setup and reading ---------------------------------------------------------------------------


def tile_count(players: int) -> int:
    """§14: players + 2 tiles, at least 5; solo 4 [house rule]."""
    if players == 1:
        return SOLO_TILES
    return max(MIN_TILES, players + 2)


def deal_tiles(seed: int, players: int) -> tuple[tuple[str, int, tuple[int, ...], int], ...]:
    """Return the colony tiles of a new game, drawn from the seed, in alphabetical order."""
    drawn = rng.shuffled(list(COLONY_KEYS), seed=seed, salt="tm/colonies")[: tile_count(players)]
    return tuple((key, START_STEP, (), -1) for key in sorted(drawn))


def entry(st: State, key: str) -> tuple[str, int, tuple[int, ...], int] | None:
    for tile in st.colonies:
        if tile[0] == key:
            return tile
    return None


def _replace(st: State, key: str, step: int, owners: tuple[int, ...], trader: int) -> None:
    st.colonies = tuple((key, step, owners, trader) if t[0] == key else t for t in st.colonies)


def is_active(st: State, key: str) -> bool:
    """§14: a tile needing a card resource is active once any card in play can hold it."""
    needs = TILES[key].needs
    if not needs:
        return True
    return any(CARDS[card].resource == needs for player in st.players for card in player.in_play())


def _effect_total(st: State, seat: int, kind: str) -> int:
    return sum(
        effect[1]
        for card in st.players[seat].in_play()
        for effect in CARDS[card].effects
        if effect[0] == kind
    )


def fleets(st: State, seat: int) -> int:
    """The trade fleets of `seat`: 1, plus what cards add (effect ("fleet", n))."""
    return FLEETS + _effect_total(st, seat, "fleet")


def fleets_out(st: State, seat: int) -> int:
    return sum(1 for tile in st.colonies if tile[3] == seat)


def trade_costs(st: State, seat: int) -> dict[str, int]:
    """§14: 9 M€, 3 energy or 3 titanium, each lowered by ("trade_discount", n) effects."""
    off = _effect_total(st, seat, "trade_discount")
    return {way: max(0, cost - off) for way, cost in TRADE_COST.items()}


# --- availability, with the reason in words ------------------------------------------------------


# --- refusals in words ---

NO_SUCH_COLONY = msg("There is no such colony tile in this game.")
NO_SUCH_PAYMENT = msg("Trade is paid with M€, energy or titanium.")
INACTIVE = msg("This colony tile is not active yet: nobody has a card that holds its resource.")
VISITED = msg("A trade fleet has already visited this colony tile this generation.")
NO_FLEET = msg("All your trade fleets are out this generation.")
FULL = msg("This colony tile already has 3 colonies.")
ALREADY_THERE = msg("You already have a colony on this tile.")


def _costs_mc(n: int) -> Msg:
    return msg("Costs %(n)s M€.", n=n)


def _needs(n: int, resource: str) -> Msg:
    return msg("Needs %(amount)s.", amount=amount_of(n, resource))


def colonies_of(st: State, seat: int | None = None) -> int:
    """Colonies in play: of `seat`, or of everybody (None)."""
    return sum(
        sum(1 for owner in owners if seat is None or owner == seat)
        for _key, _step, owners, _trader in st.colonies
    )


def floaters_of(st: State, seat: int) -> int:
    """Floaters on `seat`'s cards."""
    player = st.players[seat]
    return sum(n for card, n in player.res.items() if CARDS[card].resource == "floater")


def colony_requirement_block(st: State, seat: int, req: tuple[Any, ...]) -> str | None:
    """§17.2 (Colonies): floaters_own>=N, colonies_own>=N / <=N, cities_own>=N."""
    kind = req[0]
    if kind == "floaters_own":
        have = floaters_of(st, seat)
        if have < req[1]:
            return msg(
                "Needs %(n)s floaters on your cards (you have %(have)s).", n=req[1], have=have
            )
        return None
    if kind == "cities_own":
        have = st.cities(owner=seat)
        if have < req[1]:
            return msg("Needs %(n)s of your city tiles (you have %(have)s).", n=req[1], have=have)
        return None
    have = colonies_of(st, seat)
    if req[1] == "min" and have < req[2]:
        return msg("Needs %(n)s of your colonies (you have %(have)s).", n=req[2], have=have)
    if req[1] == "max" and have > req[2]:
        return msg("Allowed with at most %(n)s colonies (you have %(have)s).", n=req[2], have=have)
    return None


def trade_block(st: State, seat: int, key: str, payment: str) -> str | None:
    """Return why `seat` cannot trade with `key` paying with `payment` now, or None (§14)."""
    tile = entry(st, key)
    if tile is None:
        return NO_SUCH_COLONY
    if payment not in TRADE_COST:
        return NO_SUCH_PAYMENT
    if not is_active(st, key):
        return INACTIVE
    if tile[3] >= 0:
        return VISITED
    if fleets_out(st, seat) >= fleets(st, seat):
        return NO_FLEET
    cost = trade_costs(st, seat)[payment]
    player = st.players[seat]
    if payment == "mc":
        if capacity(player) < cost:
            return _costs_mc(cost)
    elif player.stock[RES_INDEX[payment]] < cost:
        return _needs(cost, payment)
    return None


def colony_block(
    st: State, seat: int, key: str, *, pay: int = 0, allow_second: bool = False
) -> str | None:
    """Return why `seat` cannot build a colony on `key` now (paying `pay` M€), or None (§14)."""
    tile = entry(st, key)
    if tile is None:
        return NO_SUCH_COLONY
    if not is_active(st, key):
        return INACTIVE
    if len(tile[2]) >= MAX_COLONIES:
        return FULL
    if seat in tile[2] and not allow_second:
        return ALREADY_THERE
    if pay and capacity(st.players[seat]) < pay:
        return _costs_mc(pay)
    return None


def colony_options(st: State, seat: int) -> list[Action]:
    """The Trade and Build Colony choices of the active player's main choice (§14).

    The same answers as trade_block / colony_block, worked out once per turn option list.
    """
    options: list[Action] = []
    if not st.colonies:
        return options
    held = {
        CARDS[card].resource for player in st.players for card in player.in_play()
    }  # the card resources some card in play can hold: which tiles are active
    active = [t for t in st.colonies if not TILES[t[0]].needs or TILES[t[0]].needs in held]
    player = st.players[seat]
    if fleets_out(st, seat) < fleets(st, seat):
        costs = trade_costs(st, seat)
        can_pay = [
            way
            for way in TRADE_PAYMENTS
            if (capacity(player) if way == "mc" else player.stock[RES_INDEX[way]]) >= costs[way]
        ]
        for key, _step, _owners, trader in active:
            if trader < 0:
                options.extend({"type": "trade", "colony": key, "payment": way} for way in can_pay)
    if capacity(player) >= BUILD_COLONY_COST:
        for key, _step, owners, _trader in active:
            if len(owners) < MAX_COLONIES and seat not in owners:
                options.append({"type": "colony", "colony": key})
    return options


# --- the two main actions -----------------------------------------------------------------------


def apply_trade(st: State, seat: int, action: Action) -> None:
    """The Trade action: pay, send a fleet, then the trade itself (§14)."""
    key, payment = action["colony"], action["payment"]
    send_fleet(st, seat, key, payment, trade_costs(st, seat)[payment])


def send_fleet(st: State, seat: int, key: str, payment: str, cost: int) -> None:
    """Pay `cost` in `payment` ("free": nothing), the fleet visits `key`, the trade follows."""
    _step, owners, _ = entry(st, key)[1:]  # type: ignore[index]
    _replace(st, key, _step, owners, seat)
    log(st, seat, "colony_trade", key, payment, cost)
    if payment == "mc":
        if cost:
            front(st, pay_item(st, seat, "", cost))
    elif payment in ("energy", "titanium"):
        lose(st, seat, ENERGY if payment == "energy" else TITANIUM, cost)
    front(st, ("colony_trade", seat, "", key))


def trade_options_free(st: State, seat: int) -> list[str]:
    """The tiles `seat` could trade with if the trade cost nothing (Titan Floating Launch-pad)."""
    if fleets_out(st, seat) >= fleets(st, seat):
        return []
    return [key for key, _s, _o, trader in st.colonies if trader < 0 and is_active(st, key)]


def apply_build(st: State, seat: int, action: Action) -> None:
    """The Build Colony standard project: pay 17 M€, then the colony (§14)."""
    key = action["colony"]
    log(st, seat, "colony_project", key)
    front(st, pay_item(st, seat, "", BUILD_COLONY_COST))
    front(st, ("paid", seat, "", BUILD_COLONY_COST))
    front(st, ("colony_build", seat, "", key))
    front(st, ("colony_sp", seat, ""))


@op("colony_sp")
def _colony_sp(st: State, item: Item) -> None:
    """Standard-project triggers (Standard Technology) after Build Colony."""
    fire(st, "sp", item[1], project="colony")


@op("colony_build")
def _colony_build(st: State, item: Item) -> None:
    """("colony_build", seat, source, key): the colony goes on the next slot; its build bonus."""
    seat, key = item[1], item[3]
    _, step, owners, trader = entry(st, key)  # type: ignore[misc]
    owners = (*owners, seat)
    _replace(st, key, max(step, len(owners)), owners, trader)
    log(st, seat, "colony_built", key)
    _give(st, seat, key, TILES[key].build, 0)
    fire(st, "colony", seat)  # Poseidon


def give_bonus(st: State, seat: int, key: str) -> None:
    """The colony bonus of tile `key` to `seat` (a trade there, or Productive Outpost)."""
    _give(st, seat, key, TILES[key].bonus, 0)


@op("colony")
def _colony_op(st: State, item: Item) -> None:
    """("colony", seat, card, again): a card places a colony (again: even beside an own one)."""
    front(st, ("colony_place", item[1], item[2], bool(item[3]) if len(item) > 3 else False))


@op("colony_trade")
def _colony_trade(st: State, item: Item) -> None:
    """("colony_trade", seat, "", key): income at the marker, colony bonuses, marker back."""
    seat, key = item[1], item[3]
    _, step, owners, trader = entry(st, key)  # type: ignore[misc]
    tile = TILES[key]
    boost = _effect_total(st, seat, "trade_boost") if TRADE_BOOST_ALWAYS else 0
    if boost and step < MAX_STEP:
        step = min(MAX_STEP, step + boost)
        log(st, seat, "colony_marker", key, step)
    _give(st, seat, key, tile.income, step)
    for owner in owners:
        _give(st, owner, key, tile.bonus, 0)
    _replace(st, key, len(owners), owners, trader)


def _give(st: State, seat: int, key: str, benefit: Benefit, step: int) -> None:
    """Give one tile benefit (the amount at `step` of a track) to `seat`."""
    amount = benefit.amounts[min(step, len(benefit.amounts) - 1)]
    resource = benefit.resources[step] if benefit.resources else benefit.resource
    kind = benefit.kind
    if kind == "production":
        add_prod(st, seat, RES_INDEX[resource], amount)
        log(st, seat, "colony_prod", key, resource, amount)
    elif kind == "stock":
        gain(st, seat, RES_INDEX[resource], amount)
        log(st, seat, "colony_gain", key, resource, amount)
    elif kind == "card_resource":
        if amount:
            front(st, ("add_card", seat, "", resource, amount, "any"))
        else:
            log(st, seat, "colony_gain", key, resource, 0)
    elif kind == "draw":
        drawn = draw_to_hand(st, seat, amount)
        log(st, seat, "colony_draw", key, drawn)
    elif kind == "draw_then_discard":
        drawn = draw_to_hand(st, seat, amount)
        log(st, seat, "colony_draw", key, drawn)
        _discard_later(st, seat, key)
    elif kind == "ocean":
        front(st, ("place", seat, "", "ocean", "ocean", ""))


def _discard_later(st: State, seat: int, key: str) -> None:
    """Pluto's discard (§14): after the active player's turn, or at once outside the turns."""
    item = ("colony_discard", seat, "", key)
    if PLUTO_DISCARD_AFTER_TURN and st.phase == "action":
        st.after_turn = (*st.after_turn, item)
    else:
        front(st, item)


def discards_due(st: State) -> tuple[int, ...]:
    """The seats whose Pluto discard waits for the end of the turn, in the order asked."""
    return tuple(item[1] for item in st.after_turn if item[0] == "colony_discard")


# --- floaters as heat (Stormcraft Incorporated) ---------------------------------------------------


FLOATER_HEAT = 2  # Stormcraft: each floater on it may be spent as 2 heat


def floater_heat_card(st: State, seat: int) -> str:
    """The card whose floaters `seat` may spend as heat (effect ("floaters_as_heat",)), or ""."""
    for card in st.players[seat].in_play():
        if any(effect[0] == "floaters_as_heat" for effect in CARDS[card].effects):
            return card
    return ""


def floater_heat(st: State, seat: int) -> int:
    """The heat `seat`'s floaters could stand in for (0 without such a card or floaters)."""
    card = floater_heat_card(st, seat)
    return FLOATER_HEAT * st.players[seat].res.get(card, 0) if card else 0


@decision("colonies_heat_floaters")
class HeatFloaters(Decision):
    """("colonies_heat_floaters", seat, card): how many floaters pay the 8 heat (the rest heat)."""

    prompt = msg("How many floaters do you spend as heat (2 heat each)?")

    def options(self, st: State, item: Item) -> list[Action]:
        player = st.players[item[1]]
        floaters = player.res.get(item[2], 0)
        least = max(0, -(-(HEAT_PER_STEP - player.stock[HEAT]) // FLOATER_HEAT))
        most = min(floaters, -(-HEAT_PER_STEP // FLOATER_HEAT))
        return [{"type": "amount", "amount": n} for n in range(least, most + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat, used = item[1], action["amount"]
        add_card_res(st, seat, item[2], -used)
        lose(st, seat, HEAT, max(0, HEAT_PER_STEP - FLOATER_HEAT * used))
        log(st, seat, "convert_heat")
        raise_temperature(st, seat, 1)


def heat_available(st: State, seat: int) -> int:
    """The heat `seat` can spend: heat, plus 2 per floater on Stormcraft Incorporated."""
    return st.players[seat].stock[HEAT] + floater_heat(st, seat)


@op("spend_heat")
def _spend_heat(st: State, item: Item) -> None:
    """("spend_heat", seat, source, n): spend n heat (a card's action or effect); with floaters
    that stand in for heat (Stormcraft) the player says how many (the caller checked
    heat_available)."""
    seat, amount = item[1], item[3]
    card = floater_heat_card(st, seat)
    if card and st.players[seat].res.get(card, 0):
        front(st, ("colonies_heat_spend", seat, card, amount))
        return
    lose(st, seat, HEAT, amount)
    log(st, seat, "spend", "heat", amount)


@decision("colonies_heat_spend")
class HeatSpend(Decision):
    """("colonies_heat_spend", seat, card, n): how many of `card`'s floaters pay n heat."""

    prompt = msg("How many floaters do you spend as heat (2 heat each)?")

    def options(self, st: State, item: Item) -> list[Action]:
        player = st.players[item[1]]
        amount = item[3]
        least = max(0, -(-(amount - player.stock[HEAT]) // FLOATER_HEAT))
        most = min(player.res.get(item[2], 0), -(-amount // FLOATER_HEAT))
        return [{"type": "amount", "amount": n} for n in range(least, most + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat, amount, used = item[1], item[3], action["amount"]
        add_card_res(st, seat, item[2], -used)
        heat = max(0, amount - FLOATER_HEAT * used)
        lose(st, seat, HEAT, heat)
        log(st, seat, "spend", "heat", heat)


# --- decisions ------------------------------------------------------------------------------------


def build_production(key: str) -> dict[str, int]:
    """The production a colony on tile `key` brings as its build bonus (Luna: +2 M€)."""
    build = TILES[key].build
    return {build.resource: build.amounts[0]} if build.kind == "production" else {}


def _later_drops(card_id: str) -> dict[str, int]:
    """The production a card lowers after it places its colony (Minority Refuge: 2 M€)."""
    card = CARDS.get(card_id)
    if card is None:
        return {}
    drops: dict[str, int] = {}
    placed = False
    for effect in card.play:
        if effect[0] == "colony":
            placed = True
        elif placed and effect[0] == "prod" and effect[2] < 0:
            drops[effect[1]] = drops.get(effect[1], 0) - effect[2]
    return drops


def colony_trigger_production(st: State, seat: int, card_id: str) -> dict[str, int]:
    """The production `seat` surely gains when it builds a colony itself: the unconditional
    "colony" triggers of its cards in play and of the card placing it (Poseidon: +1 M€,
    "whenever any player places a colony", its owner included). They fire as the colony is
    built, so before the card's later production drop (as `playability._tile_production`
    credits Tharsis Republic for Immigrant City)."""
    player = st.players[seat]
    triggers = [trigger for _card, trigger in player.mods.triggers]
    card = CARDS.get(card_id)
    if card is not None and card_id not in {owner for owner, _trigger in player.mods.triggers}:
        triggers.extend(card.triggers)
    gains: dict[str, int] = {}
    for trigger in triggers:
        if trigger.event != "colony" or trigger.cond:
            continue
        for effect in trigger.ops:
            if effect[0] == "prod" and effect[2] > 0:
                gains[effect[1]] = gains.get(effect[1], 0) + effect[2]
    return gains


def offsets_drop(st: State, seat: int, card_id: str, key: str) -> bool:
    """Whether a colony on `key` leaves every production the card lowers next at or above its
    minimum: the colony comes first, so its build bonus and the player's own colony triggers
    count (Minority Refuge and Pioneer Settlement at -4 M€ production go to Luna, or anywhere
    with Poseidon, as Immigrant City's own city counts)."""
    drops = _later_drops(card_id)
    if not drops:
        return True
    gains = build_production(key)
    credit = colony_trigger_production(st, seat, card_id)
    prod = st.players[seat].prod
    return all(
        prod[RES_INDEX[res]] + gains.get(res, 0) + credit.get(res, 0) - drop
        >= PRODUCTION_MIN[RES_INDEX[res]]
        for res, drop in drops.items()
    )


def colony_spaces(st: State, seat: int, card_id: str, again: bool) -> list[str]:
    """The tiles a card's colony may go to: free for it, and offsetting its production drop."""
    return [
        key
        for key, _s, _o, _t in st.colonies
        if colony_block(st, seat, key, allow_second=again) is None
        and offsets_drop(st, seat, card_id, key)
    ]


@decision("colony_place")
class ColonyPlace(Decision):
    """("colony_place", seat, card, again): where a card's colony goes (§14)."""

    def options(self, st: State, item: Item) -> list[Action]:
        again = bool(item[3]) if len(item) > 3 else False
        return [
            {"type": "colony", "colony": key} for key in colony_spaces(st, item[1], item[2], again)
        ]

    def choose(self, st: State, item: Item, action: Action) -> None:
        front(st, ("colony_build", item[1], item[2], action["colony"]))

    def empty(self, st: State, item: Item) -> None:
        log(st, item[1], "colony_none")


@decision("colony_discard")
class ColonyDiscard(Decision):
    """("colony_discard", seat, "", key): Pluto's colony bonus, discard 1 card (§14)."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "discard", "card": card} for card in st.players[item[1]].hand]

    def choose(self, st: State, item: Item, action: Action) -> None:
        player = st.pw(item[1])
        hand = list(player.hand)
        hand.remove(action["card"])
        player.hand = tuple(hand)
        st.discard = (*st.discard, action["card"])
        log(st, item[1], "colony_discarded")


# --- the end of the generation --------------------------------------------------------------------


def end_generation(st: State) -> None:
    """§14: fleets come home; the marker of every active tile rises 1 step (max 6)."""
    if not st.colonies:
        return
    st.colonies = tuple(
        (key, min(MAX_STEP, step + 1) if is_active(st, key) else step, owners, -1)
        for key, step, owners, _trader in st.colonies
    )
    log(st, -1, "colony_markers")
