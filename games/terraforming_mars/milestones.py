"""Milestones and awards (rules §4.3, §4.4, §9). Each is a measure of one player's position.

A map lists its milestone and award keys; a new map adds its own entries here with
`MILESTONES[key] = Milestone(...)` / `AWARDS[key] = Award(...)`.

Measures are asked often (view, bots, legal actions): they only read the state. "Own tiles"
are the tiles whose owner is the seat (oceans are nobody's); measures by row or adjacency
count only spaces on Mars, never the off-map cities (Ganymede Colony, Phobos Space Haven).
Tags are counted by `tags.tag_count`: a wild tag (§13) counts for every milestone that counts
tags and for no award.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from games.terraforming_mars.board import map_of
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    AGRONOMIST_TAGS,
    BUILDER_TAGS,
    CELEBRITY_COST,
    DESERT_SETTLER_ROWS,
    DIVERSIFIER_TAGS,
    ECOLOGIST_TAGS,
    ENERGIZER_PRODUCTION,
    ENERGY,
    ENGINEER_PRODUCTION,
    FARMER_RESOURCES,
    GARDENER_GREENERIES,
    GENERALIST_PRODUCTIONS,
    GENERALIST_STEPS,
    GEOLOGIST_TILES,
    HEAT,
    LEGEND_EVENTS,
    MAYOR_CITIES,
    MC,
    PLANNER_HAND,
    POLAR_EXPLORER_ROWS,
    POLAR_EXPLORER_TILES,
    RIM_SETTLER_TAGS,
    SPACEFARER_TAGS,
    SPECIALIST_PRODUCTION,
    STANDARD_GAME_PRODUCTION,
    STEEL,
    TACTICIAN_CARDS,
    TAG_INDEX,
    TERRAFORMER_TR,
    TITANIUM,
    TYCOON_CARDS,
)
from games.terraforming_mars.state import State
from games.terraforming_mars.tags import Purpose, distinct_tags, tag_count
from games.words import msg

__all__ = ["AWARDS", "MILESTONES", "Award", "Milestone"]


class Milestone(NamedTuple):
    name: str
    text: str
    measure: Callable[[State, int], int]
    target: int


class Award(NamedTuple):
    name: str
    text: str
    measure: Callable[[State, int], int]


def own_tiles(st: State, seat: int, kind: str | None = None) -> int:
    """Return the tiles `seat` owns (of `kind`, or any kind), off-map cities included."""
    return sum(
        1
        for tile_kind, owner, _name in st.board.values()
        if owner == seat and (kind is None or tile_kind == kind)
    )


def _tags(*tags: str, purpose: Purpose) -> Callable[[State, int], int]:
    """Return the measure "`tags` in play" (their sum when several are given).

    §13: for a milestone each wild tag in play adds 1 (once, however many kinds are summed);
    for an award it adds nothing.
    """
    indexes = tuple(TAG_INDEX[tag] for tag in tags)
    return lambda st, seat: tag_count(st.players[seat], indexes, purpose=purpose)


def _mars_tiles(st: State, seat: int) -> list[str]:
    """Return the spaces of Mars where `seat` owns a tile (off-map cities left out)."""
    by_id = map_of(st).by_id
    return [space for space, tile in st.board.items() if tile[1] == seat and space in by_id]


def _tiles_in_rows(rows: tuple[int, ...]) -> Callable[[State, int], int]:
    """Return the measure "own tiles on Mars in `rows`"."""

    def measure(st: State, seat: int) -> int:
        by_id = map_of(st).by_id
        return sum(1 for space in _mars_tiles(st, seat) if by_id[space].row in rows)

    return measure


def _tiles_by_ocean(st: State, seat: int, *, adjacent: bool) -> int:
    """Return the own tiles on Mars that touch an ocean tile (`adjacent`) or touch none."""
    neighbors, board = map_of(st).neighbors, st.board
    return sum(
        1
        for space in _mars_tiles(st, seat)
        if any(board.get(other, ("",))[0] == "ocean" for other in neighbors[space]) == adjacent
    )


def _projects(st: State, seat: int, kinds: tuple[str, ...] = ("automated", "active")) -> list[str]:
    """Return the green and blue project cards `seat` has in play (of `kinds`)."""
    return [card for card in st.players[seat].played if CARDS[card].kind in kinds]


def _generalist(st: State, seat: int) -> int:
    """Return how many productions were raised 1 step (§9.2: from 0, or from 1 without CE)."""
    start = 0 if st.settings.corporate_era else STANDARD_GAME_PRODUCTION
    least = start + GENERALIST_STEPS
    return sum(1 for value in st.players[seat].prod if value >= least)


def _celebrity(st: State, seat: int) -> int:
    """Return the green and blue cards `seat` has in play printed at 20 M€ or more."""
    return sum(1 for card in _projects(st, seat) if CARDS[card].cost >= CELEBRITY_COST)


def _diversifier(st: State, seat: int) -> int:
    """Return how many kinds of tag `seat` has in play (the event tag is never in play).

    §13: each wild tag is one more kind, one the player lacks.
    """
    return distinct_tags(st.players[seat], purpose="milestone")


def _geologist(st: State, seat: int) -> int:
    """Return the own tiles on Mars on or next to a volcanic space."""
    by_id = map_of(st).by_id
    count = 0
    for space in _mars_tiles(st, seat):
        hex_ = by_id[space]
        if hex_.volcanic or any(by_id[other].volcanic for other in hex_.neighbors):
            count += 1
    return count


def _farmer(st: State, seat: int) -> int:
    """Return the animals and microbes on `seat`'s cards."""
    return sum(
        amount
        for card, amount in st.players[seat].res.items()
        if CARDS[card].resource in ("animal", "microbe")
    )


def _landscaper(st: State, seat: int) -> int:
    """Return the size of `seat`'s largest group of own tiles connected on Mars."""
    neighbors = map_of(st).neighbors
    left = set(_mars_tiles(st, seat))
    best = 0
    while left:
        stack = [left.pop()]
        size = 0
        while stack:
            space = stack.pop()
            size += 1
            for other in neighbors[space]:
                if other in left:
                    left.remove(other)
                    stack.append(other)
        best = max(best, size)
    return best


MILESTONES: dict[str, Milestone] = {
    "terraformer": Milestone(
        msg("Terraformer"),
        msg("Have a terraform rating of at least 35."),
        lambda st, seat: st.players[seat].tr,
        TERRAFORMER_TR,
    ),
    "mayor": Milestone(
        msg("Mayor"),
        msg("Own at least 3 city tiles."),
        lambda st, seat: own_tiles(st, seat, "city"),
        MAYOR_CITIES,
    ),
    "gardener": Milestone(
        msg("Gardener"),
        msg("Own at least 3 greenery tiles."),
        lambda st, seat: own_tiles(st, seat, "greenery"),
        GARDENER_GREENERIES,
    ),
    "builder": Milestone(
        msg("Builder"),
        msg("Have at least 8 building tags in play."),
        _tags("building", purpose="milestone"),
        BUILDER_TAGS,
    ),
    "planner": Milestone(
        msg("Planner"),
        msg("Have at least 16 cards in hand when claiming."),
        lambda st, seat: len(st.players[seat].hand),
        PLANNER_HAND,
    ),
    # --- Elysium (§9.2) ---
    "generalist": Milestone(
        msg("Generalist"),
        msg("Have all six productions raised by at least 1 step."),
        _generalist,
        GENERALIST_PRODUCTIONS,
    ),
    "specialist": Milestone(
        msg("Specialist"),
        msg("Have a production of at least 10 of one resource."),
        lambda st, seat: max(st.players[seat].prod),
        SPECIALIST_PRODUCTION,
    ),
    "ecologist": Milestone(
        msg("Ecologist"),
        msg("Have at least 4 plant, microbe and animal tags in play."),
        _tags("plant", "microbe", "animal", purpose="milestone"),
        ECOLOGIST_TAGS,
    ),
    "tycoon": Milestone(
        msg("Tycoon"),
        msg("Have at least 15 green and blue project cards in play."),
        lambda st, seat: len(_projects(st, seat)),
        TYCOON_CARDS,
    ),
    "legend": Milestone(
        msg("Legend"),
        msg("Have played at least 5 events."),
        lambda st, seat: len(st.players[seat].events),
        LEGEND_EVENTS,
    ),
    # --- Hellas (§9.3) ---
    "diversifier": Milestone(
        msg("Diversifier"),
        msg("Have at least 8 different tags in play."),
        _diversifier,
        DIVERSIFIER_TAGS,
    ),
    "tactician": Milestone(
        msg("Tactician"),
        msg("Have at least 5 cards with requirements in play."),
        lambda st, seat: sum(1 for card in _projects(st, seat) if CARDS[card].requirement),
        TACTICIAN_CARDS,
    ),
    "polar_explorer": Milestone(
        msg("Polar Explorer"),
        msg("Own at least 3 tiles in the two bottom rows."),
        _tiles_in_rows(POLAR_EXPLORER_ROWS),
        POLAR_EXPLORER_TILES,
    ),
    "energizer": Milestone(
        msg("Energizer"),
        msg("Have an energy production of at least 6."),
        lambda st, seat: st.players[seat].prod[ENERGY],
        ENERGIZER_PRODUCTION,
    ),
    "rim_settler": Milestone(
        msg("Rim Settler"),
        msg("Have at least 3 Jovian tags in play."),
        _tags("jovian", purpose="milestone"),
        RIM_SETTLER_TAGS,
    ),
    # --- Vastitas Borealis (§9.4) ---
    "agronomist": Milestone(
        msg("Agronomist"),
        msg("Have at least 4 plant tags in play."),
        _tags("plant", purpose="milestone"),
        AGRONOMIST_TAGS,
    ),
    "engineer": Milestone(
        msg("Engineer"),
        msg("Have an energy and heat production of at least 10 together."),
        lambda st, seat: st.players[seat].prod[ENERGY] + st.players[seat].prod[HEAT],
        ENGINEER_PRODUCTION,
    ),
    "spacefarer": Milestone(
        msg("Spacefarer"),
        msg("Have at least 4 space tags in play."),
        _tags("space", purpose="milestone"),
        SPACEFARER_TAGS,
    ),
    "geologist": Milestone(
        msg("Geologist"),
        msg("Own at least 3 tiles on or next to volcanic areas."),
        _geologist,
        GEOLOGIST_TILES,
    ),
    "farmer": Milestone(
        msg("Farmer"),
        msg("Have at least 5 animal and microbe resources on your cards."),
        _farmer,
        FARMER_RESOURCES,
    ),
}

AWARDS: dict[str, Award] = {
    "landlord": Award(
        msg("Landlord"),
        msg("Most tiles owned."),
        lambda st, seat: own_tiles(st, seat),
    ),
    "banker": Award(
        msg("Banker"),
        msg("Highest M€ production."),
        lambda st, seat: st.players[seat].prod[MC],
    ),
    "scientist": Award(
        msg("Scientist"), msg("Most science tags in play."), _tags("science", purpose="award")
    ),
    "thermalist": Award(
        msg("Thermalist"),
        msg("Most heat resources."),
        lambda st, seat: st.players[seat].stock[HEAT],
    ),
    "miner": Award(
        msg("Miner"),
        msg("Most steel and titanium resources."),
        lambda st, seat: st.players[seat].stock[STEEL] + st.players[seat].stock[TITANIUM],
    ),
    # --- Elysium (§9.2) ---
    "celebrity": Award(
        msg("Celebrity"),
        msg("Most green and blue cards in play that cost at least 20 M€."),
        _celebrity,
    ),
    "industrialist": Award(
        msg("Industrialist"),
        msg("Most steel and energy resources."),
        lambda st, seat: st.players[seat].stock[STEEL] + st.players[seat].stock[ENERGY],
    ),
    "desert_settler": Award(
        msg("Desert Settler"),
        msg("Most tiles south of the equator (the four bottom rows)."),
        _tiles_in_rows(DESERT_SETTLER_ROWS),
    ),
    "estate_dealer": Award(
        msg("Estate Dealer"),
        msg("Most tiles adjacent to ocean tiles."),
        lambda st, seat: _tiles_by_ocean(st, seat, adjacent=True),
    ),
    "benefactor": Award(
        msg("Benefactor"),
        msg("Highest terraform rating."),
        lambda st, seat: st.players[seat].tr,
    ),
    # --- Hellas (§9.3) ---
    "cultivator": Award(
        msg("Cultivator"),
        msg("Most greenery tiles."),
        lambda st, seat: own_tiles(st, seat, "greenery"),
    ),
    "magnate": Award(
        msg("Magnate"),
        msg("Most automated (green) cards in play."),
        lambda st, seat: len(_projects(st, seat, ("automated",))),
    ),
    "space_baron": Award(
        msg("Space Baron"), msg("Most space tags in play."), _tags("space", purpose="award")
    ),
    "excentric": Award(
        msg("Excentric"),
        msg("Most resources on cards."),
        lambda st, seat: sum(st.players[seat].res.values()),
    ),
    "contractor": Award(
        msg("Contractor"), msg("Most building tags in play."), _tags("building", purpose="award")
    ),
    # --- Vastitas Borealis (§9.4) ---
    "traveller": Award(
        msg("Traveller"),
        msg("Most Jovian and Earth tags in play."),
        _tags("jovian", "earth", purpose="award"),
    ),
    "landscaper": Award(
        msg("Landscaper"),
        msg("Largest group of connected tiles."),
        _landscaper,
    ),
    "highlander": Award(
        msg("Highlander"),
        msg("Most tiles not adjacent to any ocean tile."),
        lambda st, seat: _tiles_by_ocean(st, seat, adjacent=False),
    ),
    "promoter": Award(
        msg("Promoter"),
        msg("Most events played."),
        lambda st, seat: len(st.players[seat].events),
    ),
    "blacksmith": Award(
        msg("Blacksmith"),
        msg("Highest steel and titanium production."),
        lambda st, seat: st.players[seat].prod[STEEL] + st.players[seat].prod[TITANIUM],
    ),
}
