"""The Prelude expansion's cards (rules §13, data/prelude.csv): preludes, projects, corporations.

All of them belong to the module "prelude": they join a game only with the `prelude` option
(phases.project_pool, corporation_pool, prelude.prelude_pool). A prelude is played for free
at the start of generation 1 (games/terraforming_mars/prelude.py); it stays in its owner's
tableau, where its tags count like a green card's, but it is no project card (Tycoon).

"Pay n M€" on a prelude is ("hook", "prelude_pay", n): a payment like any other, so Helion
may use heat for it (as the open-source version's SelectPayment). prelude.prelude_block
checks it: a prelude whose payment, production loss or tile cannot be made is discarded for
15 M€ instead.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars.board import legal_spaces, map_of, placement_rule
from games.terraforming_mars.cards.model import CardDef, Op, Trigger, corporation, project
from games.terraforming_mars.catalog import CARDS as CATALOG
from games.terraforming_mars.constants import AWARDS_MAX, RESOURCES
from games.terraforming_mars.kernel import (
    Decision,
    add_prod,
    decision,
    draw_cards,
    front,
    gain,
    hook,
    log,
)
from games.terraforming_mars.maps.model import MapDef
from games.terraforming_mars.payment import card_cost, pay_item
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.words import msg

__all__ = ["CARDS", "play_from_hand"]

ECCENTRIC_SPONSOR_DISCOUNT = 25  # P11: the card played costs 25 M€ less
IGNORE_GLOBAL_REQUIREMENTS = 100  # P10: steps enough to ignore any global requirement
ROBINSON_PRICE = 4  # R27's action
VITOR_MC = 3  # R35: per card played with a non-negative VP icon


def prelude(
    number: str, name: str, tags: str, text: str, play: tuple[Op, ...], checks: tuple[str, ...] = ()
) -> CardDef:
    """Return a prelude card (P01–P35): no cost, no requirement, played at generation 1 (§13)."""
    return CardDef(
        id=f"TM-{number}",
        number=number,
        name=name,
        module="prelude",
        kind="prelude",
        cost=0,
        tags=tuple(tags.split()),
        text=text,
        play=play,
        checks=checks,
    )


CARDS = (
    prelude(
        "P01",
        "Allied Bank",
        "earth",
        "+4 M€ production; gain 3 M€.",
        (("prod", "mc", 4), ("gain", "mc", 3)),
    ),
    prelude(
        "P02",
        "Aquifer Turbines",
        "power",
        "Place 1 ocean tile; +2 energy production; pay 3 M€.",
        (("ocean", 1), ("prod", "energy", 2), ("hook", "prelude_pay", 3)),
    ),
    prelude(
        "P03",
        "Biofuels",
        "microbe",
        "+1 energy production, +1 plant production; gain 2 plants.",
        (("prod", "energy", 1), ("prod", "plants", 1), ("gain", "plants", 2)),
    ),
    prelude(
        "P04",
        "Biolab",
        "science",
        "+1 plant production; draw 3 cards.",
        (("prod", "plants", 1), ("draw", 3)),
    ),
    prelude(
        "P05",
        "Biosphere Support",
        "plant",
        "-1 M€ production, +2 plant production.",
        (("prod", "mc", -1), ("prod", "plants", 2)),
    ),
    prelude(
        "P06",
        "Business Empire",
        "earth",
        "+6 M€ production; pay 6 M€.",
        (("prod", "mc", 6), ("hook", "prelude_pay", 6)),
    ),
    prelude(
        "P07",
        "Dome Farming",
        "plant building",
        "+2 M€ production, +1 plant production.",
        (("prod", "mc", 2), ("prod", "plants", 1)),
    ),
    prelude("P08", "Donation", "", "Gain 21 M€.", (("gain", "mc", 21),)),
    prelude(
        "P09",
        "Early Settlement",
        "building city",
        "+1 plant production; place a city tile.",
        (("prod", "plants", 1), ("tile", "city", "city", "")),
    ),
    prelude(
        "P10",
        "Ecology Experts",
        "plant microbe",
        "+1 plant production; then play one card from your hand (paying its cost) while "
        "ignoring its oxygen, temperature and ocean requirements.",
        (("prod", "plants", 1), ("hook", "ecology_experts")),
    ),
    prelude(
        "P11",
        "Eccentric Sponsor",
        "",
        "Play one card from your hand; its cost is reduced by 25 M€.",
        (("hook", "eccentric_sponsor"),),
    ),
    prelude(
        "P12",
        "Experimental Forest",
        "plant",
        "Place a greenery tile and raise oxygen 1 step; reveal cards from the deck until 2 "
        "plant-tag cards are found, keep those 2 and discard the rest.",
        (("tile", "greenery", "greenery", ""), ("hook", "reveal_tagged", "plant", 2)),
    ),
    prelude(
        "P13",
        "Galilean Mining",
        "jovian",
        "+2 titanium production; pay 5 M€.",
        (("prod", "titanium", 2), ("hook", "prelude_pay", 5)),
    ),
    prelude("P14", "Great Aquifer", "", "Place 2 ocean tiles.", (("ocean", 2),)),
    prelude(
        "P15",
        "Huge Asteroid",
        "",
        "Raise temperature 3 steps; pay 5 M€.",
        (("raise", "temperature", 3), ("hook", "prelude_pay", 5)),
    ),
    prelude(
        "P16",
        "Io Research Outpost",
        "jovian science",
        "+1 titanium production; draw 1 card.",
        (("prod", "titanium", 1), ("draw", 1)),
    ),
    prelude(
        "P17",
        "Loan",
        "",
        "Gain 30 M€; -2 M€ production.",
        (("gain", "mc", 30), ("prod", "mc", -2)),
    ),
    prelude(
        "P18",
        "Martian Industries",
        "building",
        "+1 energy production, +1 steel production; gain 6 M€.",
        (("prod", "energy", 1), ("prod", "steel", 1), ("gain", "mc", 6)),
    ),
    prelude(
        "P19",
        "Metal-Rich Asteroid",
        "",
        "Raise temperature 1 step; gain 4 titanium and 4 steel.",
        (("raise", "temperature", 1), ("gain", "titanium", 4), ("gain", "steel", 4)),
    ),
    prelude(
        "P20",
        "Metals Company",
        "",
        "+1 M€ production, +1 steel production, +1 titanium production.",
        (("prod", "mc", 1), ("prod", "steel", 1), ("prod", "titanium", 1)),
    ),
    prelude(
        "P21",
        "Mining Operations",
        "building",
        "+2 steel production; gain 4 steel.",
        (("prod", "steel", 2), ("gain", "steel", 4)),
    ),
    prelude(
        "P22",
        "Mohole",
        "building",
        "+3 heat production; gain 3 heat.",
        (("prod", "heat", 3), ("gain", "heat", 3)),
    ),
    prelude(
        "P23",
        "Mohole Excavation",
        "building",
        "+1 steel production, +2 heat production; gain 2 heat.",
        (("prod", "steel", 1), ("prod", "heat", 2), ("gain", "heat", 2)),
    ),
    prelude(
        "P24",
        "Nitrogen Shipment",
        "",
        "+1 plant production; raise your TR 1 step; gain 5 M€.",
        (("prod", "plants", 1), ("tr", 1), ("gain", "mc", 5)),
    ),
    prelude(
        "P25",
        "Orbital Construction Yard",
        "space",
        "+1 titanium production; gain 4 titanium.",
        (("prod", "titanium", 1), ("gain", "titanium", 4)),
    ),
    prelude(
        "P26",
        "Polar Industries",
        "building",
        "+2 heat production; place 1 ocean tile.",
        (("prod", "heat", 2), ("ocean", 1)),
    ),
    prelude("P27", "Power Generation", "power", "+3 energy production.", (("prod", "energy", 3),)),
    prelude(
        "P28",
        "Research Network",
        "wild",
        "+1 M€ production; draw 3 cards. Carries a wild tag: once in play, it counts as one "
        "tag of your choice whenever you take an action.",
        (("prod", "mc", 1), ("draw", 3)),
    ),
    prelude(
        "P29",
        "Self-Sufficient Settlement",
        "building city",
        "+2 M€ production; place a city tile.",
        (("prod", "mc", 2), ("tile", "city", "city", "")),
    ),
    prelude(
        "P30",
        "Smelting Plant",
        "building",
        "Raise oxygen 2 steps; gain 5 steel.",
        (("raise", "oxygen", 2), ("gain", "steel", 5)),
    ),
    prelude(
        "P31",
        "Society Support",
        "",
        "-1 M€ production; +1 plant, +1 energy and +1 heat production.",
        (("prod", "mc", -1), ("prod", "plants", 1), ("prod", "energy", 1), ("prod", "heat", 1)),
    ),
    prelude(
        "P32",
        "Supplier",
        "power",
        "+2 energy production; gain 4 steel.",
        (("prod", "energy", 2), ("gain", "steel", 4)),
    ),
    prelude(
        "P33",
        "Supply Drop",
        "",
        "Gain 3 titanium, 8 steel and 3 plants.",
        (("gain", "titanium", 3), ("gain", "steel", 8), ("gain", "plants", 3)),
    ),
    prelude(
        "P34",
        "UNMI Contractor",
        "earth",
        "Raise your TR 3 steps; draw 1 card.",
        (("tr", 3), ("draw", 1)),
    ),
    prelude(
        "P35",
        "Acquired Space Agency",
        "",
        "Gain 6 titanium; reveal cards from the deck until 2 space-tag cards are found, keep "
        "those 2 and discard the rest.",
        (("gain", "titanium", 6), ("hook", "reveal_tagged", "space", 2)),
    ),
    project(
        "P36",
        "House Printing",
        "automated",
        10,
        "building",
        module="prelude",
        vp="1",
        text="+1 steel production.",
        play=(("prod", "steel", 1),),
    ),
    project(
        "P37",
        "Lava Tube Settlement",
        "automated",
        15,
        "building city",
        module="prelude",
        text=(
            "-1 energy production, +2 M€ production; place a city tile on a volcanic space, "
            "even next to another city (on maps without volcanic spaces: any legal city space)."
        ),
        play=(("prod", "energy", -1), ("prod", "mc", 2), ("tile", "city", "lava_tube", "")),
    ),
    project(
        "P38",
        "Martian Survey",
        "event",
        9,
        "science",
        module="prelude",
        req="oxygen<=4",
        vp="1",
        text="Draw 2 cards.",
        play=(("draw", 2),),
    ),
    project(
        "P39",
        "Psychrophiles",
        "active",
        2,
        "microbe",
        module="prelude",
        req="temperature<=-20",
        resource="microbe",
        text=(
            "Action: put 1 microbe here. Effect: when you pay for a card with a plant tag, "
            "each microbe here may be spent as 2 M€."
        ),
        action=((), (("add", 1),)),
    ),
    project(
        "P40",
        "Research Coordination",
        "automated",
        4,
        "wild",
        module="prelude",
        text=(
            "No effect when played. Carries a wild tag: once in play, it counts as one tag of "
            "your choice whenever you take an action."
        ),
    ),
    project(
        "P41",
        "SF Memorial",
        "automated",
        7,
        "building",
        module="prelude",
        vp="1",
        text="Draw 1 card.",
        play=(("draw", 1),),
    ),
    project(
        "P42",
        "Space Hotels",
        "automated",
        12,
        "space earth",
        module="prelude",
        req="tag:earth>=2",
        text="+4 M€ production.",
        play=(("prod", "mc", 4),),
    ),
    corporation(
        "R10",
        "Point Luna",
        38,
        "space earth",
        module="prelude",
        text=(
            "Starts with +1 titanium production. Effect: each time you play an Earth tag "
            "(this card's included), draw 1 card per Earth tag."
        ),
        play=(("prod", "titanium", 1),),
        triggers=(Trigger("tag", "own", (("tag", "earth"),), (("draw", 1),)),),
    ),
    corporation(
        "R16",
        "Cheung Shing MARS",
        44,
        "building",
        module="prelude",
        text="Starts with +3 M€ production. Effect: cards with a building tag cost you 2 M€ less.",
        play=(("prod", "mc", 3),),
        effects=(("discount", 2, "building"),),
    ),
    corporation(
        "R27",
        "Robinson Industries",
        47,
        module="prelude",
        text=(
            "Action: pay 4 M€ to raise by 1 step one of your productions that is tied for "
            "lowest (your choice)."
        ),
        action=((("pay", ROBINSON_PRICE),), (("hook", "robinson"),)),
    ),
    corporation(
        "R34",
        "Valley Trust",
        37,
        "earth",
        module="prelude",
        text=(
            "First action: take 3 cards from the prelude deck, play one and discard the rest. "
            "Effect: cards with a science tag cost you 2 M€ less."
        ),
        effects=(("discount", 2, "science"),),
        first_action=(("hook", "valley_trust"),),
        first_action_label=msg("Take 3 preludes and play one"),
    ),
    corporation(
        "R35",
        "Vitor",
        45,
        "earth",
        module="prelude",
        text=(
            "First action: fund one award without paying. Effect: each time you play a card "
            "with a VP icon of 0 or more (this card counts), gain 3 M€."
        ),
        # "This card counts": Vitor's own effect pays for Vitor once, as it comes into play.
        play=(("gain", "mc", VITOR_MC),),
        first_action=(("hook", "vitor_award"),),
        first_action_label=msg("Fund an award for free"),
        triggers=(Trigger("card", "own", (), (("hook", "vitor", "+card"),)),),
    ),
)


# --- placement ---------------------------------------------------------------------------------


@placement_rule("lava_tube")
def _lava_tube(st: State, seat: int, m: MapDef) -> list[str]:
    """P37: a volcanic space even next to a city; on a map without any, the city rule."""
    if not any(space.volcanic for space in m.spaces):
        return legal_spaces(st, seat, "city")
    return legal_spaces(st, seat, "volcanic")


# --- hooks -------------------------------------------------------------------------------------


@hook("prelude_pay")
def _prelude_pay(st: State, item: tuple[Any, ...]) -> None:
    """("hook", seat, prelude, "prelude_pay", n): pay n M€, Helion's heat included (§5, §13)."""
    front(st, pay_item(st, item[1], item[2], int(item[4])))


@hook("reveal_tagged")
def _reveal_tagged(st: State, item: tuple[Any, ...]) -> None:
    """P12, P35: reveal cards until `n` with `tag` are found; keep those, discard the rest."""
    seat, tag, wanted = item[1], item[4], item[5]
    found: list[str] = []
    shown = 0
    while len(found) < wanted:
        drawn = draw_cards(st, 1)
        if not drawn:
            break
        card = drawn[0]
        shown += 1
        if tag in CATALOG[card].tags:
            found.append(card)
        else:
            st.discard = (*st.discard, card)
            st.revealed = (*st.revealed, card)
    if found:
        player = st.pw(seat)
        player.hand = player.hand + tuple(found)
    log(st, seat, "prelude_reveal", shown, len(found))


def _one_card(st: State, item: tuple[Any, ...], kind: str, value: int) -> None:
    """P10, P11: a one-shot modifier for the next card, then the choice of that card."""
    player = st.pw(item[1])
    player.next_card = (*player.next_card, (kind, value))
    front(st, ("prelude_hand_card", item[1], item[2]))


@hook("ecology_experts")
def _ecology_experts(st: State, item: tuple[Any, ...]) -> None:
    _one_card(st, item, "req_steps", IGNORE_GLOBAL_REQUIREMENTS)


@hook("eccentric_sponsor")
def _eccentric_sponsor(st: State, item: tuple[Any, ...]) -> None:
    _one_card(st, item, "discount", ECCENTRIC_SPONSOR_DISCOUNT)


def play_from_hand(st: State, seat: int, card_id: str) -> None:
    """Play `card_id` from `seat`'s hand outside an action: pay it, then it enters play."""
    card = CATALOG[card_id]
    player = st.pw(seat)
    cost = card_cost(player, card_id)
    hand = list(player.hand)
    hand.remove(card_id)
    player.hand = tuple(hand)
    player.next_card = ()
    log(st, seat, "plays", card_id)
    plant = "plant" in card.tags
    front(
        st,
        pay_item(st, seat, card_id, cost, steel=card.building, titanium=card.space, plant=plant),
    )
    front(st, ("paid", seat, card_id, card.cost))
    front(st, ("play_card", seat, "", card_id))


@decision("prelude_hand_card")
class PreludeHandCard(Decision):
    """("prelude_hand_card", seat, prelude): play one card from hand with the prelude's help."""

    prompt = msg("Which card from your hand do you play?")

    def options(self, st: State, item: tuple[Any, ...]) -> list[dict[str, Any]]:
        seat = item[1]
        options: list[dict[str, Any]] = [
            {"type": "card", "card": card}
            for card in st.players[seat].hand
            if play_block(st, seat, card) is None
        ]
        options.append({"type": "skip"})
        return options

    def choose(self, st: State, item: tuple[Any, ...], action: dict[str, Any]) -> None:
        seat = item[1]
        if action["type"] == "skip":
            st.pw(seat).next_card = ()
            log(st, seat, "prelude_no_card", item[2])
            return
        play_from_hand(st, seat, action["card"])


@hook("robinson")
def _robinson(st: State, item: tuple[Any, ...]) -> None:
    front(st, ("robinson", item[1], item[2]))


@decision("robinson")
class Robinson(Decision):
    """("robinson", seat, corp): which of the lowest productions rises (R27)."""

    prompt = msg("Which of your lowest productions rises?")

    def options(self, st: State, item: tuple[Any, ...]) -> list[dict[str, Any]]:
        prod = st.players[item[1]].prod
        lowest = min(prod)
        return [
            {"type": "choose", "option": RESOURCES[i]}
            for i, value in enumerate(prod)
            if value == lowest
        ]

    def choose(self, st: State, item: tuple[Any, ...], action: dict[str, Any]) -> None:
        res = RESOURCES.index(action["option"])
        add_prod(st, item[1], res, 1)
        log(st, item[1], "prod", action["option"], 1)


@hook("valley_trust")
def _valley_trust(st: State, item: tuple[Any, ...]) -> None:
    from games.terraforming_mars.prelude import valley_trust_preludes

    cards = valley_trust_preludes(st)
    log(st, item[1], "valley_trust", len(cards))
    if cards:
        front(st, ("prelude", item[1], item[2], cards, 1))


@hook("vitor_award")
def _vitor_award(st: State, item: tuple[Any, ...]) -> None:
    front(st, ("vitor_award", item[1], item[2]))


@decision("vitor_award")
class VitorAward(Decision):
    """("vitor_award", seat, corp): the award Vitor funds for free (none in the solo game)."""

    auto = False
    prompt = msg("Which award do you fund for free?")

    def options(self, st: State, item: tuple[Any, ...]) -> list[dict[str, Any]]:
        if st.solo or len(st.awards) >= AWARDS_MAX:
            return []
        funded = {key for key, _ in st.awards}
        return [{"type": "fund", "award": key} for key in map_of(st).awards if key not in funded]

    def choose(self, st: State, item: tuple[Any, ...], action: dict[str, Any]) -> None:
        front(st, ("fund", item[1], "", action["award"]))


def non_negative_vp(card_id: str) -> bool:
    """Vitor: does the card show a VP icon of 0 or more (any VP that is not a fixed loss)?"""
    rule = CATALOG[card_id].vp_rule
    return rule is not None and not (rule[0] == "fixed" and rule[1] < 0)


@hook("vitor")
def _vitor(st: State, item: tuple[Any, ...]) -> None:
    """R35: +3 M€ for a card played with a non-negative VP icon (events too)."""
    if non_negative_vp(item[-1]):
        gain(st, item[1], 0, VITOR_MC)
        log(st, item[1], "gain", "mc", VITOR_MC)
