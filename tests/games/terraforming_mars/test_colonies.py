"""The Colonies expansion (rules §14): tiles, Trade, Build Colony, the end of a generation."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import IllegalAction
from games.terraforming_mars.colonies import (
    COLONY_KEYS,
    TILES,
    deal_tiles,
    is_active,
    tile_count,
)
from games.terraforming_mars.state import State
from tests.games.kit import assert_valid_outcome
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    ready,
    resolve,
    set_stock,
)
from tests.games.terraforming_mars.test_properties import _check_cards_conserved

COLONIES = {"colonies": True}
RES = ("mc", "steel", "titanium", "plants", "energy", "heat")


def colony_game(tiles: tuple[str, ...], *, players: int = 2, mc: int = 100) -> State:
    """A writable game in generation 1's action phase with exactly these tiles (step 1)."""
    st = game(players, options=COLONIES, mc=mc)
    st.colonies = tuple((key, 1, (), -1) for key in tiles)
    return st


def set_tile(st: State, key: str, *, step: int | None = None, owners: tuple[int, ...] = ()) -> None:
    st.colonies = tuple(
        (k, s if step is None else step, owners, t) if k == key else (k, s, o, t)
        for k, s, o, t in st.colonies
    )


def tile(st: State, key: str) -> tuple[Any, ...]:
    return next(t for t in st.colonies if t[0] == key)


def trade(key: str, payment: str = "mc") -> dict[str, Any]:
    return {"type": "trade", "colony": key, "payment": payment}


def build(key: str) -> dict[str, Any]:
    return {"type": "colony", "colony": key}


def pay_all(st: State, seat: int) -> State:
    """Answer the payment steps (all in M€) and any decision of `seat`."""
    return resolve(st, seat)


def stocks(st: State, seat: int) -> dict[str, int]:
    return dict(zip(RES, st.players[seat].stock, strict=True))


def prods(st: State, seat: int) -> dict[str, int]:
    return dict(zip(RES, st.players[seat].prod, strict=True))


# --- setup ----------------------------------------------------------------------------------------


def test_option_off_by_default_deals_no_tiles() -> None:
    st = ENGINE.setup(players=2, seed=3, options={})
    assert st.colonies == ()
    assert not any(a["type"] in ("trade", "colony") for a in ENGINE.legal_actions(st, 0))


@pytest.mark.parametrize(("players", "count"), [(1, 4), (2, 5), (3, 5), (4, 6), (5, 7)])
def test_tile_count_is_players_plus_two_at_least_five_solo_four(players: int, count: int) -> None:
    assert tile_count(players) == count
    st = ENGINE.setup(players=players, seed=11, options=COLONIES)
    assert len(st.colonies) == count
    assert {t[0] for t in st.colonies} <= set(COLONY_KEYS)
    assert all(t[1:] == (1, (), -1) for t in st.colonies)


def test_tiles_drawn_from_the_seed() -> None:
    assert deal_tiles(5, 3) == deal_tiles(5, 3)
    drawn = {deal_tiles(seed, 2) for seed in range(30)}
    assert len(drawn) > 5  # different seeds, different tiles
    assert ENGINE.setup(players=3, seed=9, options=COLONIES) == ENGINE.setup(
        players=3, seed=9, options=COLONIES
    )


def test_colonies_turn_beginner_corporations_off() -> None:
    st = ENGINE.setup(players=2, seed=3, options={"colonies": True, "beginner": True})
    assert not st.settings.beginner and st.settings.colonies


def test_dump_and_load_keep_the_tiles_and_refuse_broken_ones() -> None:
    st = ready(colony_game(("luna", "io", "ceres", "pluto", "titan")))
    data = json.loads(json.dumps(ENGINE.dump(st)))
    assert ENGINE.load(data) == st
    for broken in (
        [["luna", 1, [0, 1, 0, 1], -1]],  # 4 colonies
        [["nowhere", 1, [], -1]],
        [["luna", 7, [], -1]],
        [["luna", 1, [5], -1]],
        [["luna", 1, [], 1], ["luna", 1, [], -1]],
    ):
        with pytest.raises(ValueError):
            ENGINE.load({**data, "colonies": broken})


def test_a_game_stored_before_the_expansion_still_loads() -> None:
    st = ENGINE.setup(players=2, seed=3, options={})
    data = json.loads(json.dumps(ENGINE.dump(st)))
    del data["colonies"]
    del data["options"]["colonies"]
    assert ENGINE.load(data) == st


# --- activation -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "holder"),
    [("enceladus", "131"), ("miranda", "054"), ("titan", None)],  # Decomposers, Small Animals
)
def test_resource_tiles_wait_for_a_card_that_holds_their_resource(
    key: str, holder: str | None
) -> None:
    st = colony_game((key, "luna", "io", "ceres", "triton"))
    assert TILES[key].needs
    assert not is_active(st, key)
    frozen = ready(st)
    legal = ENGINE.legal_actions(frozen, 0)
    assert trade(key) not in legal and build(key) not in legal
    with pytest.raises(IllegalAction, match="not active"):
        ENGINE.apply(frozen, 0, trade(key))
    # The end of a generation leaves an inactive marker where it is.
    if holder is None:
        return  # no floater card exists before the Colonies cards
    st = frozen.clone()
    in_play(st, 1, holder)  # the other player's card activates it for everyone
    frozen = ready(st)
    assert is_active(frozen, key)
    assert trade(key) in ENGINE.legal_actions(frozen, 0)
    assert build(key) in ENGINE.legal_actions(frozen, 0)


def test_inactive_marker_does_not_rise_at_the_end_of_the_generation() -> None:
    st = ready(colony_game(("titan", "luna", "io", "ceres", "triton")))
    st = end_generation_of(st)
    assert tile(st, "titan")[1] == 1
    assert tile(st, "luna")[1] == 2


# --- build bonuses --------------------------------------------------------------------------------

BUILD = {
    "callisto": ({}, {"energy": 1}),
    "ceres": ({}, {"steel": 1}),
    "ganymede": ({}, {"plants": 1}),
    "io": ({}, {"heat": 1}),
    "luna": ({}, {"mc": 2}),
    "triton": ({"titanium": 3}, {}),
}


@pytest.mark.parametrize("key", sorted(BUILD))
def test_build_colony_standard_project_gives_the_build_bonus(key: str) -> None:
    stock_gain, prod_gain = BUILD[key]
    st = ready(colony_game((key, "pluto", "europa", "enceladus", "miranda"), mc=30))
    before_stock, before_prod = stocks(st, 0), prods(st, 0)
    st = pay_all(act(st, 0, build(key)), 0)
    assert tile(st, key)[2] == (0,)
    assert stocks(st, 0)["mc"] == 30 - 17
    for res in RES:
        if res != "mc":
            assert stocks(st, 0)[res] == before_stock[res] + stock_gain.get(res, 0)
        assert prods(st, 0)[res] == before_prod[res] + prod_gain.get(res, 0)


def test_pluto_build_bonus_draws_two_cards() -> None:
    st = ready(colony_game(("pluto", "luna", "io", "ceres", "triton"), mc=17))
    deck = len(st.deck)
    st = pay_all(act(st, 0, build("pluto")), 0)
    assert len(st.players[0].hand) == 2 and len(st.deck) == deck - 2
    assert st.players[0].stock[0] == 0


def test_europa_build_bonus_places_an_ocean() -> None:
    st = ready(colony_game(("europa", "luna", "io", "ceres", "triton"), mc=17))
    st = act(st, 0, build("europa"))
    st = resolve(st, 0)
    assert st.oceans == 1 and st.players[0].tr == 21


def test_enceladus_titan_miranda_build_bonus_on_a_card() -> None:
    st = colony_game(("enceladus", "miranda", "io", "ceres", "triton"), mc=40)
    in_play(st, 0, "131", "054")  # Decomposers (microbes), Small Animals (animals)
    st = ready(st)
    st = pay_all(act(st, 0, build("enceladus")), 0)
    assert st.players[0].res[card("131")] == 3
    st = act(st, 0, build("miranda"))
    st = pay_all(st, 0)
    assert st.players[0].res[card("054")] == 1


def test_build_colony_refusals() -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=16)
    set_tile(st, "io", owners=(1, 1, 1))
    set_tile(st, "ceres", owners=(0,))
    frozen = ready(st)
    with pytest.raises(IllegalAction, match="17 M€"):
        ENGINE.apply(frozen, 0, build("luna"))
    st = frozen.clone()
    set_stock(st, 0, mc=17)
    frozen = ready(st)
    assert build("luna") in ENGINE.legal_actions(frozen, 0)
    with pytest.raises(IllegalAction, match="3 colonies"):
        ENGINE.apply(frozen, 0, build("io"))
    with pytest.raises(IllegalAction, match="already have a colony"):
        ENGINE.apply(frozen, 0, build("ceres"))
    with pytest.raises(IllegalAction, match="no such colony"):
        ENGINE.apply(frozen, 0, build("europa"))


def test_colonies_take_the_next_slot_and_push_the_marker_up() -> None:
    st = ready(colony_game(("luna", "io", "ceres", "pluto", "triton"), players=3))
    st = pay_all(act(st, 0, build("luna")), 0)
    assert tile(st, "luna")[1:3] == (1, (0,))
    st = pay_all(act(st, 0, build("io")), 0)  # second action: turn passes to seat 1
    st = pay_all(act(st, 1, build("luna")), 1)
    assert tile(st, "luna")[1:3] == (2, (0, 1))
    st = pay_all(act(st, 1, build("io")), 1)
    st = pay_all(act(st, 2, build("luna")), 2)
    assert tile(st, "luna")[1:3] == (3, (0, 1, 2))
    assert st.players[2].prod[0] == 2


# --- trade income at every step -------------------------------------------------------------------

INCOME = {
    "callisto": ("energy", (0, 2, 3, 5, 7, 10, 13)),
    "ceres": ("steel", (1, 2, 3, 4, 6, 8, 10)),
    "ganymede": ("plants", (0, 1, 2, 3, 4, 5, 6)),
    "io": ("heat", (2, 3, 4, 6, 8, 10, 13)),
    "luna": ("mc", (1, 2, 4, 7, 10, 13, 17)),
    "triton": ("titanium", (0, 1, 1, 2, 3, 4, 5)),
}


@pytest.mark.parametrize("key", sorted(INCOME))
@pytest.mark.parametrize("step", range(7))
def test_trade_income_at_every_step(key: str, step: int) -> None:
    resource, amounts = INCOME[key]
    st = colony_game((key, "pluto", "europa", "enceladus", "miranda"), mc=9)
    set_tile(st, key, step=step)
    st = pay_all(act(ready(st), 0, trade(key)), 0)
    assert stocks(st, 0)[resource] == amounts[step] + (0 if resource != "mc" else 0)
    assert tile(st, key)[1] == 0 and tile(st, key)[3] == 0


@pytest.mark.parametrize("step", range(7))
def test_europa_trade_income_is_production_by_step(step: int) -> None:
    kinds = ("mc", "mc", "energy", "energy", "plants", "plants", "plants")
    st = colony_game(("europa", "luna", "io", "ceres", "triton"), mc=9)
    set_tile(st, "europa", step=step)
    st = pay_all(act(ready(st), 0, trade("europa")), 0)
    expected = dict.fromkeys(RES, 0)
    expected[kinds[step]] = 1
    assert prods(st, 0) == expected


@pytest.mark.parametrize("step", range(7))
def test_pluto_trade_income_draws_cards(step: int) -> None:
    st = colony_game(("pluto", "luna", "io", "ceres", "triton"), mc=9)
    set_tile(st, "pluto", step=step)
    st = pay_all(act(ready(st), 0, trade("pluto")), 0)
    assert len(st.players[0].hand) == (0, 1, 2, 2, 3, 3, 4)[step]


@pytest.mark.parametrize(
    ("key", "holder", "amounts"),
    [
        ("enceladus", "131", (0, 1, 2, 3, 4, 4, 5)),  # Decomposers
        ("miranda", "054", (0, 1, 1, 2, 2, 3, 3)),  # Small Animals
    ],
)
@pytest.mark.parametrize("step", range(7))
def test_card_resource_trade_income_by_step(
    key: str, holder: str, amounts: tuple[int, ...], step: int
) -> None:
    st = colony_game((key, "luna", "io", "ceres", "triton"), mc=9)
    in_play(st, 0, holder)
    set_tile(st, key, step=step)
    st = pay_all(act(ready(st), 0, trade(key)), 0)
    assert st.players[0].res.get(card(holder), 0) == amounts[step]


# --- colony bonuses -------------------------------------------------------------------------------

BONUS = {
    "callisto": ("energy", 3),
    "ceres": ("steel", 2),
    "ganymede": ("plants", 1),
    "io": ("heat", 2),
    "luna": ("mc", 2),
    "triton": ("titanium", 1),
    "europa": ("mc", 1),
}


@pytest.mark.parametrize("key", sorted(BONUS))
def test_colony_bonus_goes_to_every_colony_owner_once_per_colony(key: str) -> None:
    resource, amount = BONUS[key]
    st = colony_game((key, "pluto", "enceladus", "miranda", "titan"), players=3, mc=0)
    set_stock(st, 2, mc=9)
    st.active = 2
    set_tile(st, key, step=4, owners=(0, 1))
    st = pay_all(act(ready(st), 2, trade(key)), 2)
    for seat in (0, 1):
        assert stocks(st, seat)[resource] == amount
    assert tile(st, key)[1] == 2  # back to the number of colonies


def test_trader_with_a_colony_gets_income_and_bonus() -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=9)
    set_tile(st, "luna", step=3, owners=(0,))
    st = pay_all(act(ready(st), 0, trade("luna")), 0)
    assert stocks(st, 0)["mc"] == 7 + 2


def test_card_resource_colony_bonus_is_the_owners_off_turn_choice() -> None:
    """Seat 1 owns the Enceladus colony and two microbe cards: it chooses in seat 0's turn."""
    st = colony_game(("enceladus", "luna", "io", "ceres", "triton"), mc=9)
    in_play(st, 1, "131", "034")  # Decomposers, GHG Producing Bacteria
    set_tile(st, "enceladus", step=1, owners=(1,))
    st = ready(st)
    st = act(st, 0, trade("enceladus"))
    st = resolve(st, 0)
    assert ENGINE.to_move(st) == {1}
    options = ENGINE.legal_actions(st, 1)
    assert {"type": "card", "card": card("034")} in options
    st = act(st, 1, {"type": "card", "card": card("034")})
    assert st.players[1].res[card("034")] == 1
    assert ENGINE.to_move(st) == {0}  # the trader's turn goes on: second action


def test_pluto_colony_bonus_draws_at_once_and_discards_after_the_turn() -> None:
    """BGA's way (§14): the owner draws now; the discard waits for the end of the turn
    (test_pluto_discard.py has the rest)."""
    st = colony_game(("pluto", "luna", "io", "ceres", "triton"), mc=9)
    give(st, 1, "001")
    set_tile(st, "pluto", step=1, owners=(1,))
    st = ready(st)
    st = act(st, 0, trade("pluto"))
    st = resolve(st, 0)
    assert ENGINE.to_move(st) == {0}  # the trader goes on
    assert len(st.players[1].hand) == 2
    assert ENGINE.legal_actions(st, 1) == []
    drawn = st.players[1].hand[1]
    st = act(st, 0, {"type": "end_turn"})
    assert ENGINE.to_move(st) == {1}
    st = act(st, 1, {"type": "discard", "card": card("001")})
    assert st.players[1].hand == (drawn,)
    assert card("001") in st.discard
    assert ENGINE.to_move(st) == {1} and st.active == 1
    # The other players never see the card drawn.
    assert drawn in ENGINE.secret_tokens(st, 0)
    assert drawn not in ENGINE.secret_tokens(st, 1)


# --- trade payment and refusals -------------------------------------------------------------------


@pytest.mark.parametrize(("payment", "spent"), [("energy", "energy"), ("titanium", "titanium")])
def test_trade_paid_with_3_energy_or_3_titanium(payment: str, spent: str) -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=0)
    set_stock(st, 0, **{spent: 3})
    frozen = ready(st)
    assert trade("luna", "mc") not in ENGINE.legal_actions(frozen, 0)
    st = pay_all(act(frozen, 0, trade("luna", payment)), 0)
    assert stocks(st, 0)[spent] == 0 and stocks(st, 0)["mc"] == 2


def test_trade_refused_one_short_of_each_payment() -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=8)
    set_stock(st, 0, energy=2, titanium=2)
    frozen = ready(st)
    legal = ENGINE.legal_actions(frozen, 0)
    assert not any(a["type"] == "trade" for a in legal)
    with pytest.raises(IllegalAction, match="9 M€"):
        ENGINE.apply(frozen, 0, trade("luna"))
    with pytest.raises(IllegalAction, match="3 energy"):
        ENGINE.apply(frozen, 0, trade("luna", "energy"))
    with pytest.raises(IllegalAction, match="3 titanium"):
        ENGINE.apply(frozen, 0, trade("luna", "titanium"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(frozen, 0, trade("luna", "steel"))
    with pytest.raises(IllegalAction):
        ENGINE.apply(frozen, 0, {"type": "trade", "colony": "luna\x00", "payment": "mc"})


def test_helion_heat_pays_the_trade() -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=4)
    st.pw(0).corp = card("R18")  # Helion: heat pays as M€
    set_stock(st, 0, heat=4)
    frozen = ready(st)
    assert trade("luna") not in ENGINE.legal_actions(frozen, 0)
    st = frozen.clone()
    set_stock(st, 0, heat=5)
    st = resolve(act(ready(st), 0, trade("luna")), 0)
    assert stocks(st, 0)["mc"] + stocks(st, 0)["heat"] == 0 + 2


def test_one_fleet_and_one_visit_per_tile_each_generation() -> None:
    st = ready(colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=30))
    st = pay_all(act(st, 0, trade("luna")), 0)
    with pytest.raises(IllegalAction, match="trade fleets are out"):
        ENGINE.apply(st, 0, trade("io"))
    st = act(st, 0, {"type": "end_turn"})
    with pytest.raises(IllegalAction, match="already visited"):
        ENGINE.apply(st, 1, trade("luna"))
    assert trade("io") in ENGINE.legal_actions(st, 1)
    # Colonies may still be built on a visited tile.
    assert build("luna") in ENGINE.legal_actions(st, 1)


def test_trade_without_the_expansion_is_refused_in_words() -> None:
    st = ready(game(2, mc=50))
    with pytest.raises(IllegalAction, match="without the Colonies"):
        ENGINE.apply(st, 0, trade("luna"))
    with pytest.raises(IllegalAction, match="without the Colonies"):
        ENGINE.apply(st, 0, build("luna"))


# --- the end of the generation --------------------------------------------------------------------


def end_generation_of(st: State) -> State:
    """Both players pass: production, then the research phase of the next generation."""
    for _ in range(st.n):
        st = act(st, st.active, {"type": "pass"})
    return st


def test_fleets_return_and_markers_rise_at_the_end_of_the_generation() -> None:
    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=30)
    set_tile(st, "ceres", step=6)
    st = ready(st)
    st = pay_all(act(st, 0, trade("luna")), 0)
    assert tile(st, "luna")[1:] == (0, (), 0)
    st = act(st, 0, {"type": "end_turn"})
    st = act(st, 1, {"type": "pass"})
    st = act(st, 0, {"type": "pass"})
    assert st.gen == 2
    assert tile(st, "luna") == ("luna", 1, (), -1)  # back from 0, fleet home
    assert tile(st, "io")[1] == 2
    assert tile(st, "ceres")[1] == 6  # max 6
    assert any(entry[2] == "colony_markers" for entry in st.log)


# --- words ----------------------------------------------------------------------------------------


def test_trade_and_colony_log_lines_in_words() -> None:
    from games.terraforming_mars.text import log_text

    st = colony_game(("luna", "io", "ceres", "pluto", "triton"), mc=40)
    set_tile(st, "io", step=2)
    st = ready(st)
    before = st
    st = pay_all(act(st, 0, build("luna")), 0)
    assert ENGINE.describe(before, st, 0, build("luna"), 1) == "built a colony on Luna"
    before = st
    st = pay_all(act(st, 0, trade("io")), 0)
    assert ENGINE.describe(before, st, 0, trade("io"), 1) == ("traded with Io, paying with M€")
    lines = [str(log_text(entry)) for entry in st.log]
    assert "builds a colony on Luna." in lines
    assert "gets +2 M€ production from Luna." in lines
    assert "trades with Io for 9 M€." in lines
    assert "gets 4 heat from Io." in lines


# --- determinism and the soak ---------------------------------------------------------------------


def _colony_playout(players: int, seed: int, options: dict[str, Any]) -> list[State]:
    """A random game that takes the Trade and Build Colony choices whenever it draws them."""
    pick = random.Random(seed)
    st = ENGINE.setup(players=players, seed=seed, options=ENGINE.validate_options(options))
    states = [st]
    for _ in range(40_000):
        seats = sorted(ENGINE.to_move(st))
        if not seats:
            return states
        seat = pick.choice(seats)
        legal = ENGINE.legal_actions(st, seat)
        colony = [a for a in legal if a["type"] in ("trade", "colony")]
        action = pick.choice(colony if colony and pick.random() < 0.5 else legal)
        after = ENGINE.apply(st, seat, action)
        assert str(ENGINE.describe(st, after, seat, action, None))
        st = after
        states.append(st)
    raise AssertionError("the game did not end")


def test_same_seed_same_choices_same_game() -> None:
    first = _colony_playout(2, 41, COLONIES)
    again = _colony_playout(2, 41, COLONIES)
    assert first[-1] == again[-1] and len(first) == len(again)
    assert first[-1].phase == "over"
    assert any(t[2] for t in first[-1].colonies)  # colonies were built


@pytest.mark.slow
def test_soak_colonies_with_maps_draft_solo_corporate_era_and_prelude() -> None:
    maps = ("tharsis", "hellas", "elysium", "vastitas_borealis")
    for game_no in range(40):
        players = 1 + game_no % 5
        options = {
            "colonies": True,
            "map": maps[game_no % 4],
            "draft": game_no % 3 == 0,
            "corporate_era": game_no % 2 == 0,
            "strict_red_frame": game_no % 7 == 0,
            "prelude": game_no % 4 == 1,  # §13 too: both expansions together
        }
        states = _colony_playout(players, 9000 + game_no, options)
        final = states[-1]
        _check_cards_conserved(final)
        assert_valid_outcome(ENGINE.outcome(final), players, ties_share=False)
        for st in states[:: max(1, len(states) // 20)]:
            assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(st)))) == st
            for seat in ENGINE.to_move(st):
                assert ENGINE.legal_actions(st, seat)


def test_the_turn_options_agree_with_the_refusals() -> None:
    """colony_options (worked out once per turn) says what trade_block / colony_block say."""
    from games.terraforming_mars.colonies import (
        BUILD_COLONY_COST,
        TRADE_PAYMENTS,
        colony_block,
        colony_options,
        trade_block,
    )

    checked = 0
    for st in _colony_playout(3, 77, COLONIES)[::3]:
        if st.phase != "action" or st.queue:
            continue
        seat = st.active
        slow = [
            {"type": "trade", "colony": key, "payment": way}
            for key, *_ in st.colonies
            for way in TRADE_PAYMENTS
            if trade_block(st, seat, key, way) is None
        ] + [
            {"type": "colony", "colony": key}
            for key, *_ in st.colonies
            if colony_block(st, seat, key, pay=BUILD_COLONY_COST) is None
        ]
        assert colony_options(st, seat) == slow
        checked += 1
    assert checked > 40
