"""Project cards 001–050: each card's effect (cards.csv), one test per card."""

from __future__ import annotations

from games.terraforming_mars.payment import card_cost
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import card_vp
from tests.games.terraforming_mars.cardkit import play_card, position, run, use
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    place_tiles,
    ready,
    set_prod,
    set_stock,
    space,
)

TARGET_1 = {"type": "target", "player": 1}


def test_001_colonizer_training_camp_is_worth_2_vp() -> None:
    p = run("001")
    assert card("001") in p.after.players[0].played
    assert card_vp(p.after, 0, card("001")) == 2


def test_001_needs_oxygen_5_or_less() -> None:
    st = position("001")
    st.oxygen = 6
    assert "oxygen 5" in play_block(ready(st), 0, card("001"))


def test_002_asteroid_mining_consortium_moves_titanium_production() -> None:
    p = run("002", TARGET_1)
    assert p.prod("titanium") == 1 and p.prod("titanium", 1) == -1


def test_003_deep_well_heating() -> None:
    p = run("003")
    assert p.prod("energy") == 1 and p.tr() == 1 and p.after.temperature == -28


def test_004_cloud_seeding() -> None:
    p = run("004", TARGET_1)
    assert p.prod("mc") == -1 and p.prod("plants") == 2 and p.prod("heat", 1) == -1


def _search_for_life(top: str) -> tuple:
    st = game(2)
    in_play(st, 0, "005")
    set_stock(st, 0, mc=1)
    st.deck = tuple(c for c in st.deck if c != card(top)) + (card(top),)
    return use(st, "005")


def test_005_search_for_life_finds_a_microbe() -> None:
    p = _search_for_life("049")  # Tardigrades carries a microbe tag
    assert p.res("005") == 1 and p.stock("mc") == -1
    assert card("049") in p.after.discard and card("049") in p.after.revealed
    assert card_vp(p.after, 0, card("005")) == 3


def test_005_search_for_life_without_microbe_adds_nothing() -> None:
    p = _search_for_life("003")
    assert p.res("005") == 0 and card_vp(p.after, 0, card("005")) == 0


def test_006_inventors_guild_buys_or_discards_the_top_card() -> None:
    st = game(2)
    in_play(st, 0, "006")
    set_stock(st, 0, mc=5)
    st.deck = tuple(c for c in st.deck if c != card("003")) + (card("003"),)
    p = use(st, "006", {"type": "choose", "option": "buy"})
    assert p.after.players[0].hand == (card("003"),) and p.stock("mc") == -3
    p = use(st, "006", {"type": "choose", "option": "discard"})
    assert p.after.players[0].hand == () and card("003") in p.after.discard


def test_007_martian_rails_pays_per_city_on_mars() -> None:
    st = game(2)
    in_play(st, 0, "007")
    set_stock(st, 0, energy=1)
    place_tiles(st, {"r1c1": ("city", 0), "r9c1": ("city", 1)})
    st.board_w()["phobos_space_haven"] = ("city", 1, "")
    p = use(st, "007")
    assert p.stock("mc") == 2 and p.stock("energy") == -1


def test_008_capital_places_the_capital_and_scores_adjacent_oceans() -> None:
    st = position("008")
    set_prod(st, 0, energy=2)
    # The requirement's oceans lie on r1c2, r1c4, r1c5 and r2c6: r2c5 touches three.
    p = play_card(st, "008", space("r2c5"))
    assert p.prod("energy") == -2 and p.prod("mc") == 5
    assert p.after.board["r2c5"] == ("city", 0, "capital")
    assert card_vp(p.after, 0, card("008")) == 3
    assert p.stock("mc") == 6


def test_009_asteroid() -> None:
    p = run("009", TARGET_1, {"type": "amount", "amount": 3})
    assert p.after.temperature == -28 and p.tr() == 1
    assert p.stock("titanium") == 2 and p.stock("plants", 1) == -3


def test_010_comet() -> None:
    p = run("010", space("r1c2"), TARGET_1, {"type": "amount", "amount": 2})
    assert p.after.temperature == -28 and p.after.oceans == 1 and p.tr() == 2
    assert p.stock("plants", 1) == -2


def test_011_big_asteroid() -> None:
    p = run("011", {"type": "skip"})
    assert p.after.temperature == -26 and p.stock("titanium") == 4 and p.tr() == 2
    assert p.stock("plants", 1) == 0


def test_012_water_import_from_europa_pays_12_with_titanium_help() -> None:
    st = game(2)
    in_play(st, 0, "012")
    set_stock(st, 0, mc=3, titanium=3)
    p = use(st, "012", space("r1c2"))
    assert p.stock("titanium") == -3 and p.stock("mc") == -3
    assert p.after.oceans == 1 and p.tr() == 1
    assert card_vp(p.after, 0, card("012")) == 1


def test_013_space_elevator() -> None:
    p = run("013")
    assert p.prod("titanium") == 1
    st = game(2)
    in_play(st, 0, "013")
    set_stock(st, 0, steel=1)
    p = use(st, "013")
    assert p.stock("steel") == -1 and p.stock("mc") == 5


def test_014_development_center_draws_for_energy() -> None:
    st = game(2)
    in_play(st, 0, "014")
    set_stock(st, 0, energy=1)
    p = use(st, "014")
    assert len(p.after.players[0].hand) == 1 and p.stock("energy") == -1


def test_015_equatorial_magnetizer() -> None:
    st = game(2)
    in_play(st, 0, "015")
    set_prod(st, 0, energy=1)
    p = use(st, "015")
    assert p.prod("energy") == -1 and p.tr() == 1


def test_015_equatorial_magnetizer_needs_energy_production() -> None:
    st = game(2)
    in_play(st, 0, "015")
    assert {"type": "use", "card": card("015")} not in ENGINE.legal_actions(ready(st), 0)


def test_016_domed_crater() -> None:
    p = run("016", space("r3c3"))
    assert p.prod("energy") == -1 and p.prod("mc") == 3 and p.stock("plants") == 3
    assert p.tiles == [("city", 0, "")]


def test_017_noctis_city_goes_on_its_space_next_to_a_city() -> None:
    st = position("017")
    place_tiles(st, {"r4c2": ("city", 1)})
    p = play_card(st, "017")
    assert p.after.board["r5c3"] == ("city", 0, "")
    assert p.prod("mc") == 3 and p.prod("energy") == -1
    assert p.stock("plants") == 2  # the space's two plant icons


def test_018_methane_from_titan() -> None:
    p = run("018")
    assert p.prod("heat") == 2 and p.prod("plants") == 2
    assert card_vp(p.after, 0, card("018")) == 2


def test_019_imported_hydrogen_plants() -> None:
    p = run("019", space("r1c5"), {"type": "choose", "option": "plants"})
    assert p.after.oceans == 1 and p.tr() == 1 and p.stock("plants") == 3


def test_019_imported_hydrogen_microbes_on_another_card() -> None:
    st = position("019")
    in_play(st, 0, "049")  # Tardigrades collects microbes
    p = play_card(st, "019", space("r1c5"), {"type": "choose", "option": "microbes"})
    assert p.res("049") == 3


def test_019_imported_hydrogen_animals_are_lost_without_an_animal_card() -> None:
    p = run("019", space("r1c5"), {"type": "choose", "option": "animals"})
    assert p.stock("plants") == 0
    assert any(entry[2] == "lost_res" for entry in p.after.log)


def test_020_research_outpost_isolated_city_and_discount() -> None:
    st = position("020")
    place_tiles(st, {"r3c3": ("greenery", 1)})
    st = ready(st)
    st2 = act(st, 0, {"type": "play", "card": card("020")})
    spaces = [a["space"] for a in ENGINE.legal_actions(st2, 0)]
    assert "r3c4" not in spaces and "r2c3" not in spaces and "r1c3" in spaces
    p = play_card(st, "020", space("r1c3"))
    assert p.after.board["r1c3"] == ("city", 0, "")
    assert card_cost(p.after.players[0], card("003")) == 12


def test_021_phobos_space_haven_is_an_off_map_city() -> None:
    p = run("021")
    assert p.after.board["phobos_space_haven"] == ("city", 0, "")
    assert p.prod("titanium") == 1 and card_vp(p.after, 0, card("021")) == 3
    assert p.after.cities() == 1 and p.after.cities(mars_only=True) == 0


def test_022_black_polar_dust() -> None:
    p = run("022", space("r1c5"))
    assert p.after.oceans == 1 and p.prod("mc") == -2 and p.prod("heat") == 3


def test_022_black_polar_dust_needs_mc_production_above_minus_4() -> None:
    st = position("022")
    set_prod(st, 0, mc=-4)
    assert "M€ production is too low" in play_block(ready(st), 0, card("022"))


def test_023_arctic_algae_gains_plants_on_every_ocean() -> None:
    p = run("023")
    assert p.stock("plants") == 1
    st = p.after
    st = act(st, 0, {"type": "end_turn"})
    st2 = st.clone()
    set_stock(st2, 1, mc=18)
    st2 = ready(st2)
    st3 = act(st2, 1, {"type": "project", "project": "aquifer"}, space("r1c5"))
    assert st3.players[0].stock[3] - st2.players[0].stock[3] == 2


def test_024_predators_take_an_animal_from_any_card() -> None:
    st = game(2)
    st.oxygen = 11
    in_play(st, 0, "024")
    in_play(st, 1, "072", res=2)  # Birds with 2 animals
    p = use(st, "024")
    assert p.res("024") == 1 and p.res("072", 1) == 1
    assert card_vp(p.after, 0, card("024")) == 1


def test_024_predators_need_an_animal_somewhere() -> None:
    st = game(2)
    in_play(st, 0, "024")
    legal = ENGINE.legal_actions(ready(st), 0)
    assert {"type": "use", "card": card("024")} not in legal


def test_025_space_station_discounts_space_cards() -> None:
    st = game(2)
    in_play(st, 0, "025")
    ready(st)
    assert card_cost(st.players[0], card("009")) == 12
    assert card_cost(st.players[0], card("003")) == 13
    assert card_vp(st, 0, card("025")) == 1


def test_026_eos_chasma_national_park() -> None:
    st = position("026")
    in_play(st, 0, "052")  # Fish collects animals
    p = play_card(st, "026")
    assert p.res("052") == 1 and p.stock("plants") == 3 and p.prod("mc") == 2


def test_027_interstellar_colony_ship_needs_five_science_tags() -> None:
    p = run("027")
    assert card("027") in p.after.players[0].events
    assert card_vp(p.after, 0, card("027")) == 4
    st = game(2)
    set_stock(st, 0, mc=30)
    give(st, 0, "027")
    assert "science" in play_block(ready(st), 0, card("027"))


def test_028_security_fleet_turns_titanium_into_fighters() -> None:
    st = game(2)
    in_play(st, 0, "028")
    set_stock(st, 0, titanium=1)
    p = use(st, "028")
    assert p.res("028") == 1 and p.stock("titanium") == -1
    assert card_vp(p.after, 0, card("028")) == 1


def test_029_cupola_city() -> None:
    p = run("029", space("r3c3"))
    assert p.prod("energy") == -1 and p.prod("mc") == 3 and p.tiles == [("city", 0, "")]


def test_030_lunar_beam() -> None:
    p = run("030")
    assert (p.prod("mc"), p.prod("heat"), p.prod("energy")) == (-2, 2, 2)


def test_031_optimal_aerobraking_pays_for_space_events() -> None:
    st = position("009")
    in_play(st, 0, "031")
    p = play_card(st, "009", {"type": "skip"})
    assert p.stock("mc") == 3 and p.stock("heat") == 3


def test_031_optimal_aerobraking_ignores_other_cards() -> None:
    st = position("003")
    in_play(st, 0, "031")
    p = play_card(st, "003")
    assert p.stock("mc") == 0 and p.stock("heat") == 0


def test_032_underground_city() -> None:
    p = run("032", space("r3c3"))
    assert p.prod("energy") == -2 and p.prod("steel") == 2 and p.tiles == [("city", 0, "")]


def _microbe_card(number: str, option: str, resources: int) -> object:
    st = game(2)
    st.oxygen = 4
    in_play(st, 0, number, res=resources)
    if resources < 2:  # only "add" is possible: no question asked
        return use(st, number)
    return use(st, number, {"type": "choose", "option": option})


def test_033_regolith_eaters() -> None:
    p = _microbe_card("033", "add", 2)
    assert p.res("033") == 3
    p = _microbe_card("033", "remove", 2)
    assert p.res("033") == 0 and p.after.oxygen == 5 and p.tr() == 1


def test_033_regolith_eaters_with_one_microbe_can_only_add() -> None:
    st = game(2)
    in_play(st, 0, "033", res=1)
    p = use(st, "033")
    assert p.res("033") == 2


def test_034_ghg_producing_bacteria() -> None:
    p = _microbe_card("034", "add", 0)
    assert p.res("034") == 1
    p = _microbe_card("034", "remove", 3)
    assert p.res("034") == 1 and p.after.temperature == -28


def test_035_ants_take_a_microbe_and_score_per_two() -> None:
    st = game(2)
    st.oxygen = 4
    in_play(st, 0, "035", res=3)
    in_play(st, 1, "049", res=1)
    p = use(st, "035")
    assert p.res("035") == 4 and p.res("049", 1) == 0
    assert card_vp(p.after, 0, card("035")) == 2


def test_036_release_of_inert_gases() -> None:
    assert run("036").tr() == 2


def test_037_nitrogen_rich_asteroid() -> None:
    p = run("037")
    assert p.tr() == 3 and p.after.temperature == -28 and p.prod("plants") == 1


def test_037_nitrogen_rich_asteroid_with_three_plant_tags() -> None:
    st = position("037")
    in_play(st, 0, "048", "088", "042")  # two plant tags and ArchaeBacteria (microbe)
    in_play(st, 0, "087")
    p = play_card(st, "037")
    assert p.prod("plants") == 4


def test_038_rover_construction_pays_for_any_city() -> None:
    st = game(2)
    in_play(st, 0, "038")
    set_stock(st, 1, mc=25)
    st = act(ready(st), 0, {"type": "pass"})
    before = st.players[0].stock[0]
    st = act(st, 1, {"type": "project", "project": "city"}, space("r3c3"))
    assert st.players[0].stock[0] - before == 2
    assert card_vp(st, 0, card("038")) == 1


def test_039_deimos_down() -> None:
    p = run("039", TARGET_1, {"type": "amount", "amount": 5})
    assert p.after.temperature == -24 and p.tr() == 3 and p.stock("steel") == 4
    assert p.stock("plants", 1) == -5 and p.prod("heat") == 1  # passed −24 °C


def test_040_asteroid_mining() -> None:
    p = run("040")
    assert p.prod("titanium") == 2 and card_vp(p.after, 0, card("040")) == 2


def test_041_food_factory() -> None:
    p = run("041")
    assert p.prod("plants") == -1 and p.prod("mc") == 4


def test_042_archaebacteria() -> None:
    assert run("042").prod("plants") == 1
    st = position("042")
    st.temperature = -16
    assert "temperature" in play_block(ready(st), 0, card("042"))


def test_043_carbonate_processing() -> None:
    p = run("043")
    assert p.prod("energy") == -1 and p.prod("heat") == 3


def test_044_natural_preserve_goes_next_to_no_tile() -> None:
    st = position("044")
    place_tiles(st, {"r3c3": ("city", 1)})
    st = ready(st)
    pending = act(st, 0, {"type": "play", "card": card("044")})
    spaces = [a["space"] for a in ENGINE.legal_actions(pending, 0)]
    assert "r3c4" not in spaces and "r1c3" in spaces
    p = play_card(st, "044", space("r1c3"))
    assert p.after.board["r1c3"] == ("special", 0, "natural_preserve")
    assert p.prod("mc") == 1 and card_vp(p.after, 0, card("044")) == 1


def test_045_nuclear_power() -> None:
    p = run("045")
    assert p.prod("mc") == -2 and p.prod("energy") == 3


def test_046_lightning_harvest() -> None:
    p = run("046")
    assert p.prod("energy") == 1 and p.prod("mc") == 1


def test_047_algae() -> None:
    p = run("047")
    assert p.prod("plants") == 2 and p.stock("plants") == 1


def test_048_adapted_lichen() -> None:
    assert run("048").prod("plants") == 1


def test_049_tardigrades_score_one_per_four() -> None:
    st = game(2)
    in_play(st, 0, "049", res=7)
    p = use(st, "049")
    assert p.res("049") == 8 and card_vp(p.after, 0, card("049")) == 2


def test_050_virus_removes_animals_from_a_card() -> None:
    st = position("050")
    in_play(st, 1, "072", res=3)
    p = play_card(
        st,
        "050",
        {"type": "choose", "option": "animals"},
        {"type": "card", "card": card("072")},
        {"type": "amount", "amount": 2},
    )
    assert p.res("072", 1) == 1


def test_050_virus_removes_plants_from_a_player() -> None:
    p = run(
        "050", {"type": "choose", "option": "plants"}, TARGET_1, {"type": "amount", "amount": 5}
    )
    assert p.stock("plants", 1) == -5
