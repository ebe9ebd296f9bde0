"""Rulings of the Prelude / Colonies expansions that reach into the base game.

Polyphemos's card price for cards bought during play, Minority Refuge / Pioneer Settlement
at the M€ production limit onto a tile whose build bonus offsets it, and Stormcraft's
floaters for every heat a card spends.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.terraforming_mars.bots import HeuristicBot, _Eval
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.kernel import DECISIONS
from games.terraforming_mars.payment import card_price, seat_card_price
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.terraforming_mars.text import describe_action
from games.terraforming_mars.view import _option_label, build_view
from tests.games.terraforming_mars.cardkit import position
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

COLONIES = {"colonies": True}
BUY = {"type": "choose", "option": "buy"}
DISCARD = {"type": "choose", "option": "discard"}


# --- Polyphemos: 5 M€ for every card bought into hand -------------------------------------------


def _looking(number: str, corp: str, mc: int) -> State:
    """Seat 0 (corporation `corp`) uses the look-and-buy action of `number` with `mc` M€."""
    st = position("C14", options=COLONIES)
    player = st.pw(0)
    player.corp = card(corp)
    in_play(st, 0, number)
    set_stock(st, 0, mc=mc, heat=0)
    st = act(ready(st), 0, {"type": "use", "card": card(number)})
    assert st.queue[0][0] == "look_buy"
    return st


@pytest.mark.parametrize("number", ["006", "110"])  # Inventors' Guild, Business Network
def test_polyphemos_pays_5_for_a_card_bought_in_play(number: str) -> None:
    st = _looking(number, "R11", mc=5)  # at the limit
    looked = st.queue[0][3]
    assert ENGINE.legal_actions(st, 0) == [BUY, DISCARD]
    after = act(st, 0, BUY)
    assert after.players[0].stock[0] == 0
    assert looked in after.players[0].hand


@pytest.mark.parametrize("number", ["006", "110"])
def test_polyphemos_cannot_buy_with_4_mc_in_play(number: str) -> None:
    st = _looking(number, "R11", mc=4)  # one short: 4 would do for anyone else
    assert ENGINE.legal_actions(st, 0) == [DISCARD]
    other = _looking(number, "R02", mc=3)  # Poseidon: the printed 3 M€
    assert BUY in ENGINE.legal_actions(other, 0)
    assert act(other, 0, BUY).players[0].stock[0] == 0


def test_the_buy_button_and_log_say_the_buyers_price() -> None:
    st = _looking("110", "R11", mc=9)
    label = _option_label(st, st.queue[0], BUY)["label"]
    assert label.say() == "Buy it for 5 M€"
    assert "Buy it for 5 M€" in describe_action(st, 0, BUY, 0).say()
    other = _looking("110", "R02", mc=9)
    assert _option_label(other, other.queue[0], BUY)["label"].say() == "Buy it for 3 M€"


def test_the_setup_screen_says_polyphemos_price() -> None:
    st = ENGINE.setup(players=2, seed=3, options=COLONIES).clone()
    st.sel[0] = {**st.sel[0], "corps": (card("R11"), card("R02"))}
    st.freeze()
    mine = build_view(ENGINE, st, 0)["selection"]["mine"]
    assert mine["price"] == 3  # no corporation chosen yet
    by_corp = {c["id"]: c["card_price"] for c in mine["corps"]}
    assert by_corp == {card("R11"): 5, card("R02"): 3}
    st = act(st, 0, {"type": "corporation", "card": card("R11")})
    st = act(st, 0, {"type": "keep", "card": st.sel[0]["cards"][0]})
    mine = build_view(ENGINE, st, 0)["selection"]["mine"]
    assert (mine["price"], mine["cost"]) == (5, 5)
    assert seat_card_price(st, 0) == 5 and card_price(card("R11")) == 5


def test_the_bot_prices_a_look_and_buy_at_polyphemos_price() -> None:
    bot = HeuristicBot()
    for corp, price in (("R11", 5), ("R02", 3)):
        st = _looking("110", corp, mc=20)
        ev = _Eval(st, 0)
        score = bot._choice_score(ev, st.queue[0], "buy")
        assert score == pytest.approx(ev.keep_value(st.queue[0][3]) - price)


def test_polyphemos_corporation_is_a_colonies_card() -> None:
    assert CARDS[card("R11")].module == "colonies"


# --- Stormcraft Incorporated: floaters as 2 heat each, wherever heat is spent ---------------------

HEAT = 5
STORMCRAFT = "R29"


def _stormcraft(heat: int, floaters: int, *numbers: str) -> State:
    st = position("C38", options=COLONIES)
    st.temperature = 0  # Caretaker Contract's requirement
    player = st.pw(0)
    player.corp = card(STORMCRAFT)
    player.res[card(STORMCRAFT)] = floaters
    set_stock(st, 0, heat=heat, mc=10)
    for number in numbers:
        in_play(st, 0, number)
    return st


def _amounts(st: State) -> list[int]:
    return [a["amount"] for a in ENGINE.legal_actions(st, 0)]


USE_CARETAKER = {"type": "use", "card": card("154")}


def test_caretaker_contract_refused_one_heat_short_with_floaters() -> None:
    st = ready(_stormcraft(1, 3, "154"))  # 1 + 3 × 2 = 7 of 8
    assert USE_CARETAKER not in ENGINE.legal_actions(st, 0)


def test_caretaker_contract_paid_with_floaters_at_the_limit() -> None:
    st = ready(_stormcraft(2, 3, "154"))  # 2 + 3 × 2 = 8: only one way
    assert USE_CARETAKER in ENGINE.legal_actions(st, 0)
    after = act(st, 0, USE_CARETAKER)
    player = after.players[0]
    assert (player.stock[HEAT], player.res[card(STORMCRAFT)]) == (0, 0)
    assert player.tr == st.players[0].tr + 1


def test_stormcraft_chooses_how_many_floaters_pay_a_card_action() -> None:
    st = ready(_stormcraft(6, 3, "154"))
    after = act(st, 0, USE_CARETAKER)
    assert after.queue[0][0] == "colonies_heat_spend"
    assert _amounts(after) == [1, 2, 3]  # at least 1 (6 heat), at most 3 floaters
    done = act(after, 0, {"type": "amount", "amount": 2})
    player = done.players[0]
    assert (player.stock[HEAT], player.res[card(STORMCRAFT)]) == (2, 1)
    assert player.tr == st.players[0].tr + 1


def test_without_floaters_a_card_action_spends_heat_as_before() -> None:
    st = ready(_stormcraft(8, 0, "154"))
    after = act(st, 0, USE_CARETAKER)
    assert after.players[0].stock[HEAT] == 0 and after.players[0].tr == st.players[0].tr + 1


def test_local_heat_trapping_may_be_paid_with_floaters() -> None:
    st = _stormcraft(0, 2)
    give(st, 0, "190")
    frozen = ready(st)  # 0 + 2 × 2 = 4 of 5: one short
    assert {"type": "play", "card": card("190")} not in ENGINE.legal_actions(frozen, 0)
    st = frozen.clone()
    st.pw(0).res[card(STORMCRAFT)] = 3  # 6 heat worth: at the limit
    frozen = ready(st)
    assert {"type": "play", "card": card("190")} in ENGINE.legal_actions(frozen, 0)
    after = act(frozen, 0, {"type": "play", "card": card("190")})
    while after.queue and after.queue[0][0] != "choice":
        after = act(after, 0, ENGINE.legal_actions(after, 0)[0])
    assert after.players[0].res[card(STORMCRAFT)] == 0 and after.players[0].stock[HEAT] == 0


# --- Minority Refuge / Pioneer Settlement: the colony's build bonus counts first ---------------

TILES5 = ("callisto", "ceres", "io", "luna", "triton")
MC = 0


def _refuge(number: str, mc_prod: int, *, luna_owners: tuple[int, ...] = ()) -> State:
    st = position(number, options=COLONIES)
    st.colonies = tuple((key, 1, luna_owners if key == "luna" else (), -1) for key in TILES5)
    st.pw(0).prod[MC] = mc_prod
    return st


def _colony_options(st: State) -> list[str]:
    return [a["colony"] for a in ENGINE.legal_actions(st, 0) if a["type"] == "colony"]


@pytest.mark.parametrize("number", ["C26", "C29"])  # Minority Refuge, Pioneer Settlement
@pytest.mark.parametrize("mc_prod", [-4, -5])
def test_colony_card_playable_below_minus_3_onto_luna_only(number: str, mc_prod: int) -> None:
    st = ready(_refuge(number, mc_prod))
    play = {"type": "play", "card": card(number)}
    assert play in ENGINE.legal_actions(st, 0)
    only = DECISIONS["colony_place"].options(st, ("colony_place", 0, card(number), False))
    assert only == [{"type": "colony", "colony": "luna"}]  # the tile that makes it legal
    done = resolve(act(st, 0, play), 0)  # one tile: placed without a question
    assert done.players[0].prod[MC] == mc_prod  # +2 from Luna, then -2
    assert dict((k, o) for k, _s, o, _t in done.colonies)["luna"] == (0,)


@pytest.mark.parametrize("number", ["C26", "C29"])
def test_colony_card_refused_at_minus_4_when_luna_is_not_open(number: str) -> None:
    st = ready(_refuge(number, -4, luna_owners=(1, 1, 1)))  # Luna full: -6 everywhere else
    assert {"type": "play", "card": card(number)} not in ENGINE.legal_actions(st, 0)
    assert play_block(st, 0, card(number)) is not None


@pytest.mark.parametrize("number", ["C26", "C29"])
def test_colony_card_at_minus_3_may_go_anywhere(number: str) -> None:
    st = ready(_refuge(number, -3))
    after = act(st, 0, {"type": "play", "card": card(number)})
    while after.queue[0][0] != "colony_place":
        after = act(after, 0, ENGINE.legal_actions(after, 0)[0])
    assert sorted(_colony_options(after)) == sorted(TILES5)
    done = act(after, 0, {"type": "colony", "colony": "io"})
    assert done.players[0].prod[MC] == -5


POSEIDON = "R02"


def _poseidon_refuge(number: str, mc_prod: int) -> State:
    """Seat 0 has Poseidon, Luna is full: only Poseidon's +1 M€ production can offset."""
    st = _refuge(number, mc_prod, luna_owners=(1, 1, 1))
    st.pw(0).corp = card(POSEIDON)
    return ready(st)


@pytest.mark.parametrize("number", ["C26", "C29"])
def test_colony_card_with_poseidon_playable_at_minus_4_without_luna(number: str) -> None:
    st = _poseidon_refuge(number, -4)
    play = {"type": "play", "card": card(number)}
    assert play_block(st, 0, card(number)) is None
    assert play in ENGINE.legal_actions(st, 0)
    after = act(st, 0, play)
    while after.queue[0][0] != "colony_place":
        after = act(after, 0, ENGINE.legal_actions(after, 0)[0])
    assert sorted(_colony_options(after)) == sorted(set(TILES5) - {"luna"})
    done = resolve(act(after, 0, {"type": "colony", "colony": "io"}), 0)
    assert done.players[0].prod[MC] == -5  # -4, +1 (Poseidon), -2
    assert dict((k, o) for k, _s, o, _t in done.colonies)["io"] == (0,)


@pytest.mark.parametrize("number", ["C26", "C29"])
def test_colony_card_with_poseidon_refused_at_minus_5_without_luna(number: str) -> None:
    st = _poseidon_refuge(number, -5)  # -5 + 1 - 2 = -6: below the minimum
    assert {"type": "play", "card": card(number)} not in ENGINE.legal_actions(st, 0)
    assert "production is too low" in str(play_block(st, 0, card(number)))


def test_another_players_poseidon_does_not_offset_the_drop() -> None:
    st = _refuge("C26", -4, luna_owners=(1, 1, 1))
    st.pw(1).corp = card(POSEIDON)  # its +1 M€ production goes to seat 1
    st = ready(st)
    assert "production is too low" in str(play_block(st, 0, card("C26")))


@pytest.mark.django_db
def test_the_drawn_setup_and_research_screens_say_5_mc_for_polyphemos(alice: Any, bob: Any) -> None:
    from lobby.rendering import board_html
    from lobby.services import seat_join, table_create

    table = table_create(user=alice, game="terraforming_mars", players=2, options=COLONIES)
    table = seat_join(code=table.code, user=bob)
    st = ENGINE.load(table.state).clone()
    st.sel[0] = {**st.sel[0], "corps": (card("R11"), card("R02"))}
    st.freeze()
    table.state = ENGINE.dump(st)
    table.save(update_fields=["state"])
    html = board_html(table, alice)
    assert "you buy them next, 3 M€ each" in html  # no corporation chosen yet
    assert "With it, each card you buy costs 5 M€." in html  # next to Polyphemos only
    assert html.count("each card you buy costs") == 1
    st = act(st, 0, {"type": "corporation", "card": card("R11")})
    table.state = ENGINE.dump(st)
    table.save(update_fields=["state"])
    html = board_html(table, alice)
    assert "Choose the cards to keep (5 M€ each)" in html
    assert "Keep (5 M€)" in html and "Keep (3 M€)" not in html
    # Research in generation 2 with Polyphemos in play.
    research = game(2, corps=("R11", "R02"), options=COLONIES)
    research.phase = "research"
    research.gen = 2
    research.sel = [{"stage": "cards", "cards": research.deck[:4], "kept": ()}, None]
    research.deck = research.deck[4:]
    set_stock(research, 0, mc=20)
    table.state = ENGINE.dump(ready(research))
    table.save(update_fields=["state"])
    html = board_html(table, alice)
    assert "Research: choose the cards to buy (5 M€ each)" in html
