"""Project cards 001–050 (rules §17.2, cards.csv): data, plus the hooks data cannot express.

Each card's "text" is the short summary of cards.csv; "play", "action(s)", "effects" and
"triggers" are the effects in the interpreter's ops (games/terraforming_mars/README.md).
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.cards.model import Mode, Trigger, project
from games.terraforming_mars.catalog import CARDS as CATALOG
from games.terraforming_mars.kernel import (
    Decision,
    add_card_res,
    check,
    decision,
    draw_cards,
    front,
    hook,
    log,
)
from games.terraforming_mars.ops import card_holders
from games.terraforming_mars.payment import capacity, pay_item, seat_card_price
from games.terraforming_mars.state import State
from games.words import msg

CARDS = (
    project(
        "001",
        "Colonizer Training Camp",
        "automated",
        8,
        "jovian building",
        req="oxygen<=5",
        vp="2",
        text="No effect when played; the card is worth 2 VP.",
    ),
    project(
        "002",
        "Asteroid Mining Consortium",
        "automated",
        13,
        "jovian",
        module="corporate_era",
        req="production:titanium>=1",
        vp="1",
        text=(
            "Move 1 titanium production from any player to you: that player's titanium "
            "production -1, yours +1."
        ),
        play=(("steal_prod", "titanium", 1),),
    ),
    project(
        "003",
        "Deep Well Heating",
        "automated",
        13,
        "power building",
        text="+1 energy production; raise temperature 1 step.",
        play=(("prod", "energy", 1), ("raise", "temperature", 1)),
    ),
    project(
        "004",
        "Cloud Seeding",
        "automated",
        11,
        "",
        req="oceans>=3",
        text="-1 M€ production, +2 plant production; lower any player's heat production 1 step.",
        play=(("prod", "mc", -1), ("prod", "plants", 2), ("red_prod", "heat", 1)),
    ),
    project(
        "005",
        "Search For Life",
        "active",
        3,
        "science",
        req="oxygen<=6",
        vp="3 if res>=1",
        resource="science",
        text=(
            "Action: pay 1 M€, reveal the top project card and discard it; if it shows a "
            "microbe tag, put 1 science resource here. Worth 3 VP if at least one science "
            "resource is here."
        ),
        action=((("pay", 1),), (("hook", "search_for_life"),)),
    ),
    project(
        "006",
        "Inventors' Guild",
        "active",
        9,
        "science",
        module="corporate_era",
        text=(
            "Action: look at the top project card and either buy it into your hand for 3 M€ "
            "or discard it."
        ),
        action=((), (("hook", "inventors_guild"),)),
    ),
    project(
        "007",
        "Martian Rails",
        "active",
        13,
        "building",
        text="Action: spend 1 energy to gain 1 M€ for every city tile on Mars (any owner).",
        action=((("spend", "energy", 1),), (("gain_per", "mc", 1, ("cities", "mars")),)),
    ),
    project(
        "008",
        "Capital",
        "automated",
        26,
        "city building",
        req="oceans>=4",
        vp="1/adjacent:ocean",
        text=(
            "-2 energy production, +5 M€ production; place the Capital tile (a city, normal "
            "city rules). Scores 1 extra VP per ocean tile next to it."
        ),
        play=(("prod", "energy", -2), ("prod", "mc", 5), ("tile", "city", "city", "capital")),
    ),
    project(
        "009",
        "Asteroid",
        "event",
        14,
        "space",
        text="Raise temperature 1 step; gain 2 titanium; remove up to 3 plants from any player.",
        play=(("raise", "temperature", 1), ("gain", "titanium", 2), ("remove_any", "plants", 3)),
    ),
    project(
        "010",
        "Comet",
        "event",
        21,
        "space",
        text="Raise temperature 1 step; place 1 ocean tile; remove up to 3 plants from any player.",
        play=(("raise", "temperature", 1), ("ocean", 1), ("remove_any", "plants", 3)),
    ),
    project(
        "011",
        "Big Asteroid",
        "event",
        27,
        "space",
        text="Raise temperature 2 steps; gain 4 titanium; remove up to 4 plants from any player.",
        play=(("raise", "temperature", 2), ("gain", "titanium", 4), ("remove_any", "plants", 4)),
    ),
    project(
        "012",
        "Water Import From Europa",
        "active",
        25,
        "jovian space",
        vp="1/tag:jovian",
        text=(
            "Action: pay 12 M€ (titanium may help pay, as for a space card) to place 1 ocean "
            "tile. Worth 1 VP per Jovian tag you have."
        ),
        action=((("pay", 12, "titanium"),), (("ocean", 1),)),
    ),
    project(
        "013",
        "Space Elevator",
        "active",
        27,
        "space building",
        module="corporate_era",
        vp="2",
        text="+1 titanium production. Action: spend 1 steel to gain 5 M€.",
        play=(("prod", "titanium", 1),),
        action=((("spend", "steel", 1),), (("gain", "mc", 5),)),
    ),
    project(
        "014",
        "Development Center",
        "active",
        11,
        "science building",
        module="corporate_era",
        text="Action: spend 1 energy to draw 1 card.",
        action=((("spend", "energy", 1),), (("draw", 1),)),
    ),
    project(
        "015",
        "Equatorial Magnetizer",
        "active",
        11,
        "building",
        text="Action: lower your energy production 1 step to raise your TR 1 step.",
        action=((("lose_prod", "energy", 1),), (("tr", 1),)),
    ),
    project(
        "016",
        "Domed Crater",
        "automated",
        24,
        "city building",
        req="oxygen<=7",
        vp="1",
        text="-1 energy production, +3 M€ production; gain 3 plants; place a city tile.",
        play=(
            ("prod", "energy", -1),
            ("prod", "mc", 3),
            ("gain", "plants", 3),
            ("tile", "city", "city", ""),
        ),
    ),
    project(
        "017",
        "Noctis City",
        "automated",
        18,
        "city building",
        text=(
            "-1 energy production, +3 M€ production; place a city tile on the Noctis City "
            "space even if a city is adjacent (on maps without that space: any legal city "
            "space)."
        ),
        play=(("prod", "energy", -1), ("prod", "mc", 3), ("tile", "city", "noctis", "")),
    ),
    project(
        "018",
        "Methane From Titan",
        "automated",
        28,
        "jovian space",
        req="oxygen>=2",
        vp="2",
        text="+2 heat production, +2 plant production.",
        play=(("prod", "heat", 2), ("prod", "plants", 2)),
    ),
    project(
        "019",
        "Imported Hydrogen",
        "event",
        16,
        "earth space",
        text=(
            "Place 1 ocean tile; then gain 3 plants, or add 3 microbes to another card, or "
            "add 2 animals to another card."
        ),
        play=(
            ("ocean", 1),
            (
                "choice",
                ("plants", "microbes", "animals"),
                (
                    (("gain", "plants", 3),),
                    (("add_card", "microbe", 3, "other"),),
                    (("add_card", "animal", 2, "other"),),
                ),
            ),
        ),
    ),
    project(
        "020",
        "Research Outpost",
        "active",
        18,
        "science city building",
        text=(
            "Place a city tile on a space next to no other tile. Effect: every card you play "
            "costs you 1 M€ less."
        ),
        play=(("tile", "city", "isolated", ""),),
        effects=(("discount", 1, ""),),
    ),
    project(
        "021",
        "Phobos Space Haven",
        "automated",
        25,
        "space city",
        vp="3",
        text="+1 titanium production; place a city tile on the off-Mars Phobos Space Haven space.",
        play=(("prod", "titanium", 1), ("tile", "city", "offmap:phobos_space_haven", "")),
    ),
    project(
        "022",
        "Black Polar Dust",
        "automated",
        15,
        "",
        text="Place 1 ocean tile; -2 M€ production, +3 heat production.",
        play=(("ocean", 1), ("prod", "mc", -2), ("prod", "heat", 3)),
    ),
    project(
        "023",
        "Arctic Algae",
        "active",
        12,
        "plant",
        req="temperature<=-12",
        text="Gain 1 plant. Effect: whenever any player places an ocean tile, you gain 2 plants.",
        play=(("gain", "plants", 1),),
        triggers=(Trigger("tile", "any", (("tile", "ocean"),), (("gain", "plants", 2),)),),
    ),
    project(
        "024",
        "Predators",
        "active",
        14,
        "animal",
        req="oxygen>=11",
        vp="1/res",
        resource="animal",
        text=(
            "Action: take 1 animal from any card in play and put it here. Worth 1 VP per "
            "animal here."
        ),
        action=((("cond", "animal_source"),), (("move_res", "animal"),)),
    ),
    project(
        "025",
        "Space Station",
        "active",
        10,
        "space",
        module="corporate_era",
        vp="1",
        text="Effect: cards with a space tag cost you 2 M€ less.",
        effects=(("discount", 2, "space"),),
    ),
    project(
        "026",
        "Eos Chasma National Park",
        "automated",
        16,
        "plant building",
        req="temperature>=-12",
        vp="1",
        text=(
            "+2 M€ production; gain 3 plants; add 1 animal to one of your cards that collects "
            "animals."
        ),
        play=(("add_card", "animal", 1, "any"), ("gain", "plants", 3), ("prod", "mc", 2)),
    ),
    project(
        "027",
        "Interstellar Colony Ship",
        "event",
        24,
        "earth space",
        module="corporate_era",
        req="tag:science>=5",
        vp="4",
        text="No effect when played; the card is worth 4 VP.",
    ),
    project(
        "028",
        "Security Fleet",
        "active",
        12,
        "space",
        module="corporate_era",
        vp="1/res",
        resource="fighter",
        text="Action: spend 1 titanium to put 1 fighter here. Worth 1 VP per fighter here.",
        action=((("spend", "titanium", 1),), (("add", 1),)),
    ),
    project(
        "029",
        "Cupola City",
        "automated",
        16,
        "city building",
        req="oxygen<=9",
        text="-1 energy production, +3 M€ production; place a city tile.",
        play=(("prod", "energy", -1), ("prod", "mc", 3), ("tile", "city", "city", "")),
    ),
    project(
        "030",
        "Lunar Beam",
        "automated",
        13,
        "earth power",
        text="-2 M€ production; +2 heat production and +2 energy production.",
        play=(("prod", "mc", -2), ("prod", "heat", 2), ("prod", "energy", 2)),
    ),
    project(
        "031",
        "Optimal Aerobraking",
        "active",
        7,
        "space",
        text="Effect: each time you play a space event, gain 3 M€ and 3 heat.",
        triggers=(
            Trigger(
                "card",
                "own",
                (("event", True), ("tag", "space")),
                (("gain", "mc", 3), ("gain", "heat", 3)),
            ),
        ),
    ),
    project(
        "032",
        "Underground City",
        "automated",
        18,
        "city building",
        text="-2 energy production, +2 steel production; place a city tile.",
        play=(("prod", "energy", -2), ("prod", "steel", 2), ("tile", "city", "city", "")),
    ),
    project(
        "033",
        "Regolith Eaters",
        "active",
        13,
        "science microbe",
        resource="microbe",
        text="Action: put 1 microbe here, or remove 2 microbes from here to raise oxygen 1 step.",
        actions=(
            Mode("add", (), (("add", 1),)),
            Mode("remove", (("take", 2),), (("raise", "oxygen", 1),)),
        ),
    ),
    project(
        "034",
        "GHG Producing Bacteria",
        "active",
        8,
        "science microbe",
        req="oxygen>=4",
        resource="microbe",
        text=(
            "Action: put 1 microbe here, or remove 2 microbes from here to raise temperature "
            "1 step."
        ),
        actions=(
            Mode("add", (), (("add", 1),)),
            Mode("remove", (("take", 2),), (("raise", "temperature", 1),)),
        ),
    ),
    project(
        "035",
        "Ants",
        "active",
        9,
        "microbe",
        req="oxygen>=4",
        vp="1/2res",
        resource="microbe",
        text=(
            "Action: take 1 microbe from any card in play and put it here. Worth 1 VP per 2 "
            "microbes here."
        ),
        action=((("cond", "microbe_source"),), (("move_res", "microbe"),)),
    ),
    project(
        "036",
        "Release of Inert Gases",
        "event",
        14,
        "",
        text="Raise your TR 2 steps.",
        play=(("tr", 2),),
    ),
    project(
        "037",
        "Nitrogen-Rich Asteroid",
        "event",
        31,
        "space",
        text=(
            "Raise your TR 2 steps and the temperature 1 step; +1 plant production, or +4 "
            "plant production if you have at least 3 plant tags."
        ),
        play=(
            ("tr", 2),
            ("raise", "temperature", 1),
            ("if", (("tags", "plant"), 3), (("prod", "plants", 4),), (("prod", "plants", 1),)),
        ),
    ),
    project(
        "038",
        "Rover Construction",
        "active",
        8,
        "building",
        vp="1",
        text="Effect: whenever any city tile is placed (any player, on or off Mars), gain 2 M€.",
        triggers=(Trigger("tile", "any", (("tile", "city"),), (("gain", "mc", 2),)),),
    ),
    project(
        "039",
        "Deimos Down",
        "event",
        31,
        "space",
        text="Raise temperature 3 steps; gain 4 steel; remove up to 8 plants from any player.",
        play=(("raise", "temperature", 3), ("gain", "steel", 4), ("remove_any", "plants", 8)),
    ),
    project(
        "040",
        "Asteroid Mining",
        "automated",
        30,
        "jovian space",
        vp="2",
        text="+2 titanium production.",
        play=(("prod", "titanium", 2),),
    ),
    project(
        "041",
        "Food Factory",
        "automated",
        12,
        "building",
        vp="1",
        text="-1 plant production, +4 M€ production.",
        play=(("prod", "plants", -1), ("prod", "mc", 4)),
    ),
    project(
        "042",
        "ArchaeBacteria",
        "automated",
        6,
        "microbe",
        req="temperature<=-18",
        text="+1 plant production.",
        play=(("prod", "plants", 1),),
    ),
    project(
        "043",
        "Carbonate Processing",
        "automated",
        6,
        "building",
        text="-1 energy production, +3 heat production.",
        play=(("prod", "energy", -1), ("prod", "heat", 3)),
    ),
    project(
        "044",
        "Natural Preserve",
        "automated",
        9,
        "science building",
        req="oxygen<=4",
        vp="1",
        text="+1 M€ production; place the Natural Preserve tile on a space next to no other tile.",
        play=(("prod", "mc", 1), ("tile", "special", "isolated", "natural_preserve")),
    ),
    project(
        "045",
        "Nuclear Power",
        "automated",
        10,
        "power building",
        text="-2 M€ production, +3 energy production.",
        play=(("prod", "mc", -2), ("prod", "energy", 3)),
    ),
    project(
        "046",
        "Lightning Harvest",
        "automated",
        8,
        "power",
        module="corporate_era",
        req="tag:science>=3",
        vp="1",
        text="+1 energy production, +1 M€ production.",
        play=(("prod", "energy", 1), ("prod", "mc", 1)),
    ),
    project(
        "047",
        "Algae",
        "automated",
        10,
        "plant",
        req="oceans>=5",
        text="+2 plant production; gain 1 plant.",
        play=(("prod", "plants", 2), ("gain", "plants", 1)),
    ),
    project(
        "048",
        "Adapted Lichen",
        "automated",
        9,
        "plant",
        text="+1 plant production.",
        play=(("prod", "plants", 1),),
    ),
    project(
        "049",
        "Tardigrades",
        "active",
        4,
        "microbe",
        module="corporate_era",
        vp="1/4res",
        resource="microbe",
        text="Action: put 1 microbe here. Worth 1 VP per 4 microbes here.",
        action=((), (("add", 1),)),
    ),
    project(
        "050",
        "Virus",
        "event",
        1,
        "microbe",
        module="corporate_era",
        text="Remove up to 2 animals from any one card, or up to 5 plants from any player.",
        play=(
            (
                "choice",
                ("animals", "plants"),
                ((("remove_card_res", "animal", 2),), (("remove_any", "plants", 5),)),
            ),
        ),
    ),
)


# --- hooks -------------------------------------------------------------------------------------


@hook("search_for_life")
def _search_for_life(st: State, item: tuple[Any, ...]) -> None:
    """005: reveal the top card and discard it; a microbe tag puts a science resource here."""
    seat, card = item[1], item[2]
    revealed = draw_cards(st, 1)
    if not revealed:
        log(st, seat, "reveal_none")
        return
    shown = revealed[0]
    st.discard = (*st.discard, shown)
    st.revealed = (*st.revealed, shown)
    hit = "microbe" in CATALOG[shown].tags
    log(st, seat, "reveal", shown, hit)
    if hit:
        add_card_res(st, seat, card, 1)


@hook("inventors_guild")
def _inventors_guild(st: State, item: tuple[Any, ...]) -> None:
    """006: look at the top card; buy it (3 M€, Polyphemos 5) or discard it (seen by the player)."""
    drawn = draw_cards(st, 1)
    if not drawn:
        log(st, item[1], "reveal_none")
        return
    front(st, ("look_buy", item[1], item[2], drawn[0]))


@decision("look_buy")
class LookBuy(Decision):
    """("look_buy", seat, source, card): buy the card looked at (its buyer's card price:
    3 M€, Polyphemos 5), or discard it."""

    auto = False

    def options(self, st: State, item: tuple[Any, ...]) -> list[dict[str, Any]]:
        options = []
        if capacity(st.players[item[1]]) >= seat_card_price(st, item[1]):
            options.append({"type": "choose", "option": "buy"})
        options.append({"type": "choose", "option": "discard"})
        return options

    def choose(self, st: State, item: tuple[Any, ...], action: dict[str, Any]) -> None:
        seat, card = item[1], item[3]
        if action["option"] == "buy":
            front(st, pay_item(st, seat, item[2], seat_card_price(st, seat)))
            front(st, ("to_hand", seat, item[2], card))
            log(st, seat, "bought_card")
        else:
            st.discard = (*st.discard, card)
            log(st, seat, "discarded_card")


#: Why a card that takes a resource from another card cannot be played (Predators, Ants).
NO_HOLDER = {
    "animal": msg("No other card holds animal resources."),
    "microbe": msg("No other card holds microbe resources."),
}


def _source(rtype: str):  # type: ignore[no-untyped-def]
    def test(st: State, seat: int, card: str) -> str | None:
        if card_holders(st, rtype, exclude=card):
            return None
        return NO_HOLDER[rtype]

    return test


check("animal_source")(_source("animal"))
check("microbe_source")(_source("microbe"))
