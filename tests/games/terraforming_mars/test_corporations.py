"""The 12 corporations and the Beginner Corporation: start-up and effects."""

from __future__ import annotations

import pytest

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.payment import capacity, card_cost
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.turn import project_cost
from tests.games.terraforming_mars.cardkit import play_card, position
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    place_tiles,
    ready,
    set_stock,
    space,
)


def _start(corp: str, players: int = 2, seed: int = 3):
    """Set up a game where seat 0 picks `corp` (dealt or not) and keeps no card."""
    st = ENGINE.setup(players=players, seed=seed, options={}).clone()
    choice = dict(st.sel[0])
    choice["corps"] = (card(corp), *[c for c in choice["corps"] if c != card(corp)][:1])
    st.sel[0] = choice
    st.freeze()
    st = act(st, 0, {"type": "corporation", "card": card(corp)}, {"type": "done"})
    for seat in range(1, players):
        other = st.sel[seat]["corps"][0]
        st = act(st, seat, {"type": "corporation", "card": other}, {"type": "done"})
    return st


@pytest.mark.parametrize(
    ("corp", "stock", "prod"),
    [
        ("R03", [42, 0, 0, 0, 0, 0], [1, 0, 1, 0, 0, 0]),  # Saturn: its own Jovian tag
        ("R08", [57, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R09", [23, 0, 10, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R13", [48, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0]),
        ("R17", [36, 0, 0, 3, 0, 0], [0, 0, 0, 2, 0, 0]),
        ("R18", [42, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 3]),
        ("R19", [30, 20, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R24", [30, 5, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]),
        ("R30", [60, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R31", [40, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R32", [40, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
        ("R43", [45, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]),
    ],
)
def test_each_corporation_starts_with_its_resources_and_production(corp, stock, prod) -> None:
    """§2.2 step 6: starting M€, resources and production arrive at the reveal."""
    st = _start(corp)
    player = st.players[0]
    assert player.corp == card(corp)
    assert player.stock == stock and player.prod == prod


def test_the_cards_kept_at_setup_cost_3_each() -> None:
    """§2.2 step 6: four cards kept out of the corporation's starting M€."""
    st = ENGINE.setup(players=2, seed=3, options={})
    corp = next(c for c in st.sel[0]["corps"] if CARDS[c].name != "Saturn Systems")
    kept = st.sel[0]["cards"][:4]
    st = act(st, 0, {"type": "corporation", "card": corp})
    st = act(st, 0, *({"type": "keep", "card": c} for c in kept), {"type": "done"})
    assert st.phase == "setup"  # the other player has not confirmed yet
    st = act(st, 1, {"type": "corporation", "card": st.sel[1]["corps"][0]}, {"type": "done"})
    assert st.players[0].hand == kept
    assert st.players[0].stock[0] == CARDS[corp].starting_mc - 12


def test_beginner_corporation_keeps_ten_free_cards() -> None:
    """§12.2: 42 M€ and all 10 cards, no choice at all."""
    st = ENGINE.setup(players=2, seed=3, options={"beginner": True})
    assert st.phase == "action"
    for player in st.players:
        assert player.corp == card("R00") and player.stock[0] == 42 and len(player.hand) == 10


def test_saturn_systems_gains_for_any_jovian_tag() -> None:
    st = position("040")  # Asteroid Mining, a Jovian card played by seat 0
    st.pw(1).corp = card("R03")
    p = play_card(st, "040")
    assert p.prod("mc", 1) == 1


def test_credicor_refunds_4_after_a_20_cost_card_or_project() -> None:
    st = position("040", corps=("R08", ""))
    p = play_card(st, "040")
    assert p.stock("mc") == 4
    st = game(2, corps=("R08", ""))
    set_stock(st, 0, mc=25)
    st = act(ready(st), 0, {"type": "project", "project": "city"}, space("r3c3"))
    assert st.players[0].stock[0] == 4


def test_credicor_no_refund_for_cheap_cards() -> None:
    p = play_card(position("003", corps=("R08", "")), "003")
    assert p.stock("mc") == 0


def test_phobolog_titanium_is_worth_4() -> None:
    st = game(2, corps=("R09", ""))
    set_stock(st, 0, titanium=2)
    assert capacity(ready(st).players[0], titanium=True) == 8


def test_thorgate_discounts_power_cards_and_the_power_plant() -> None:
    st = ready(game(2, corps=("R13", "")))
    assert card_cost(st.players[0], card("045")) == 7
    assert project_cost(st, 0, "power_plant") == 8


def test_ecoline_needs_7_plants_for_a_greenery() -> None:
    st = game(2, corps=("R17", ""))
    set_stock(st, 0, plants=7)
    st = act(ready(st), 0, {"type": "convert", "resource": "plants"}, space("r3c3"))
    assert st.board["r3c3"] == ("greenery", 0, "") and st.players[0].stock[3] == 0


def test_helion_pays_cards_with_heat() -> None:
    st = position("003", corps=("R18", ""))
    set_stock(st, 0, mc=5, heat=20)
    p = play_card(st, "003", {"type": "pay", "resource": "heat", "amount": 8})
    assert p.after.players[0].stock[0] == 0 and p.after.players[0].stock[5] == 12


def test_helion_cannot_turn_mc_into_heat() -> None:
    st = game(2, corps=("R18", ""))
    set_stock(st, 0, mc=50, heat=7)
    legal = ENGINE.legal_actions(ready(st), 0)
    assert {"type": "convert", "resource": "heat"} not in legal


def test_interplanetary_cinematics_gains_2_per_event() -> None:
    p = play_card(position("062", corps=("R19", "")), "062")
    assert p.stock("mc") == 2 and p.stock("steel") == 5


def test_mining_guild_gains_steel_production_on_metal_spaces() -> None:
    st = game(2, corps=("R24", ""))
    set_stock(st, 0, mc=25)
    st = act(ready(st), 0, {"type": "project", "project": "city"}, space("r1c1"))
    assert st.players[0].prod[1] == 1  # r1c1 shows steel: +1 steel production
    assert st.players[0].stock[1] == 2


def test_teractor_discounts_earth_cards() -> None:
    st = ready(game(2, corps=("R30", "")))
    assert card_cost(st.players[0], card("068")) == 3


def test_tharsis_republic_first_action_and_city_income() -> None:
    st = _start("R31")
    assert ENGINE.legal_actions(st, st.active) != []
    seat = 0
    if st.active != seat:
        st = act(st, st.active, {"type": "pass"})
    assert ENGINE.legal_actions(st, seat) == [{"type": "first_action"}]
    st = act(st, seat, {"type": "first_action"}, space("r3c3"))
    player = st.players[seat]
    assert st.board["r3c3"] == ("city", seat, "")
    assert player.prod[0] == 1 and player.stock[0] == 40 + 3


def test_tharsis_republic_gains_production_for_other_players_cities() -> None:
    st = game(2, corps=("R31", ""))
    set_stock(st, 1, mc=25)
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "project", "project": "city"}, space("r3c3"))
    assert st.players[0].prod[0] == 1 and st.players[0].stock[0] == 0


def test_unmi_raises_tr_again_after_a_raise() -> None:
    st = game(2, corps=("R32", ""))
    set_stock(st, 0, mc=17, heat=8)
    st = ready(st)
    assert {"type": "use", "card": card("R32")} not in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "convert", "resource": "heat"})
    st = act(st, 0, {"type": "use", "card": card("R32")})
    assert st.players[0].tr == 22 and st.players[0].stock[0] == 14


def test_inventrix_first_action_draws_three() -> None:
    st = _start("R43")
    if st.active != 0:
        st = act(st, st.active, {"type": "pass"})
    st = act(st, 0, {"type": "first_action"})
    assert len(st.players[0].hand) == 3


def test_inventrix_requirements_are_two_steps_easier() -> None:
    st = game(2, corps=("R43", ""))
    st.oxygen = 7
    set_stock(st, 0, mc=20)
    give(st, 0, "001")
    assert play_block(ready(st), 0, card("001")) is None


def test_corporations_are_all_registered() -> None:
    corps = sorted(
        c.number
        for c in CARDS.values()
        if c.kind == "corporation" and c.module not in ("prelude", "colonies")
    )
    assert corps == [
        "R00",
        "R03",
        "R08",
        "R09",
        "R13",
        "R17",
        "R18",
        "R19",
        "R24",
        "R30",
        "R31",
        "R32",
        "R43",
    ]


def test_place_tiles_helper_counts_oceans() -> None:
    st = game(2)
    place_tiles(st, {"r1c2": ("ocean", -1)})
    assert st.oceans == 1
