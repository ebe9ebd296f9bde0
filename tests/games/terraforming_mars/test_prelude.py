"""The Prelude expansion (rules §13): the option, deal / keep / play, and each of its 47 cards.

Preludes are played through the engine's own queue item ("prelude", seat, "", cards, count),
as at the start of generation 1; project cards and corporations as in the base card tests.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engine import IllegalAction
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.constants import (
    PRELUDE_UNPLAYABLE_MC,
    PRELUDES_DEALT,
    PRELUDES_KEPT,
    RES_INDEX,
    SOLO_TR63,
)
from games.terraforming_mars.milestones import MILESTONES
from games.terraforming_mars.phases import corporation_pool, project_pool, solo_won
from games.terraforming_mars.prelude import prelude_pool, valley_trust_preludes
from games.terraforming_mars.scoring import card_vp
from games.terraforming_mars.state import State
from games.terraforming_mars.view import build_view
from tests.games.terraforming_mars.cardkit import Played, play_card, position, use
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    in_play,
    place_tiles,
    ready,
    resolve,
    set_prod,
    set_stock,
    space,
)

PRELUDE = {"prelude": True}


# --- helpers --------------------------------------------------------------------------------


def _prelude_game(players: int = 2, corps: tuple[str, ...] | None = None, **kw: Any) -> State:
    st = game(players, corps=corps, options=PRELUDE, **kw)
    for seat in range(players):
        set_stock(st, seat, mc=20)
    return st


def play_preludes(
    st: State, numbers: tuple[str, ...], *choices: dict[str, Any], seat: int = 0
) -> Played:
    """Queue `numbers` as `seat`'s kept preludes, then play them (first option unless given)."""
    cards = tuple(card(n) for n in numbers)
    st.queue.append(("prelude", seat, "", cards, len(cards)))
    before = ready(st)
    after = resolve(before, seat, *choices)
    return Played(before, after, seat)


def run_prelude(number: str, *choices: dict[str, Any], **stock: int) -> Played:
    st = _prelude_game()
    if stock:
        set_stock(st, 0, **stock)
    return play_preludes(st, (number,), *choices)


def setup_choices(st: State, keep: dict[int, tuple[str, ...]] | None = None) -> State:
    """Every seat takes its first corporation, keeps 2 preludes (the first two or `keep`)."""
    for seat in range(st.n):
        choice = st.sel[seat]
        st = act(st, seat, {"type": "corporation", "card": choice["corps"][0]})
        wanted = (keep or {}).get(seat, choice["preludes"][:PRELUDES_KEPT])
        for prelude in wanted:
            st = act(st, seat, {"type": "keep", "card": prelude})
        st = act(st, seat, {"type": "done"})
    return st


# --- the option and the deal -----------------------------------------------------------------


def test_the_option_is_off_by_default_and_keeps_every_prelude_card_out() -> None:
    st = ENGINE.setup(players=2, seed=1, options={})
    assert not st.settings.prelude
    assert all("preludes" not in choice for choice in st.sel)
    prelude_cards = {c for c, info in CARDS.items() if info.module == "prelude"}
    assert not prelude_cards & set(project_pool(st.settings))
    assert not prelude_cards & set(corporation_pool(st.settings))


def test_with_prelude_the_projects_and_corporations_join_the_decks() -> None:
    st = ENGINE.setup(players=2, seed=1, options=PRELUDE)
    pool = project_pool(st.settings)
    assert len(pool) == 215 and {f"TM-P{n}" for n in range(36, 43)} <= set(pool)
    corps = corporation_pool(st.settings)
    assert len(corps) == 17
    assert {"TM-R10", "TM-R16", "TM-R27", "TM-R34", "TM-R35"} <= set(corps)
    assert len(prelude_pool()) == 35


def test_four_different_preludes_are_dealt_to_each_player() -> None:
    st = ENGINE.setup(players=4, seed=9, options=PRELUDE)
    dealt = [choice["preludes"] for choice in st.sel]
    assert all(len(hand) == PRELUDES_DEALT for hand in dealt)
    flat = [c for hand in dealt for c in hand]
    assert len(set(flat)) == 16 and all(CARDS[c].kind == "prelude" for c in flat)
    assert not set(valley_trust_preludes(st)) & set(flat)


def test_beginner_corporations_are_not_combined_with_prelude() -> None:
    st = ENGINE.setup(players=2, seed=1, options={"prelude": True, "beginner": True})
    assert not st.settings.beginner
    assert all(choice["stage"] == "corp" for choice in st.sel)


def test_the_choice_is_confirmed_only_with_two_preludes_kept() -> None:
    st = ENGINE.setup(players=2, seed=3, options=PRELUDE)
    choice = st.sel[0]
    st = act(st, 0, {"type": "corporation", "card": choice["corps"][0]})
    assert {"type": "done"} not in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "keep", "card": choice["preludes"][0]})
    assert {"type": "done"} not in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "keep", "card": choice["preludes"][1]})
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "done"} in legal
    # a third prelude may not be kept; a kept one may be put back
    assert {"type": "keep", "card": choice["preludes"][2]} not in legal
    assert {"type": "release", "card": choice["preludes"][0]} in legal
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 0, {"type": "keep", "card": choice["preludes"][2]})


def test_kept_preludes_are_played_in_turn_order_before_the_first_action() -> None:
    st = ENGINE.setup(players=3, seed=11, options=PRELUDE)
    kept = {seat: st.sel[seat]["preludes"][:2] for seat in range(3)}
    st = setup_choices(st, kept)
    assert st.phase == "action" and st.gen == 1
    order = [(st.first + k) % 3 for k in range(3)]
    for seat in order:
        assert ENGINE.to_move(st) == {seat}
        assert st.queue[0][0] == "prelude" and st.queue[0][1] == seat
        for _ in range(PRELUDES_KEPT):
            if st.queue and st.queue[0][0] == "prelude" and st.queue[0][1] == seat:
                legal = ENGINE.legal_actions(st, seat)
                assert all(a["card"] in kept[seat] for a in legal)
            st = resolve(st, seat)
        played = set(st.players[seat].played) | {
            c for c in kept[seat] if c not in st.players[seat].played
        }
        assert set(kept[seat]) <= played
    # the preludes are in the tableaux (or discarded for 15 M€); the first player acts
    assert not any(item[0] == "prelude" for item in st.queue)
    assert ENGINE.to_move(st) == {st.first} and not st.queue


def test_hidden_preludes_never_reach_another_seat_or_a_spectator() -> None:
    st = ENGINE.setup(players=2, seed=5, options=PRELUDE)
    mine = set(st.sel[0]["preludes"])
    names = [str(CARDS[c].name) for c in mine]

    def shown(state: State, viewer: int | None) -> str:
        return json.dumps(build_view(ENGINE, state, viewer), default=str, ensure_ascii=False)

    assert mine <= ENGINE.secret_tokens(st, 1) and mine <= ENGINE.secret_tokens(st, None)
    assert not mine & ENGINE.secret_tokens(st, 0)
    assert all(name in shown(st, 0) for name in names)
    for state in (st, setup_choices(st)):
        for viewer in (1, None):
            text = shown(state, viewer)
            for item in state.queue:
                if item[0] == "prelude" and item[1] == 0:
                    assert not any(str(CARDS[c].name) in text for c in item[3])
            assert set(state.sel[0]["kept_preludes"] if state.sel[0] else ()) <= set(
                ENGINE.secret_tokens(state, viewer)
            )
    after = setup_choices(st)
    waiting = next(item for item in after.queue if item[0] == "prelude" and item[1] == 0)
    assert set(waiting[3]) <= ENGINE.secret_tokens(after, 1)
    assert set(waiting[3]) <= ENGINE.secret_tokens(after, None)
    # the owner sees them in the decision; once played they are public
    seat0 = after
    while any(item[0] == "prelude" and item[1] == 0 for item in seat0.queue):
        seat = seat0.queue[0][1]
        seat0 = resolve(seat0, seat)
    for prelude in waiting[3]:
        if prelude in seat0.players[0].played:
            assert prelude not in ENGINE.secret_tokens(seat0, 1)
            assert str(CARDS[prelude].name) in shown(seat0, 1)


def test_a_prelude_that_cannot_be_resolved_is_discarded_for_15_mc() -> None:
    st = _prelude_game()
    set_stock(st, 0, mc=5)  # Business Empire costs 6 M€
    before = ready(st.clone())
    st.queue.append(("prelude", 0, "", (card("P06"),), 1))
    st = ready(st)
    assert ENGINE.legal_actions(st, 0) == [{"type": "discard", "card": card("P06")}]
    after = resolve(st, 0)
    assert after.players[0].stock[0] == 5 + PRELUDE_UNPLAYABLE_MC
    assert card("P06") not in after.players[0].played
    assert after.players[0].prod == before.players[0].prod


def test_at_the_limit_the_payment_is_made() -> None:
    played = run_prelude("P06", mc=6)
    assert played.stock("mc") == -6 and played.prod("mc") == 6


def test_helion_may_pay_a_prelude_with_heat() -> None:
    """§13 + §5: "pay 6 M€" on Business Empire is a payment; Helion's heat counts for it."""
    st = _prelude_game(corps=("R18", ""))
    set_stock(st, 0, mc=2, heat=3)  # 5 in all: one short
    st.queue.append(("prelude", 0, "", (card("P06"),), 1))
    st = ready(st)
    assert ENGINE.legal_actions(st, 0) == [{"type": "discard", "card": card("P06")}]
    st = _prelude_game(corps=("R18", ""))
    set_stock(st, 0, mc=2, heat=4)  # 6 in all: at the limit
    st.queue.append(("prelude", 0, "", (card("P06"),), 1))
    after = act(ready(st), 0, {"type": "card", "card": card("P06")})  # only 4 heat + 2 M€ works
    player = after.players[0]
    assert card("P06") in player.played
    assert (player.stock[RES_INDEX["mc"]], player.stock[RES_INDEX["heat"]]) == (0, 0)
    assert player.prod[RES_INDEX["mc"]] == 6


def test_helion_chooses_how_much_heat_pays_a_prelude() -> None:
    st = _prelude_game(corps=("R18", ""))
    set_stock(st, 0, mc=10, heat=3)
    st.queue.append(("prelude", 0, "", (card("P15"),), 1))  # Huge Asteroid: pay 5 M€
    st = act(ready(st), 0, {"type": "card", "card": card("P15")})
    while st.queue[0][0] != "pay_with":  # the temperature steps first, then the payment
        st = act(st, 0, ENGINE.legal_actions(st, 0)[0])
    options = ENGINE.legal_actions(st, 0)
    assert [a["amount"] for a in options] == [0, 1, 2, 3]
    after = act(st, 0, {"type": "pay", "resource": "heat", "amount": 2})
    player = after.players[0]
    assert (player.stock[RES_INDEX["mc"]], player.stock[RES_INDEX["heat"]]) == (7, 1)


def test_loan_is_unresolvable_when_mc_production_cannot_drop_two_steps() -> None:
    st = _prelude_game()
    set_prod(st, 0, mc=-4)
    played = play_preludes(st, ("P17",))
    assert played.stock("mc") == PRELUDE_UNPLAYABLE_MC and played.prod("mc") == 0
    st = _prelude_game()
    set_prod(st, 0, mc=-3)
    played = play_preludes(st, ("P17",))
    assert played.stock("mc") == 30 and played.prod("mc") == -2


def test_a_playable_prelude_comes_first_and_may_enable_the_other() -> None:
    st = _prelude_game()
    set_stock(st, 0, mc=0)
    st.queue.append(("prelude", 0, "", (card("P06"), card("P08")), 2))
    st = ready(st)
    assert ENGINE.legal_actions(st, 0) == [{"type": "card", "card": card("P08")}]
    st = act(st, 0, {"type": "card", "card": card("P08")})
    st = resolve(st, 0)
    player = st.players[0]
    assert player.stock[0] == 21 - 6 and player.prod[0] == 6
    assert player.played[-2:] == (card("P08"), card("P06"))


def test_two_playable_preludes_are_played_in_the_order_chosen() -> None:
    st = _prelude_game()
    st.queue.append(("prelude", 0, "", (card("P01"), card("P27")), 2))
    st = ready(st)
    legal = ENGINE.legal_actions(st, 0)
    assert {a["card"] for a in legal} == {card("P01"), card("P27")}
    st = resolve(st, 0, {"type": "card", "card": card("P27")})
    assert st.players[0].played[-2:] == (card("P27"), card("P01"))


# --- every prelude ------------------------------------------------------------------------------

# number: (production changes, stock changes, TR change, cards drawn)
SIMPLE: dict[str, tuple[dict[str, int], dict[str, int], int, int]] = {
    "P01": ({"mc": 4}, {"mc": 3}, 0, 0),
    "P03": ({"energy": 1, "plants": 1}, {"plants": 2}, 0, 0),
    "P04": ({"plants": 1}, {}, 0, 3),
    "P05": ({"mc": -1, "plants": 2}, {}, 0, 0),
    "P06": ({"mc": 6}, {"mc": -6}, 0, 0),
    "P07": ({"mc": 2, "plants": 1}, {}, 0, 0),
    "P08": ({}, {"mc": 21}, 0, 0),
    "P13": ({"titanium": 2}, {"mc": -5}, 0, 0),
    "P16": ({"titanium": 1}, {}, 0, 1),
    "P17": ({"mc": -2}, {"mc": 30}, 0, 0),
    "P18": ({"energy": 1, "steel": 1}, {"mc": 6}, 0, 0),
    "P19": ({}, {"titanium": 4, "steel": 4}, 1, 0),
    "P20": ({"mc": 1, "steel": 1, "titanium": 1}, {}, 0, 0),
    "P21": ({"steel": 2}, {"steel": 4}, 0, 0),
    "P22": ({"heat": 3}, {"heat": 3}, 0, 0),
    "P23": ({"steel": 1, "heat": 2}, {"heat": 2}, 0, 0),
    "P24": ({"plants": 1}, {"mc": 5}, 1, 0),
    "P25": ({"titanium": 1}, {"titanium": 4}, 0, 0),
    "P27": ({"energy": 3}, {}, 0, 0),
    "P28": ({"mc": 1}, {}, 0, 3),
    "P30": ({}, {"steel": 5}, 2, 0),
    "P31": ({"mc": -1, "plants": 1, "energy": 1, "heat": 1}, {}, 0, 0),
    "P32": ({"energy": 2}, {"steel": 4}, 0, 0),
    "P33": ({}, {"titanium": 3, "steel": 8, "plants": 3}, 0, 0),
    "P34": ({}, {}, 3, 1),
}


@pytest.mark.parametrize("number", sorted(SIMPLE))
def test_each_simple_prelude_does_what_it_says(number: str) -> None:
    prod, stock, tr, drawn = SIMPLE[number]
    played = run_prelude(number)
    for res in RES_INDEX:
        assert played.prod(res) == prod.get(res, 0), res
        assert played.stock(res) == stock.get(res, 0), res
    assert played.tr() == tr
    assert len(played.after.players[0].hand) == drawn
    assert card(number) in played.after.players[0].played


def test_preludes_with_tiles() -> None:
    for number, kinds, tr in (
        ("P02", ["ocean"], 1),
        ("P09", ["city"], 0),
        ("P14", ["ocean", "ocean"], 2),
        ("P26", ["ocean"], 1),
        ("P29", ["city"], 0),
    ):
        played = run_prelude(number)
        assert sorted(t[0] for t in played.tiles) == sorted(kinds), number
        assert played.tr() == tr, number
    aquifer = run_prelude("P02")
    assert aquifer.prod("energy") == 2 and aquifer.stock("mc") <= -3 + 2  # an adjacency bonus
    early = run_prelude("P09")
    assert early.prod("plants") == 1
    polar = run_prelude("P26")
    assert polar.prod("heat") == 2
    settlement = run_prelude("P29")
    assert settlement.prod("mc") == 2


def test_huge_asteroid_raises_the_temperature_three_steps() -> None:
    played = run_prelude("P15")
    assert played.after.temperature == played.before.temperature + 6
    assert played.tr() == 3 and played.stock("mc") == -5
    assert played.prod("heat") == 1  # the -24 °C bonus


def test_smelting_plant_raises_oxygen_two_steps() -> None:
    played = run_prelude("P30")
    assert played.after.oxygen == 2


def test_experimental_forest_places_a_greenery_and_finds_two_plant_cards() -> None:
    played = run_prelude("P12")
    assert [t[0] for t in played.tiles] == ["greenery"]
    assert played.after.oxygen == 1 and played.tr() == 1
    hand = played.after.players[0].hand
    assert len(hand) == 2 and all("plant" in CARDS[c].tags for c in hand)
    shown = [c for c in played.before.deck if c not in played.after.deck]
    assert set(shown) - set(hand) == set(played.after.discard) - set(played.before.discard)
    assert all("plant" not in CARDS[c].tags for c in set(shown) - set(hand))


def test_acquired_space_agency_gains_titanium_and_finds_two_space_cards() -> None:
    played = run_prelude("P35")
    assert played.stock("titanium") == 6
    hand = played.after.players[0].hand
    assert len(hand) == 2 and all("space" in CARDS[c].tags for c in hand)


def test_ecology_experts_plays_a_card_ignoring_its_global_requirement() -> None:
    st = _prelude_game()
    give(st, 0, "P38")  # Martian Survey: oxygen 4 % or less…
    st.oxygen = 9  # …far from it
    set_stock(st, 0, mc=9)
    st.queue.append(("prelude", 0, "", (card("P10"),), 1))
    st = act(ready(st), 0, {"type": "card", "card": card("P10")})
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "card", "card": card("P38")} in legal and {"type": "skip"} in legal
    st = resolve(st, 0, {"type": "card", "card": card("P38")})
    player = st.players[0]
    assert card("P38") in player.events and player.stock[0] == 0
    assert player.prod[RES_INDEX["plants"]] == 1 and len(player.hand) == 2
    assert player.next_card == ()


def test_ecology_experts_may_play_nothing_and_the_help_is_gone() -> None:
    st = _prelude_game()
    give(st, 0, "P38")
    st.oxygen = 9
    st.queue.append(("prelude", 0, "", (card("P10"),), 1))
    st = resolve(ready(st), 0, {"type": "card", "card": card("P10")}, {"type": "skip"})
    assert st.players[0].next_card == ()
    assert st.players[0].hand == (card("P38"),)


def test_eccentric_sponsor_takes_25_mc_off_the_card() -> None:
    st = _prelude_game()
    give(st, 0, "P42")  # Space Hotels 12 M€, needs 2 Earth tags
    in_play(st, 0, "P40")  # Research Coordination: a wild tag
    set_stock(st, 0, mc=0)
    in_play(st, 0, "P41")
    give(st, 0, "006")  # Inventors' Guild costs 9 M€
    st.queue.append(("prelude", 0, "", (card("P11"),), 1))
    st = act(ready(st), 0, {"type": "card", "card": card("P11")})
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "card", "card": card("006")} in legal
    assert {"type": "card", "card": card("P42")} not in legal  # 1 wild tag: 1 Earth tag short
    st = resolve(st, 0, {"type": "card", "card": card("006")})
    assert card("006") in st.players[0].played and st.players[0].stock[0] == 0


# --- the project cards ------------------------------------------------------------------------


def test_house_printing() -> None:
    played = play_card(position("P36", options=PRELUDE), "P36")
    assert played.prod("steel") == 1
    assert card_vp(played.after, 0, card("P36")) == 1


def test_lava_tube_settlement_goes_on_a_volcanic_space_even_next_to_a_city() -> None:
    st = position("P37", options=PRELUDE)
    place_tiles(st, {"r3c2": ("city", 1)})  # next to the volcanic r2c2, r3c1, r4c1
    before = ready(st)
    after = act(before, 0, {"type": "play", "card": card("P37")})
    options = {a["space"] for a in ENGINE.legal_actions(after, 0)}
    assert options == {"r2c2", "r3c1", "r4c1", "r5c1"} - set(before.board)
    after = resolve(after, 0, space("r3c1"))
    player = after.players[0]
    assert after.board["r3c1"][:2] == ("city", 0)
    assert player.prod[RES_INDEX["energy"]] == before.players[0].prod[RES_INDEX["energy"]] - 1
    assert player.prod[0] == before.players[0].prod[0] + 2


def test_lava_tube_settlement_needs_energy_production() -> None:
    st = position("P37", options=PRELUDE)
    set_prod(st, 0, energy=0)
    assert ENGINE.play_block(ready(st), 0, card("P37")) is not None


def test_martian_survey_needs_oxygen_4_or_less() -> None:
    st = position("P38", options=PRELUDE)
    st.oxygen = 5
    assert ENGINE.play_block(ready(st), 0, card("P38")) is not None
    st = position("P38", options=PRELUDE)
    st.oxygen = 4
    played = play_card(st, "P38")
    assert len(played.after.players[0].hand) == 2
    assert card_vp(played.after, 0, card("P38")) == 1


def test_psychrophiles_needs_minus_20_or_colder() -> None:
    st = position("P39", options=PRELUDE)
    st.temperature = -18
    assert ENGINE.play_block(ready(st), 0, card("P39")) is not None
    st = position("P39", options=PRELUDE)
    st.temperature = -20
    played = play_card(st, "P39")
    assert card("P39") in played.after.players[0].played
    assert played.res("P39") == 0


def test_psychrophiles_collects_microbes_that_pay_for_plant_cards() -> None:
    st = game(2, options=PRELUDE)
    in_play(st, 0, "P39", res=2)
    set_stock(st, 0, mc=0)
    used = use(st, "P39")
    assert used.res("P39") == 3
    st = game(2, options=PRELUDE)
    in_play(st, 0, "P39", res=4)
    plant_card = "TM-169"  # Tundra Farming: 16 M€, a plant tag, temperature −6 °C or more
    assert "plant" in CARDS[plant_card].tags
    give(st, 0, plant_card[3:])
    st.temperature = 0
    set_stock(st, 0, mc=CARDS[plant_card].cost - 8)  # 4 microbes × 2 M€ pay the rest
    st = ready(st)
    assert ENGINE.play_block(st, 0, plant_card) is None
    after = act(st, 0, {"type": "play", "card": plant_card})
    after = resolve(after, 0)  # 4 microbes is the only way to pay: no question asked
    assert after.players[0].res[card("P39")] == 0
    assert after.players[0].stock[0] == 0
    assert plant_card in after.players[0].played
    poorer = st.clone()
    poorer.pw(0).res[card("P39")] = 3
    assert ENGINE.play_block(ready(poorer), 0, plant_card) is not None  # 2 M€ short


def test_psychrophiles_microbes_do_not_pay_for_other_cards() -> None:
    st = game(2, options=PRELUDE)
    in_play(st, 0, "P39", res=5)
    give(st, 0, "P41")  # SF Memorial: building, 7 M€
    set_stock(st, 0, mc=6)
    assert ENGINE.play_block(ready(st), 0, card("P41")) is not None


def test_research_coordination_is_a_wild_tag_for_requirements_and_milestones() -> None:
    st = position("P42", options=PRELUDE)  # two Earth cards put in play for the requirement
    earth = [c for c in st.players[0].played if "earth" in CARDS[c].tags]
    player = st.pw(0)
    player.played = tuple(c for c in player.played if c != earth[0])
    set_stock(st, 0, mc=12)
    assert ENGINE.play_block(ready(st.clone()), 0, card("P42")) is not None  # one short
    in_play(st, 0, "P40")
    assert ENGINE.play_block(ready(st.clone()), 0, card("P42")) is None  # the wild tag
    played = play_card(st, "P42")
    assert played.prod("mc") == 4
    # one more kind for Diversifier (test_wild_tag.py has the rest)
    assert MILESTONES["diversifier"].measure(played.after, 0) == 1 + len(
        {t for c in played.after.players[0].played for t in CARDS[c].tags if t != "wild"}
    )


def test_research_coordination_costs_4_and_does_nothing_else() -> None:
    played = play_card(position("P40", options=PRELUDE), "P40")
    assert all(played.prod(r) == 0 for r in RES_INDEX)
    assert played.after.players[0].tags[CARDS[card("P40")].tag_ids[0]] == 1


def test_sf_memorial() -> None:
    played = play_card(position("P41", options=PRELUDE), "P41")
    assert len(played.after.players[0].hand) == 1
    assert card_vp(played.after, 0, card("P41")) == 1


def test_space_hotels_needs_two_earth_tags() -> None:
    played = play_card(position("P42", options=PRELUDE), "P42")
    assert played.prod("mc") == 4


# --- the corporations -------------------------------------------------------------------------


def _corp_game(number: str) -> State:
    st = ENGINE.setup(players=2, seed=21, options=PRELUDE).clone()
    choice = dict(st.sel[0])
    choice["corps"] = (card(number), choice["corps"][1])
    st.sel[0] = choice
    st.freeze()
    return setup_choices(st)


def test_point_luna_draws_for_its_own_earth_tag_and_each_later_one() -> None:
    st = ENGINE.setup(players=2, seed=21, options=PRELUDE).clone()
    choice = dict(st.sel[0])
    choice["corps"] = (card("R10"), choice["corps"][1])
    st.sel[0] = choice
    st.freeze()
    st = act(st, 0, {"type": "corporation", "card": card("R10")})
    assert st.sel[0]["corp"] == card("R10")
    st = act(st, 0, *({"type": "keep", "card": c} for c in st.sel[0]["preludes"][:2]))
    st = act(st, 0, {"type": "done"})
    st = setup_choices_rest(st, 1)
    player = st.players[0]
    assert player.prod[RES_INDEX["titanium"]] >= 1
    assert len(player.hand) >= 1  # its own Earth tag drew a card
    later = game(2, corps=("R10", ""), options=PRELUDE)
    give(later, 0, "P42")
    played = play_preludes(later, ("P01",))  # Allied Bank: 1 Earth tag
    assert len(played.after.players[0].hand) == 2  # P42 stays, 1 drawn
    later = game(2, corps=("R10", ""), options=PRELUDE)
    played = play_preludes(later, ("P27",))  # Power Generation: no Earth tag
    assert played.after.players[0].hand == ()


def setup_choices_rest(st: State, seat: int) -> State:
    choice = st.sel[seat]
    st = act(st, seat, {"type": "corporation", "card": choice["corps"][0]})
    for prelude in st.sel[seat]["preludes"][:2]:
        st = act(st, seat, {"type": "keep", "card": prelude})
    return act(st, seat, {"type": "done"})


def test_cheung_shing_mars() -> None:
    st = game(2, corps=("R16", ""), options=PRELUDE)
    give(st, 0, "P41")
    set_stock(st, 0, mc=5)  # 7 M€ − 2
    played = play_card(st, "P41")
    assert played.after.players[0].stock[0] == 0
    corp = CARDS[card("R16")]
    assert corp.starting_mc == 44 and ("prod", "mc", 3) in corp.play


def test_robinson_industries_raises_a_lowest_production_for_4_mc() -> None:
    st = game(2, corps=("R27", ""), options=PRELUDE)
    set_prod(st, 0, mc=2, steel=1, titanium=0, plants=3, energy=0, heat=1)
    set_stock(st, 0, mc=4)
    before = ready(st)
    after = act(before, 0, {"type": "use", "card": card("R27")})
    legal = ENGINE.legal_actions(after, 0)
    assert {a["option"] for a in legal} == {"titanium", "energy"}
    after = resolve(after, 0, {"type": "choose", "option": "energy"})
    assert after.players[0].prod[RES_INDEX["energy"]] == 1
    assert after.players[0].stock[0] == 0
    st = game(2, corps=("R27", ""), options=PRELUDE)
    set_stock(st, 0, mc=3)
    assert {"type": "use", "card": card("R27")} not in ENGINE.legal_actions(ready(st), 0)


def test_valley_trust_plays_one_of_three_preludes_and_discounts_science() -> None:
    st = game(2, corps=("R34", ""), options=PRELUDE)
    st.pw(0).first_action = card("R34")
    set_stock(st, 0, mc=20)
    st = ready(st)
    assert ENGINE.legal_actions(st, 0) == [{"type": "first_action"}]
    three = valley_trust_preludes(st)
    assert len(three) == 3
    st = act(st, 0, {"type": "first_action"})
    legal = ENGINE.legal_actions(st, 0)
    assert {a["card"] for a in legal} <= set(three) and legal
    pick = legal[0]["card"]
    st = resolve(st, 0, legal[0])
    played = st.players[0].played
    assert pick in played and not (set(three) - {pick}) & set(played)
    check = game(2, corps=("R34", ""), options=PRELUDE)
    give(check, 0, "P38")
    from games.terraforming_mars.payment import card_cost

    assert card_cost(check.players[0], card("P38")) == 9 - 2


def test_vitor_funds_an_award_for_free_and_earns_3_mc_per_vp_card() -> None:
    st = game(2, corps=("R35", ""), options=PRELUDE)
    st.pw(0).first_action = card("R35")
    set_stock(st, 0, mc=0)
    st = ready(st)
    st = act(st, 0, {"type": "first_action"})
    legal = ENGINE.legal_actions(st, 0)
    assert legal and all(a["type"] == "fund" for a in legal)
    st = act(st, 0, legal[0])
    assert st.awards == ((legal[0]["award"], 0),) and st.players[0].stock[0] == 0
    st = game(2, corps=("R35", ""), options=PRELUDE)
    give(st, 0, "P41")
    set_stock(st, 0, mc=7)
    played = play_card(st, "P41")  # 1 VP
    assert played.after.players[0].stock[0] == 3
    st = game(2, corps=("R35", ""), options=PRELUDE)
    give(st, 0, "P40")
    set_stock(st, 0, mc=4)
    played = play_card(st, "P40")  # no VP icon
    assert played.after.players[0].stock[0] == 0


def test_vitor_starts_with_45_mc_and_its_own_3() -> None:
    st = _corp_game("R35")
    while any(item[0] == "prelude" and item[1] == 0 for item in st.queue):
        st = resolve(st, st.queue[0][1])
    player = st.players[0]
    assert player.corp == card("R35")
    # 45 printed + 3 for itself, minus the cards bought (none), before the preludes' M€
    mc_from_preludes = 0
    for prelude in player.played:
        for op in CARDS[prelude].play:
            if op[:2] == ("gain", "mc"):
                mc_from_preludes += op[2]
    assert player.stock[0] - mc_from_preludes in (48, 48 + PRELUDE_UNPLAYABLE_MC)


# --- milestones ---------------------------------------------------------------------------------


def test_preludes_are_not_project_cards_for_tycoon() -> None:
    st = game(2, options=PRELUDE)
    in_play(st, 0, "P01", "P27", "P36")
    assert MILESTONES["tycoon"].measure(ready(st), 0) == 1


# --- the whole game ---------------------------------------------------------------------------


def _random_game(seed: int, players: int, options: dict[str, Any]) -> tuple[State, list[Any]]:
    pick = random.Random(seed)
    st = ENGINE.setup(players=players, seed=seed, options=options)
    moves = []
    for _ in range(30_000):
        seats = sorted(ENGINE.to_move(st))
        if not seats:
            break
        seat = pick.choice(seats)
        action = pick.choice(ENGINE.legal_actions(st, seat))
        moves.append((seat, action))
        st = ENGINE.apply(st, seat, action)
    return st, moves


def test_solo_with_prelude_lasts_twelve_generations() -> None:
    final, _ = _random_game(4, 1, PRELUDE)
    assert final.phase == "over" and final.gen == 12
    assert ENGINE.round_info(final) == "Generation 12 of 12"


def test_the_solo_goal_labels_name_both_game_lengths() -> None:
    from games.terraforming_mars.constants import SOLO_GENERATIONS, SOLO_GENERATIONS_PRELUDE

    (solo,) = [option for option in ENGINE.options if option.key == "solo_mode"]
    labels = dict(solo.choices)
    assert set(labels) == {"standard", "tr63"}
    for label in labels.values():  # static labels: true with and without Prelude
        assert f"{SOLO_GENERATIONS}, or {SOLO_GENERATIONS_PRELUDE} with Prelude" in str(label)
    assert "TR 63" in str(labels["tr63"])


def test_setup_and_moves_rebuild_the_same_game() -> None:
    final, moves = _random_game(8, 3, {"prelude": True, "draft": True})
    again = ENGINE.setup(players=3, seed=8, options={"prelude": True, "draft": True})
    for seat, action in moves:
        again = ENGINE.apply(again, seat, action)
    assert again == final
    assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(final)))) == final
    assert any(CARDS[c].kind == "prelude" for p in final.players for c in p.played)


def test_a_game_stored_before_prelude_still_loads() -> None:
    st = ENGINE.setup(players=2, seed=2, options={})
    data = json.loads(json.dumps(ENGINE.dump(st)))
    del data["options"]["prelude"]
    assert ENGINE.load(data) == st


@pytest.mark.slow
@pytest.mark.parametrize("map_", ["tharsis", "hellas", "elysium", "vastitas_borealis"])
def test_soak_with_prelude_on_every_map_with_draft_solo_and_corporate_era(map_: str) -> None:
    for game_no in range(24):
        players = 1 + game_no % 5
        options = {
            "prelude": True,
            "map": map_,
            "draft": game_no % 2 == 0,
            "corporate_era": game_no % 3 != 0,
            "colonies": game_no % 2 == 1,  # §14 too: both expansions together
            # §11.3 TR63 in the solo games 5 and 15 (with Colonies, with and without
            # Corporate Era); the solo games 0, 10 and 20 keep the standard goal.
            "solo_mode": "tr63" if game_no % 10 == 5 else "standard",
        }
        final, _ = _random_game(900 + game_no, players, options)
        assert final.phase == "over", (map_, game_no)
        outcome = ENGINE.outcome(final)
        assert outcome is not None
        assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(final)))) == final
        if players == 1:
            assert final.gen == 12
            assert final.settings.solo_mode == options["solo_mode"]
            if options["solo_mode"] == "tr63":  # won at TR 63 whatever the parameters
                assert solo_won(final) == (final.players[0].tr >= SOLO_TR63)
                assert (outcome.scores[0] == 0) == (final.players[0].tr < SOLO_TR63)


def test_the_heuristic_bot_keeps_and_plays_its_best_preludes() -> None:
    from games.terraforming_mars.bots import HeuristicBot

    bot = HeuristicBot()
    pick = random.Random(3)
    st = ENGINE.setup(players=2, seed=13, options=PRELUDE)
    dealt = {seat: st.sel[seat]["preludes"] for seat in range(2)}
    kept: dict[int, tuple[str, ...]] = {}
    while st.phase == "setup":
        seat = min(ENGINE.to_move(st))
        st = ENGINE.apply(st, seat, bot.choose(ENGINE, st, seat, pick))
        if st.phase == "setup":
            kept[seat] = st.sel[seat]["kept_preludes"]
    for seat in range(2):
        assert len(kept[seat]) == PRELUDES_KEPT and set(kept[seat]) <= set(dealt[seat])
    for _ in range(200):
        if not any(item[0] == "prelude" for item in st.queue):
            break
        seat = min(ENGINE.to_move(st))
        st = ENGINE.apply(st, seat, bot.choose(ENGINE, st, seat, pick))
    for seat in range(2):
        preludes = [c for c in st.players[seat].played if CARDS[c].kind == "prelude"]
        assert set(preludes) <= set(kept[seat])
        assert len(preludes) == PRELUDES_KEPT or st.players[seat].stock[0] >= 15


def _german_states() -> dict[str, State]:
    st = ENGINE.setup(players=2, seed=17, options=PRELUDE)
    choice = st.sel[0]
    setup = act(st, 0, {"type": "corporation", "card": choice["corps"][0]})
    setup = act(setup, 0, *({"type": "keep", "card": c} for c in choice["preludes"][:2]))
    started = setup_choices(st)
    while started.queue and started.queue[0][1] != 0:
        started = resolve(started, started.queue[0][1])
    played = started
    while any(item[0] == "prelude" for item in played.queue):
        played = resolve(played, played.queue[0][1])
    return {"setup": setup, "prompt": started, "played": played}


@pytest.mark.django_db
@pytest.mark.parametrize("moment", ["setup", "prompt", "played"])
def test_the_prelude_board_reads_in_german_without_english(
    moment: str, alice: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lobby.rendering import board_html
    from lobby.services import seat_join, table_create
    from tests.i18n.marking import Findings, marking

    table = table_create(user=alice, game="terraforming_mars", players=2, options=PRELUDE)
    table = seat_join(code=table.code, user=bob)
    state = _german_states()[moment]
    if moment == "prompt":
        assert state.queue[0][0] == "prelude" and state.queue[0][1] == 0
    table.state = ENGINE.dump(state)
    table.save(update_fields=["state"])
    findings = Findings(allowed={alice.username, bob.username, str(table.code)})
    with marking("de", findings, monkeypatch):
        html = board_html(table, alice)
        findings.read_html(html)
    assert findings.clean, findings.report()
    if moment == "setup":
        assert "Prelude-Karten: 2 von 2 behalten" in html
    if moment == "prompt":
        assert "Welche Prelude-Karte spielst du jetzt aus?" in html
    if moment == "played":
        # The tableau's stack of preludes, its name marked as translated, holding both.
        assert (
            '<span class="tm-stack-name">⟦Prelude-Karten⟧</span> <span class="tm-stack-count">2'
            in html
        )


def test_space_hotels_is_refused_one_earth_tag_short() -> None:
    st = game(2, options=PRELUDE)
    give(st, 0, "P42")
    set_stock(st, 0, mc=12)
    in_play(st, 0, "P01")  # Allied Bank: one Earth tag
    assert ENGINE.play_block(ready(st.clone()), 0, card("P42")) is not None
    in_play(st, 0, "P34")  # UNMI Contractor: the second
    played = play_card(st, "P42")
    assert played.prod("mc") == 4


def test_played_preludes_tags_count_like_green_cards() -> None:
    st = _prelude_game()
    played = play_preludes(st, ("P01", "P34"))  # two Earth tags
    earth = CARDS[card("P01")].tag_ids[0]
    assert played.after.players[0].tags[earth] == 2
    st = played.after.clone()
    give(st, 0, "P42")
    set_stock(st, 0, mc=12)
    assert ENGINE.play_block(ready(st), 0, card("P42")) is None


def test_the_card_a_prelude_lets_you_play_may_be_none() -> None:
    st = _prelude_game()
    give(st, 0, "P38")
    st.queue.append(("prelude", 0, "", (card("P11"),), 1))
    st = act(ready(st), 0, {"type": "card", "card": card("P11")})
    view = build_view(ENGINE, st, 0)
    labels = [str(option["label"]) for option in view["prompt"]["options"]]
    assert labels == [str(CARDS[card("P38")].name), "Play no card"]


def test_preludes_are_not_project_cards_for_tactician() -> None:
    """Hellas' Tactician counts green and blue cards with a requirement: preludes never."""
    st = game(2, options={**PRELUDE, "map": "hellas"})
    in_play(st, 0, "P01", "P27", "P38")  # two preludes, an event with a requirement
    assert MILESTONES["tactician"].measure(ready(st.clone()), 0) == 0
    in_play(st, 0, "P39", "P42")  # Psychrophiles (blue), Space Hotels (green): both count
    assert MILESTONES["tactician"].measure(ready(st), 0) == 2
