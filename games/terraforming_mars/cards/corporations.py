"""The 12 corporations and the Beginner Corporation (rules §1.8, §2.2, cards.csv R-ids)."""

from __future__ import annotations

from games.terraforming_mars.cards.model import Trigger, corporation
from games.terraforming_mars.kernel import check
from games.terraforming_mars.state import State
from games.words import msg

CARDS = (
    corporation(
        "R00",
        "Beginner Corporation",
        42,
        text=(
            "Start with 42 M€ and keep all 10 dealt project cards without paying for them "
            "(beginner option)."
        ),
    ),
    corporation(
        "R03",
        "Saturn Systems",
        42,
        "jovian",
        module="corporate_era",
        text=(
            "Starts with +1 titanium production. Effect: whenever any player puts a Jovian "
            "tag into play (this card's included), +1 M€ production."
        ),
        play=(("prod", "titanium", 1),),
        triggers=(Trigger("tag", "any", (("tag", "jovian"),), (("prod", "mc", 1),)),),
    ),
    corporation(
        "R08",
        "CrediCor",
        57,
        text=(
            "Effect: after you pay for a card or a standard project whose printed cost is "
            "20 M€ or more, gain 4 M€."
        ),
        triggers=(Trigger("paid", "own", (("min_cost", 20),), (("gain", "mc", 4),)),),
    ),
    corporation(
        "R09",
        "PhoboLog",
        23,
        "space",
        text="Starts with 10 titanium. Effect: each of your titanium is worth 1 M€ more (4).",
        play=(("gain", "titanium", 10),),
        effects=(("metal", "titanium", 1),),
    ),
    corporation(
        "R13",
        "Thorgate",
        48,
        "power",
        text=(
            "Starts with +1 energy production. Effect: power-tag cards and the Power Plant "
            "standard project cost you 3 M€ less."
        ),
        play=(("prod", "energy", 1),),
        effects=(("discount", 3, "power"), ("sp_discount", "power_plant", 3)),
    ),
    corporation(
        "R17",
        "EcoLine",
        36,
        "plant",
        text=(
            "Starts with +2 plant production and 3 plants. Effect: you convert 7 plants "
            "(not 8) into a greenery."
        ),
        play=(("prod", "plants", 2), ("gain", "plants", 3)),
        effects=(("greenery_plants", 7),),
    ),
    corporation(
        "R18",
        "Helion",
        42,
        "space",
        text=(
            "Starts with +3 heat production. Effect: you may spend heat as M€, 1 for 1 "
            "(M€ cannot be used as heat)."
        ),
        play=(("prod", "heat", 3),),
        effects=(("heat_as_mc",),),
    ),
    corporation(
        "R19",
        "Interplanetary Cinematics",
        30,
        "building",
        text="Starts with 20 steel. Effect: each time you play an event, gain 2 M€.",
        play=(("gain", "steel", 20),),
        triggers=(Trigger("card", "own", (("event", True),), (("gain", "mc", 2),)),),
    ),
    corporation(
        "R24",
        "Mining Guild",
        30,
        "building building",
        text=(
            "Starts with 5 steel and +1 steel production. Effect: each time you place a tile "
            "on a space whose placement bonus shows steel or titanium, +1 steel production."
        ),
        play=(("gain", "steel", 5), ("prod", "steel", 1)),
        triggers=(Trigger("tile", "own", (("metal_bonus", True),), (("prod", "steel", 1),)),),
    ),
    corporation(
        "R30",
        "Teractor",
        60,
        "earth",
        module="corporate_era",
        text="Effect: cards with an Earth tag cost you 3 M€ less.",
        effects=(("discount", 3, "earth"),),
    ),
    corporation(
        "R31",
        "Tharsis Republic",
        40,
        "building",
        text=(
            "First action: place a city tile. Effect: whenever any city tile is placed on "
            "Mars, +1 M€ production; whenever you place a city tile, gain 3 M€."
        ),
        first_action=(("tile", "city", "city", ""),),
        first_action_label=msg("Place a city tile"),
        triggers=(
            Trigger("tile", "any", (("tile", "city"), ("mars", True)), (("prod", "mc", 1),)),
            Trigger("tile", "own", (("tile", "city"),), (("gain", "mc", 3),)),
        ),
    ),
    corporation(
        "R32",
        "United Nations Mars Initiative",
        40,
        "earth",
        text="Action: if your TR rose earlier this generation, pay 3 M€ to raise it 1 more step.",
        action=((("cond", "tr_raised"), ("pay", 3)), (("tr", 1),)),
    ),
    corporation(
        "R43",
        "Inventrix",
        45,
        "science",
        text=(
            "First action: draw 3 cards. Effect: the oxygen, temperature and ocean requirements "
            "of your cards count as up to 2 steps easier."
        ),
        first_action=(("draw", 3),),
        first_action_label=msg("Draw 3 cards"),
        effects=(("req_steps", 2),),
    ),
)


@check("tr_raised")
def _tr_raised(st: State, seat: int, card: str) -> str | None:
    """UNMI's action needs a TR raise earlier in this generation."""
    return None if st.players[seat].tr_gen else msg("Your TR has not risen this generation.")
