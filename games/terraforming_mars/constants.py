"""Every rule constant and the engine-wide house rules, in one table (rules/terraforming-mars.md).

Each value cites its section of the spec; every "[house rule]" of the spec that sets a number
or a switch for the whole engine is one line here. The engine modules import these names;
nothing else in the package hard-codes a rule number.

Not here: the rulings about single cards live in the code that applies them, and README.md
("House rules used", "Prelude", "Colonies") says each in words: Immigrant City
(`playability._tile_production`), Energy Tapping and the Consortiums
(`playability._check_steal_prod`), Minority Refuge and Pioneer Settlement
(`colonies.offsets_drop`, `playability._colony_offsets`), Polyphemos
(`payment.seat_card_price`), Stormcraft (`colonies.heat_available`, the `spend_heat` op),
Vitor's "this card counts" (`cards/prelude.py`, `VITOR_MC`) and Helion's heat for a
prelude's "pay n M€" (`cards/prelude.py`, the `prelude_pay` hook); so do the board's house
rules (space names: `vocab.space_words`; the phone tabs; hand sorting).
"""

from __future__ import annotations

from games.words import msg

# --- Resources and tags (§1.1, §1.3) ------------------------------------------------------
RESOURCES = ("mc", "steel", "titanium", "plants", "energy", "heat")
MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)
RES_INDEX = {name: i for i, name in enumerate(RESOURCES)}
PRODUCTION_MIN = (-5, 0, 0, 0, 0, 0)  # §1.1: M€ production may go down to -5
RESOURCE_LABELS = (
    msg("M€"),
    msg("steel"),
    msg("titanium"),
    msg("plants"),
    msg("energy"),
    msg("heat"),
)
TAGS = (
    "building",
    "space",
    "power",
    "science",
    "jovian",
    "earth",
    "plant",
    "microbe",
    "animal",
    "city",
    "event",
    "wild",  # §13 (Prelude): one tag of its owner's choice where WILD_TAG_COUNTS says so
)
TAG_INDEX = {name: i for i, name in enumerate(TAGS)}
# §13 (Prelude): where a wild tag in play counts as one tag of its owner's choice, each wild
# tag once per count and always to its owner's best (`tags.tag_count` is the one reader).
WILD_TAG_COUNTS = {
    "requirement": True,  # §13: a card's tag requirement (several tags: each wild tag fills one)
    "effect": True,  # §13: "per X tag you have" effects (production, resources, TR, cards)
    "milestone": True,  # §13: Builder, Ecologist, Diversifier, Rim Settler, Agronomist, ...
    "award": False,  # §13: never for awards (Scientist, Space Baron, Contractor, Traveller)
    # [house rule] (the issue is silent; as the open-source implementation): card VP "1 VP per
    # Jovian tag" count printed tags only, and a card counting other players' tags (Toll
    # Station, "all players") never counts their wild tags.
    "vp": False,
    "others": False,
}
# §13 [house rule] (as the open-source implementation): a card carrying a wild tag sets off no
# "when you play an X tag" effect, and the wild tag is no new kind of tag for Aridor.
CARD_RESOURCES = ("animal", "microbe", "science", "fighter", "floater", "camp")  # §1.2, §14

# --- Setup (§2) ---------------------------------------------------------------------------
START_TR = 20  # §1.7
SOLO_START_TR = 14  # §1.7, §11.1
STANDARD_GAME_PRODUCTION = 1  # §2.2 step 2: Corporate Era off, every production starts at 1
CORPORATIONS_DEALT = 2  # §2.2 step 5
CARDS_DEALT = 10  # §2.2 step 5
CARD_PRICE = 3  # §2.2 step 6, §3.2: M€ per card kept
RESEARCH_CARDS = 4  # §3.2
FIRST_PLAYER_RANDOM = True  # §2.2 step 4 [house rule]: the first player comes from the seed

# --- Global parameters (§1.6, §8) ---------------------------------------------------------
TEMPERATURE_MIN, TEMPERATURE_MAX, TEMPERATURE_STEP = -30, 8, 2
OXYGEN_MAX = 14
OCEANS_MAX = 9
TEMPERATURE_HEAT_BONUS = (-24, -20)  # §1.6: +1 heat production when reached
TEMPERATURE_OCEAN_BONUS = 0  # §1.6: an ocean tile when reached
OXYGEN_TEMPERATURE_BONUS = 8  # §1.6: a temperature step when reached
REQUIREMENT_STEP = {"oxygen": 1, "temperature": 2, "oceans": 1}  # §4.1: one step of each

# --- Actions (§3.3, §4) -------------------------------------------------------------------
ACTIONS_PER_TURN = 2  # §3.3
# §3.3: after a first action a player may take a second one or end the turn; passing is only
# possible instead of a first action (the printed rule: a pass is a turn with no action).
PASS_AFTER_FIRST_ACTION = False
PLANTS_PER_GREENERY = 8  # §4.6 (EcoLine: 7, from its card)
HEAT_PER_STEP = 8  # §4.7
OCEAN_ADJACENCY_MC = 2  # §7.6
STANDARD_PROJECTS = (  # §4.2: key, cost in M€
    ("sell_patents", 0),
    ("power_plant", 11),
    ("asteroid", 14),
    ("aquifer", 18),
    ("greenery", 23),
    ("city", 25),
)
STANDARD_PROJECT_COST = dict(STANDARD_PROJECTS)
SELL_PATENTS_MIN = 1  # §4.2 [house rule]: sell at least one card
SELL_PATENT_MC = 1  # §4.2
CITY_PROJECT_MC_PRODUCTION = 1  # §4.2

# --- Payment (§5) -------------------------------------------------------------------------
STEEL_VALUE = 2  # §5
TITANIUM_VALUE = 3  # §5
# §5 [house rule]: steel and titanium may overpay (no change), M€ (and Helion's heat,
# which stands in for M€) never do: the M€ part is always exactly what is left.
MC_MAY_OVERPAY = False

# --- Milestones and awards (§4.3, §4.4, §9.1) ---------------------------------------------
MILESTONE_COST = 8
MILESTONES_MAX = 3
MILESTONE_VP = 5
AWARD_COSTS = (8, 14, 20)
AWARDS_MAX = 3
AWARD_VP_FIRST = 5
AWARD_VP_SECOND = 2  # §10.2: never in a 2-player game
PLANNER_HAND = 16
TERRAFORMER_TR = 35
MAYOR_CITIES = 3
GARDENER_GREENERIES = 3
BUILDER_TAGS = 8
# §9.2 Elysium
GENERALIST_PRODUCTIONS = 6  # all six productions ...
GENERALIST_STEPS = 1  # ... raised 1 step: >= 1 with Corporate Era, >= 2 in the standard game
SPECIALIST_PRODUCTION = 10
ECOLOGIST_TAGS = 4  # plant + microbe + animal
TYCOON_CARDS = 15  # green + blue
LEGEND_EVENTS = 5
CELEBRITY_COST = 20  # Celebrity counts cards in play printed at this cost or more
DESERT_SETTLER_ROWS = (6, 7, 8, 9)  # south of the equator
# §9.3 Hellas
DIVERSIFIER_TAGS = 8  # different tags in play
TACTICIAN_CARDS = 5  # green + blue cards with a requirement
POLAR_EXPLORER_TILES = 3
POLAR_EXPLORER_ROWS = (8, 9)
ENERGIZER_PRODUCTION = 6
RIM_SETTLER_TAGS = 3  # Jovian
# §9.4 Vastitas Borealis
AGRONOMIST_TAGS = 4  # plant
ENGINEER_PRODUCTION = 10  # energy + heat production
SPACEFARER_TAGS = 4
GEOLOGIST_TILES = 3  # on or next to a volcanic area
FARMER_RESOURCES = 5  # animals + microbes on own cards

# --- Solo (§11) ---------------------------------------------------------------------------
SOLO_GENERATIONS = 14  # §11.3
SOLO_TR63 = 63  # §11.3 TR63 mode
SOLO_LOST_SCORES_ZERO = True  # §11.3 [house rule]: a lost game has no score (0)
SOLO_FINAL_GREENERY_ONLY_IF_WON = True  # §11.3 [house rule] as the open-source version

# --- Prelude (§13) -------------------------------------------------------------------------
PRELUDES_DEALT = 4  # §13: dealt with the corporations
PRELUDES_KEPT = 2  # §13: kept (free), played at the start of generation 1
PRELUDE_UNPLAYABLE_MC = 15  # §13: a prelude that cannot be resolved is discarded for 15 M€
SOLO_GENERATIONS_PRELUDE = 12  # §13: solo with Prelude
VALLEY_TRUST_PRELUDES = 3  # Valley Trust's first action: take 3 preludes, play one
PSYCHROPHILES = "TM-P39"  # its microbes pay for plant-tag cards (payment.py)
PSYCHROPHILES_MC = 2  # M€ per microbe
# §13 [house rule]: the remaining kept preludes are played in the order their owner picks;
# one is discarded for 15 M€ only when none of the remaining ones can be played.
# --- Colonies (§14; colonies.py) ------------------------------------------------------------
BUILD_COLONY_COST = 17  # §14: the Build Colony standard project
TRADE_COST = {"mc": 9, "energy": 3, "titanium": 3}  # §14: one of the three
MAX_COLONIES = 3  # §14: slots on a tile
COLONY_MAX_STEP = 6  # §14: the track has steps 0–6
COLONY_START_STEP = 1  # §14: the marker starts on the highlighted second step
TRADE_FLEETS = 1  # §14: trade fleets per player (cards add more)
COLONY_TILES_MIN = 5  # §14: players + 2 tiles, at least 5 ...
COLONY_TILES_SOLO = 4  # ... [house rule] solo: 4 tiles from the seed, all kept, and no
# M€ production lost (the open-source implementation makes the player remove one of 4 and
# lowers their M€ production by 2: [to verify] against the rulebook, so not applied here).
TRADE_BOOST_ALWAYS = True  # §14 [house rule]: Trade Envoys / Trading Colony always raise the
# marker before a trade (the open-source implementation asks only on Europa).
# Colony bonuses are given in slot order, each owner answering their own decisions during the
# trader's turn, before the trader goes on (§14 off-turn decisions) [house rule] ...
PLUTO_DISCARD_AFTER_TURN = True  # ... except Pluto's discard: its owner draws at once and
# discards when the trader's turn ends (after its Confirm), before the next player acts or
# production, in the order the discards arose; a trader with a Pluto colony waits too
# (§14: "BGA resolves discards after the turn ends").

# --- Hidden information (§15.0) -----------------------------------------------------------
EVENTS_PUBLIC = True  # §15.0 [house rule]: played events are shown face up
SOLD_PATENTS_HIDDEN = True  # §15.0 [house rule]: cards sold stay hidden

# --- Timeouts (§17.1) [house rule] --------------------------------------------------------
# The clock plays: pass (or end the turn), keep no card, the first card of a draft packet,
# the first legal option of a pending decision, no more greenery in the final round.

# --- Undo (§12.4) [house rule] ------------------------------------------------------------
# Only the active player, only in their own turn of the action phase, never back past a card
# drawn or revealed, another seat's decision or the start of the turn. The platform takes the
# moves back by replaying the rest of the log from the seed.
UNDO_MODES = ("none", "whole_turn", "multi_step")
UNDO_DEFAULT = "whole_turn"  # §2.1 [house rule]

# --- Presentation ---------------------------------------------------------------------------
RECENT_EVENTS = 60  # public log entries kept in the state for the board's game log

NEUTRAL = -2  # §11.1: the neutral player of the solo game owns tiles as seat -2
NOBODY = -1  # ocean tiles belong to nobody (§1.5)
