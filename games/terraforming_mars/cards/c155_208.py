"""Project cards 155–208 (rules §17.2, cards.csv): data, plus the hooks data cannot express.

Card effects read by the interpreter besides the usual ones (see ops.protected):
("protect", "here") keeps the resources on Pets from everyone; ("protect", "opponents",
kinds) keeps Protected Habitats' owner's plants, animals and microbes from other players.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.board import legal_spaces, map_of
from games.terraforming_mars.cards.model import Mode, Trigger, project
from games.terraforming_mars.colonies import heat_available
from games.terraforming_mars.constants import ENERGY, MC
from games.terraforming_mars.kernel import (
    Decision,
    check,
    decision,
    draw_cards,
    front,
    hook,
    log,
    lose,
    op,
    raise_tr,
)
from games.terraforming_mars.payment import card_cost
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import tag_count
from games.words import msg

LOCAL_HEAT_TRAPPING_HEAT = 5  # 190: heat spent on play
FLOODING_MC = 4  # 188: M€ removed from a neighbour of the new ocean
OLYMPUS_DRAW = "Remove 1 science resource here to draw 1 card"

CARDS = (
    project(
        "155",
        "Designed Microorganisms",
        "automated",
        16,
        "science microbe",
        req="temperature<=-14",
        text="+2 plant production.",
        play=(("prod", "plants", 2),),
    ),
    project(
        "156",
        "Standard Technology",
        "active",
        6,
        "science",
        module="corporate_era",
        text="Effect: after you pay for a standard project other than Sell Patents, gain 3 M€.",
        # The "sp" event fires for every standard project except Sell Patents.
        triggers=(Trigger("sp", "own", (), (("gain", "mc", 3),)),),
    ),
    project(
        "157",
        "Nitrite Reducing Bacteria",
        "active",
        11,
        "microbe",
        resource="microbe",
        text=(
            "Put 3 microbes here. Action: put 1 microbe here, or remove 3 microbes from here "
            "to raise your TR 1 step."
        ),
        play=(("add", 3),),
        actions=(
            Mode("add", (), (("add", 1),)),
            Mode("remove", (("take", 3),), (("tr", 1),)),
        ),
    ),
    project(
        "158",
        "Industrial Microbes",
        "automated",
        12,
        "microbe building",
        text="+1 energy production, +1 steel production.",
        play=(("prod", "energy", 1), ("prod", "steel", 1)),
    ),
    project(
        "159",
        "Lichen",
        "automated",
        7,
        "plant",
        req="temperature>=-24",
        text="+1 plant production.",
        play=(("prod", "plants", 1),),
    ),
    project(
        "160",
        "Power Supply Consortium",
        "automated",
        5,
        "power",
        module="corporate_era",
        req="tag:power>=2",
        text=(
            "Move 1 energy production from any player to you: that player's energy "
            "production -1, yours +1."
        ),
        play=(("steal_prod", "energy", 1),),
    ),
    project(
        "161",
        "Convoy From Europa",
        "event",
        15,
        "space",
        text="Place 1 ocean tile; draw 1 card.",
        play=(("ocean", 1), ("draw", 1)),
    ),
    project(
        "162",
        "Imported GHG",
        "event",
        7,
        "earth space",
        text="+1 heat production; gain 3 heat.",
        play=(("prod", "heat", 1), ("gain", "heat", 3)),
    ),
    project(
        "163",
        "Imported Nitrogen",
        "event",
        23,
        "earth space",
        text=(
            "Raise your TR 1 step; gain 4 plants; put 3 microbes on another card and 2 "
            "animals on another card."
        ),
        play=(
            ("tr", 1),
            ("gain", "plants", 4),
            ("add_card", "microbe", 3, "other"),
            ("add_card", "animal", 2, "other"),
        ),
    ),
    project(
        "164",
        "Micro-Mills",
        "automated",
        3,
        "",
        text="+1 heat production.",
        play=(("prod", "heat", 1),),
    ),
    project(
        "165",
        "Magnetic Field Generators",
        "automated",
        20,
        "building",
        text="-4 energy production, +2 plant production; raise your TR 3 steps.",
        play=(("prod", "energy", -4), ("prod", "plants", 2), ("tr", 3)),
    ),
    project(
        "166",
        "Shuttles",
        "active",
        10,
        "space",
        req="oxygen>=5",
        vp="1",
        text=(
            "-1 energy production, +2 M€ production. Effect: cards with a space tag cost you "
            "2 M€ less."
        ),
        play=(("prod", "energy", -1), ("prod", "mc", 2)),
        effects=(("discount", 2, "space"),),
    ),
    project(
        "167",
        "Import of Advanced GHG",
        "event",
        9,
        "earth space",
        text="+2 heat production.",
        play=(("prod", "heat", 2),),
    ),
    project(
        "168",
        "Windmills",
        "automated",
        6,
        "power building",
        req="oxygen>=7",
        vp="1",
        text="+1 energy production.",
        play=(("prod", "energy", 1),),
    ),
    project(
        "169",
        "Tundra Farming",
        "automated",
        16,
        "plant",
        req="temperature>=-6",
        vp="2",
        text="+1 plant production, +2 M€ production; gain 1 plant.",
        play=(("prod", "plants", 1), ("prod", "mc", 2), ("gain", "plants", 1)),
    ),
    project(
        "170",
        "Aerobraked Ammonia Asteroid",
        "event",
        26,
        "space",
        text="+3 heat production, +1 plant production; put 2 microbes on another card.",
        play=(("prod", "heat", 3), ("prod", "plants", 1), ("add_card", "microbe", 2, "other")),
    ),
    project(
        "171",
        "Magnetic Field Dome",
        "automated",
        5,
        "building",
        text="-2 energy production, +1 plant production; raise your TR 1 step.",
        play=(("prod", "energy", -2), ("prod", "plants", 1), ("tr", 1)),
    ),
    project(
        "172",
        "Pets",
        "active",
        10,
        "earth animal",
        vp="1/2res",
        resource="animal",
        text=(
            "Put 1 animal here. Effect: whenever any city tile is placed, put 1 animal here. "
            "Animals here can never be removed. Worth 1 VP per 2 animals here."
        ),
        play=(("add", 1),),
        effects=(("protect", "here"),),
        triggers=(Trigger("tile", "any", (("tile", "city"),), (("add", 1),)),),
    ),
    project(
        "173",
        "Protected Habitats",
        "active",
        5,
        "",
        module="corporate_era",
        text="Effect: opponents may not remove your plants, animals or microbes.",
        effects=(("protect", "opponents", ("plants", "animal", "microbe")),),
    ),
    project(
        "174",
        "Protected Valley",
        "automated",
        23,
        "plant building",
        text=(
            "+2 M€ production; place a greenery tile on an ocean-reserved space (normal "
            "greenery placement does not apply) and raise oxygen 1 step."
        ),
        play=(("prod", "mc", 2), ("tile", "greenery", "ocean_space", "")),
    ),
    project(
        "175",
        "Satellites",
        "automated",
        10,
        "space",
        module="corporate_era",
        text="+1 M€ production per space tag you have, this card's included.",
        play=(("prod_per", "mc", 1, ("tags", "space")),),
    ),
    project(
        "176",
        "Noctis Farming",
        "automated",
        10,
        "plant building",
        req="temperature>=-20",
        vp="1",
        text="+1 M€ production; gain 2 plants.",
        play=(("prod", "mc", 1), ("gain", "plants", 2)),
    ),
    project(
        "177",
        "Water Splitting Plant",
        "active",
        12,
        "building",
        req="oceans>=2",
        text="Action: spend 3 energy to raise oxygen 1 step.",
        action=((("spend", "energy", 3),), (("raise", "oxygen", 1),)),
    ),
    project(
        "178",
        "Heat Trappers",
        "automated",
        6,
        "power building",
        vp="-1",
        text="Lower any player's heat production 2 steps; +1 energy production.",
        play=(("red_prod", "heat", 2), ("prod", "energy", 1)),
    ),
    project(
        "179",
        "Soil Factory",
        "automated",
        9,
        "building",
        vp="1",
        text="-1 energy production, +1 plant production.",
        play=(("prod", "energy", -1), ("prod", "plants", 1)),
    ),
    project(
        "180",
        "Fuel Factory",
        "automated",
        6,
        "building",
        module="corporate_era",
        text="-1 energy production; +1 titanium production, +1 M€ production.",
        play=(("prod", "energy", -1), ("prod", "titanium", 1), ("prod", "mc", 1)),
    ),
    project(
        "181",
        "Ice Cap Melting",
        "event",
        5,
        "",
        req="temperature>=2",
        text="Place 1 ocean tile.",
        play=(("ocean", 1),),
    ),
    project(
        "182",
        "Corporate Stronghold",
        "automated",
        11,
        "city building",
        module="corporate_era",
        vp="-2",
        text="-1 energy production, +3 M€ production; place a city tile.",
        play=(("prod", "energy", -1), ("prod", "mc", 3), ("tile", "city", "city", "")),
    ),
    project(
        "183",
        "Biomass Combustors",
        "automated",
        4,
        "power building",
        req="oxygen>=6",
        vp="-1",
        text="Lower any player's plant production 1 step; +2 energy production.",
        play=(("red_prod", "plants", 1), ("prod", "energy", 2)),
    ),
    project(
        "184",
        "Livestock",
        "active",
        13,
        "animal",
        req="oxygen>=9",
        vp="1/res",
        resource="animal",
        text=(
            "-1 plant production, +2 M€ production. Action: put 1 animal here. Worth 1 VP "
            "per animal here."
        ),
        play=(("prod", "plants", -1), ("prod", "mc", 2)),
        action=((), (("add", 1),)),
    ),
    project(
        "185",
        "Olympus Conference",
        "active",
        10,
        "science earth building",
        module="corporate_era",
        vp="1",
        resource="science",
        text=(
            "Effect: each time you play a science tag (this card's included), put 1 science "
            "resource here, or remove 1 from here to draw 1 card."
        ),
        triggers=(Trigger("tag", "own", (("tag", "science"),), (("hook", "olympus_conference"),)),),
    ),
    project(
        "186",
        "Rad-Suits",
        "automated",
        6,
        "",
        module="corporate_era",
        req="cities_any_owner>=2",
        vp="1",
        text="+1 M€ production.",
        play=(("prod", "mc", 1),),
    ),
    project(
        "187",
        "Aquifer Pumping",
        "active",
        18,
        "building",
        text="Action: pay 8 M€ (steel may help pay, as for a building card) to place 1 ocean tile.",
        action=((("pay", 8, "steel"),), (("ocean", 1),)),
    ),
    project(
        "188",
        "Flooding",
        "event",
        7,
        "",
        vp="-1",
        text=(
            "Place 1 ocean tile; you may then remove 4 M€ from another player who owns a tile "
            "next to that ocean."
        ),
        play=(("hook", "flooding"),),
    ),
    project(
        "189",
        "Energy Saving",
        "automated",
        15,
        "power",
        text="+1 energy production per city tile in play (all players).",
        play=(("prod_per", "energy", 1, ("cities", "all")),),
    ),
    project(
        "190",
        "Local Heat Trapping",
        "event",
        1,
        "",
        text="Spend 5 heat; then gain 4 plants or put 2 animals on another card.",
        play=(
            ("spend_heat", LOCAL_HEAT_TRAPPING_HEAT),  # Stormcraft's floaters may pay it
            (
                "choice",
                ("plants", "animals"),
                ((("gain", "plants", 4),), (("add_card", "animal", 2, "other"),)),
            ),
        ),
        checks=("local_heat_trapping",),
    ),
    project(
        "191",
        "Permafrost Extraction",
        "event",
        8,
        "",
        req="temperature>=-8",
        text="Place 1 ocean tile.",
        play=(("ocean", 1),),
    ),
    project(
        "192",
        "Invention Contest",
        "event",
        2,
        "science",
        module="corporate_era",
        text="Look at the top 3 project cards; keep 1 in hand and discard the other 2.",
        play=(("hook", "invention_contest"),),
    ),
    project(
        "193",
        "Plantation",
        "automated",
        15,
        "plant",
        req="tag:science>=2",
        text="Place a greenery tile (normal placement) and raise oxygen 1 step.",
        play=(("tile", "greenery", "greenery", ""),),
    ),
    project(
        "194",
        "Power Infrastructure",
        "active",
        4,
        "power building",
        module="corporate_era",
        text="Action: spend any amount of energy to gain the same amount of M€.",
        action=((("cond", "power_infrastructure_energy"),), (("hook", "power_infrastructure"),)),
    ),
    project(
        "195",
        "Indentured Workers",
        "event",
        0,
        "",
        module="corporate_era",
        vp="-1",
        text="The next card you play this generation costs 8 M€ less.",
        play=(("hook", "indentured_workers"),),
    ),
    project(
        "196",
        "Lagrange Observatory",
        "automated",
        9,
        "science space",
        module="corporate_era",
        vp="1",
        text="Draw 1 card.",
        play=(("draw", 1),),
    ),
    project(
        "197",
        "Terraforming Ganymede",
        "automated",
        33,
        "jovian space",
        module="corporate_era",
        vp="2",
        text="Raise your TR 1 step per Jovian tag you have, this card's included.",
        play=(("hook", "terraforming_ganymede"),),
    ),
    project(
        "198",
        "Immigration Shuttles",
        "automated",
        31,
        "earth space",
        vp="1/3 cities:any_owner",
        text="+5 M€ production. Worth 1 VP per 3 city tiles in play (all players).",
        play=(("prod", "mc", 5),),
    ),
    project(
        "199",
        "Restricted Area",
        "active",
        11,
        "science",
        module="corporate_era",
        text="Place the Restricted Area tile on any land space. Action: spend 2 M€ to draw 1 card.",
        play=(("tile", "special", "land", "restricted_area"),),
        action=((("pay", 2),), (("draw", 1),)),
    ),
    project(
        "200",
        "Immigrant City",
        "active",
        13,
        "city building",
        text=(
            "-1 energy production, -2 M€ production; place a city tile. Effect: whenever any "
            "city tile is placed (this one included), +1 M€ production."
        ),
        # The city first: its own +1 M€ production (and Tharsis Republic's) comes before the
        # -2, so the card is playable at -4 M€ production (-5 with Tharsis Republic).
        play=(("tile", "city", "city", ""), ("prod", "energy", -1), ("prod", "mc", -2)),
        triggers=(Trigger("tile", "any", (("tile", "city"),), (("prod", "mc", 1),)),),
    ),
    project(
        "201",
        "Energy Tapping",
        "automated",
        3,
        "power",
        module="corporate_era",
        vp="-1",
        text=(
            "Move 1 energy production from any player to you: that player's energy "
            "production -1, yours +1."
        ),
        play=(("steal_prod", "energy", 1),),
    ),
    project(
        "202",
        "Underground Detonations",
        "active",
        6,
        "building",
        text="Action: spend 10 M€ to gain 2 heat production.",
        action=((("pay", 10),), (("prod", "heat", 2),)),
    ),
    project(
        "203",
        "Soletta",
        "automated",
        35,
        "space",
        text="+7 heat production.",
        play=(("prod", "heat", 7),),
    ),
    project(
        "204",
        "Technology Demonstration",
        "event",
        5,
        "science space",
        module="corporate_era",
        text="Draw 2 cards.",
        play=(("draw", 2),),
    ),
    project(
        "205",
        "Rad-Chem Factory",
        "automated",
        8,
        "building",
        text="-1 energy production; raise your TR 2 steps.",
        play=(("prod", "energy", -1), ("tr", 2)),
    ),
    project(
        "206",
        "Special Design",
        "event",
        4,
        "science",
        text=(
            "The next card you play this generation treats its oxygen, temperature and ocean "
            "requirements as up to 2 steps easier."
        ),
        play=(("hook", "special_design"),),
    ),
    project(
        "207",
        "Medical Lab",
        "automated",
        13,
        "science building",
        module="corporate_era",
        vp="1",
        text="+1 M€ production per 2 building tags you have, this card's included.",
        play=(("prod_per", "mc", 1, ("tags", "building"), 2),),
    ),
    project(
        "208",
        "AI Central",
        "active",
        21,
        "science building",
        module="corporate_era",
        req="tag:science>=3",
        vp="1",
        text="-1 energy production. Action: draw 2 cards.",
        play=(("prod", "energy", -1),),
        action=((), (("draw", 2),)),
    ),
)


# --- hooks -------------------------------------------------------------------------------------

Item = tuple[Any, ...]
Action = dict[str, Any]


@hook("olympus_conference", order="ask")
def _olympus_conference(st: State, item: Item) -> None:
    """185: a science tag puts 1 science resource here, or takes 1 off to draw a card."""
    seat, card = item[1], item[2]
    branches: tuple[tuple[tuple[Any, ...], ...], ...] = ((("add", 1),),)
    labels: tuple[str, ...] = ("add",)
    if st.players[seat].res.get(card, 0) > 0:
        labels += (OLYMPUS_DRAW,)
        branches += ((("add", -1), ("draw", 1)),)
    front(st, ("choice", seat, card, labels, branches))


@hook("flooding")
def _flooding(st: State, item: Item) -> None:
    """188: place an ocean, then look at who owns the tiles next to it."""
    seat, card = item[1], item[2]
    free = tuple(legal_spaces(st, seat, "ocean"))
    front(st, ("place", seat, card, "ocean", "ocean", ""))
    front(st, ("flooding_neighbours", seat, card, free))


@op("flooding_neighbours")
def _flooding_neighbours(st: State, item: Item) -> None:
    """("flooding_neighbours", seat, card, spaces free before): the choice of a victim."""
    seat, card, free = item[1], item[2], item[3]
    placed = next((s for s in free if st.board.get(s, ("",))[0] == "ocean"), None)
    if placed is None:
        return  # no ocean was left to place (§4.1.1)
    owners = sorted(
        {
            tile[1]
            for other in map_of(st).neighbors[placed]
            if (tile := st.board.get(other)) is not None
            and 0 <= tile[1] < st.n
            and tile[1] != seat
            and st.players[tile[1]].stock[MC] > 0
        }
    )
    labels = tuple(f"Remove {FLOODING_MC} M€ from player {owner + 1}" for owner in owners)
    branches = tuple((("hook", "flooding_remove", owner),) for owner in owners)
    front(st, ("choice", seat, card, (*labels, "Remove nothing"), (*branches, ())))


@hook("flooding_remove")
def _flooding_remove(st: State, item: Item) -> None:
    seat, target = item[1], item[4]
    taken = lose(st, target, MC, FLOODING_MC)
    log(st, seat, "remove", target, "mc", taken)


@check("local_heat_trapping")
def _local_heat_trapping_check(st: State, seat: int, card: str) -> str | None:
    """190: 5 heat must be there to spend (Stormcraft's floaters count 2 each), beyond any heat
    Helion needs to pay the card."""
    player = st.players[seat]
    heat = heat_available(st, seat)  # with Stormcraft's floaters
    if player.mods.heat_as_mc:
        heat -= max(0, card_cost(player, card) - player.stock[MC])
    if heat < LOCAL_HEAT_TRAPPING_HEAT:
        return msg("Needs %(n)s heat to spend.", n=LOCAL_HEAT_TRAPPING_HEAT)
    return None


@hook("invention_contest")
def _invention_contest(st: State, item: Item) -> None:
    """192: look at the top 3 cards (only this player sees them), keep 1."""
    seat, card = item[1], item[2]
    drawn = tuple(draw_cards(st, 3))
    if len(drawn) <= 1:
        _invention_keep(st, seat, drawn)
        return
    front(st, ("invention_contest", seat, card, drawn))


def _invention_keep(st: State, seat: int, cards: tuple[str, ...]) -> None:
    if cards:
        player = st.pw(seat)
        player.hand = (*player.hand, *cards)
    log(st, seat, "draw", len(cards))


@decision("invention_contest")
class InventionContest(Decision):
    """("invention_contest", seat, source, cards looked at): discard one; the last is kept.

    The options are "discard" actions so that the other players only read "discarded a
    card" (§15.0: the cards looked at are hidden).
    """

    prompt = msg("Discard a card you looked at; the last one is yours.")

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "discard", "card": card} for card in item[3]]

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat, gone = item[1], action["card"]
        st.discard = (*st.discard, gone)
        rest = tuple(card for card in item[3] if card != gone)
        if len(rest) > 1:
            front(st, ("invention_contest", seat, item[2], rest))
        else:
            _invention_keep(st, seat, rest)


@check("power_infrastructure_energy")
def _power_infrastructure_check(st: State, seat: int, card: str) -> str | None:
    return None if st.players[seat].stock[ENERGY] > 0 else msg("Needs energy to spend.")


@hook("power_infrastructure")
def _power_infrastructure(st: State, item: Item) -> None:
    """194: choose how much energy becomes M€ (1 up to all of it)."""
    seat, card = item[1], item[2]
    amounts = range(1, st.players[seat].stock[ENERGY] + 1)
    labels = tuple(f"Spend {n} energy for {n} M€" for n in amounts)
    branches = tuple((("gain", "energy", -n), ("gain", "mc", n)) for n in amounts)
    front(st, ("choice", seat, card, labels, branches))


def _next_card(st: State, seat: int, kind: str, value: int) -> None:
    """195, 206: a one-shot modifier for the next card played this generation."""
    player = st.pw(seat)
    player.next_card = (*player.next_card, (kind, value))


@hook("indentured_workers")
def _indentured_workers(st: State, item: Item) -> None:
    _next_card(st, item[1], "discount", 8)


@hook("special_design")
def _special_design(st: State, item: Item) -> None:
    _next_card(st, item[1], "req_steps", 2)


@hook("terraforming_ganymede")
def _terraforming_ganymede(st: State, item: Item) -> None:
    """197: +1 TR per Jovian tag in play, this card's included (it is in play now)."""
    seat = item[1]
    steps = tag_count(st.players[seat], "jovian", purpose="effect")  # wild tags too (§13)
    raise_tr(st, seat, steps)
    log(st, seat, "tr", steps)
