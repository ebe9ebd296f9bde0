"""Project cards 155–208: each card's effect (cards.csv), one test per card at least."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.terraforming_mars.cards.c155_208 import OLYMPUS_DRAW
from games.terraforming_mars.payment import card_cost
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import card_vp
from games.terraforming_mars.state import State
from games.terraforming_mars.text import describe_action
from games.terraforming_mars.turn import use_block
from tests.games.kit import assert_no_leaks
from tests.games.terraforming_mars.cardkit import play_card, position, run, use
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    place_tiles,
    play,
    ready,
    resolve,
    set_prod,
    set_stock,
    space,
)

TARGET_1 = {"type": "target", "player": 1}


def choose(option: str) -> dict[str, Any]:
    return {"type": "choose", "option": option}


def vp(p: Any, number: str, seat: int = 0) -> int:
    return card_vp(p.after, seat, card(number))


def hand(st: State, seat: int = 0) -> tuple[str, ...]:
    return st.players[seat].hand


def active(number: str, res: int | None = None, **stock: int) -> State:
    """A writable game where seat 0 has `number` in play (with `res` on it) and `stock`."""
    st = game(2)
    in_play(st, 0, number, res=res)
    set_stock(st, 0, **stock)
    return st


# --- requirements: refused with a reason, accepted at the limit -------------------------------

REQUIREMENTS = [
    # card, setting that fails, setting at the limit, word of the reason
    ("155", {"temperature": -12}, {"temperature": -14}, "temperature"),
    ("159", {"temperature": -26}, {"temperature": -24}, "temperature"),
    ("160", {"power": 1}, {"power": 2}, "power"),
    ("166", {"oxygen": 4}, {"oxygen": 5}, "oxygen"),
    ("168", {"oxygen": 6}, {"oxygen": 7}, "oxygen"),
    ("169", {"temperature": -8}, {"temperature": -6}, "temperature"),
    ("176", {"temperature": -22}, {"temperature": -20}, "temperature"),
    ("177", {"oceans": 1}, {"oceans": 2}, "ocean"),
    ("181", {"temperature": 0}, {"temperature": 2}, "temperature"),
    ("183", {"oxygen": 5}, {"oxygen": 6}, "oxygen"),
    ("184", {"oxygen": 8}, {"oxygen": 9}, "oxygen"),
    ("186", {"cities": 1}, {"cities": 2}, "cities"),
    ("191", {"temperature": -10}, {"temperature": -8}, "temperature"),
    ("193", {"science": 1}, {"science": 2}, "science"),
    ("208", {"science": 2}, {"science": 3}, "science"),
]
FILLERS = {"power": ("083", "077", "045"), "science": ("084", "091", "044")}  # one tag each
CITIES = ("r3c3", "r8c2", "r1c1")


def _requirement_position(number: str, setting: dict[str, int]) -> State:
    st = game(2)
    set_stock(st, 0, mc=60)
    set_prod(st, 0, energy=2, plants=2)
    give(st, 0, number)
    for key, value in setting.items():
        if key in ("temperature", "oxygen"):
            setattr(st, key, value)
        elif key == "oceans":
            place_tiles(st, {s: ("ocean", -1) for s in ("r1c5", "r4c8", "r9c5")[:value]})
        elif key == "cities":
            place_tiles(st, {s: ("city", 1) for s in CITIES[:value]})
        else:
            in_play(st, 0, *FILLERS[key][:value])
    return ready(st)


@pytest.mark.parametrize(("number", "bad", "good", "word"), REQUIREMENTS)
def test_a_card_is_refused_with_a_reason_when_its_requirement_fails(
    number: str, bad: dict[str, int], good: dict[str, int], word: str
) -> None:
    reason = play_block(_requirement_position(number, bad), 0, card(number))
    assert reason is not None and word in reason.lower()
    assert play_block(_requirement_position(number, good), 0, card(number)) is None


# --- 155–170 --------------------------------------------------------------------------------------


def test_155_designed_microorganisms() -> None:
    p = run("155")
    assert p.prod("plants") == 2 and p.tr() == 0


def test_156_standard_technology_refunds_standard_projects_but_not_sell_patents() -> None:
    st = game(2)
    in_play(st, 0, "156")
    set_stock(st, 0, mc=20)
    give(st, 0, "001")
    st = act(ready(st), 0, {"type": "project", "project": "power_plant"})
    assert st.players[0].stock[0] == 20 - 11 + 3 and st.players[0].prod[4] == 1
    st = act(st, 0, {"type": "project", "project": "sell_patents"})  # the one card: no question
    assert st.players[0].hand == () and st.players[0].stock[0] == 12 + 1


def test_156_standard_technology_ignores_opponents_projects() -> None:
    st = game(2, first=1)
    in_play(st, 0, "156")
    set_stock(st, 1, mc=14)
    st = act(ready(st), 1, {"type": "project", "project": "asteroid"})
    assert st.players[0].stock[0] == 0 and st.players[1].stock[0] == 0


def test_157_nitrite_reducing_bacteria() -> None:
    p = run("157")
    assert p.res("157") == 3
    st = ready(active("157", res=3))
    p = use(st, "157", choose("remove"))
    assert p.res("157") == 0 and p.tr() == 1
    p = use(st, "157", choose("add"))
    assert p.res("157") == 4 and p.tr() == 0


def test_157_nitrite_reducing_bacteria_needs_three_microbes_for_tr() -> None:
    p = use(active("157", res=2), "157")  # only "add" is possible: it resolves by itself
    assert p.res("157") == 3 and p.tr() == 0


def test_158_industrial_microbes() -> None:
    p = run("158")
    assert p.prod("energy") == 1 and p.prod("steel") == 1


def test_159_lichen() -> None:
    assert run("159").prod("plants") == 1


def test_160_power_supply_consortium() -> None:
    p = run("160", TARGET_1)
    assert p.prod("energy") == 1 and p.prod("energy", 1) == -1


def test_161_convoy_from_europa() -> None:
    p = run("161", space("r1c5"))
    assert p.after.board["r1c5"] == ("ocean", -1, "") and p.tr() == 1
    assert len(hand(p.after)) == 1


def test_162_imported_ghg() -> None:
    p = run("162")
    assert p.prod("heat") == 1 and p.stock("heat") == 3


def test_163_imported_nitrogen_feeds_other_cards() -> None:
    st = position("163")
    in_play(st, 0, "049", "072")  # Tardigrades (microbes), Birds (animals)
    p = play_card(st, "163")
    assert p.tr() == 1 and p.stock("plants") == 4
    assert p.res("049") == 3 and p.res("072") == 2


def test_164_micro_mills() -> None:
    assert run("164").prod("heat") == 1


def test_165_magnetic_field_generators() -> None:
    st = position("165")
    set_prod(st, 0, energy=4)
    p = play_card(st, "165")
    assert p.prod("energy") == -4 and p.prod("plants") == 2 and p.tr() == 3


def test_165_magnetic_field_generators_needs_four_energy_production() -> None:
    st = position("165")  # energy production 3
    assert "energy production is too low" in play_block(ready(st), 0, card("165"))


def test_166_shuttles() -> None:
    p = run("166")
    assert p.prod("energy") == -1 and p.prod("mc") == 2 and vp(p, "166") == 1
    assert card_cost(p.after.players[0], card("009")) == 14 - 2
    assert card_cost(p.after.players[0], card("003")) == 13


def test_167_import_of_advanced_ghg() -> None:
    p = run("167")
    assert p.prod("heat") == 2 and p.stock("heat") == 0


def test_168_windmills() -> None:
    p = run("168")
    assert p.prod("energy") == 1 and vp(p, "168") == 1


def test_169_tundra_farming() -> None:
    p = run("169")
    assert (p.prod("plants"), p.prod("mc"), p.stock("plants")) == (1, 2, 1)
    assert vp(p, "169") == 2


def test_170_aerobraked_ammonia_asteroid() -> None:
    st = position("170")
    in_play(st, 0, "049")
    p = play_card(st, "170")
    assert p.prod("heat") == 3 and p.prod("plants") == 1 and p.res("049") == 2


# --- 171–190 --------------------------------------------------------------------------------------


def test_171_magnetic_field_dome() -> None:
    p = run("171")
    assert p.prod("energy") == -2 and p.prod("plants") == 1 and p.tr() == 1


def test_172_pets_gain_an_animal_on_any_city_and_score_per_two() -> None:
    p = run("172")
    assert p.res("172") == 1 and vp(p, "172") == 0
    st = game(2, first=1)
    in_play(st, 0, "172", res=1)
    set_stock(st, 1, mc=25)
    st = act(ready(st), 1, {"type": "project", "project": "city"}, space("r3c3"))
    assert st.players[0].res[card("172")] == 2 and card_vp(st, 0, card("172")) == 1


def test_172_pets_animals_can_never_be_removed() -> None:
    st = game(2, first=1)
    in_play(st, 0, "172", res=3)
    in_play(st, 1, "024", "072")  # Predators and Birds (empty)
    set_stock(st, 1, mc=1)
    give(st, 1, "050")
    st = ready(st)
    assert use_block(st, 1, card("024")) is not None  # no animal it may take
    st = resolve(act(st, 1, {"type": "play", "card": card("050")}, choose("animals")), 1)
    assert card("050") in st.players[1].events and st.players[0].res[card("172")] == 3


def test_173_protected_habitats_keeps_plants_and_card_resources_from_opponents() -> None:
    st = game(2, first=1)
    in_play(st, 0, "173")
    in_play(st, 0, "072", res=2)  # Birds
    in_play(st, 0, "049", res=2)  # Tardigrades
    set_stock(st, 0, plants=6)
    set_stock(st, 1, mc=20, plants=3)
    in_play(st, 1, "035")  # Ants
    give(st, 1, "009", "050")
    st = ready(st)
    assert "microbe" in use_block(st, 1, card("035"))
    after = act(st, 1, {"type": "play", "card": card("009")})  # Asteroid: remove 3 plants
    after = resolve(after, 1)
    assert after.players[0].stock[3] == 6
    virus = resolve(act(st, 1, {"type": "play", "card": card("050")}, choose("animals")), 1)
    assert virus.players[0].res[card("072")] == 2


def test_173_protected_habitats_does_not_stop_its_owner() -> None:
    st = game(2)
    in_play(st, 0, "173", "024")  # and Predators
    in_play(st, 0, "072", res=2)
    p = use(st, "024")
    assert p.res("024") == 1 and p.res("072") == 1


def test_174_protected_valley_greenery_on_an_ocean_space() -> None:
    p = run("174", space("r1c5"))
    assert p.after.board["r1c5"] == ("greenery", 0, "") and p.after.oceans == 0
    assert p.prod("mc") == 2 and p.after.oxygen == 1 and p.tr() == 1


def test_175_satellites_count_space_tags_including_itself() -> None:
    st = position("175")
    in_play(st, 0, "083", "077")  # two space tags
    in_play(st, 1, "040")  # an opponent's: not counted
    assert play_card(st, "175").prod("mc") == 3


def test_176_noctis_farming() -> None:
    p = run("176")
    assert p.prod("mc") == 1 and p.stock("plants") == 2 and vp(p, "176") == 1


def test_177_water_splitting_plant() -> None:
    p = use(active("177", energy=3), "177")
    assert p.stock("energy") == -3 and p.after.oxygen == 1 and p.tr() == 1
    assert "energy" in use_block(ready(active("177", energy=2)), 0, card("177"))


def test_178_heat_trappers() -> None:
    p = run("178", TARGET_1)
    assert p.prod("heat", 1) == -2 and p.prod("energy") == 1 and vp(p, "178") == -1


def test_179_soil_factory() -> None:
    p = run("179")
    assert p.prod("energy") == -1 and p.prod("plants") == 1 and vp(p, "179") == 1


def test_180_fuel_factory() -> None:
    p = run("180")
    assert (p.prod("energy"), p.prod("titanium"), p.prod("mc")) == (-1, 1, 1)


def test_181_ice_cap_melting() -> None:
    p = run("181", space("r1c5"))
    assert p.after.oceans == 1 and p.tr() == 1


def test_182_corporate_stronghold() -> None:
    p = run("182", space("r3c3"))
    assert p.after.board["r3c3"] == ("city", 0, "")
    assert p.prod("energy") == -1 and p.prod("mc") == 3 and vp(p, "182") == -2


def test_183_biomass_combustors() -> None:
    p = run("183", TARGET_1)
    assert p.prod("plants", 1) == -1 and p.prod("energy") == 2 and vp(p, "183") == -1


def test_184_livestock() -> None:
    p = run("184")
    assert p.prod("plants") == -1 and p.prod("mc") == 2
    p = use(active("184", res=2), "184")
    assert p.res("184") == 3 and vp(p, "184") == 3


def test_185_olympus_conference_gets_a_resource_for_its_own_tag() -> None:
    p = run("185")
    assert p.res("185") == 1 and vp(p, "185") == 1


def test_185_olympus_conference_trades_a_resource_for_a_card() -> None:
    st = position("084")  # Trans-Neptune Probe: a science tag
    in_play(st, 0, "185", res=1)
    p = play_card(st, "084", choose(OLYMPUS_DRAW))
    assert p.res("185") == 0 and len(hand(p.after)) == 1
    st = position("084")
    in_play(st, 0, "185", res=1)
    p = play_card(st, "084", choose("add"))
    assert p.res("185") == 2 and hand(p.after) == ()


def test_185_olympus_conference_ignores_opponents_science_tags() -> None:
    st = position("084")
    in_play(st, 1, "185", res=0)
    p = play_card(st, "084")
    assert p.res("185", seat=1) == 0


def test_186_rad_suits() -> None:
    st = position("186")
    place_tiles(st, {"r3c3": ("city", 1), "r8c2": ("city", 1)})
    p = play_card(st, "186")
    assert p.prod("mc") == 1 and vp(p, "186") == 1


def test_187_aquifer_pumping_steel_helps_pay() -> None:
    p = use(active("187", mc=4, steel=2), "187", space("r1c5"))
    assert p.stock("steel") == -2 and p.stock("mc") == -4
    assert p.after.oceans == 1 and p.tr() == 1
    assert use_block(ready(active("187", mc=3, steel=2)), 0, card("187")) == "Costs 8 M€."


def test_188_flooding_takes_4_mc_from_a_neighbour_of_the_ocean() -> None:
    st = position("188", players=3)
    place_tiles(st, {"r2c5": ("city", 1), "r8c2": ("city", 2)})
    set_stock(st, 1, mc=10)
    set_stock(st, 2, mc=10)
    st = ready(st)
    pending = act(st, 0, {"type": "play", "card": card("188")}, space("r1c5"))
    options = [a["option"] for a in ENGINE.legal_actions(pending, 0)]
    assert options == ["Remove 4 M€ from player 2", "Remove nothing"]  # player 3 is not near
    p = play_card(st, "188", space("r1c5"), choose(options[0]))
    assert p.stock("mc", 1) == -4 and p.stock("mc", 2) == 0
    assert p.after.oceans == 1 and p.tr() == 1 and vp(p, "188") == -1


def test_188_flooding_with_nobody_next_to_the_ocean() -> None:
    p = run("188", space("r9c5"))
    assert p.after.oceans == 1 and p.stock("titanium") == 2 and not p.after.queue


def test_189_energy_saving_counts_every_city() -> None:
    st = position("189")
    place_tiles(st, {"r3c3": ("city", 1), "r8c2": ("city", 0)})
    st.board_w()["phobos_space_haven"] = ("city", 1, "")
    assert play_card(st, "189").prod("energy") == 3


def test_190_local_heat_trapping_plants_or_animals() -> None:
    st = position("190")
    set_stock(st, 0, heat=7)
    p = play_card(st, "190", choose("plants"))
    assert p.stock("heat") == -5 and p.stock("plants") == 4
    st = position("190")
    set_stock(st, 0, heat=5)
    in_play(st, 0, "072")
    p = play_card(st, "190", choose("animals"))
    assert p.stock("heat") == -5 and p.res("072") == 2 and p.stock("plants") == 0


def test_190_local_heat_trapping_needs_5_heat() -> None:
    st = position("190")
    set_stock(st, 0, heat=4)
    assert "5 heat" in play_block(ready(st), 0, card("190"))


def test_190_helion_cannot_pay_with_the_heat_it_must_spend() -> None:
    for heat, playable in ((5, False), (6, True)):
        st = position("190", corps=("R18", ""))  # Helion: heat pays as M€
        set_stock(st, 0, mc=0, heat=heat)
        assert (play_block(ready(st), 0, card("190")) is None) is playable


# --- 191–208 --------------------------------------------------------------------------------------


def test_191_permafrost_extraction() -> None:
    p = run("191", space("r1c5"))
    assert p.after.oceans == 1 and p.tr() == 1


def test_192_invention_contest_keeps_one_of_the_top_three() -> None:
    st = position("192")
    top = tuple(reversed(st.deck[-3:]))  # the order they are drawn in
    st = ready(st)
    pending = act(st, 0, {"type": "play", "card": card("192")})
    assert ENGINE.legal_actions(pending, 0) == [{"type": "discard", "card": c} for c in top]
    after = act(pending, 0, *({"type": "discard", "card": top[i]} for i in (0, 2)))
    assert hand(after) == (top[1],) and after.discard[-2:] == (top[0], top[2])
    assert len(after.deck) == len(st.deck) - 3
    # §15.0: the other players do not learn the cards looked at.
    line = describe_action(pending, 0, {"type": "discard", "card": top[0]}, 1)
    assert line == "discarded a card"
    # The looker's own view shows the three cards; nobody else's does, and the secrecy
    # bookkeeping agrees with both views.
    mine, theirs = json.dumps(ENGINE.view(pending, 0)), json.dumps(ENGINE.view(pending, 1))
    assert all(c in mine and c not in theirs for c in top)
    assert not set(top) & ENGINE.secret_tokens(pending, 0)
    assert set(top) <= ENGINE.secret_tokens(pending, 1)
    assert_no_leaks(ENGINE, pending, 2)


def test_193_plantation() -> None:
    p = run("193", space("r3c3"))
    assert p.after.board["r3c3"] == ("greenery", 0, "") and p.after.oxygen == 1


def test_194_power_infrastructure_turns_energy_into_mc() -> None:
    st = ready(active("194", energy=4))
    pending = act(st, 0, {"type": "use", "card": card("194")})
    assert len(ENGINE.legal_actions(pending, 0)) == 4
    p = use(st, "194", choose("Spend 3 energy for 3 M€"))
    assert p.stock("energy") == -3 and p.stock("mc") == 3
    assert "energy" in use_block(ready(active("194", energy=0)), 0, card("194"))


def test_195_indentured_workers_discounts_the_next_card_only() -> None:
    p = run("195")
    assert vp(p, "195") == -1
    st = p.after.clone()
    give(st, 0, "003", "056")
    set_stock(st, 0, mc=5)
    st = ready(st)
    assert card_cost(st.players[0], card("003")) == 13 - 8
    st = play(st, 0, "003")
    assert card_cost(st.players[0], card("056")) == 4


def test_195_indentured_workers_lapses_at_the_end_of_the_generation() -> None:
    p = run("195")
    st = act(p.after, 0, {"type": "end_turn"})
    st = act(st, 1, {"type": "pass"})
    st = act(st, 0, {"type": "pass"})
    assert st.phase == "research" and st.players[0].next_card == ()
    assert card_cost(st.players[0], card("003")) == 13


def test_196_lagrange_observatory() -> None:
    p = run("196")
    assert len(hand(p.after)) == 1 and vp(p, "196") == 1


def test_197_terraforming_ganymede_counts_jovian_tags_including_itself() -> None:
    st = position("197")
    in_play(st, 0, "040", "057")  # two Jovian tags
    in_play(st, 1, "082")  # an opponent's: not counted
    p = play_card(st, "197")
    assert p.tr() == 3 and vp(p, "197") == 2


def test_198_immigration_shuttles_score_per_three_cities() -> None:
    st = position("198")
    cities = ("r1c1", "r1c3", "r3c3", "r3c5", "r7c1", "r8c2", "r7c5")
    place_tiles(st, {s: ("city", i % 2) for i, s in enumerate(cities)})
    p = play_card(st, "198")
    assert p.prod("mc") == 5 and vp(p, "198") == 2


def test_199_restricted_area() -> None:
    p = run("199", space("r3c3"))
    assert p.after.board["r3c3"] == ("special", 0, "restricted_area")
    p = use(active("199", mc=2), "199")
    assert p.stock("mc") == -2 and len(hand(p.after)) == 1
    assert use_block(ready(active("199", mc=1)), 0, card("199")) == "Costs 2 M€."


def test_200_immigrant_city_rises_with_every_city() -> None:
    p = run("200", space("r3c3"))
    assert p.prod("energy") == -1 and p.prod("mc") == -2 + 1  # its own city counts
    st = p.after.clone()
    st.active, st.turn_actions = 1, 0
    set_stock(st, 1, mc=25)
    st = act(ready(st), 1, {"type": "project", "project": "city"}, space("r8c2"))
    assert st.players[0].prod[0] == p.after.players[0].prod[0] + 1


def test_201_energy_tapping() -> None:
    p = run("201", TARGET_1)
    assert p.prod("energy") == 1 and p.prod("energy", 1) == -1 and vp(p, "201") == -1


def test_202_underground_detonations() -> None:
    p = use(active("202", mc=10, steel=5), "202")
    assert p.stock("mc") == -10 and p.stock("steel") == 0 and p.prod("heat") == 2


def test_203_soletta() -> None:
    assert run("203").prod("heat") == 7


def test_204_technology_demonstration() -> None:
    assert len(hand(run("204").after)) == 2


def test_205_rad_chem_factory() -> None:
    p = run("205")
    assert p.prod("energy") == -1 and p.tr() == 2


def test_206_special_design_eases_the_next_card_only() -> None:
    p = run("206")
    st = p.after.clone()
    st.oxygen = 5
    give(st, 0, "168", "183")  # Windmills: oxygen 7 %; Biomass Combustors: 6 %
    set_stock(st, 0, mc=20)
    st = ready(st)
    assert play_block(st, 0, card("168")) is None
    st = play(st, 0, "168")
    assert "oxygen" in play_block(st, 0, card("183"))


def test_206_special_design_is_two_steps_only() -> None:
    p = run("206")
    st = p.after.clone()
    st.oxygen = 4
    give(st, 0, "168")
    set_stock(st, 0, mc=20)
    assert "oxygen" in play_block(ready(st), 0, card("168"))


def test_207_medical_lab_one_per_two_building_tags() -> None:
    st = position("207")
    in_play(st, 0, "056", "041", "179")  # three building tags, with this card's: 4
    assert play_card(st, "207").prod("mc") == 2
    st = position("207")
    in_play(st, 0, "056", "041")  # 3 → 1
    p = play_card(st, "207")
    assert p.prod("mc") == 1 and vp(p, "207") == 1


def test_208_ai_central() -> None:
    p = run("208")
    assert p.prod("energy") == -1 and vp(p, "208") == 1
    p = use(active("208"), "208")
    assert len(hand(p.after)) == 2
