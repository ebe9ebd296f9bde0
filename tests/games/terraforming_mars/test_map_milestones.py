"""Milestones and awards of Elysium, Hellas and Vastitas Borealis (rules §9.2–§9.4).

Each measure is checked on a hand-built state with an exact value; each milestone is also
checked through `milestone_block`, one short of its target and at its target. Row and
adjacency measures run on Tharsis (rows 1–9, volcanic r2c2 r3c1 r4c1 r5c1): they read the
map of the state, whatever it is.
"""

from __future__ import annotations

from typing import Any

from games.terraforming_mars import constants as C
from games.terraforming_mars.milestones import AWARDS, MILESTONES
from games.terraforming_mars.state import State
from games.terraforming_mars.turn import milestone_block
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    game,
    in_play,
    place_tiles,
    ready,
    set_prod,
    set_stock,
)

MAP_MILESTONES = {
    "generalist": C.GENERALIST_PRODUCTIONS,
    "specialist": C.SPECIALIST_PRODUCTION,
    "ecologist": C.ECOLOGIST_TAGS,
    "tycoon": C.TYCOON_CARDS,
    "legend": C.LEGEND_EVENTS,
    "diversifier": C.DIVERSIFIER_TAGS,
    "tactician": C.TACTICIAN_CARDS,
    "polar_explorer": C.POLAR_EXPLORER_TILES,
    "energizer": C.ENERGIZER_PRODUCTION,
    "rim_settler": C.RIM_SETTLER_TAGS,
    "agronomist": C.AGRONOMIST_TAGS,
    "engineer": C.ENGINEER_PRODUCTION,
    "spacefarer": C.SPACEFARER_TAGS,
    "geologist": C.GEOLOGIST_TILES,
    "farmer": C.FARMER_RESOURCES,
}
MAP_AWARDS = (
    "celebrity",
    "industrialist",
    "desert_settler",
    "estate_dealer",
    "benefactor",
    "cultivator",
    "magnate",
    "space_baron",
    "excentric",
    "contractor",
    "traveller",
    "landscaper",
    "highlander",
    "promoter",
    "blacksmith",
)


def _start(corp: str = "", **options: Any) -> State:
    """A writable 2-player state; seat 0 has 8 M€ (a claim's cost) and `corp`."""
    return game(2, corps=(corp, ""), mc=C.MILESTONE_COST, options=options)


def _more(st: State) -> State:
    """A writable copy of a frozen state, to add one more thing to it."""
    return st.clone()


def _measure(st: State, key: str, seat: int = 0) -> int:
    return MILESTONES[key].measure(st, seat)


def _value(st: State, key: str, seat: int = 0) -> int:
    return AWARDS[key].measure(st, seat)


def _short(key: str, have: int) -> str:
    return f"You have {have} of {MILESTONES[key].target}."


# --- the lists ---------------------------------------------------------------------------------


def test_the_three_maps_add_15_milestones_with_their_targets_and_15_awards() -> None:
    """Every key the map modules list exists, with a name, a text and the §9 target."""
    assert {key: MILESTONES[key].target for key in MAP_MILESTONES} == MAP_MILESTONES
    assert MAP_MILESTONES == {
        "generalist": 6,
        "specialist": 10,
        "ecologist": 4,
        "tycoon": 15,
        "legend": 5,
        "diversifier": 8,
        "tactician": 5,
        "polar_explorer": 3,
        "energizer": 6,
        "rim_settler": 3,
        "agronomist": 4,
        "engineer": 10,
        "spacefarer": 4,
        "geologist": 3,
        "farmer": 5,
    }
    assert len(MILESTONES) == 20 and len(AWARDS) == 20
    assert set(AWARDS) >= set(MAP_AWARDS)
    for entry in [MILESTONES[k] for k in MAP_MILESTONES] + [AWARDS[k] for k in MAP_AWARDS]:
        assert entry.name and entry.text.endswith(".")


def test_measures_only_read_the_state() -> None:
    """Measuring every new entry for every seat changes nothing and returns ints."""
    st = _start("R17")
    in_play(st, 0, "054", res=2)
    in_play(st, 0, "048", "009")
    place_tiles(st, {"r1c1": ("greenery", 0), "r1c2": ("ocean", -1), "r9c1": ("city", 1)})
    st = ready(st)
    before = ENGINE.dump(st)
    for seat in range(2):
        for key in MAP_MILESTONES:
            assert type(_measure(st, key, seat)) is int
        for key in MAP_AWARDS:
            assert type(_value(st, key, seat)) is int
    assert ENGINE.dump(st) == before


# --- Elysium milestones (§9.2) -----------------------------------------------------------------


def test_generalist_with_corporate_era_needs_every_production_at_1() -> None:
    """Corporate Era: productions start at 0, so each of the six must be at least 1."""
    st = _start()
    set_prod(st, 0, mc=3, steel=1, titanium=1, plants=2, energy=1, heat=0)
    st = ready(st)
    assert st.settings.corporate_era
    assert _measure(st, "generalist") == 5
    assert milestone_block(st, 0, "generalist") == _short("generalist", 5)
    st = _more(st)
    set_prod(st, 0, heat=1)
    st = ready(st)
    assert _measure(st, "generalist") == 6
    assert milestone_block(st, 0, "generalist") is None


def test_generalist_in_the_standard_game_needs_every_production_at_2() -> None:
    """Without Corporate Era productions start at 1: a raise means at least 2 each."""
    st = _start(corporate_era=False)
    set_prod(st, 0, mc=1, steel=1, titanium=1, plants=1, energy=1, heat=1)
    st = ready(st)
    assert not st.settings.corporate_era
    assert _measure(st, "generalist") == 0
    st = _more(st)
    set_prod(st, 0, mc=-2, steel=2, titanium=2, plants=5, energy=2, heat=2)
    st = ready(st)
    assert _measure(st, "generalist") == 5
    assert milestone_block(st, 0, "generalist") == _short("generalist", 5)
    st = _more(st)
    set_prod(st, 0, mc=2)
    st = ready(st)
    assert _measure(st, "generalist") == 6
    assert milestone_block(st, 0, "generalist") is None


def test_specialist_takes_the_highest_single_production() -> None:
    """Specialist: 10 production of one resource; productions are not added up."""
    st = _start()
    set_prod(st, 0, mc=9, steel=8, heat=9, energy=7)
    st = ready(st)
    assert _measure(st, "specialist") == 9
    assert milestone_block(st, 0, "specialist") == _short("specialist", 9)
    st = _more(st)
    set_prod(st, 0, heat=10)
    st = ready(st)
    assert _measure(st, "specialist") == 10
    assert milestone_block(st, 0, "specialist") is None


def test_ecologist_counts_plant_microbe_and_animal_tags_in_play() -> None:
    """EcoLine's plant tag counts; an event's microbe tag (Virus) does not."""
    st = _start("R17")
    in_play(st, 0, "048", "130", "050", "056")  # plant, microbe, microbe event, building
    st = ready(st)
    assert _measure(st, "ecologist") == 3
    assert milestone_block(st, 0, "ecologist") == _short("ecologist", 3)
    st = _more(st)
    in_play(st, 0, "054")  # Small Animals: animal
    st = ready(st)
    assert _measure(st, "ecologist") == 4
    assert milestone_block(st, 0, "ecologist") is None


TYCOON_CARDS = (
    "003", "006", "007", "014", "015", "022", "041", "043", "056", "064",
    "065", "067", "068", "071",
)  # fmt: skip


def test_tycoon_counts_green_and_blue_cards_not_events_or_the_corporation() -> None:
    """14 green/blue cards, 2 events and a corporation are 14; one more card makes 15."""
    st = _start("R08")
    in_play(st, 0, *TYCOON_CARDS, "009", "062")
    st = ready(st)
    assert _measure(st, "tycoon") == 14
    assert milestone_block(st, 0, "tycoon") == _short("tycoon", 14)
    st = _more(st)
    in_play(st, 0, "073")
    st = ready(st)
    assert _measure(st, "tycoon") == 15
    assert milestone_block(st, 0, "tycoon") is None


def test_legend_counts_events_played_only() -> None:
    """Four events and two green cards are 4; a fifth event reaches Legend."""
    st = _start()
    in_play(st, 0, "009", "010", "062", "063", "056", "003")
    st = ready(st)
    assert _measure(st, "legend") == 4
    assert milestone_block(st, 0, "legend") == _short("legend", 4)
    st = _more(st)
    in_play(st, 0, "111")
    st = ready(st)
    assert _measure(st, "legend") == 5
    assert milestone_block(st, 0, "legend") is None


# --- Elysium awards (§9.2) ---------------------------------------------------------------------


def test_celebrity_counts_green_and_blue_cards_printed_at_20_or_more() -> None:
    """Cost 27, 20 (exactly), 23 count; cost 13 and a 21 M€ event (Comet) do not."""
    st = _start()
    in_play(st, 0, "013", "081", "070", "098", "010")
    in_play(st, 1, "040")
    st = ready(st)
    assert _value(st, "celebrity") == 3
    assert _value(st, "celebrity", 1) == 1


def test_industrialist_adds_steel_and_energy_in_stock() -> None:
    """Steel 3 + energy 4; titanium and production do not count."""
    st = _start()
    set_stock(st, 0, steel=3, energy=4, titanium=5)
    set_prod(st, 0, steel=2, energy=2)
    st = ready(st)
    assert _value(st, "industrialist") == 7


def test_desert_settler_counts_own_tiles_in_rows_6_to_9() -> None:
    """Row 5 and off-map cities do not count; oceans and other seats' tiles neither."""
    st = _start()
    place_tiles(
        st,
        {
            "r5c9": ("city", 0),
            "r6c1": ("greenery", 0),
            "r7c2": ("special", 0),
            "r9c1": ("city", 0),
            "r8c2": ("greenery", 1),
            "r6c6": ("ocean", -1),
            "ganymede_colony": ("city", 0),
        },
    )
    st = ready(st)
    assert _value(st, "desert_settler") == 3
    assert _value(st, "desert_settler", 1) == 1


# Oceans r5c4 r5c5 r1c2; seat 0: r4c4 and r6c4 (each next to two oceans), r1c1 (next to
# r1c2), r3c3 and r9c1 (next to none), and the off-map Ganymede Colony.
SHORE = {
    "r5c4": ("ocean", -1),
    "r5c5": ("ocean", -1),
    "r1c2": ("ocean", -1),
    "r4c4": ("city", 0),
    "r6c4": ("greenery", 0),
    "r1c1": ("special", 0),
    "r3c3": ("greenery", 0),
    "r9c1": ("city", 0),
    "ganymede_colony": ("city", 0),
    "r4c5": ("greenery", 1),
}


def test_estate_dealer_counts_own_tiles_next_to_at_least_one_ocean() -> None:
    """A tile next to two oceans counts once; off-map cities are next to nothing."""
    st = _start()
    place_tiles(st, SHORE)
    st = ready(st)
    assert _value(st, "estate_dealer") == 3
    assert _value(st, "estate_dealer", 1) == 1


def test_benefactor_is_the_terraform_rating() -> None:
    st = _start()
    st.pw(0).tr = 27
    st = ready(st)
    assert _value(st, "benefactor") == 27
    assert _value(st, "benefactor", 1) == st.players[1].tr


# --- Hellas milestones (§9.3) ------------------------------------------------------------------


def test_diversifier_counts_kinds_of_tags_in_play() -> None:
    """Thorgate's power tag counts, Research's two science tags are one kind, events none."""
    st = _start("R13")
    # building, science+space, science x2, earth, plant, microbe; event: earth+space
    in_play(st, 0, "056", "084", "090", "068", "048", "042", "019")
    st = ready(st)
    assert _measure(st, "diversifier") == 7
    assert milestone_block(st, 0, "diversifier") == _short("diversifier", 7)
    st = _more(st)
    in_play(st, 0, "054")  # animal
    st = ready(st)
    assert _measure(st, "diversifier") == 8
    assert milestone_block(st, 0, "diversifier") is None


def test_tactician_counts_green_and_blue_cards_with_a_requirement() -> None:
    """Four cards with requirements count; cards without one and an event with one don't."""
    st = _start()
    in_play(st, 0, "004", "042", "087", "088", "048", "056", "181")
    st = ready(st)
    assert _measure(st, "tactician") == 4
    assert milestone_block(st, 0, "tactician") == _short("tactician", 4)
    st = _more(st)
    in_play(st, 0, "122")  # Moss: oceans >= 3
    st = ready(st)
    assert _measure(st, "tactician") == 5
    assert milestone_block(st, 0, "tactician") is None


def test_polar_explorer_counts_own_tiles_in_rows_8_and_9() -> None:
    """Row 7, oceans, another seat's tile and an off-map city do not count."""
    st = _start()
    place_tiles(
        st,
        {
            "r8c1": ("greenery", 0),
            "r9c2": ("city", 0),
            "r7c1": ("greenery", 0),
            "r9c5": ("ocean", -1),
            "r8c3": ("city", 1),
            "phobos_space_haven": ("city", 0),
        },
    )
    st = ready(st)
    assert _measure(st, "polar_explorer") == 2
    assert milestone_block(st, 0, "polar_explorer") == _short("polar_explorer", 2)
    st = _more(st)
    place_tiles(st, {"r9c3": ("special", 0)})
    st = ready(st)
    assert _measure(st, "polar_explorer") == 3
    assert milestone_block(st, 0, "polar_explorer") is None


def test_energizer_needs_6_energy_production() -> None:
    st = _start()
    set_prod(st, 0, energy=5, heat=4)
    set_stock(st, 0, energy=9)
    st = ready(st)
    assert _measure(st, "energizer") == 5
    assert milestone_block(st, 0, "energizer") == _short("energizer", 5)
    st = _more(st)
    set_prod(st, 0, energy=6)
    st = ready(st)
    assert _measure(st, "energizer") == 6
    assert milestone_block(st, 0, "energizer") is None


def test_rim_settler_counts_jovian_tags_with_the_corporation() -> None:
    """Saturn Systems' Jovian tag and Miranda Resort make 2; Vesta Shipyard the third."""
    st = _start("R03")
    in_play(st, 0, "051", "084")
    st = ready(st)
    assert _measure(st, "rim_settler") == 2
    assert milestone_block(st, 0, "rim_settler") == _short("rim_settler", 2)
    st = _more(st)
    in_play(st, 0, "057")
    st = ready(st)
    assert _measure(st, "rim_settler") == 3
    assert milestone_block(st, 0, "rim_settler") is None


# --- Hellas awards (§9.3) ----------------------------------------------------------------------


def test_cultivator_counts_own_greenery_tiles() -> None:
    st = _start()
    place_tiles(
        st,
        {
            "r1c1": ("greenery", 0),
            "r9c1": ("greenery", 0),
            "r3c3": ("city", 0),
            "r6c1": ("greenery", 1),
        },
    )
    st = ready(st)
    assert _value(st, "cultivator") == 2
    assert _value(st, "cultivator", 1) == 1


def test_magnate_counts_automated_cards_in_play() -> None:
    """Two green cards count; a blue card, an event and the corporation do not."""
    st = _start("R08")
    in_play(st, 0, "056", "003", "007", "062")
    st = ready(st)
    assert _value(st, "magnate") == 2


def test_space_baron_counts_space_tags_in_play() -> None:
    """PhoboLog, Trans-Neptune Probe, Space Elevator: 3; the Asteroid event does not count."""
    st = _start("R09")
    in_play(st, 0, "084", "013", "009")
    st = ready(st)
    assert _value(st, "space_baron") == 3


def test_excentric_adds_every_resource_on_cards() -> None:
    """Animals, microbes, science and fighters all count; another seat's do not."""
    st = _start()
    in_play(st, 0, "054", res=2)
    in_play(st, 0, "049", res=3)
    in_play(st, 0, "005", res=1)
    in_play(st, 0, "028", res=4)
    in_play(st, 1, "052", res=6)
    st = ready(st)
    assert _value(st, "excentric") == 10
    assert _value(st, "excentric", 1) == 6


def test_contractor_counts_building_tags_in_play() -> None:
    """Mining Guild's two building tags, Mine and Space Elevator: 4."""
    st = _start("R24")
    in_play(st, 0, "056", "013", "084")
    st = ready(st)
    assert _value(st, "contractor") == 4


# --- Vastitas Borealis milestones (§9.4) -------------------------------------------------------


def test_agronomist_needs_4_plant_tags() -> None:
    """EcoLine, Adapted Lichen and Grass make 3; Heather the fourth."""
    st = _start("R17")
    in_play(st, 0, "048", "087", "130")
    st = ready(st)
    assert _measure(st, "agronomist") == 3
    assert milestone_block(st, 0, "agronomist") == _short("agronomist", 3)
    st = _more(st)
    in_play(st, 0, "088")
    st = ready(st)
    assert _measure(st, "agronomist") == 4
    assert milestone_block(st, 0, "agronomist") is None


def test_engineer_adds_energy_and_heat_production() -> None:
    """Energy 4 + heat 5 is 9 (stock and other productions do not count); heat 6 makes 10."""
    st = _start()
    set_prod(st, 0, energy=4, heat=5, mc=8)
    set_stock(st, 0, heat=20)
    st = ready(st)
    assert _measure(st, "engineer") == 9
    assert milestone_block(st, 0, "engineer") == _short("engineer", 9)
    st = _more(st)
    set_prod(st, 0, heat=6)
    st = ready(st)
    assert _measure(st, "engineer") == 10
    assert milestone_block(st, 0, "engineer") is None


def test_spacefarer_needs_4_space_tags_in_play() -> None:
    """PhoboLog, two space cards and a space event (not counted): 3; Toll Station: 4."""
    st = _start("R09")
    in_play(st, 0, "084", "051", "009")
    st = ready(st)
    assert _measure(st, "spacefarer") == 3
    assert milestone_block(st, 0, "spacefarer") == _short("spacefarer", 3)
    st = _more(st)
    in_play(st, 0, "099")
    st = ready(st)
    assert _measure(st, "spacefarer") == 4
    assert milestone_block(st, 0, "spacefarer") is None


def test_geologist_counts_own_tiles_on_or_next_to_volcanic_spaces() -> None:
    """r2c2 is volcanic, r1c1 touches it; r9c1, an off-map city and seat 1's r3c2 don't count."""
    st = _start()
    place_tiles(
        st,
        {
            "r2c2": ("city", 0),
            "r1c1": ("greenery", 0),
            "r9c1": ("greenery", 0),
            "ganymede_colony": ("city", 0),
            "r3c2": ("greenery", 1),
        },
    )
    st = ready(st)
    assert _measure(st, "geologist") == 2
    assert milestone_block(st, 0, "geologist") == _short("geologist", 2)
    st = _more(st)
    place_tiles(st, {"r6c1": ("greenery", 0)})  # next to Arsia Mons (r5c1)
    st = ready(st)
    assert _measure(st, "geologist") == 3
    assert milestone_block(st, 0, "geologist") is None


def test_farmer_counts_animals_and_microbes_on_own_cards() -> None:
    """2 animals + 2 microbes = 4 (science, fighters, seat 1's animals left out); then 5."""
    st = _start()
    in_play(st, 0, "054", res=2)
    in_play(st, 0, "049", res=2)
    in_play(st, 0, "005", res=3)
    in_play(st, 0, "028", res=1)
    in_play(st, 1, "052", res=4)
    st = ready(st)
    assert _measure(st, "farmer") == 4
    assert milestone_block(st, 0, "farmer") == _short("farmer", 4)
    st = _more(st)
    in_play(st, 0, "033", res=1)  # Regolith Eaters: a microbe
    st = ready(st)
    assert _measure(st, "farmer") == 5
    assert milestone_block(st, 0, "farmer") is None


def test_the_milestone_still_costs_8_mc() -> None:
    """At its target, a new milestone is blocked by the claim cost alone."""
    st = _start()
    set_prod(st, 0, energy=6)
    set_stock(st, 0, mc=7)
    st = ready(st)
    assert milestone_block(st, 0, "energizer") == f"Costs {C.MILESTONE_COST} M€."


# --- Vastitas Borealis awards (§9.4) -----------------------------------------------------------


def test_traveller_adds_jovian_and_earth_tags_in_play() -> None:
    """Saturn Systems, Miranda Resort, Sponsors, Lunar Beam: 4; an Earth event does not count."""
    st = _start("R03")
    in_play(st, 0, "051", "068", "030", "019")
    st = ready(st)
    assert _value(st, "traveller") == 4


def test_landscaper_is_the_largest_group_of_connected_own_tiles() -> None:
    """Groups of 3, 3 and 1 give 3; a tile joining two of them makes one group of 5."""
    st = _start()
    place_tiles(
        st,
        {
            "r1c1": ("greenery", 0),
            "r2c1": ("greenery", 0),
            "r2c2": ("city", 0),
            "r8c2": ("greenery", 0),
            "r9c1": ("city", 0),
            "r9c2": ("greenery", 0),
            "r7c4": ("special", 0),
            "r7c3": ("city", 1),  # seat 1's tile does not connect r7c4
            "ganymede_colony": ("city", 0),
            "phobos_space_haven": ("city", 0),
        },
    )
    st = ready(st)
    assert _value(st, "landscaper") == 3
    assert _value(st, "landscaper", 1) == 1
    st = _more(st)
    place_tiles(st, {"r8c3": ("greenery", 0)})  # touches r8c2 and r7c4
    st = ready(st)
    assert _value(st, "landscaper") == 5


def test_landscaper_is_0_without_tiles_on_mars() -> None:
    st = _start()
    place_tiles(st, {"ganymede_colony": ("city", 0), "r1c2": ("ocean", -1)})
    st = ready(st)
    assert _value(st, "landscaper") == 0


def test_highlander_counts_own_tiles_on_mars_not_next_to_an_ocean() -> None:
    """Of SHORE, r3c3 and r9c1 are dry; the off-map city is not on Mars."""
    st = _start()
    place_tiles(st, SHORE)
    st = ready(st)
    assert _value(st, "highlander") == 2
    assert _value(st, "highlander", 1) == 0


def test_promoter_counts_events_played() -> None:
    st = _start()
    in_play(st, 0, "009", "062", "111", "056")
    st = ready(st)
    assert _value(st, "promoter") == 3


def test_blacksmith_adds_steel_and_titanium_production() -> None:
    st = _start()
    set_prod(st, 0, steel=2, titanium=3, energy=5)
    set_stock(st, 0, steel=7)
    st = ready(st)
    assert _value(st, "blacksmith") == 5
