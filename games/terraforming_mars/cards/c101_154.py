"""Project cards 101–154 (rules §17.2, cards.csv): data, plus the hooks data cannot express.

Each card's "text" is the short summary of cards.csv; "play", "action(s)", "effects" and
"triggers" are the effects in the interpreter's ops (games/terraforming_mars/README.md).
Every name this module registers starts with its card's name (batches load side by side).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.terraforming_mars.board import RULES, placement_rule
from games.terraforming_mars.cards.model import Mode, Trigger, project
from games.terraforming_mars.constants import HEAT, NEUTRAL, OCEANS_MAX, PLANTS, RES_INDEX
from games.terraforming_mars.kernel import (
    Decision,
    add_card_res,
    check,
    decision,
    draw_cards,
    front,
    gain,
    hook,
    log,
    lose,
)
from games.terraforming_mars.maps import MapDef
from games.terraforming_mars.state import State
from games.words import msg, nmsg

CARDS = (
    project(
        "101",
        "Ironworks",
        "active",
        11,
        "building",
        text="Action: spend 4 energy to gain 1 steel and raise oxygen 1 step.",
        action=((("spend", "energy", 4),), (("gain", "steel", 1), ("raise", "oxygen", 1))),
    ),
    project(
        "102",
        "Power Grid",
        "automated",
        18,
        "power",
        text="+1 energy production per power tag you have, this card's included.",
        play=(("prod_per", "energy", 1, ("tags", "power")),),
    ),
    project(
        "103",
        "Steelworks",
        "active",
        15,
        "building",
        text="Action: spend 4 energy to gain 2 steel and raise oxygen 1 step.",
        action=((("spend", "energy", 4),), (("gain", "steel", 2), ("raise", "oxygen", 1))),
    ),
    project(
        "104",
        "Ore Processor",
        "active",
        13,
        "building",
        text="Action: spend 4 energy to gain 1 titanium and raise oxygen 1 step.",
        action=((("spend", "energy", 4),), (("gain", "titanium", 1), ("raise", "oxygen", 1))),
    ),
    project(
        "105",
        "Earth Office",
        "active",
        1,
        "earth",
        module="corporate_era",
        text="Effect: cards with an Earth tag cost you 3 M€ less.",
        effects=(("discount", 3, "earth"),),
    ),
    project(
        "106",
        "Acquired Company",
        "automated",
        10,
        "earth",
        module="corporate_era",
        text="+3 M€ production.",
        play=(("prod", "mc", 3),),
    ),
    project(
        "107",
        "Media Archives",
        "automated",
        8,
        "earth",
        module="corporate_era",
        text="Gain 1 M€ per event card played so far by all players.",
        play=(("gain_per", "mc", 1, ("events_all",)),),
    ),
    project(
        "108",
        "Open City",
        "automated",
        23,
        "city building",
        req="oxygen>=12",
        vp="1",
        text="-1 energy production, +4 M€ production; gain 2 plants; place a city tile.",
        play=(
            ("prod", "energy", -1),
            ("prod", "mc", 4),
            ("gain", "plants", 2),
            ("tile", "city", "city", ""),
        ),
    ),
    project(
        "109",
        "Media Group",
        "active",
        6,
        "earth",
        module="corporate_era",
        text="Effect: after you play an event, gain 3 M€.",
        triggers=(Trigger("card", "own", (("event", True),), (("gain", "mc", 3),)),),
    ),
    project(
        "110",
        "Business Network",
        "active",
        4,
        "earth",
        module="corporate_era",
        text=(
            "-1 M€ production. Action: look at the top project card and either buy it into "
            "your hand for 3 M€ or discard it."
        ),
        play=(("prod", "mc", -1),),
        action=((), (("hook", "inventors_guild"),)),  # the same look-and-buy as card 006
    ),
    project(
        "111",
        "Business Contacts",
        "event",
        7,
        "earth",
        module="corporate_era",
        text="Look at the top 4 project cards; keep 2 in hand and discard the other 2.",
        play=(("hook", "business_contacts"),),
    ),
    project(
        "112",
        "Bribed Committee",
        "event",
        7,
        "earth",
        module="corporate_era",
        vp="-2",
        text="Raise your TR 2 steps.",
        play=(("tr", 2),),
    ),
    project(
        "113",
        "Solar Power",
        "automated",
        11,
        "power building",
        vp="1",
        text="+1 energy production.",
        play=(("prod", "energy", 1),),
    ),
    project(
        "114",
        "Breathing Filters",
        "automated",
        11,
        "science",
        req="oxygen>=7",
        vp="2",
        text="No effect when played; the card is worth 2 VP.",
    ),
    project(
        "115",
        "Artificial Photosynthesis",
        "automated",
        12,
        "science",
        text="Choose one: +1 plant production, or +2 energy production.",
        play=(
            (
                "choice",
                ("+1 plant production", "+2 energy production"),
                ((("prod", "plants", 1),), (("prod", "energy", 2),)),
            ),
        ),
    ),
    project(
        "116",
        "Artificial Lake",
        "automated",
        15,
        "building",
        req="temperature>=-6",
        vp="1",
        text="Place 1 ocean tile on a land space (a space NOT reserved for oceans).",
        play=(("tile", "ocean", "artificial_lake", ""),),
    ),
    project(
        "117",
        "Geothermal Power",
        "automated",
        11,
        "power building",
        text="+2 energy production.",
        play=(("prod", "energy", 2),),
    ),
    project(
        "118",
        "Farming",
        "automated",
        16,
        "plant",
        req="temperature>=4",
        vp="2",
        text="+2 M€ production, +2 plant production; gain 2 plants.",
        play=(("prod", "mc", 2), ("prod", "plants", 2), ("gain", "plants", 2)),
    ),
    project(
        "119",
        "Dust Seals",
        "automated",
        2,
        "",
        req="oceans<=3",
        vp="1",
        text="No effect when played; the card is worth 1 VP.",
    ),
    project(
        "120",
        "Urbanized Area",
        "automated",
        10,
        "city building",
        text=(
            "-1 energy production, +2 M€ production; place a city tile on a space touching "
            "at least 2 city tiles."
        ),
        play=(("prod", "energy", -1), ("prod", "mc", 2), ("tile", "city", "urbanized", "")),
    ),
    project(
        "121",
        "Sabotage",
        "event",
        1,
        "",
        module="corporate_era",
        text="Remove from one player up to 3 titanium, or up to 4 steel, or up to 7 M€.",
        play=(
            (
                "choice",
                ("Remove up to 3 titanium", "Remove up to 4 steel", "Remove up to 7 M€"),
                (
                    (("remove_any", "titanium", 3),),
                    (("remove_any", "steel", 4),),
                    (("remove_any", "mc", 7),),
                ),
            ),
        ),
    ),
    project(
        "122",
        "Moss",
        "automated",
        4,
        "plant",
        req="oceans>=3",
        text="Lose 1 plant (you must have it); +1 plant production.",
        play=(("gain", "plants", -1), ("prod", "plants", 1)),
        checks=("moss_plants",),
    ),
    project(
        "123",
        "Industrial Center",
        "active",
        4,
        "building",
        module="corporate_era",
        text=(
            "Place the Industrial Center tile next to a city tile. Action: spend 7 M€ to gain "
            "1 steel production."
        ),
        play=(("tile", "special", "next_to_city", "industrial_center"),),
        action=((("pay", 7),), (("prod", "steel", 1),)),
    ),
    project(
        "124",
        "Hired Raiders",
        "event",
        1,
        "",
        module="corporate_era",
        text="Steal from one player up to 2 steel, or up to 3 M€.",
        play=(
            (
                "choice",
                ("Steal up to 2 steel", "Steal up to 3 M€"),
                (
                    (("hired_raiders_target", "steel", 2),),
                    (("hired_raiders_target", "mc", 3),),
                ),
            ),
        ),
    ),
    project(
        "125",
        "Hackers",
        "automated",
        3,
        "",
        module="corporate_era",
        vp="-1",
        text=(
            "-1 energy production; lower any player's M€ production 2 steps; +2 M€ "
            "production for you."
        ),
        play=(("prod", "energy", -1), ("red_prod", "mc", 2), ("prod", "mc", 2)),
    ),
    project(
        "126",
        "GHG Factories",
        "automated",
        11,
        "building",
        text="-1 energy production, +4 heat production.",
        play=(("prod", "energy", -1), ("prod", "heat", 4)),
    ),
    project(
        "127",
        "Subterranean Reservoir",
        "event",
        11,
        "",
        text="Place 1 ocean tile.",
        play=(("ocean", 1),),
    ),
    project(
        "128",
        "Ecological Zone",
        "active",
        12,
        "animal plant",
        req="greeneries_own>=1",
        vp="1/2res",
        resource="animal",
        text=(
            "Place the Ecological Zone tile next to any greenery tile. Effect: each time you "
            "play a plant or animal tag (this card's two included), put 1 animal here. Worth "
            "1 VP per 2 animals here."
        ),
        play=(("tile", "special", "next_to_greenery", "ecological_zone"),),
        triggers=(Trigger("tag", "own", (("tag_in", ("plant", "animal")),), (("add", 1),)),),
    ),
    project(
        "129",
        "Zeppelins",
        "automated",
        13,
        "",
        req="oxygen>=5",
        vp="1",
        text="+1 M€ production per city tile on Mars (all players).",
        play=(("prod_per", "mc", 1, ("cities", "mars")),),
    ),
    project(
        "130",
        "Worms",
        "automated",
        8,
        "microbe",
        req="oxygen>=4",
        text="+1 plant production per 2 microbe tags you have, this card's included.",
        play=(("prod_per", "plants", 1, ("tags", "microbe"), 2),),
    ),
    project(
        "131",
        "Decomposers",
        "active",
        5,
        "microbe",
        req="oxygen>=3",
        vp="1/3res",
        resource="microbe",
        text=(
            "Effect: each time you play a plant, microbe or animal tag (this card's "
            "included), put 1 microbe here. Worth 1 VP per 3 microbes here."
        ),
        triggers=(
            Trigger("tag", "own", (("tag_in", ("plant", "microbe", "animal")),), (("add", 1),)),
        ),
    ),
    project(
        "132",
        "Fusion Power",
        "automated",
        14,
        "science power building",
        req="tag:power>=2",
        text="+3 energy production.",
        play=(("prod", "energy", 3),),
    ),
    project(
        "133",
        "Symbiotic Fungus",
        "active",
        4,
        "microbe",
        req="temperature>=-14",
        text="Action: put 1 microbe on another of your cards.",
        action=((), (("add_card", "microbe", 1, "other"),)),
    ),
    project(
        "134",
        "Extreme-Cold Fungus",
        "active",
        13,
        "microbe",
        req="temperature<=-10",
        text="Action: gain 1 plant, or put 2 microbes on another of your cards.",
        actions=(
            Mode("plant", (), (("gain", "plants", 1),)),
            Mode("microbes", (), (("add_card", "microbe", 2, "other"),)),
        ),
    ),
    project(
        "135",
        "Advanced Ecosystems",
        "automated",
        11,
        "plant microbe animal",
        req="tag:plant>=1 & tag:animal>=1 & tag:microbe>=1",
        vp="3",
        text="No effect when played; the card is worth 3 VP.",
    ),
    project(
        "136",
        "Great Dam",
        "automated",
        12,
        "power building",
        req="oceans>=4",
        vp="1",
        text="+2 energy production.",
        play=(("prod", "energy", 2),),
    ),
    project(
        "137",
        "Cartel",
        "automated",
        8,
        "earth",
        module="corporate_era",
        text="+1 M€ production per Earth tag you have, this card's included.",
        play=(("prod_per", "mc", 1, ("tags", "earth")),),
    ),
    project(
        "138",
        "Strip Mine",
        "automated",
        25,
        "building",
        text=(
            "-2 energy production; +2 steel production, +1 titanium production; raise oxygen "
            "2 steps."
        ),
        play=(
            ("prod", "energy", -2),
            ("prod", "steel", 2),
            ("prod", "titanium", 1),
            ("raise", "oxygen", 2),
        ),
    ),
    project(
        "139",
        "Wave Power",
        "automated",
        8,
        "power",
        req="oceans>=3",
        vp="1",
        text="+1 energy production.",
        play=(("prod", "energy", 1),),
    ),
    project(
        "140",
        "Lava Flows",
        "event",
        18,
        "",
        text=(
            "Place the Lava Flows tile on a volcanic space (any land space on maps without "
            "volcanic spaces); raise temperature 2 steps."
        ),
        play=(("tile", "special", "volcanic", "lava_flows"), ("raise", "temperature", 2)),
    ),
    project(
        "141",
        "Power Plant",
        "automated",
        4,
        "power building",
        text="+1 energy production.",
        play=(("prod", "energy", 1),),
    ),
    project(
        "142",
        "Mohole Area",
        "automated",
        20,
        "building",
        text="+4 heat production; place the Mohole Area tile on an ocean-reserved space.",
        play=(("prod", "heat", 4), ("tile", "special", "ocean_space", "mohole_area")),
    ),
    project(
        "143",
        "Large Convoy",
        "event",
        36,
        "earth space",
        vp="2",
        text=(
            "Place 1 ocean tile; draw 2 cards; then gain 5 plants or put 4 animals on another card."
        ),
        play=(
            ("ocean", 1),
            ("draw", 2),
            (
                "choice",
                ("Gain 5 plants", "Put 4 animals on another card"),
                ((("gain", "plants", 5),), (("add_card", "animal", 4, "other"),)),
            ),
        ),
    ),
    project(
        "144",
        "Titanium Mine",
        "automated",
        7,
        "building",
        module="corporate_era",
        text="+1 titanium production.",
        play=(("prod", "titanium", 1),),
    ),
    project(
        "145",
        "Tectonic Stress Power",
        "automated",
        18,
        "power building",
        req="tag:science>=2",
        vp="1",
        text="+3 energy production.",
        play=(("prod", "energy", 3),),
    ),
    project(
        "146",
        "Nitrophilic Moss",
        "automated",
        8,
        "plant",
        req="oceans>=3",
        text="Lose 2 plants (you must have them); +2 plant production.",
        play=(("gain", "plants", -2), ("prod", "plants", 2)),
        checks=("nitrophilic_moss_plants",),
    ),
    project(
        "147",
        "Herbivores",
        "active",
        12,
        "animal",
        req="oxygen>=8",
        vp="1/2res",
        resource="animal",
        text=(
            "Put 1 animal here; lower any player's plant production 1 step. Effect: each time "
            "you place a greenery tile, put 1 animal here. Worth 1 VP per 2 animals here."
        ),
        play=(("add", 1), ("red_prod", "plants", 1)),
        triggers=(Trigger("tile", "own", (("tile", "greenery"),), (("add", 1),)),),
    ),
    project(
        "148",
        "Insects",
        "automated",
        9,
        "microbe",
        req="oxygen>=6",
        text="+1 plant production per plant tag you have.",
        play=(("prod_per", "plants", 1, ("tags", "plant")),),
    ),
    project(
        "149",
        "CEO's Favorite Project",
        "event",
        1,
        "",
        module="corporate_era",
        text="Put 1 more resource on one of your cards that already holds at least 1 resource.",
        play=(("ceos_favorite_project_card",),),
        checks=("ceos_favorite_project",),
    ),
    project(
        "150",
        "Anti-Gravity Technology",
        "active",
        14,
        "science",
        module="corporate_era",
        req="tag:science>=7",
        vp="3",
        text="Effect: every card you play costs you 2 M€ less.",
        effects=(("discount", 2, ""),),
    ),
    project(
        "151",
        "Investment Loan",
        "event",
        3,
        "earth",
        module="corporate_era",
        text="-1 M€ production; gain 10 M€.",
        play=(("prod", "mc", -1), ("gain", "mc", 10)),
    ),
    project(
        "152",
        "Insulation",
        "automated",
        2,
        "",
        text=(
            "Lower your heat production any number of steps and raise your M€ production by "
            "the same number."
        ),
        play=(("hook", "insulation"),),
    ),
    project(
        "153",
        "Adaptation Technology",
        "active",
        12,
        "science",
        vp="1",
        text=(
            "Effect: the oxygen, temperature and ocean requirements of your cards count as up "
            "to 2 steps easier (minimums lower, maximums higher)."
        ),
        effects=(("req_steps", 2),),
    ),
    project(
        "154",
        "Caretaker Contract",
        "active",
        3,
        "",
        module="corporate_era",
        req="temperature>=0",
        text="Action: spend 8 heat to raise your TR 1 step.",
        action=((("spend", "heat", 8),), (("tr", 1),)),
    ),
)


# --- hooks -------------------------------------------------------------------------------------

Item = tuple[Any, ...]
Action = dict[str, Any]

BUSINESS_CONTACTS_LOOK = 4  # 111: cards looked at
BUSINESS_CONTACTS_KEEP = 2  # 111: cards kept


@placement_rule("artificial_lake")
def _artificial_lake(st: State, seat: int, m: MapDef) -> list[str]:
    """116: an ocean on a land space (not ocean-reserved), while fewer than 9 oceans are out."""
    if st.oceans >= OCEANS_MAX:
        return []
    return RULES["land"](st, seat, m)


@hook("business_contacts")
def _business_contacts(st: State, item: Item) -> None:
    """111: the top 4 cards go to the hand, then 2 of those 4 are discarded (§15.0: hidden)."""
    seat = item[1]
    drawn = tuple(draw_cards(st, BUSINESS_CONTACTS_LOOK))
    player = st.pw(seat)
    player.hand = player.hand + drawn
    log(st, seat, "draw", len(drawn))
    extra = len(drawn) - BUSINESS_CONTACTS_KEEP
    if extra > 0:
        front(st, ("business_contacts_discard", seat, item[2], drawn, extra))


@decision("business_contacts_discard")
class BusinessContactsDiscard(Decision):
    """("business_contacts_discard", seat, source, cards looked at, n): discard n of them."""

    prompt = msg("Discard one of the cards you looked at.")

    def options(self, st: State, item: Item) -> list[Action]:
        hand = st.players[item[1]].hand
        return [{"type": "discard", "card": card} for card in item[3] if card in hand]

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat, chosen = item[1], action["card"]
        player = st.pw(seat)
        player.hand = tuple(c for c in player.hand if c != chosen)
        st.discard = (*st.discard, chosen)
        log(st, seat, "discarded_card")
        left = tuple(c for c in item[3] if c != chosen)
        if item[4] > 1:
            front(st, ("business_contacts_discard", seat, item[2], left, item[4] - 1))


def _needs_plants(amount: int) -> Callable[[State, int, str], str | None]:
    """122, 146: the plants a card makes its player lose must be there (not red-framed)."""

    def test(st: State, seat: int, card: str) -> str | None:
        have = st.players[seat].stock[PLANTS]
        if have >= amount:
            return None
        return nmsg(
            "You must have %(n)s plant to lose (you have %(have)s).",
            "You must have %(n)s plants to lose (you have %(have)s).",
            amount,
            have=have,
        )

    return test


check("moss_plants")(_needs_plants(1))
check("nitrophilic_moss_plants")(_needs_plants(2))


@decision("hired_raiders_target")
class HiredRaidersTarget(Decision):
    """124: ("hired_raiders_target", seat, source, res, n): whom to steal up to n from."""

    prompt = msg("Whom do you steal from?")

    def options(self, st: State, item: Item) -> list[Action]:
        res = RES_INDEX[item[3]]
        options: list[Action] = [
            {"type": "target", "player": i}
            for i, p in enumerate(st.players)
            if i != item[1] and p.stock[res] > 0
        ]
        if st.solo:
            options.append({"type": "neutral"})  # §11.1: unlimited resources
        options.append({"type": "skip"})
        return options

    def choose(self, st: State, item: Item, action: Action) -> None:
        seat, what, most = item[1], item[3], item[4]
        if action["type"] == "target":
            front(st, ("hired_raiders_amount", seat, item[2], what, most, action["player"]))
        elif action["type"] == "neutral":
            _steal(st, seat, NEUTRAL, what, most)
        else:
            log(st, seat, "remove_nothing", what)


@decision("hired_raiders_amount")
class HiredRaidersAmount(Decision):
    """124: ("hired_raiders_amount", seat, source, res, n, victim): how many (1 … up to n)."""

    prompt = msg("How much do you take?")

    def options(self, st: State, item: Item) -> list[Action]:
        have = st.players[item[5]].stock[RES_INDEX[item[3]]]
        return [{"type": "amount", "amount": a} for a in range(1, min(item[4], have) + 1)]

    def choose(self, st: State, item: Item, action: Action) -> None:
        _steal(st, item[1], item[5], item[3], action["amount"])


def _steal(st: State, seat: int, victim: int, what: str, amount: int) -> None:
    """§6: the thief gains what the victim actually lost."""
    res = RES_INDEX[what]
    taken = lose(st, victim, res, amount)
    gain(st, seat, res, taken)
    log(st, seat, "remove", victim, what, taken)
    log(st, seat, "gain", what, taken)


@hook("insulation")
def _insulation(st: State, item: Item) -> None:
    """152: choose X from 0 up to the heat production (§6); -X heat, +X M€ production."""
    most = st.players[item[1]].prod[HEAT]
    labels = tuple(f"-{x} heat, +{x} M€ production" for x in range(most + 1))
    branches = tuple((("prod", "heat", -x), ("prod", "mc", x)) for x in range(most + 1))
    front(st, ("choice", item[1], item[2], labels, branches))


def _res_cards(st: State, seat: int) -> list[str]:
    """149: the player's cards in play holding at least one resource, in play order."""
    player = st.players[seat]
    return [card for card in player.in_play() if player.res.get(card, 0) > 0]


@check("ceos_favorite_project")
def _ceos_check(st: State, seat: int, card: str) -> str | None:
    if _res_cards(st, seat):
        return None
    return msg("None of your cards holds a resource yet.")


@decision("ceos_favorite_project_card")
class CeosFavoriteProjectCard(Decision):
    """149: the card (already holding a resource) that gets one more."""

    prompt = msg("Which card gets one more resource?")

    def options(self, st: State, item: Item) -> list[Action]:
        return [{"type": "card", "card": card} for card in _res_cards(st, item[1])]

    def choose(self, st: State, item: Item, action: Action) -> None:
        add_card_res(st, item[1], action["card"], 1)
        log(st, item[1], "add_res", action["card"], 1)
