"""The Colonies expansion's 49 project cards (C01–C49) and 5 corporations (rules §14).

Card data as in the other batches (data/colonies.csv is the list); what data cannot say is
registered here by name: the "colony" op (colonies.py) places a colony, "fleet" and
"trade_discount" / "trade_boost" effects are read by colonies.py, the rest are hooks,
decisions, checks and counters below, each prefixed `colonies_`.

Polyphemos's card price is read by payment.card_price (setup, research, cards bought in
play); Stormcraft's floaters stand in for heat wherever heat is spent (colonies.spend_heat).
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.cards.model import Mode, Trigger, corporation, project
from games.terraforming_mars.catalog import CARDS as ALL_CARDS
from games.terraforming_mars.colonies import (
    COLONY_KEYS,
    TILES,
    colonies_of,
    colony_block,
    entry,
    floaters_of,
    give_bonus,
    is_active,
    tile_count,
    trade_options_free,
)
from games.terraforming_mars.constants import MC, TAG_INDEX, TITANIUM
from games.terraforming_mars.kernel import (
    Decision,
    add_card_res,
    add_prod,
    check,
    counter,
    decision,
    draw_to_hand,
    front,
    gain,
    hook,
    log,
    op,
)
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import tag_count
from games.words import msg

Item = tuple[Any, ...]
Action = dict[str, Any]

CARDS = (
    project(
        "C01",
        "Airliners",
        "automated",
        11,
        "",
        module="colonies",
        req="floaters_own>=3",
        vp="1",
        text="+2 M€ production; put 2 floaters on one of your cards.",
        play=(("prod", "mc", 2), ("add_card", "floater", 2, "any")),
    ),
    project(
        "C02",
        "Air Raid",
        "event",
        0,
        "",
        module="colonies",
        text=(
            "Remove 1 floater from one of your cards (you must have one); steal up to 5 M€ from "
            "any player."
        ),
        checks=("colonies_has_floater",),
        play=(("colonies_remove_floater",), ("hired_raiders_target", "mc", 5)),
    ),
    project(
        "C03",
        "Atmo Collectors",
        "active",
        15,
        "",
        module="colonies",
        resource="floater",
        text=(
            "Put 2 floaters on one of your cards. Action: put 1 floater here, or remove 1 floater "
            "from here to gain 2 titanium, 3 energy or 4 heat."
        ),
        play=(("add_card", "floater", 2, "any"),),
        actions=(
            Mode("add", (), (("add", 1),)),
            Mode("titanium", (("take", 1),), (("gain", "titanium", 2),)),
            Mode("energy", (("take", 1),), (("gain", "energy", 3),)),
            Mode("heat", (("take", 1),), (("gain", "heat", 4),)),
        ),
    ),
    project(
        "C04",
        "Community Services",
        "automated",
        13,
        "",
        module="colonies",
        vp="1",
        text=(
            "+1 M€ production per card without tags you have in play (events excluded), this "
            "card's included."
        ),
        play=(("prod_per", "mc", 1, ("colonies_no_tag_cards",)),),
    ),
    project(
        "C05",
        "Conscription",
        "event",
        5,
        "earth",
        module="colonies",
        req="tag:earth>=2",
        vp="-1",
        text="Your next card played this generation gets a 16 M€ discount.",
        play=(("hook", "colonies_conscription"),),
    ),
    project(
        "C06",
        "Corona Extractor",
        "automated",
        10,
        "space power",
        module="colonies",
        req="tag:science>=4",
        text="+4 energy production.",
        play=(("prod", "energy", 4),),
    ),
    project(
        "C07",
        "Cryo-Sleep",
        "active",
        10,
        "science",
        module="colonies",
        vp="1",
        text="Effect: trading costs you 1 resource less (8 M€, 2 energy or 2 titanium).",
        effects=(("trade_discount", 1),),
    ),
    project(
        "C08",
        "Earth Elevator",
        "automated",
        43,
        "space earth",
        module="colonies",
        vp="4",
        text="+3 titanium production.",
        play=(("prod", "titanium", 3),),
    ),
    project(
        "C09",
        "Ecology Research",
        "automated",
        21,
        "science plant animal microbe",
        module="colonies",
        vp="1",
        text=(
            "+1 plant production per colony you own; put 1 animal on another of your cards and 2 "
            "microbes on another of your cards."
        ),
        play=(
            ("prod_per", "plants", 1, ("colonies_own",)),
            ("add_card", "animal", 1, "other"),
            ("add_card", "microbe", 2, "other"),
        ),
    ),
    project(
        "C10",
        "Floater Leasing",
        "automated",
        3,
        "",
        module="colonies",
        text="+1 M€ production per 3 floaters you have on your cards.",
        play=(("prod_per", "mc", 1, ("colonies_floaters",), 3),),
    ),
    project(
        "C11",
        "Floater Prototypes",
        "event",
        2,
        "science",
        module="colonies",
        text="Put 2 floaters on another of your cards.",
        play=(("add_card", "floater", 2, "other"),),
    ),
    project(
        "C12",
        "Floater Technology",
        "active",
        7,
        "science",
        module="colonies",
        text="Action: put 1 floater on another of your cards.",
        action=((), (("add_card", "floater", 1, "other"),)),
    ),
    project(
        "C13",
        "Galilean Waystation",
        "automated",
        15,
        "space",
        module="colonies",
        vp="1",
        text="+1 M€ production per Jovian tag in play (all players).",
        play=(("prod_per", "mc", 1, ("colonies_tags_all", "jovian")),),
    ),
    project(
        "C14",
        "Heavy Taxation",
        "automated",
        3,
        "earth",
        module="colonies",
        req="tag:earth>=2",
        vp="-1",
        text="+2 M€ production; gain 4 M€.",
        play=(("prod", "mc", 2), ("gain", "mc", 4)),
    ),
    project(
        "C15",
        "Ice Moon Colony",
        "automated",
        23,
        "space",
        module="colonies",
        text="Place a colony; place 1 ocean tile.",
        checks=("colonies_room",),
        play=(("colony", False), ("ocean", 1)),
    ),
    project(
        "C16",
        "Impactor Swarm",
        "event",
        11,
        "space",
        module="colonies",
        req="tag:jovian>=2",
        text="Gain 12 heat; remove up to 2 plants from any player.",
        play=(("gain", "heat", 12), ("remove_any", "plants", 2)),
    ),
    project(
        "C17",
        "Interplanetary Colony Ship",
        "event",
        12,
        "space earth",
        module="colonies",
        text="Place a colony.",
        checks=("colonies_room",),
        play=(("colony", False),),
    ),
    project(
        "C18",
        "Jovian Lanterns",
        "active",
        20,
        "jovian",
        module="colonies",
        req="tag:jovian>=1",
        vp="1/2res",
        resource="floater",
        text=(
            "Raise your TR 1 step; put 2 floaters on one of your cards. Action: spend 1 titanium "
            "to put 2 floaters here. Worth 1 VP per 2 floaters here."
        ),
        play=(("tr", 1), ("add_card", "floater", 2, "any")),
        action=((("spend", "titanium", 1),), (("add", 2),)),
    ),
    project(
        "C19",
        "Jupiter Floating Station",
        "active",
        9,
        "jovian",
        module="colonies",
        req="tag:science>=3",
        vp="1",
        resource="floater",
        text=(
            "Action: put 1 floater on one of your Jovian-tag cards, or gain 1 M€ per floater here "
            "(at most 4 M€)."
        ),
        actions=(
            Mode("jovian", (), (("colonies_add_tagged", "floater", 1, "jovian"),)),
            Mode("mc", (), (("hook", "colonies_floating_station"),)),
        ),
    ),
    project(
        "C20",
        "Luna Governor",
        "automated",
        4,
        "earth earth",
        module="colonies",
        req="tag:earth>=3",
        text="+2 M€ production. Carries two Earth tags.",
        play=(("prod", "mc", 2),),
    ),
    project(
        "C21",
        "Lunar Exports",
        "automated",
        19,
        "earth space",
        module="colonies",
        text="Choose one: +2 plant production, or +5 M€ production.",
        play=(
            (
                "choice",
                ("+2 plant production", "+5 M€ production"),
                ((("prod", "plants", 2),), (("prod", "mc", 5),)),
            ),
        ),
    ),
    project(
        "C22",
        "Lunar Mining",
        "automated",
        11,
        "earth",
        module="colonies",
        text="+1 titanium production per 2 Earth tags you have, this card's included.",
        play=(("prod_per", "titanium", 1, ("tags", "earth"), 2),),
    ),
    project(
        "C23",
        "Market Manipulation",
        "event",
        1,
        "earth",
        module="colonies",
        text=(
            "Move one colony tile's track marker up 1 step and another tile's marker down 1 step "
            "(never below its number of colonies)."
        ),
        play=(("colonies_market_up",),),
    ),
    project(
        "C24",
        "Martian Zoo",
        "active",
        12,
        "animal building",
        module="colonies",
        req="cities_any_owner>=2",
        vp="1",
        resource="animal",
        text=(
            "Effect: each Earth tag you play puts 1 animal here. Action: gain 1 M€ per animal here."
        ),
        triggers=(Trigger("tag", "own", (("tag", "earth"),), (("add", 1),)),),
        action=((), (("hook", "colonies_martian_zoo"),)),
    ),
    project(
        "C25",
        "Mining Colony",
        "automated",
        20,
        "space",
        module="colonies",
        text="+1 titanium production; place a colony.",
        checks=("colonies_room",),
        play=(("prod", "titanium", 1), ("colony", False)),
    ),
    project(
        "C26",
        "Minority Refuge",
        "automated",
        5,
        "space",
        module="colonies",
        text="-2 M€ production; place a colony.",
        checks=("colonies_room",),
        # The colony first: its build bonus counts (Luna at -4 M€ production), as Immigrant City.
        play=(("colony", False), ("prod", "mc", -2)),
    ),
    project(
        "C27",
        "Molecular Printing",
        "automated",
        11,
        "science",
        module="colonies",
        vp="1",
        text="Gain 1 M€ per city tile in play and 1 M€ per colony in play (all players).",
        play=(("gain_per", "mc", 1, ("cities", "all")), ("gain_per", "mc", 1, ("colonies_all",))),
    ),
    project(
        "C28",
        "Nitrogen from Titan",
        "automated",
        25,
        "jovian space",
        module="colonies",
        vp="1",
        text="Raise your TR 2 steps; put 2 floaters on one of your Jovian-tag cards.",
        play=(("tr", 2), ("colonies_add_tagged", "floater", 2, "jovian")),
    ),
    project(
        "C29",
        "Pioneer Settlement",
        "automated",
        13,
        "space",
        module="colonies",
        req="colonies_own<=1",
        vp="2",
        text="-2 M€ production; place a colony.",
        checks=("colonies_room",),
        # The colony first: its build bonus counts (Luna at -4 M€ production), as Immigrant City.
        play=(("colony", False), ("prod", "mc", -2)),
    ),
    project(
        "C30",
        "Productive Outpost",
        "automated",
        0,
        "",
        module="colonies",
        text="Receive the colony bonus of every colony you own, once each.",
        play=(("hook", "colonies_productive_outpost"),),
    ),
    project(
        "C31",
        "Quantum Communications",
        "automated",
        8,
        "",
        module="colonies",
        req="tag:science>=4",
        vp="1",
        text="+1 M€ production per colony in play (all players).",
        play=(("prod_per", "mc", 1, ("colonies_all",)),),
    ),
    project(
        "C32",
        "Red Spot Observatory",
        "active",
        17,
        "jovian science",
        module="colonies",
        req="tag:science>=3",
        vp="2",
        resource="floater",
        text=(
            "Draw 2 cards. Action: put 1 floater here, or remove 1 floater from here to draw 1 "
            "card."
        ),
        play=(("draw", 2),),
        actions=(
            Mode("add", (), (("add", 1),)),
            Mode("draw", (("take", 1),), (("draw", 1),)),
        ),
    ),
    project(
        "C33",
        "Refugee Camps",
        "active",
        10,
        "earth",
        module="colonies",
        vp="1/res",
        resource="camp",
        text=(
            "Action: lower your M€ production 1 step to put 1 camp resource here. Worth 1 VP per "
            "camp here."
        ),
        action=((("lose_prod", "mc", 1),), (("add", 1),)),
    ),
    project(
        "C34",
        "Research Colony",
        "automated",
        20,
        "space science",
        module="colonies",
        text="Place a colony, even on a tile where you already have one; draw 2 cards.",
        checks=("colonies_room_again",),
        play=(("colony", True), ("draw", 2)),
    ),
    project(
        "C35",
        "Rim Freighters",
        "active",
        4,
        "space",
        module="colonies",
        text="Effect: trading costs you 1 resource less (8 M€, 2 energy or 2 titanium).",
        effects=(("trade_discount", 1),),
    ),
    project(
        "C36",
        "Sky Docks",
        "active",
        18,
        "space earth",
        module="colonies",
        req="tag:earth>=2",
        vp="2",
        text="Gain 1 trade fleet. Effect: every card you play costs you 1 M€ less.",
        effects=(("fleet", 1), ("discount", 1, "")),
    ),
    project(
        "C37",
        "Solar Probe",
        "event",
        9,
        "space science",
        module="colonies",
        vp="1",
        text="Draw 1 card per 3 science tags you have, this card's included.",
        play=(("hook", "colonies_solar_probe"),),
    ),
    project(
        "C38",
        "Solar Reflectors",
        "automated",
        23,
        "space",
        module="colonies",
        text="+5 heat production.",
        play=(("prod", "heat", 5),),
    ),
    project(
        "C39",
        "Space Port",
        "automated",
        22,
        "city building",
        module="colonies",
        req="colonies_own>=1",
        text="-1 energy production, +4 M€ production; place a city tile; gain 1 trade fleet.",
        play=(("prod", "energy", -1), ("prod", "mc", 4), ("tile", "city", "city", "")),
        effects=(("fleet", 1),),
    ),
    project(
        "C40",
        "Space Port Colony",
        "automated",
        27,
        "space",
        module="colonies",
        req="colonies_own>=1",
        vp="1/2 colonies:any_owner",
        text=(
            "Place a colony, even on a tile where you already have one; gain 1 trade fleet. Worth "
            "1 VP per 2 colonies in play (all players)."
        ),
        checks=("colonies_room_again",),
        play=(("colony", True),),
        effects=(("fleet", 1),),
    ),
    project(
        "C41",
        "Spin-off Department",
        "active",
        10,
        "building",
        module="colonies",
        text=(
            "+2 M€ production. Effect: each time you play a card whose printed cost is 20 M€ or "
            "more, draw 1 card."
        ),
        play=(("prod", "mc", 2),),
        triggers=(Trigger("card", "own", (), (("hook", "colonies_spinoff", "+card"),)),),
    ),
    project(
        "C42",
        "Sub-zero Salt Fish",
        "active",
        5,
        "animal",
        module="colonies",
        req="temperature>=-6",
        vp="1/2res",
        resource="animal",
        text=(
            "Lower any player's plant production 1 step. Action: put 1 animal here. Worth 1 VP per "
            "2 animals here."
        ),
        play=(("red_prod", "plants", 1),),
        action=((), (("add", 1),)),
    ),
    project(
        "C43",
        "Titan Air-scrapping",
        "active",
        21,
        "jovian",
        module="colonies",
        vp="2",
        resource="floater",
        text=(
            "Action: spend 1 titanium to put 2 floaters here, or remove 2 floaters from here to "
            "raise your TR 1 step."
        ),
        actions=(
            Mode("add", (("spend", "titanium", 1),), (("add", 2),)),
            Mode("tr", (("take", 2),), (("tr", 1),)),
        ),
    ),
    project(
        "C44",
        "Titan Floating Launch-pad",
        "active",
        18,
        "jovian",
        module="colonies",
        vp="1",
        resource="floater",
        text=(
            "Put 2 floaters on one of your Jovian-tag cards. Action: put 1 floater on one of your "
            "Jovian-tag cards, or remove 1 floater from here to trade without paying the trade fee "
            "(a trade fleet is still used)."
        ),
        play=(("colonies_add_tagged", "floater", 2, "jovian"),),
        actions=(
            Mode("jovian", (), (("colonies_add_tagged", "floater", 1, "jovian"),)),
            Mode(
                "trade", (("take", 1), ("cond", "colonies_can_trade")), (("colonies_free_trade",),)
            ),
        ),
    ),
    project(
        "C45",
        "Titan Shuttles",
        "active",
        23,
        "jovian space",
        module="colonies",
        vp="1",
        resource="floater",
        text=(
            "Action: put 2 floaters on one of your Jovian-tag cards, or remove any number of "
            "floaters from here to gain that many titanium."
        ),
        actions=(
            Mode("jovian", (), (("colonies_add_tagged", "floater", 2, "jovian"),)),
            Mode("titanium", (("take", 1),), (("hook", "colonies_titan_shuttles"),)),
        ),
    ),
    project(
        "C46",
        "Trade Envoys",
        "active",
        6,
        "",
        module="colonies",
        text="Effect: when you trade, you may first move that tile's track marker up 1 step.",
        effects=(("trade_boost", 1),),
    ),
    project(
        "C47",
        "Trading Colony",
        "active",
        18,
        "space",
        module="colonies",
        text=(
            "Place a colony. Effect: when you trade, you may first move that tile's track marker "
            "up 1 step."
        ),
        checks=("colonies_room",),
        play=(("colony", False),),
        effects=(("trade_boost", 1),),
    ),
    project(
        "C48",
        "Urban Decomposers",
        "automated",
        6,
        "microbe",
        module="colonies",
        req="colonies_own>=1 & cities_own>=1",
        text="+1 plant production; put 2 microbes on another of your cards.",
        play=(("prod", "plants", 1), ("add_card", "microbe", 2, "other")),
    ),
    project(
        "C49",
        "Warp Drive",
        "active",
        14,
        "science",
        module="colonies",
        req="tag:science>=5",
        vp="2",
        text="Effect: cards with a space tag cost you 4 M€ less.",
        effects=(("discount", 4, "space"),),
    ),
    corporation(
        "R02",
        "Poseidon",
        45,
        "",
        module="colonies",
        text=(
            "First action: place a colony. Effect: whenever any player places a colony (this first "
            "one included), +1 M€ production."
        ),
        first_action=(("colony", False),),
        first_action_label=msg("Place a colony"),
        triggers=(Trigger("colony", "any", (), (("prod", "mc", 1),)),),
    ),
    corporation(
        "R04",
        "Arklight",
        45,
        "animal",
        module="colonies",
        vp="1/2res",
        resource="animal",
        text=(
            "Starts with +2 M€ production. Effect: each time you play an animal or plant tag (this "
            "card's included), put 1 animal here. Worth 1 VP per 2 animals here."
        ),
        play=(("prod", "mc", 2),),
        triggers=(Trigger("tag", "own", (("tag_in", ("animal", "plant")),), (("add", 1),)),),
    ),
    corporation(
        "R11",
        "Polyphemos",
        50,
        "",
        module="colonies",
        text=(
            "Starts with +5 M€ production and 5 titanium. Effect: buying a card into your hand "
            "costs you 5 M€ instead of 3 (starting hand included)."
        ),
        play=(("prod", "mc", 5), ("gain", "titanium", 5)),
        effects=(("card_price", 5),),
    ),
    corporation(
        "R20",
        "Aridor",
        40,
        "",
        module="colonies",
        text=(
            "First action: bring one colony tile of your choice from those not in play into the "
            "game. Effect: each time a tag type you had not yet in play enters your tableau "
            "(events do not count), +1 M€ production."
        ),
        first_action=(("colonies_aridor_tile",),),
        first_action_label=msg("Bring a colony tile into the game"),
        triggers=(
            Trigger("card", "own", (("event", False),), (("hook", "colonies_aridor", "+card"),)),
        ),
    ),
    corporation(
        "R29",
        "Stormcraft Incorporated",
        48,
        "jovian",
        module="colonies",
        resource="floater",
        text=(
            "Action: put 1 floater on one of your cards. Effect: floaters here may be spent as "
            "heat, 2 heat each."
        ),
        action=((), (("add_card", "floater", 1, "any"),)),
        effects=(("floaters_as_heat",),),
    ),
)


# --- counters ----------------------------------------------------------------------------------


@counter("colonies_own")
def _count_colonies_own(st: State, seat: int) -> int:
    return colonies_of(st, seat)


@counter("colonies_all")
def _count_colonies_all(st: State, seat: int) -> int:
    return colonies_of(st)


@counter("colonies_floaters")
def _count_floaters(st: State, seat: int) -> int:
    return floaters_of(st, seat)


@counter("colonies_tags_all")
def _count_tags_all(st: State, seat: int, tag: str) -> int:
    own = tag_count(st.players[seat], tag, purpose="effect")
    others = sum(tag_count(p, tag, purpose="others") for i, p in enumerate(st.players) if i != seat)
    return own + others


@counter("colonies_no_tag_cards")
def _count_no_tag_cards(st: State, seat: int) -> int:
    """C04: cards in play without tags (events are not in play), this card's included."""
    return sum(1 for card in st.players[seat].in_play() if not ALL_CARDS[card].tags)


# --- checks ------------------------------------------------------------------------------------


@check("colonies_room")
def _room(st: State, seat: int, card: str) -> str | None:
    """A card that places a colony needs a tile for it (§4.1.1: the placement is mandatory)."""
    if any(colony_block(st, seat, key) is None for key, *_ in st.colonies):
        return None
    return msg("There is no colony tile you can build on.")


@check("colonies_room_again")
def _room_again(st: State, seat: int, card: str) -> str | None:
    if any(colony_block(st, seat, key, allow_second=True) is None for key, *_ in st.colonies):
        return None
    return msg("There is no colony tile you can build on.")


@check("colonies_has_floater")
def _has_floater(st: State, seat: int, card: str) -> str | None:
    if floaters_of(st, seat) >= 1:
        return None
    return msg("Needs a floater on one of your cards.")


@check("colonies_can_trade")
def _can_trade(st: State, seat: int, card: str) -> str | None:
    if trade_options_free(st, seat):
        return None
    return msg("No trade is possible now (no fleet, or no tile left to visit).")


# --- hooks ---------------------------------------------------------------------------------------


@hook("colonies_conscription")
def _conscription(st: State, item: Item) -> None:
    """C05: the next card played this generation costs 16 M€ less."""
    player = st.pw(item[1])
    player.next_card = (*player.next_card, ("discount", 16))


@hook("colonies_floating_station")
def _floating_station(st: State, item: Item) -> None:
    """C19: 1 M€ per floater here, at most 4."""
    seat, card = item[1], item[2]
    amount = min(4, st.players[seat].res.get(card, 0))
    gain(st, seat, MC, amount)
    log(st, seat, "gain", "mc", amount)


@hook("colonies_martian_zoo")
def _martian_zoo(st: State, item: Item) -> None:
    """C24: 1 M€ per animal here."""
    seat, card = item[1], item[2]
    amount = st.players[seat].res.get(card, 0)
    gain(st, seat, MC, amount)
    log(st, seat, "gain", "mc", amount)


@hook("colonies_productive_outpost")
def _productive_outpost(st: State, item: Item) -> None:
    """C30: the colony bonus of every own colony, once each, in tile order."""
    seat = item[1]
    for key, _step, owners, _trader in st.colonies:
        for owner in owners:
            if owner == seat:
                give_bonus(st, seat, key)


@hook("colonies_solar_probe")
def _solar_probe(st: State, item: Item) -> None:
    """C37: 1 card per 3 science tags, this event's own science tag included (§1.3)."""
    seat = item[1]
    science = tag_count(st.players[seat], "science", purpose="effect") + 1
    drawn = draw_to_hand(st, seat, science // 3)
    log(st, seat, "draw", drawn)


@hook("colonies_spinoff", order="cards")
def _spinoff(st: State, item: Item) -> None:
    """C41: a card printed at 20 M€ or more draws 1 card."""
    played = item[-1]
    if played in ALL_CARDS and ALL_CARDS[played].cost >= 20:
        drawn = draw_to_hand(st, item[1], 1)
        log(st, item[1], "draw", drawn)


@hook("colonies_titan_shuttles")
def _titan_shuttles(st: State, item: Item) -> None:
    """C45: one floater was taken as the cost; more may follow, 1 titanium each."""
    seat, card = item[1], item[2]
    gain(st, seat, TITANIUM, 1)
    if st.players[seat].res.get(card, 0):
        front(st, ("colonies_shuttles_more", seat, card))
    else:
        log(st, seat, "gain", "titanium", 1)


@hook("colonies_aridor")
def _aridor(st: State, item: Item) -> None:
    """R20: +1 M€ production per tag type that this card brings into the tableau first."""
    seat, played = item[1], item[-1]
    player = st.players[seat]
    fresh = 0
    for tag in set(ALL_CARDS[played].tags) - {"wild"}:  # §13: a wild tag is no kind of tag
        on_card = ALL_CARDS[played].tags.count(tag)
        if player.tags[TAG_INDEX[tag]] == on_card:
            fresh += 1
    if fresh:
        add_prod(st, seat, MC, fresh)
        log(st, seat, "prod", "mc", fresh)


# --- ops and decisions ---------------------------------------------------------------------------


def _tagged_cards(st: State, seat: int, rtype: str, tag: str) -> list[str]:
    return [
        card
        for card in st.players[seat].in_play()
        if ALL_CARDS[card].resource == rtype and tag in ALL_CARDS[card].tags
    ]


@decision("colonies_add_tagged")
class AddTagged(Decision):
    """("colonies_add_tagged", seat, source, rtype, n, tag): n on one own card with that tag."""

    prompt = msg("Which of your Jovian cards gets the floaters?")

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "card", "card": c} for c in _tagged_cards(st, item[1], item[3], item[5])]

    def choose(self, st: State, item: Item, action: Action) -> None:
        add_card_res(st, item[1], action["card"], item[4])
        log(st, item[1], "add_res", action["card"], item[4])

    def empty(self, st: State, item: Item) -> None:
        log(st, item[1], "lost_res", item[3], item[4])


@decision("colonies_remove_floater")
class RemoveFloater(Decision):
    """("colonies_remove_floater", seat, source): C02 takes 1 floater off one own card."""

    prompt = msg("From which card do you remove a floater?")

    def options(self, st: State, item: Item) -> list[Action]:
        player = st.players[item[1]]
        return [
            {"type": "card", "card": card}
            for card in player.in_play()
            if ALL_CARDS[card].resource == "floater" and player.res.get(card, 0) > 0
        ]

    def choose(self, st: State, item: Item, action: Action) -> None:
        add_card_res(st, item[1], action["card"], -1)


@decision("colonies_shuttles_more")
class ShuttlesMore(Decision):
    """("colonies_shuttles_more", seat, card): C45 removes more floaters for titanium."""

    prompt = msg("How many more floaters do you turn into titanium?")

    def options(self, st: State, item: Item) -> list[Action]:
        have = st.players[item[1]].res.get(item[2], 0)
        return [{"type": "amount", "amount": n} for n in range(have + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        amount = action["amount"]
        add_card_res(st, item[1], item[2], -amount)
        gain(st, item[1], TITANIUM, amount)
        log(st, item[1], "gain", "titanium", amount + 1)


@op("colonies_market_up")
def _market_up(st: State, item: Item) -> None:
    front(st, ("colonies_market", item[1], item[2], "up", ""))


@decision("colonies_market")
class Market(Decision):
    """("colonies_market", seat, source, "up"|"down", raised): C23 moves two markers."""

    prompt = msg("Which colony tile's marker moves?")

    def options(self, st: State, item: Item) -> list[Action]:
        out = []
        for key, step, owners, _trader in st.colonies:
            if not is_active(st, key) or key == item[4]:
                continue
            if (item[3] == "up" and step < 6) or (item[3] == "down" and step > len(owners)):
                out.append({"type": "choose", "option": key})
        return out

    def choose(self, st: State, item: Item, action: Action) -> None:
        key = action["option"]
        _, step, owners, trader = entry(st, key)  # type: ignore[misc]
        delta = 1 if item[3] == "up" else -1
        st.colonies = tuple(
            (key, step + delta, owners, trader) if t[0] == key else t for t in st.colonies
        )
        log(st, item[1], "colony_marker", key, step + delta)
        if item[3] == "up":
            front(st, ("colonies_market", item[1], item[2], "down", key))


@op("colonies_free_trade")
def _free_trade(st: State, item: Item) -> None:
    front(st, ("colonies_trade_free", item[1], item[2]))


@decision("colonies_trade_free")
class TradeFree(Decision):
    """("colonies_trade_free", seat, source): C44 trades without the fee (a fleet goes)."""

    prompt = msg("With which colony tile do you trade?")

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "choose", "option": key} for key in trade_options_free(st, item[1])]

    def choose(self, st: State, item: Item, action: Action) -> None:
        from games.terraforming_mars.colonies import send_fleet

        send_fleet(st, item[1], action["option"], "free", 0)


@op("colonies_aridor_tile")
def _aridor_tile(st: State, item: Item) -> None:
    front(st, ("colonies_aridor_pick", item[1], item[2]))


@decision("colonies_aridor_pick")
class AridorPick(Decision):
    """("colonies_aridor_pick", seat, source): R20 brings a tile not in play into the game."""

    prompt = msg("Which colony tile do you bring into the game?")

    def options(self, st: State, item: Item) -> list[Action]:
        used = {key for key, *_ in st.colonies}
        return [{"type": "choose", "option": key} for key in COLONY_KEYS if key not in used]

    def choose(self, st: State, item: Item, action: Action) -> None:
        key = action["option"]
        st.colonies = tuple(sorted((*st.colonies, (key, 1, (), -1))))
        log(st, item[1], "colony_added", key)


__all__ = ["CARDS", "TILES", "tile_count"]
