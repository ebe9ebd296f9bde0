"""Project cards 051–100: each card's effect (cards.csv), one test per card."""

from __future__ import annotations

from games.terraforming_mars.board import legal_spaces
from games.terraforming_mars.payment import capacity, card_cost
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
    set_stock,
    space,
)

TARGET_1 = {"type": "target", "player": 1}


def test_051_miranda_resort_counts_earth_tags() -> None:
    st = position("051")
    in_play(st, 0, "068", "030")  # Sponsors and Lunar Beam: two Earth tags
    p = play_card(st, "051")
    assert p.prod("mc") == 2 and card_vp(p.after, 0, card("051")) == 1


def test_052_fish() -> None:
    p = run("052", TARGET_1)
    assert p.prod("plants", 1) == -1
    st = p.after.clone()
    st.pw(0).used = ()
    st.freeze()
    st = act(st, 0, {"type": "use", "card": card("052")})
    assert st.players[0].res[card("052")] == 1
    assert card_vp(st, 0, card("052")) == 1


def test_053_lake_marineris() -> None:
    p = run("053", space("r1c5"), space("r9c5"))
    assert p.after.oceans == 2 and p.tr() == 2 and p.stock("titanium") == 2
    assert card_vp(p.after, 0, card("053")) == 2


def test_054_small_animals_score_per_two() -> None:
    p = run("054", TARGET_1)
    assert p.prod("plants", 1) == -1
    st = game(2)
    in_play(st, 0, "054", res=3)
    p = use(st, "054")
    assert p.res("054") == 4 and card_vp(p.after, 0, card("054")) == 2


def test_055_kelp_farming() -> None:
    p = run("055")
    assert (p.prod("mc"), p.prod("plants"), p.stock("plants")) == (2, 3, 2)


def test_056_mine() -> None:
    assert run("056").prod("steel") == 1


def test_057_vesta_shipyard() -> None:
    p = run("057")
    assert p.prod("titanium") == 1 and card_vp(p.after, 0, card("057")) == 1


def test_058_beam_from_a_thorium_asteroid() -> None:
    p = run("058")
    assert p.prod("heat") == 3 and p.prod("energy") == 3


def test_058_needs_a_jovian_tag() -> None:
    st = game(2)
    set_stock(st, 0, mc=40)
    give(st, 0, "058")
    assert "jovian" in play_block(ready(st), 0, card("058"))


def test_059_mangrove_greenery_on_an_ocean_space() -> None:
    st = position("059")
    st = ready(st)
    pending = act(st, 0, {"type": "play", "card": card("059")})
    spaces = [a["space"] for a in ENGINE.legal_actions(pending, 0)]
    assert spaces and all(
        s
        in (
            "r1c2",
            "r1c4",
            "r1c5",
            "r2c6",
            "r4c8",
            "r5c4",
            "r5c5",
            "r5c6",
            "r6c6",
            "r6c7",
            "r6c8",
            "r9c5",
        )
        for s in spaces
    )
    p = play_card(st, "059", space("r1c5"))
    assert p.after.board["r1c5"] == ("greenery", 0, "")
    assert p.after.oxygen == 1 and p.tr() == 1 and p.after.oceans == 0


def test_060_trees() -> None:
    p = run("060")
    assert p.prod("plants") == 3 and p.stock("plants") == 1


def test_061_great_escarpment_consortium() -> None:
    p = run("061", TARGET_1)
    assert p.prod("steel") == 1 and p.prod("steel", 1) == -1


def test_062_mineral_deposit() -> None:
    assert run("062").stock("steel") == 5


def test_063_mining_expedition() -> None:
    p = run("063", TARGET_1, {"type": "amount", "amount": 2})
    assert p.after.oxygen == 1 and p.tr() == 1 and p.stock("steel") == 2
    assert p.stock("plants", 1) == -2


def test_064_mining_area_next_to_own_tile_on_a_metal_space() -> None:
    st = position("064")
    place_tiles(st, {"r2c1": ("greenery", 0)})
    st = ready(st)
    assert legal_spaces(st, 0, "mining_area") == ["r1c1", "r2c2"]
    p = play_card(st, "064", space("r1c1"))
    assert p.after.board["r1c1"] == ("special", 0, "mining_area")
    assert p.stock("steel") == 2 and p.prod("steel") == 1
    assert p.after.players[0].choices == {card("064"): "steel"}


def test_064_mining_area_needs_a_space() -> None:
    st = position("064")
    assert "no legal space" in play_block(ready(st), 0, card("064"))


def test_065_building_industries() -> None:
    p = run("065")
    assert p.prod("energy") == -1 and p.prod("steel") == 2


def test_066_land_claim_reserves_a_space() -> None:
    p = run("066", space("r1c1"))
    st = p.after
    assert st.claims == {"r1c1": 0}
    assert "r1c1" not in legal_spaces(st, 1, "city")
    assert "r1c1" in legal_spaces(st, 0, "city")
    assert "r1c1" not in legal_spaces(st, 1, "land")


def test_066_the_claimer_gets_the_bonus_and_the_marker_goes() -> None:
    p = run("066", space("r1c1"))
    st = p.after.clone()
    set_stock(st, 0, mc=25)
    st = ready(st)
    st = act(st, 0, {"type": "project", "project": "city"}, space("r1c1"))
    assert st.claims == {} and st.players[0].stock[1] == 2


def test_067_mining_rights_on_a_titanium_space() -> None:
    p = run("067", space("r8c6"))
    assert p.after.board["r8c6"] == ("special", 0, "mining_rights")
    assert p.stock("titanium") == 1 and p.prod("titanium") == 1


def test_068_sponsors() -> None:
    assert run("068").prod("mc") == 2


def test_069_electro_catapult() -> None:
    p = run("069")
    assert p.prod("energy") == -1
    st = game(2)
    in_play(st, 0, "069")
    set_stock(st, 0, plants=1, steel=1)
    p = use(st, "069", {"type": "choose", "option": "steel"})
    assert p.stock("steel") == -1 and p.stock("mc") == 7 and p.stock("plants") == 0


def test_070_earth_catapult() -> None:
    st = game(2)
    in_play(st, 0, "070")
    ready(st)
    assert card_cost(st.players[0], card("003")) == 11
    assert card_cost(st.players[0], card("050")) == 0
    assert card_vp(st, 0, card("070")) == 2


def test_071_advanced_alloys() -> None:
    st = game(2)
    in_play(st, 0, "071")
    set_stock(st, 0, steel=2, titanium=2)
    ready(st)
    assert capacity(st.players[0], True, True) == 2 * 3 + 2 * 4


def test_072_birds() -> None:
    p = run("072", TARGET_1)
    assert p.prod("plants", 1) == -2
    st = game(2)
    in_play(st, 0, "072", res=1)
    assert use(st, "072").res("072") == 2


def test_073_mars_university_swaps_a_card_after_a_science_tag() -> None:
    st = position("073")
    give(st, 0, "001")
    p = play_card(st, "073", {"type": "discard", "card": card("001")})
    hand = p.after.players[0].hand
    assert card("001") not in hand and len(hand) == 1
    assert card("001") in p.after.discard


def test_073_mars_university_may_be_declined() -> None:
    st = position("073")
    give(st, 0, "001")
    p = play_card(st, "073", {"type": "skip"})
    assert p.after.players[0].hand == (card("001"),)


def test_074_viral_enhancers_on_itself_gives_a_plant() -> None:
    p = run("074")
    assert p.stock("plants") == 1  # its microbe tag; it holds no resources


def test_074_viral_enhancers_resource_on_the_card_played() -> None:
    st = position("049")
    in_play(st, 0, "074")
    p = play_card(st, "049", {"type": "choose", "option": "resource"})
    assert p.res("049") == 1


def test_075_towing_a_comet() -> None:
    p = run("075", space("r1c5"))
    assert p.after.oxygen == 1 and p.after.oceans == 1 and p.tr() == 2
    assert p.stock("plants") == 2


def test_076_space_mirrors() -> None:
    st = game(2)
    in_play(st, 0, "076")
    set_stock(st, 0, mc=7)
    p = use(st, "076")
    assert p.prod("energy") == 1 and p.stock("mc") == -7


def test_077_solar_wind_power() -> None:
    p = run("077")
    assert p.prod("energy") == 1 and p.stock("titanium") == 2


def test_078_ice_asteroid() -> None:
    p = run("078", space("r1c5"), space("r1c4"))
    assert p.after.oceans == 2 and p.tr() == 2


def test_079_quantum_extractor() -> None:
    p = run("079")
    assert p.prod("energy") == 4
    assert card_cost(p.after.players[0], card("009")) == 12


def test_080_giant_ice_asteroid() -> None:
    p = run("080", space("r1c5"), space("r1c4"), TARGET_1, {"type": "amount", "amount": 5})
    assert p.after.temperature == -26 and p.after.oceans == 2 and p.tr() == 4
    assert p.stock("plants", 1) == -5


def test_081_ganymede_colony() -> None:
    p = run("081")
    assert p.after.board["ganymede_colony"] == ("city", 0, "")
    assert card_vp(p.after, 0, card("081")) == 1


def test_082_callisto_penal_mines() -> None:
    p = run("082")
    assert p.prod("mc") == 3 and card_vp(p.after, 0, card("082")) == 2


def test_083_giant_space_mirror() -> None:
    assert run("083").prod("energy") == 3


def test_084_trans_neptune_probe() -> None:
    assert card_vp(run("084").after, 0, card("084")) == 1


def test_085_commercial_district_scores_adjacent_cities() -> None:
    st = position("085")
    place_tiles(st, {"r3c3": ("city", 1), "r3c5": ("city", 0)})
    p = play_card(st, "085", space("r3c4"))
    assert p.after.board["r3c4"] == ("special", 0, "commercial_district")
    assert p.prod("energy") == -1 and p.prod("mc") == 4
    assert card_vp(p.after, 0, card("085")) == 2


def test_086_robotic_workforce_copies_a_production_box() -> None:
    st = position("086")
    in_play(st, 0, "056", "041")  # Mine (+1 steel), Food Factory (−1 plant, +4 M€)
    p = play_card(st, "086", {"type": "card", "card": card("041")})
    assert p.prod("plants") == -1 and p.prod("mc") == 4


def test_086_robotic_workforce_copies_mining_rights_metal() -> None:
    st = position("086")
    in_play(st, 0, "067")
    st.pw(0).choices[card("067")] = "titanium"
    p = play_card(st, "086")
    assert p.prod("titanium") == 1


def test_086_robotic_workforce_needs_a_box_to_copy() -> None:
    st = position("086")
    in_play(st, 0, "038")  # Rover Construction: building, no production box
    assert "production box" in play_block(ready(st), 0, card("086"))


def test_087_grass() -> None:
    p = run("087")
    assert p.prod("plants") == 1 and p.stock("plants") == 3


def test_088_heather() -> None:
    p = run("088")
    assert p.prod("plants") == 1 and p.stock("plants") == 1


def test_089_peroxide_power() -> None:
    p = run("089")
    assert p.prod("mc") == -1 and p.prod("energy") == 2


def test_090_research_draws_two() -> None:
    p = run("090")
    assert len(p.after.players[0].hand) == 2 and card_vp(p.after, 0, card("090")) == 1
    assert p.after.players[0].tags[3] == 2


def test_091_gene_repair() -> None:
    p = run("091")
    assert p.prod("mc") == 2 and card_vp(p.after, 0, card("091")) == 2


def test_092_io_mining_industries() -> None:
    p = run("092")
    assert p.prod("titanium") == 2 and p.prod("mc") == 2
    assert card_vp(p.after, 0, card("092")) == 1


def test_093_bushes() -> None:
    p = run("093")
    assert p.prod("plants") == 2 and p.stock("plants") == 2


def test_094_mass_converter() -> None:
    p = run("094")
    assert p.prod("energy") == 6
    assert card_cost(p.after.players[0], card("011")) == 25


def test_095_physics_complex() -> None:
    st = game(2)
    in_play(st, 0, "095", res=1)
    set_stock(st, 0, energy=6)
    p = use(st, "095")
    assert p.res("095") == 2 and p.stock("energy") == -6
    assert card_vp(p.after, 0, card("095")) == 4


def test_096_greenhouses_count_every_city() -> None:
    st = position("096")
    place_tiles(st, {"r3c3": ("city", 1), "r8c2": ("city", 0)})
    st.board_w()["phobos_space_haven"] = ("city", 1, "")
    p = play_card(st, "096")
    assert p.stock("plants") == 3


def test_097_nuclear_zone() -> None:
    p = run("097", space("r1c3"))
    assert p.after.board["r1c3"] == ("special", 0, "nuclear_zone")
    assert p.after.temperature == -26 and p.tr() == 2
    assert card_vp(p.after, 0, card("097")) == -2


def test_098_tropical_resort() -> None:
    p = run("098")
    assert p.prod("heat") == -2 and p.prod("mc") == 3


def test_099_toll_station_counts_opponents_space_tags() -> None:
    st = position("099", players=3)
    in_play(st, 1, "083", "077")  # two space tags
    in_play(st, 2, "084")  # one
    in_play(st, 0, "057")  # own: not counted
    p = play_card(st, "099")
    assert p.prod("mc") == 3


def test_100_fueled_generators() -> None:
    p = run("100")
    assert p.prod("mc") == -1 and p.prod("energy") == 1


def test_066_the_log_says_where_the_marker_went() -> None:
    from games.terraforming_mars.text import log_text
    from games.words import say

    entry = next(e for e in run("066", space("r1c1")).after.log if e[2] == "land_claim")
    assert say(log_text(entry)) == "put a Land Claim marker on row 1, space 1."
