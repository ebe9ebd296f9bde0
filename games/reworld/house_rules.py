"""Reworld's numbers: the house-rule table (rules §12), the confirmed counts and the pieces.

Every value the sources do not confirm is one entry of `HOUSE_RULES`, named by its register
number; every other module of the game reads its numbers from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from games.reworld.data import ShipGoal, build_catalogue
from games.words import Msg, msg

__all__ = [
    "ARMS",
    "CATALOGUE",
    "HAND_SIZE",
    "HOUSE_RULES",
    "MAX_PLAYERS",
    "MAX_UNDOCK",
    "MIN_PLAYERS",
    "MODULES",
    "MODULES_PER_ROUND",
    "NUMBER",
    "ROUNDS",
    "ROWS",
    "SHIPS",
    "HouseRules",
    "a_label",
    "city_colour",
    "crews_label",
    "label",
]


# --- The house-rule table (rules §12) ---------------------------------------------------
# Every value the sources do not confirm is one entry here, named by its register number.


@dataclass(frozen=True)
class HouseRules:
    """The register of house rules, rules §12 (H1-H20), as one table of values."""

    cards_per_number: int  # H1, §2.1
    terrabots_per_letter: int  # H2, §2.2
    crews_per_colour: int  # H2, §2.2
    shuttles: int  # H2, §2.2
    satellites: int  # H2, §2.2
    ring_closed: bool  # H3, §2.3: arms 19 and 0 are neighbours
    marker_cost: int  # H4, §4.2 (b): cards discarded face down for the marker
    overpayment: bool  # H5, §4.3: paying more cards than the table allows
    terrabot_points: int  # H6, §4.5: VP per terrabot bought
    card_points: int  # H7, §4.5: VP per card kept at each round end
    start_kept_without_marker: bool  # H8, §4.6 step 4
    passing: bool  # H9, §5.1: may a player with modules pass in Chapter 2
    shuttle_capacity: int  # H10, §5.3: crews per transporting shuttle (position free)
    same_colour_in_two_cities: bool  # H11, §5.3
    satellites_per_city: int  # H12, §5.3: and it scores the city's current size
    resolution_order: tuple[str, ...]  # H13, §5.4
    jettison_penalty: int  # H14, §5.5: VP lost per jettisoned module
    voluntary_jettison: bool  # H14, §5.5
    ships: tuple[ShipGoal, ...]  # H15, §2.6: goals, both sides, VP; first achiever only
    city_table: Mapping[int, tuple[int, ...]]  # H16, §7.3: by player count, 1st place first
    ties_take_next_place: bool  # H16, §7.3: tied players get the next lower place's points
    missing_letter_penalty: int  # H17, §7.3: VP lost per letter without a city
    shield_table: Mapping[int, tuple[int, ...]]  # H18, §7.4
    city_signs_score: bool  # H19, §2.5: city signs are markers only
    tie_breaks: tuple[str, ...]  # H20, §8: after equal VP, in this order


HOUSE_RULES = HouseRules(
    cards_per_number=6,
    terrabots_per_letter=5,
    crews_per_colour=6,
    shuttles=25,
    satellites=20,
    ring_closed=True,
    marker_cost=1,
    overpayment=False,
    terrabot_points=1,
    card_points=1,
    start_kept_without_marker=True,
    passing=False,
    shuttle_capacity=2,
    same_colour_in_two_cities=True,
    satellites_per_city=1,
    resolution_order=("terrabots", "transports", "satellites", "shield", "jettison"),
    jettison_penalty=1,
    voluntary_jettison=True,
    ships=(
        ShipGoal("P01", "city_size", 6, 8, 3),
        ShipGoal("P02", "city_size", 8, 11, 5),
        ShipGoal("P03", "city_size", 10, 14, 7),
        ShipGoal("P04", "all_letters", 5, 5, 7),
        ShipGoal("P05", "cities", 4, 4, 4),
        ShipGoal("P06", "empty_rows", 1, 1, 2),
        ShipGoal("P07", "empty_rows", 2, 3, 4),
        ShipGoal("P08", "shield", 4, 6, 3),
        ShipGoal("P09", "shield", 7, 10, 5),
        ShipGoal("P10", "city_crews", 3, 5, 3),
        ShipGoal("P11", "city_crews", 5, 8, 5),
        ShipGoal("P12", "crew_colours", 3, 4, 4),
        ShipGoal("P13", "satellite_cities", 2, 3, 3),
        ShipGoal("P14", "solid_cities", 3, 4, 5, size=3),
    ),
    city_table={2: (5, 2), 3: (6, 3, 1), 4: (7, 4, 2, 0)},
    ties_take_next_place=True,
    missing_letter_penalty=3,
    shield_table={2: (6, 2), 3: (8, 4, 1), 4: (8, 5, 2, 0)},
    city_signs_score=False,
    tie_breaks=("ships", "shield", "fewer_jettisons"),
)

# These entries are rules of play this engine implements in one way only; the table
# documents them, and a change here must come with a change to the code.
assert not HOUSE_RULES.overpayment and not HOUSE_RULES.passing
assert HOUSE_RULES.same_colour_in_two_cities and HOUSE_RULES.voluntary_jettison
assert HOUSE_RULES.satellites_per_city == 1 and HOUSE_RULES.ties_take_next_place
assert HOUSE_RULES.start_kept_without_marker and not HOUSE_RULES.city_signs_score

# --- Confirmed rules (rules §2, §4, §5, §9) ---------------------------------------------
MIN_PLAYERS, MAX_PLAYERS = 2, 4
ARMS = 20  # §2.3: docking arms on the Colossus Station
ROUNDS = 5  # §4: Chapter 1 has five rounds
ROWS = 5  # §2.4: docking rows 1-5 of a freighter
MODULES_PER_ROUND = 20  # §4.1 step 1, §9
HAND_SIZE = {2: 13, 3: 9, 4: 7}  # §4.1 step 2, §9
MAX_UNDOCK = 3  # §5.2 step 2: one to three modules per turn

CATALOGUE = build_catalogue(
    cards_per_number=HOUSE_RULES.cards_per_number,
    terrabots_per_letter=HOUSE_RULES.terrabots_per_letter,
    crews_per_colour=HOUSE_RULES.crews_per_colour,
    shuttles=HOUSE_RULES.shuttles,
    satellites=HOUSE_RULES.satellites,
)
assert len(CATALOGUE.modules) == ROUNDS * MODULES_PER_ROUND  # §4.1: all 100, 20 a round
MODULES = CATALOGUE.modules
NUMBER = {card_id: card.number for card_id, card in CATALOGUE.cards.items()}
_CARD_ORDER = {card_id: card.order for card_id, card in CATALOGUE.cards.items()}
SHIPS = {ship.id: ship for ship in HOUSE_RULES.ships}


# A module's name as a player reads it: whole phrases per colour, so that each language
# can inflect them (the colour names are never glued to "crew").
_CREW = {
    "red": msg("red crew"),
    "yellow": msg("yellow crew"),
    "green": msg("green crew"),
    "blue": msg("blue crew"),
    "violet": msg("violet crew"),
}
_A_CREW = {
    "red": msg("a red crew"),
    "yellow": msg("a yellow crew"),
    "green": msg("a green crew"),
    "blue": msg("a blue crew"),
    "violet": msg("a violet crew"),
}
_CREWS = {
    "red": msg("red crews"),
    "yellow": msg("yellow crews"),
    "green": msg("green crews"),
    "blue": msg("blue crews"),
    "violet": msg("violet crews"),
}


def label(module: str) -> Msg:
    """Return a module's name: "shuttle", "red crew", "terrabot A"."""
    info = MODULES[module]
    if info.kind == "terrabot":
        return msg("terrabot %(letter)s", letter=info.letter)
    if info.kind == "crew":
        return _CREW[info.colour]
    if info.kind == "shuttle":
        return msg("shuttle")
    return msg("satellite")


def a_label(module: str) -> Msg:
    """Return "a shuttle", "a red crew", "a terrabot A" for a module id."""
    info = MODULES[module]
    if info.kind == "terrabot":
        return msg("a terrabot %(letter)s", letter=info.letter)
    if info.kind == "crew":
        return _A_CREW[info.colour]
    if info.kind == "shuttle":
        return msg("a shuttle")
    return msg("a satellite")


def crews_label(colour: str) -> Msg:
    """Return "red crews" for a crew colour."""
    return _CREWS[colour]


def city_colour(city: tuple[str, ...]) -> str:
    """Return the crew colour of a city (its first crew's), or "" before any crew (§5.3)."""
    for module in city:
        colour = MODULES[module].colour
        if colour:
            return colour
    return ""
