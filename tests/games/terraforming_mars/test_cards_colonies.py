"""The Colonies cards C01–C49 and the 5 Colonies corporations (colonies.csv)."""

from __future__ import annotations

from typing import Any

import pytest

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.colonies import fleets, trade_costs
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.scoring import card_vp
from games.terraforming_mars.state import State
from games.terraforming_mars.turn import use_block
from tests.games.terraforming_mars.cardkit import Played, play_card, position, use
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    give,
    in_play,
    place_tiles,
    ready,
    resolve,
    set_prod,
    set_stock,
)

COLONIES = {"colonies": True}
TILES5 = ("callisto", "ceres", "io", "luna", "triton")
TARGET_1 = {"type": "target", "player": 1}


def pos(number: str, *, tiles: tuple[str, ...] = TILES5, **kwargs: Any) -> State:
    """A position with the Colonies option on, the card in hand, these tiles at step 1."""
    st = position(number, options=COLONIES, **kwargs)
    st.colonies = tuple((key, 1, (), -1) for key in tiles)
    return st


def colonies_at(st: State, key: str, owners: tuple[int, ...], step: int = 1) -> None:
    st.colonies = tuple(
        (k, step, owners, t) if k == key else (k, s, o, t) for k, s, o, t in st.colonies
    )


def run(number: str, *choices: dict[str, Any], **kwargs: Any) -> Played:
    return play_card(pos(number, **kwargs), number, *choices)


def choose(option: str) -> dict[str, Any]:
    return {"type": "choose", "option": option}


def pick(number: str) -> dict[str, Any]:
    return {"type": "card", "card": card(number)}


def colony(key: str) -> dict[str, Any]:
    return {"type": "colony", "colony": key}


def blocked(st: State, number: str) -> str | None:
    return play_block(ready(st.clone()), 0, card(number))


def test_every_colonies_card_is_registered() -> None:
    ours = [c for c in CARDS.values() if c.module == "colonies"]
    assert len(ours) == 54
    assert sum(1 for c in ours if c.kind == "corporation") == 5


# --- floaters ---------------------------------------------------------------------------------


def test_c01_airliners_needs_3_floaters() -> None:
    st = pos("C01")
    in_play(st, 0, "C03", res=2)
    assert "3 floaters" in blocked(st, "C01")
    st = pos("C01")
    in_play(st, 0, "C03", res=3)
    p = play_card(st, "C01")
    assert p.prod("mc") == 2 and p.res("C03") == 5
    assert card_vp(p.after, 0, card("C01")) == 1


def test_c02_air_raid_needs_a_floater_and_steals_5() -> None:
    st = pos("C02")
    assert "floater" in blocked(st, "C02")
    st = pos("C02")
    in_play(st, 0, "C03", res=1)
    set_stock(st, 1, mc=7)
    p = play_card(st, "C02", TARGET_1, {"type": "amount", "amount": 5})
    assert p.res("C03") == 0 and p.stock("mc") == 5 and p.stock("mc", 1) == -5


def test_c03_atmo_collectors_floaters_and_its_four_modes() -> None:
    p = run("C03")
    assert p.res("C03") == 2  # on itself: the only floater card
    st = p.after
    for mode, res, amount in (("titanium", "titanium", 2), ("energy", "energy", 3)):
        q = use(st, "C03", choose(mode))
        assert q.stock(res) == amount and q.res("C03") == 1
        assert use_block(st, 0, card("C03")) is None
        assert "Already used" in str(use_block(q.after, 0, card("C03")))
        assert {"type": "use", "card": card("C03")} not in ENGINE.legal_actions(q.after, 0)
    q = use(st, "C03", choose("heat"))
    assert q.stock("heat") == 4
    q = use(st, "C03", choose("add"))
    assert q.res("C03") == 3


def test_c10_floater_leasing_per_3_floaters() -> None:
    st = pos("C10")
    in_play(st, 0, "C03", res=7)
    assert play_card(st, "C10").prod("mc") == 2


def test_c11_floater_prototypes_and_c12_floater_technology() -> None:
    st = pos("C11")
    in_play(st, 0, "C03", res=0)
    assert play_card(st, "C11").res("C03") == 2
    st = pos("C14")
    in_play(st, 0, "C03", "C12")
    p = use(st, "C12")
    assert p.res("C03") == 1


def test_c18_jovian_lanterns() -> None:
    st = pos("C18")
    p = play_card(st, "C18")
    assert p.tr() == 1 and p.res("C18") == 2
    st = p.after.clone()
    set_stock(st, 0, titanium=1)
    q = use(ready(st), "C18")
    assert q.res("C18") == 4 and q.after.players[0].stock[2] == 0
    assert card_vp(q.after, 0, card("C18")) == 2
    st = pos("C18")
    st.pw(0).played = ()
    assert "jovian" in blocked(st, "C18").lower()


def test_c19_jupiter_floating_station() -> None:
    st = pos("C19")
    p = play_card(st, "C19")
    assert card_vp(p.after, 0, card("C19")) == 1
    st = p.after.clone()
    st.pw(0).res[card("C19")] = 6
    q = use(ready(st), "C19", choose("mc"))
    assert q.stock("mc") == 4
    q = use(ready(st), "C19", choose("jovian"))
    assert q.res("C19") == 7


def test_c28_nitrogen_from_titan_floaters_on_a_jovian_card() -> None:
    st = pos("C28")
    in_play(st, 0, "C03", "C43")  # Atmo Collectors has no Jovian tag
    p = play_card(st, "C28")
    assert p.tr() == 2 and p.res("C43") == 2 and p.res("C03") == 0


def test_c32_red_spot_observatory() -> None:
    p = run("C32")
    assert len(p.after.players[0].hand) == 2
    st = p.after.clone()
    st.pw(0).res[card("C32")] = 1
    q = use(ready(st), "C32", choose("draw"))
    assert q.res("C32") == 0 and len(q.after.players[0].hand) == 3
    q = use(ready(st), "C32", choose("add"))  # 1 floater: both modes open, "add" chosen
    assert q.res("C32") == 2 and len(q.after.players[0].hand) == 2
    st = pos("C32")
    st.pw(0).played = st.players[0].played[:-1]
    assert "science" in blocked(st, "C32")


def test_c43_titan_air_scrapping() -> None:
    st = pos("C14")
    in_play(st, 0, "C43", res=2)
    set_stock(st, 0, titanium=1)
    q = use(st, "C43", choose("tr"))
    assert q.tr() == 1 and q.res("C43") == 0
    q = use(st, "C43", choose("add"))
    assert q.res("C43") == 4
    assert card_vp(q.after, 0, card("C43")) == 2


def test_c44_titan_floating_launch_pad_trades_for_free() -> None:
    p = run("C44")
    assert p.res("C44") == 2  # itself: the only Jovian floater card
    st = p.after.clone()
    set_stock(st, 0, mc=0)
    q = use(ready(st), "C44", choose("trade"), choose("luna"))
    assert q.res("C44") == 1 and q.stock("mc") == 2
    assert dict((k, t) for k, _s, _o, t in q.after.colonies)["luna"] == 0
    from games.terraforming_mars.text import log_text

    lines = [str(log_text(entry)) for entry in q.after.log]
    assert "trades with Luna without paying." in lines


def test_c44_titan_floating_launch_pad_jovian_mode_feeds_another_jovian_card() -> None:
    st = pos("C14")
    in_play(st, 0, "C44", res=1)
    in_play(st, 0, "C19", "C03", res=0)  # Jupiter Floating Station (Jovian), Atmo Collectors
    st = ready(st)
    after = act(st, 0, {"type": "use", "card": card("C44")}, choose("jovian"))
    # Only the Jovian floater cards: Atmo Collectors holds floaters but has no Jovian tag.
    assert ENGINE.legal_actions(after, 0) == [pick("C44"), pick("C19")]
    q = use(st, "C44", choose("jovian"), pick("C19"))
    assert q.res("C19") == 1 and q.res("C44") == 1 and q.res("C03") == 0
    assert dict((k, t) for k, _s, _o, t in q.after.colonies) == {k: -1 for k in TILES5}


def test_c45_titan_shuttles_titanium_for_floaters() -> None:
    st = pos("C14")
    in_play(st, 0, "C45", res=3)
    q = use(st, "C45", choose("titanium"), {"type": "amount", "amount": 2})
    assert q.stock("titanium") == 3 and q.res("C45") == 0
    q = use(st, "C45", choose("jovian"))
    assert q.res("C45") == 5


# --- colonies placed by cards -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "prod"),
    [("C17", {}), ("C25", {"titanium": 1}), ("C26", {"mc": -2}), ("C47", {})],
)
def test_cards_that_place_a_colony(number: str, prod: dict[str, int]) -> None:
    p = run(number, colony("luna"))
    assert dict((k, o) for k, _s, o, _t in p.after.colonies)["luna"] == (0,)
    assert p.prod("mc") == prod.get("mc", 0) + 2  # Luna's build bonus
    assert p.prod("titanium") == prod.get("titanium", 0)


def test_a_colony_card_needs_a_free_tile() -> None:
    st = pos("C17")
    for key in TILES5:
        colonies_at(st, key, (0,))
    assert "no colony tile" in blocked(st, "C17")
    st = pos("C34")  # Research Colony: even where you have one
    for key in TILES5:
        colonies_at(st, key, (0,))
    assert blocked(st, "C34") is None


def test_c15_ice_moon_colony_colony_and_ocean() -> None:
    p = run("C15", colony("ceres"))
    assert p.prod("steel") == 1 and p.after.oceans == 1 and p.tr() == 1


def test_c29_pioneer_settlement_at_most_one_colony() -> None:
    st = pos("C29")
    colonies_at(st, "luna", (0,))
    colonies_at(st, "io", (0,))
    assert "at most 1" in blocked(st, "C29")
    st = pos("C29")
    colonies_at(st, "luna", (0,))
    p = play_card(st, "C29", colony("io"))
    assert p.prod("heat") == 1 and p.prod("mc") == -2
    assert card_vp(p.after, 0, card("C29")) == 2


def test_c34_research_colony_second_colony_and_2_cards() -> None:
    st = pos("C34")
    colonies_at(st, "luna", (0,))
    p = play_card(st, "C34", colony("luna"))
    assert dict((k, o) for k, _s, o, _t in p.after.colonies)["luna"] == (0, 0)
    assert len(p.after.players[0].hand) == 2


def test_c40_space_port_colony() -> None:
    st = pos("C40")
    assert "1 of your colonies" in blocked(st, "C40")
    st = pos("C40")
    colonies_at(st, "luna", (0,))
    colonies_at(st, "io", (1, 1, 1))
    p = play_card(st, "C40", colony("luna"))
    assert fleets(p.after, 0) == 2
    assert card_vp(p.after, 0, card("C40")) == 2  # 5 colonies in play


def test_c39_space_port() -> None:
    st = pos("C39")
    set_prod(st, 0, energy=1)
    assert "1 of your colonies" in blocked(st, "C39")
    st = pos("C39")
    set_prod(st, 0, energy=1)
    colonies_at(st, "luna", (0,))
    p = play_card(st, "C39", {"type": "space", "space": "r3c4"})
    assert p.prod("energy") == -1 and p.prod("mc") == 4 and fleets(p.after, 0) == 2
    assert p.after.board["r3c4"][0] == "city"


def test_c48_urban_decomposers() -> None:
    st = pos("C48")
    colonies_at(st, "luna", (0,))
    assert "city" in blocked(st, "C48")
    st = pos("C48")
    colonies_at(st, "luna", (0,))
    place_tiles(st, {"r3c4": ("city", 0)})
    in_play(st, 0, "131")  # Decomposers
    p = play_card(st, "C48")
    assert p.prod("plants") == 1 and p.res("131") == 3  # 2, and 1 for the microbe tag


def test_c09_ecology_research() -> None:
    st = pos("C09")
    colonies_at(st, "luna", (0,))
    colonies_at(st, "io", (0,))
    in_play(st, 0, "034", "054")  # GHG Producing Bacteria, Small Animals
    p = play_card(st, "C09")
    assert p.prod("plants") == 2 and p.res("034") == 2 and p.res("054") == 1


def test_c27_molecular_printing_and_c31_quantum_communications() -> None:
    st = pos("C27")
    colonies_at(st, "luna", (0, 1))
    place_tiles(st, {"r3c4": ("city", 1)})
    p = play_card(st, "C27")
    assert p.stock("mc") == 3
    st = pos("C31")
    colonies_at(st, "luna", (0, 1))
    colonies_at(st, "io", (1,))
    assert play_card(st, "C31").prod("mc") == 3


def test_c30_productive_outpost_gives_each_colony_bonus() -> None:
    st = pos("C30")
    colonies_at(st, "luna", (0,))
    colonies_at(st, "io", (1, 0))
    p = play_card(st, "C30")
    assert p.stock("mc") == 2 and p.stock("heat") == 2 and p.stock("heat", 1) == 0


def test_c23_market_manipulation() -> None:
    st = pos("C23")
    colonies_at(st, "io", (), step=3)
    p = play_card(st, "C23", choose("luna"), choose("io"))
    steps = {k: s for k, s, _o, _t in p.after.colonies}
    assert steps["luna"] == 2 and steps["io"] == 2


# --- trade fleets and trade costs -----------------------------------------------------------------


def test_c07_cryo_sleep_and_c35_rim_freighters_lower_the_trade() -> None:
    st = pos("C07")
    p = play_card(st, "C07")
    assert trade_costs(p.after, 0) == {"mc": 8, "energy": 2, "titanium": 2}
    st = p.after.clone()
    in_play(st, 0, "C35")
    assert trade_costs(ready(st), 0) == {"mc": 7, "energy": 1, "titanium": 1}
    assert card_vp(p.after, 0, card("C07")) == 1


def test_c36_sky_docks_fleet_and_discount() -> None:
    st = pos("C36")
    p = play_card(st, "C36")
    assert fleets(p.after, 0) == 2
    from games.terraforming_mars.payment import card_cost

    assert card_cost(p.after.players[0], card("C38")) == 22
    st = pos("C36")
    st.pw(0).played = st.players[0].played[:-1]
    assert "earth" in blocked(st, "C36")


def test_c46_trade_envoys_raise_the_marker_first() -> None:
    st = pos("C46")
    p = play_card(st, "C46")
    st = p.after.clone()
    set_stock(st, 0, mc=9)
    after = resolve(act(ready(st), 0, {"type": "trade", "colony": "luna", "payment": "mc"}), 0)
    assert after.players[0].stock[0] == 4  # step 1 raised to 2: 4 M€


def test_c47_trading_colony_raises_the_marker_before_its_owners_trade() -> None:
    p = run("C47", colony("luna"))
    st = p.after.clone()
    set_stock(st, 0, mc=9, steel=0)
    frozen = ready(st)
    after = resolve(act(frozen, 0, {"type": "trade", "colony": "ceres", "payment": "mc"}), 0)
    # Ceres at step 1 gives 2 steel; the marker rises to step 2 first: 3 steel.
    assert after.players[0].stock[1] == 3
    assert ("colony_marker", "ceres", 2) in [entry[2:] for entry in after.log if len(entry) > 2]
    steps = {k: s for k, s, _o, _t in after.colonies}
    assert steps["ceres"] == 0  # then back to the first free slot
    # The same trade without the card: no boost.
    st = frozen.clone()
    player = st.pw(0)
    player.played = tuple(c for c in player.played if c != card("C47"))
    after = resolve(act(ready(st), 0, {"type": "trade", "colony": "ceres", "payment": "mc"}), 0)
    assert after.players[0].stock[1] == 2


@pytest.mark.parametrize(
    ("cards", "payment", "stock", "left"),
    [
        (("C07",), "mc", {"mc": 8}, 0),
        (("C07", "C35"), "mc", {"mc": 7}, 0),
        (("C35",), "energy", {"energy": 2}, 0),
        (("C07", "C35"), "titanium", {"titanium": 2}, 1),
    ],
)
def test_a_trade_with_cryo_sleep_or_rim_freighters_costs_the_reduced_amount(
    cards: tuple[str, ...], payment: str, stock: dict[str, int], left: int
) -> None:
    from games.terraforming_mars.constants import RES_INDEX

    st = pos("C14")
    in_play(st, 0, *cards)
    set_stock(st, 0, **{"mc": 0, "energy": 0, "titanium": 0, "heat": 0, **stock})
    trade = {"type": "trade", "colony": "ceres", "payment": payment}
    frozen = ready(st)
    after = resolve(act(frozen, 0, trade), 0)
    assert after.players[0].stock[RES_INDEX[payment]] == left
    assert after.players[0].stock[1] == 2  # Ceres at step 1: the trade was made
    assert dict((k, t) for k, _s, _o, t in after.colonies)["ceres"] == 0
    short = frozen.clone()  # one resource less than the reduced price: no trade
    short.pw(0).stock[RES_INDEX[payment]] -= 1 + left
    assert trade not in ENGINE.legal_actions(ready(short), 0)


# --- production, tags, effects --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "res", "amount"),
    [("C06", "energy", 4), ("C08", "titanium", 3), ("C20", "mc", 2), ("C38", "heat", 5)],
)
def test_plain_production_cards(number: str, res: str, amount: int) -> None:
    assert run(number).prod(res) == amount


def test_c06_corona_extractor_needs_4_science() -> None:
    st = pos("C06")
    st.pw(0).played = st.players[0].played[:-1]
    assert "science" in blocked(st, "C06")


def test_c04_community_services_counts_cards_without_tags() -> None:
    st = pos("C04")
    in_play(st, 0, "C10")  # no tags
    p = play_card(st, "C04")
    assert p.prod("mc") == 2


def test_c05_conscription_next_card_16_off() -> None:
    p = run("C05")
    assert ("discount", 16) in p.after.players[0].next_card
    assert card_vp(p.after, 0, card("C05")) == -1


def test_c13_galilean_waystation_counts_every_jovian_tag() -> None:
    st = pos("C13")
    in_play(st, 1, "C43")
    in_play(st, 0, "C45")
    assert play_card(st, "C13").prod("mc") == 2


def test_c14_heavy_taxation() -> None:
    p = run("C14")
    assert p.prod("mc") == 2 and p.stock("mc") == 4


def test_c16_impactor_swarm() -> None:
    st = pos("C16")
    set_stock(st, 1, plants=5)
    p = play_card(st, "C16", TARGET_1, {"type": "amount", "amount": 2})
    assert p.stock("heat") == 12 and p.stock("plants", 1) == -2


def test_c21_lunar_exports_choice() -> None:
    assert run("C21", choose("+5 M€ production")).prod("mc") == 5
    assert run("C21", choose("+2 plant production")).prod("plants") == 2


def test_c22_lunar_mining_counts_its_own_earth_tag() -> None:
    st = pos("C22")
    in_play(st, 0, "C20")  # 2 Earth tags: 3 with this card
    assert play_card(st, "C22").prod("titanium") == 1


def test_c24_martian_zoo() -> None:
    st = pos("C24")
    place_tiles(st, {"r3c4": ("city", 1)})
    assert "2 cities" in blocked(st, "C24")
    place_tiles(st, {"r6c4": ("city", 1)})
    p = play_card(st, "C24")
    assert card_vp(p.after, 0, card("C24")) == 1
    st = pos("C14")
    in_play(st, 0, "C24", "C20")  # two Earth tags let Heavy Taxation be played
    after = resolve(act(ready(st), 0, {"type": "play", "card": card("C14")}), 0)
    assert after.players[0].res[card("C24")] == 1  # Heavy Taxation's Earth tag
    st = pos("C14")
    in_play(st, 0, "C24", res=3)
    assert use(st, "C24").stock("mc") == 3


def test_c33_refugee_camps() -> None:
    st = pos("C14")
    in_play(st, 0, "C33")
    q = use(st, "C33")
    assert q.prod("mc") == -1 and q.res("C33") == 1
    assert card_vp(q.after, 0, card("C33")) == 1


def test_c37_solar_probe_counts_its_own_science_tag() -> None:
    st = pos("C37")
    in_play(st, 0, "C07", "C12")  # 2 science tags + this one = 3
    p = play_card(st, "C37")
    assert len(p.after.players[0].hand) == 1


def test_c41_spin_off_department_draws_for_cards_of_20_or_more() -> None:
    p = run("C41")
    assert p.prod("mc") == 2
    st = p.after.clone()
    give(st, 0, "C38", "C14")
    set_stock(st, 0, mc=40)
    after = resolve(act(ready(st), 0, {"type": "play", "card": card("C38")}), 0)
    assert len(after.players[0].hand) == 2  # C14 + 1 drawn


def test_c42_sub_zero_salt_fish() -> None:
    st = pos("C42")
    st.temperature = -8  # one step short of -6 °C
    assert "temperature" in blocked(st, "C42")
    st.temperature = -6  # at the limit
    assert blocked(st, "C42") is None
    p = run("C42", TARGET_1)
    assert p.prod("plants", 1) == -1
    st = p.after.clone()
    st.pw(0).res[card("C42")] = 3
    assert card_vp(ready(st), 0, card("C42")) == 1


def test_c49_warp_drive() -> None:
    p = run("C49")
    from games.terraforming_mars.payment import card_cost

    assert card_cost(p.after.players[0], card("C38")) == 19


# --- corporations ---------------------------------------------------------------------------------


def _corp_game(corp: str) -> State:
    st = pos("C14")
    st.pw(0).corp = card(corp)
    return st


def test_r02_poseidon_first_colony_and_production_per_colony() -> None:
    st = _corp_game("R02")
    st.pw(0).first_action = card("R02")
    st = act(ready(st), 0, {"type": "first_action"})
    st = resolve(st, 0, colony("luna"))
    assert st.players[0].prod[0] == 3  # Luna +2, Poseidon +1


def test_r02_poseidon_gains_when_another_player_or_its_owner_builds_a_colony() -> None:
    st = _corp_game("R02")
    set_stock(st, 1, mc=17)
    st.active = 1
    before = ready(st)
    after = resolve(act(before, 1, {"type": "colony", "colony": "io"}), 1)
    assert dict((k, o) for k, _s, o, _t in after.colonies)["io"] == (1,)
    assert after.players[0].prod[0] == before.players[0].prod[0] + 1  # Poseidon's owner
    assert after.players[1].prod[0] == before.players[1].prod[0]  # not the builder
    assert after.players[1].prod[5] == before.players[1].prod[5] + 1  # Io's build bonus
    st = _corp_game("R02")
    set_stock(st, 0, mc=17)
    before = ready(st)
    after = resolve(act(before, 0, {"type": "colony", "colony": "ceres"}), 0)
    assert after.players[0].prod[0] == before.players[0].prod[0] + 1
    assert after.players[0].prod[1] == before.players[0].prod[1] + 1  # Ceres: steel
    st = pos("C14")  # nobody has Poseidon: a colony raises no M€ production
    set_stock(st, 1, mc=17)
    st.active = 1
    before = ready(st)
    after = resolve(act(before, 1, {"type": "colony", "colony": "io"}), 1)
    assert after.players[0].prod[0] == before.players[0].prod[0]


def test_r04_arklight_animals_per_animal_or_plant_tag() -> None:
    st = _corp_game("R04")
    give(st, 0, "C42")
    set_stock(st, 0, mc=20)
    st.temperature = 0
    after = resolve(act(ready(st), 0, {"type": "play", "card": card("C42")}), 0)
    assert after.players[0].res[card("R04")] == 1


def test_r20_aridor_brings_a_tile_and_pays_new_tags() -> None:
    st = _corp_game("R20")
    st.pw(0).first_action = card("R20")
    st = act(ready(st), 0, {"type": "first_action"}, choose("europa"))
    assert "europa" in {k for k, *_ in st.colonies}
    st = st.clone()
    give(st, 0, "C38")
    set_stock(st, 0, mc=30)
    before = st.players[0].prod[0]
    after = resolve(act(ready(st), 0, {"type": "play", "card": card("C38")}), 0)
    assert after.players[0].prod[0] == before + 1  # a space tag, new


def test_r29_stormcraft_activates_titan_and_adds_floaters() -> None:
    st = pos("C14", tiles=("titan", "luna", "io", "ceres", "triton"))
    from games.terraforming_mars.colonies import is_active

    assert not is_active(ready(st.clone()), "titan")
    st.pw(0).corp = card("R29")
    st = ready(st)
    assert is_active(st, "titan")
    q = use(st, "R29")
    assert q.res("R29") == 1


def test_r11_polyphemos_start() -> None:
    st = _corp_game("R11")
    from games.terraforming_mars.kernel import push_ops

    st2 = st.clone() if "_owned" not in st.__dict__ else st
    push_ops(st2, 0, card("R11"), CARDS[card("R11")].play)
    from games.terraforming_mars.kernel import run as run_queue

    run_queue(st2)
    assert st2.players[0].prod[0] == 5 and st2.players[0].stock[2] == 5


def test_r11_polyphemos_pays_5_per_card_at_setup_and_in_research() -> None:
    st = ENGINE.setup(players=2, seed=3, options=COLONIES).clone()
    st.sel[0] = {**st.sel[0], "corps": (card("R11"), card("R02"))}
    st.freeze()
    st = act(st, 0, {"type": "corporation", "card": card("R11")})
    kept = st.sel[0]["cards"][:2]
    for c in kept:
        st = act(st, 0, {"type": "keep", "card": c})
    st = act(st, 0, {"type": "done"})
    for action in ({"type": "corporation", "card": st.sel[1]["corps"][0]}, {"type": "done"}):
        st = act(st, 1, action)
    assert st.phase == "action"
    assert st.players[0].stock[0] == 50 - 2 * 5
    assert st.players[0].stock[2] == 5 and st.players[0].prod[0] == 5
    from games.terraforming_mars.payment import card_price

    assert card_price(card("R11")) == 5 and card_price(card("R02")) == 3


TAG_REQ = sorted(
    c.number
    for c in CARDS.values()
    if c.module == "colonies" and any(req[0] == "tag" for req in c.req)
)


@pytest.mark.parametrize("number", TAG_REQ)
def test_tag_requirements_accepted_at_the_limit_refused_one_short(number: str) -> None:
    from games.terraforming_mars.constants import TAGS
    from games.terraforming_mars.kernel import recompute

    info = CARDS[card(number)]
    ((_, tag_index, need),) = [req for req in info.req if req[0] == "tag"]
    st = pos(number)
    assert st.players[0].tags[tag_index] >= need
    assert blocked(st, number) is None
    # Take back cards that carry the tag until one short of the limit (or less).
    while st.players[0].tags[tag_index] >= need:
        last = next(c for c in reversed(st.players[0].played) if TAGS[tag_index] in CARDS[c].tags)
        player = st.pw(0)
        player.played = tuple(c for c in player.played if c != last)
        recompute(player)
        if player.tags[tag_index] == need:
            assert blocked(st, number) is None  # exactly at the limit
    assert blocked(st, number) is not None


FIXED_VP = sorted(
    c.number
    for c in CARDS.values()
    if c.module == "colonies" and c.vp_rule and c.vp_rule[0] == "fixed"
)


@pytest.mark.parametrize("number", FIXED_VP)
def test_fixed_vp(number: str) -> None:
    st = pos("C38")  # Solar Reflectors in hand: no VP of its own
    in_play(st, 0, number)
    assert card_vp(ready(st), 0, card(number)) == int(CARDS[card(number)].vp)


def test_r29_stormcraft_floaters_stand_in_for_heat() -> None:
    st = pos("C38")
    st.pw(0).corp = card("R29")
    set_stock(st, 0, heat=3)
    st.pw(0).res[card("R29")] = 2
    frozen = ready(st)
    assert {"type": "convert", "resource": "heat"} not in ENGINE.legal_actions(frozen, 0)
    st = frozen.clone()
    st.pw(0).res[card("R29")] = 3
    frozen = ready(st)
    after = act(frozen, 0, {"type": "convert", "resource": "heat"})
    # One way only (3 floaters and 2 of the 3 heat): it needs no question.
    assert after.temperature == -28 and after.players[0].stock[5] == 1
    assert after.players[0].res[card("R29")] == 0
    st = frozen.clone()
    set_stock(st, 0, heat=8)
    after = act(ready(st), 0, {"type": "convert", "resource": "heat"})
    assert ENGINE.legal_actions(after, 0) == [{"type": "amount", "amount": n} for n in range(4)]
    after = act(after, 0, {"type": "amount", "amount": 1})
    assert after.players[0].stock[5] == 2 and after.players[0].res[card("R29")] == 2


def test_c42_sub_zero_salt_fish_action_adds_a_microbe_and_2_make_a_vp() -> None:
    st = pos("C14")
    in_play(st, 0, "C42", res=1)
    q = use(st, "C42")
    assert q.res("C42") == 2
    assert card_vp(q.after, 0, card("C42")) == 1
    assert card_vp(q.before, 0, card("C42")) == 0


def test_r04_arklight_is_worth_1_vp_per_2_animals() -> None:
    st = _corp_game("R04")
    st.pw(0).res[card("R04")] = 5
    assert card_vp(ready(st), 0, card("R04")) == 2
    st = _corp_game("R04")
    st.pw(0).res[card("R04")] = 1
    assert card_vp(ready(st), 0, card("R04")) == 0


def test_c48_urban_decomposers_refused_without_a_colony() -> None:
    """Both requirements: a city and no colony is one colony short; a city and a colony pass."""
    st = pos("C48")
    place_tiles(st, {"r3c4": ("city", 0)})
    assert "1 of your colonies" in blocked(st, "C48")
    colonies_at(st, "luna", (0,))
    assert blocked(st, "C48") is None
