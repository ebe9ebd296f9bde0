"""Project cards 051–100 (rules §17.2, cards.csv): data, plus the hooks data cannot express."""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.board import legal_spaces, map_of
from games.terraforming_mars.cards.model import Mode, Trigger, project
from games.terraforming_mars.catalog import CARDS as CATALOG
from games.terraforming_mars.constants import PLANTS, PRODUCTION_MIN, RES_INDEX
from games.terraforming_mars.kernel import (
    Decision,
    add_card_res,
    add_prod,
    check,
    decision,
    draw_to_hand,
    front,
    gain,
    hook,
    log,
    op,
)
from games.terraforming_mars.state import State
from games.words import msg

CARDS = (
    project(
        "051",
        "Miranda Resort",
        "automated",
        12,
        "jovian space",
        module="corporate_era",
        vp="1",
        text="+1 M€ production per Earth tag you have.",
        play=(("prod_per", "mc", 1, ("tags", "earth")),),
    ),
    project(
        "052",
        "Fish",
        "active",
        9,
        "animal",
        req="temperature>=2",
        vp="1/res",
        resource="animal",
        text=(
            "Lower any player's plant production 1 step. Action: put 1 animal here. Worth 1 "
            "VP per animal here."
        ),
        play=(("red_prod", "plants", 1),),
        action=((), (("add", 1),)),
    ),
    project(
        "053",
        "Lake Marineris",
        "automated",
        18,
        "",
        req="temperature>=0",
        vp="2",
        text="Place 2 ocean tiles.",
        play=(("ocean", 2),),
    ),
    project(
        "054",
        "Small Animals",
        "active",
        6,
        "animal",
        req="oxygen>=6",
        vp="1/2res",
        resource="animal",
        text=(
            "Lower any player's plant production 1 step. Action: put 1 animal here. Worth 1 "
            "VP per 2 animals here."
        ),
        play=(("red_prod", "plants", 1),),
        action=((), (("add", 1),)),
    ),
    project(
        "055",
        "Kelp Farming",
        "automated",
        17,
        "plant",
        req="oceans>=6",
        vp="1",
        text="+2 M€ production, +3 plant production; gain 2 plants.",
        play=(("prod", "mc", 2), ("prod", "plants", 3), ("gain", "plants", 2)),
    ),
    project(
        "056",
        "Mine",
        "automated",
        4,
        "building",
        module="corporate_era",
        text="+1 steel production.",
        play=(("prod", "steel", 1),),
    ),
    project(
        "057",
        "Vesta Shipyard",
        "automated",
        15,
        "jovian space",
        module="corporate_era",
        vp="1",
        text="+1 titanium production.",
        play=(("prod", "titanium", 1),),
    ),
    project(
        "058",
        "Beam From A Thorium Asteroid",
        "automated",
        32,
        "jovian space power",
        req="tag:jovian>=1",
        vp="1",
        text="+3 heat production and +3 energy production.",
        play=(("prod", "heat", 3), ("prod", "energy", 3)),
    ),
    project(
        "059",
        "Mangrove",
        "automated",
        12,
        "plant",
        req="temperature>=4",
        vp="1",
        text=(
            "Place a greenery tile on an ocean-reserved space (normal greenery placement does "
            "not apply) and raise oxygen 1 step."
        ),
        play=(("tile", "greenery", "ocean_space", ""),),
    ),
    project(
        "060",
        "Trees",
        "automated",
        13,
        "plant",
        req="temperature>=-4",
        vp="1",
        text="+3 plant production; gain 1 plant.",
        play=(("prod", "plants", 3), ("gain", "plants", 1)),
    ),
    project(
        "061",
        "Great Escarpment Consortium",
        "automated",
        6,
        "",
        module="corporate_era",
        req="production:steel>=1",
        text=(
            "Move 1 steel production from any player to you: that player's steel production "
            "-1, yours +1."
        ),
        play=(("steal_prod", "steel", 1),),
    ),
    project(
        "062",
        "Mineral Deposit",
        "event",
        5,
        "",
        module="corporate_era",
        text="Gain 5 steel.",
        play=(("gain", "steel", 5),),
    ),
    project(
        "063",
        "Mining Expedition",
        "event",
        12,
        "",
        text="Raise oxygen 1 step; gain 2 steel; remove up to 2 plants from any player.",
        play=(("raise", "oxygen", 1), ("gain", "steel", 2), ("remove_any", "plants", 2)),
    ),
    project(
        "064",
        "Mining Area",
        "automated",
        4,
        "building",
        module="corporate_era",
        text=(
            "Place the Mining Area tile on a space that has a steel and/or titanium placement "
            "bonus and touches one of your own tiles; take the placement bonus and +1 "
            "production of that metal (choose if both)."
        ),
        play=(("tile", "special", "mining_area", "mining_area"), ("hook", "mining_metal")),
    ),
    project(
        "065",
        "Building Industries",
        "automated",
        6,
        "building",
        module="corporate_era",
        text="-1 energy production, +2 steel production.",
        play=(("prod", "energy", -1), ("prod", "steel", 2)),
    ),
    project(
        "066",
        "Land Claim",
        "event",
        1,
        "",
        module="corporate_era",
        text=(
            "Mark an empty, non-reserved land space with your marker: from now on only you "
            "may place a tile there."
        ),
        play=(("land_claim",),),
    ),
    project(
        "067",
        "Mining Rights",
        "automated",
        9,
        "building",
        text=(
            "Place the Mining Rights tile on any space that has a steel and/or titanium "
            "placement bonus; take the placement bonus and +1 production of that metal "
            "(choose if both)."
        ),
        play=(("tile", "special", "mining_rights", "mining_rights"), ("hook", "mining_metal")),
    ),
    project(
        "068",
        "Sponsors",
        "automated",
        6,
        "earth",
        module="corporate_era",
        text="+2 M€ production.",
        play=(("prod", "mc", 2),),
    ),
    project(
        "069",
        "Electro Catapult",
        "active",
        17,
        "building",
        module="corporate_era",
        req="oxygen<=8",
        vp="1",
        text="-1 energy production. Action: spend 1 plant or 1 steel to gain 7 M€.",
        play=(("prod", "energy", -1),),
        actions=(
            Mode("plants", (("spend", "plants", 1),), (("gain", "mc", 7),)),
            Mode("steel", (("spend", "steel", 1),), (("gain", "mc", 7),)),
        ),
    ),
    project(
        "070",
        "Earth Catapult",
        "active",
        23,
        "earth",
        module="corporate_era",
        vp="2",
        text="Effect: every card you play costs you 2 M€ less.",
        effects=(("discount", 2, ""),),
    ),
    project(
        "071",
        "Advanced Alloys",
        "active",
        9,
        "science",
        module="corporate_era",
        text=(
            "Effect: when paying, each of your steel counts 1 M€ more (3) and each titanium 1 "
            "M€ more (4)."
        ),
        effects=(("metal", "steel", 1), ("metal", "titanium", 1)),
    ),
    project(
        "072",
        "Birds",
        "active",
        10,
        "animal",
        req="oxygen>=13",
        vp="1/res",
        resource="animal",
        text=(
            "Lower any player's plant production 2 steps. Action: put 1 animal here. Worth 1 "
            "VP per animal here."
        ),
        play=(("red_prod", "plants", 2),),
        action=((), (("add", 1),)),
    ),
    project(
        "073",
        "Mars University",
        "active",
        8,
        "science building",
        module="corporate_era",
        vp="1",
        text=(
            "Effect: each time you play a science tag (this card's included), you may discard "
            "1 card from hand and then draw 1 card."
        ),
        triggers=(Trigger("tag", "own", (("tag", "science"),), (("mars_university",),)),),
    ),
    project(
        "074",
        "Viral Enhancers",
        "active",
        9,
        "science microbe",
        module="corporate_era",
        text=(
            "Effect: each time you play a plant, microbe or animal tag (this card's "
            "included), gain 1 plant or put 1 resource on the card that carried the tag."
        ),
        triggers=(
            Trigger(
                "tag",
                "own",
                (("tag_in", ("plant", "microbe", "animal")),),
                (("hook", "viral_enhancers", "+card"),),
            ),
        ),
    ),
    project(
        "075",
        "Towing A Comet",
        "event",
        23,
        "space",
        text="Raise oxygen 1 step; place 1 ocean tile; gain 2 plants.",
        play=(("raise", "oxygen", 1), ("ocean", 1), ("gain", "plants", 2)),
    ),
    project(
        "076",
        "Space Mirrors",
        "active",
        3,
        "power space",
        text="Action: spend 7 M€ to gain 1 energy production.",
        action=((("pay", 7),), (("prod", "energy", 1),)),
    ),
    project(
        "077",
        "Solar Wind Power",
        "automated",
        11,
        "science space power",
        text="+1 energy production; gain 2 titanium.",
        play=(("prod", "energy", 1), ("gain", "titanium", 2)),
    ),
    project(
        "078",
        "Ice Asteroid",
        "event",
        23,
        "space",
        text="Place 2 ocean tiles.",
        play=(("ocean", 2),),
    ),
    project(
        "079",
        "Quantum Extractor",
        "active",
        13,
        "science power",
        module="corporate_era",
        req="tag:science>=4",
        text="+4 energy production. Effect: cards with a space tag cost you 2 M€ less.",
        play=(("prod", "energy", 4),),
        effects=(("discount", 2, "space"),),
    ),
    project(
        "080",
        "Giant Ice Asteroid",
        "event",
        36,
        "space",
        text=(
            "Raise temperature 2 steps; place 2 ocean tiles; remove up to 6 plants from any player."
        ),
        play=(("raise", "temperature", 2), ("ocean", 2), ("remove_any", "plants", 6)),
    ),
    project(
        "081",
        "Ganymede Colony",
        "automated",
        20,
        "jovian space city",
        vp="1/tag:jovian",
        text=(
            "Place a city tile on the off-Mars Ganymede Colony space. Worth 1 VP per Jovian "
            "tag you have."
        ),
        play=(("tile", "city", "offmap:ganymede_colony", ""),),
    ),
    project(
        "082",
        "Callisto Penal Mines",
        "automated",
        24,
        "jovian space",
        module="corporate_era",
        vp="2",
        text="+3 M€ production.",
        play=(("prod", "mc", 3),),
    ),
    project(
        "083",
        "Giant Space Mirror",
        "automated",
        17,
        "power space",
        text="+3 energy production.",
        play=(("prod", "energy", 3),),
    ),
    project(
        "084",
        "Trans-Neptune Probe",
        "automated",
        6,
        "science space",
        module="corporate_era",
        vp="1",
        text="No effect when played; the card is worth 1 VP.",
    ),
    project(
        "085",
        "Commercial District",
        "automated",
        16,
        "building",
        module="corporate_era",
        vp="1/adjacent:city",
        text=(
            "-1 energy production, +4 M€ production; place the Commercial District tile on "
            "any land space. Worth 1 VP per city tile next to it."
        ),
        play=(
            ("prod", "energy", -1),
            ("prod", "mc", 4),
            ("tile", "special", "land", "commercial_district"),
        ),
    ),
    project(
        "086",
        "Robotic Workforce",
        "automated",
        9,
        "science",
        module="corporate_era",
        text=(
            "Copy the production changes (only the production box) of one of your "
            "building-tag cards in play."
        ),
        play=(("hook", "robotic_workforce"),),
    ),
    project(
        "087",
        "Grass",
        "automated",
        11,
        "plant",
        req="temperature>=-16",
        text="+1 plant production; gain 3 plants.",
        play=(("prod", "plants", 1), ("gain", "plants", 3)),
    ),
    project(
        "088",
        "Heather",
        "automated",
        6,
        "plant",
        req="temperature>=-14",
        text="+1 plant production; gain 1 plant.",
        play=(("prod", "plants", 1), ("gain", "plants", 1)),
    ),
    project(
        "089",
        "Peroxide Power",
        "automated",
        7,
        "power building",
        text="-1 M€ production, +2 energy production.",
        play=(("prod", "mc", -1), ("prod", "energy", 2)),
    ),
    project(
        "090",
        "Research",
        "automated",
        11,
        "science science",
        module="corporate_era",
        vp="1",
        text="Draw 2 cards. Carries two science tags.",
        play=(("draw", 2),),
    ),
    project(
        "091",
        "Gene Repair",
        "automated",
        12,
        "science",
        module="corporate_era",
        req="tag:science>=3",
        vp="2",
        text="+2 M€ production.",
        play=(("prod", "mc", 2),),
    ),
    project(
        "092",
        "Io Mining Industries",
        "automated",
        41,
        "jovian space",
        module="corporate_era",
        vp="1/tag:jovian",
        text="+2 titanium production, +2 M€ production. Worth 1 VP per Jovian tag you have.",
        play=(("prod", "titanium", 2), ("prod", "mc", 2)),
    ),
    project(
        "093",
        "Bushes",
        "automated",
        10,
        "plant",
        req="temperature>=-10",
        text="+2 plant production; gain 2 plants.",
        play=(("prod", "plants", 2), ("gain", "plants", 2)),
    ),
    project(
        "094",
        "Mass Converter",
        "active",
        8,
        "science power",
        module="corporate_era",
        req="tag:science>=5",
        text="+6 energy production. Effect: cards with a space tag cost you 2 M€ less.",
        play=(("prod", "energy", 6),),
        effects=(("discount", 2, "space"),),
    ),
    project(
        "095",
        "Physics Complex",
        "active",
        12,
        "science building",
        module="corporate_era",
        vp="2/res",
        resource="science",
        text=(
            "Action: spend 6 energy to put 1 science resource here. Worth 2 VP per science "
            "resource here."
        ),
        action=((("spend", "energy", 6),), (("add", 1),)),
    ),
    project(
        "096",
        "Greenhouses",
        "automated",
        6,
        "plant building",
        text="Gain 1 plant per city tile in play (all players, on and off Mars).",
        play=(("gain_per", "plants", 1, ("cities", "all")),),
    ),
    project(
        "097",
        "Nuclear Zone",
        "automated",
        10,
        "earth",
        vp="-2",
        text="Place the Nuclear Zone tile on any land space; raise temperature 2 steps.",
        play=(("tile", "special", "land", "nuclear_zone"), ("raise", "temperature", 2)),
    ),
    project(
        "098",
        "Tropical Resort",
        "automated",
        13,
        "building",
        module="corporate_era",
        vp="2",
        text="-2 heat production, +3 M€ production.",
        play=(("prod", "heat", -2), ("prod", "mc", 3)),
    ),
    project(
        "099",
        "Toll Station",
        "automated",
        12,
        "space",
        module="corporate_era",
        text="+1 M€ production per space tag your opponents have in play.",
        play=(("prod_per", "mc", 1, ("opp_tags", "space")),),
    ),
    project(
        "100",
        "Fueled Generators",
        "automated",
        1,
        "power building",
        text="-1 M€ production, +1 energy production.",
        play=(("prod", "mc", -1), ("prod", "energy", 1)),
    ),
)


# --- hooks -------------------------------------------------------------------------------------

Item = tuple[Any, ...]
Action = dict[str, Any]


@hook("mining_metal")
def _mining_metal(st: State, item: Item) -> None:
    """064, 067: +1 production of the metal shown where the tile went (choose if both)."""
    seat, card = item[1], item[2]
    name = "mining_area" if card == "TM-064" else "mining_rights"
    space = next(
        (s for s, (kind, owner, tile) in st.board.items() if tile == name and owner == seat),
        None,
    )
    if space is None:
        return
    bonus = map_of(st).by_id[space].bonus
    metals = tuple(m for m in ("steel", "titanium") if m in bonus)
    if len(metals) == 1:
        _mining_prod(st, seat, card, metals[0])
    else:
        front(st, ("mining_choice", seat, card, metals))


def _mining_prod(st: State, seat: int, card: str, metal: str) -> None:
    add_prod(st, seat, RES_INDEX[metal], 1)
    st.pw(seat).choices[card] = metal
    log(st, seat, "prod", metal, 1)


@decision("mining_choice")
class MiningChoice(Decision):
    """("mining_choice", seat, card, metals): which metal's production rises."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "choose", "option": metal} for metal in item[3]]

    def choose(self, st: State, item: Item, action: Action) -> None:
        _mining_prod(st, item[1], item[2], action["option"])


@op("land_claim")
def _land_claim(st: State, item: Item) -> None:
    front(st, ("claim_space", item[1], item[2]))


@decision("claim_space")
class ClaimSpace(Decision):
    """066: put your marker on an empty, unclaimed land space (§7.7)."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "space", "space": s} for s in legal_spaces(st, item[1], "claim")]

    def choose(self, st: State, item: Item, action: Action) -> None:
        st.claims_w()[action["space"]] = item[1]
        log(st, item[1], "land_claim", action["space"])


@decision("mars_university")
class MarsUniversity(Decision):
    """073: after a science tag, you may discard a card from hand and then draw one."""

    def options(self, st: State, item: Item) -> list[Action]:
        hand = st.players[item[1]].hand
        return [{"type": "discard", "card": card} for card in hand] + [{"type": "skip"}]

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat = item[1]
        if action["type"] == "skip":
            return
        player = st.pw(seat)
        player.hand = tuple(c for c in player.hand if c != action["card"])
        st.discard = (*st.discard, action["card"])
        draw_to_hand(st, seat, 1)
        log(st, seat, "swap_card")


@hook("viral_enhancers", order="ask")
def _viral_enhancers(st: State, item: Item) -> None:
    """074: for each plant, microbe or animal tag, 1 plant or 1 resource on that card."""
    front(st, ("viral", item[1], item[2], item[5]))


@decision("viral")
class Viral(Decision):
    """("viral", seat, source, card played): "plant" or "resource" (on the card played)."""

    def options(self, st: State, item: Item) -> list[Action]:
        options = [{"type": "choose", "option": "plant"}]
        target = CATALOG[item[3]]
        if target.resource and item[3] in st.players[item[1]].played:
            options.append({"type": "choose", "option": "resource"})
        return options

    def choose(self, st: State, item: Item, action: Action) -> None:
        if action["option"] == "plant":
            gain(st, item[1], PLANTS, 1)
            log(st, item[1], "gain", "plants", 1)
        else:
            add_card_res(st, item[1], item[3], 1)
            log(st, item[1], "add_res", item[3], 1)


def _robotic_targets(st: State, seat: int) -> list[str]:
    """086: own building cards whose production box can be carried out now (§6)."""
    player = st.players[seat]
    out = []
    for card in player.played:
        info = CATALOG[card]
        if not info.building:
            continue
        box = production_box(st, seat, card)
        if box and all(player.prod[r] + n >= PRODUCTION_MIN[r] for r, n in box):
            out.append(card)
    return out


def production_box(st: State, seat: int, card: str) -> tuple[tuple[int, int], ...]:
    """Return the production changes printed in a card's production box."""
    metal = st.players[seat].choices.get(card)
    if metal is not None:
        return ((RES_INDEX[metal], 1),)
    return CATALOG[card].production_box


@check("robotic_workforce")
def _robotic_check(st: State, seat: int, card: str) -> str | None:
    if _robotic_targets(st, seat):
        return None
    return msg("None of your building cards has a production box to copy.")


@hook("robotic_workforce")
def _robotic_workforce(st: State, item: Item) -> None:
    front(st, ("robotic", item[1], item[2]))


@decision("robotic")
class Robotic(Decision):
    """086: choose the building card whose production box is copied."""

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "card", "card": card} for card in _robotic_targets(st, item[1])]

    def choose(self, st: State, item: Item, action: Action) -> None:
        for res, amount in production_box(st, item[1], action["card"]):
            add_prod(st, item[1], res, amount)
        log(st, item[1], "copied", action["card"])
