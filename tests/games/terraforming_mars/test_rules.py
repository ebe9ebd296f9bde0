"""Rules of the base game on Tharsis: setup, generations, actions, tiles, the end."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.terraforming_mars.board import legal_spaces
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.phases import project_pool
from games.terraforming_mars.state import Settings
from tests.games.kit import assert_rejected
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

OCEANS = ("r1c2", "r1c4", "r1c5", "r2c6", "r4c8", "r5c4", "r5c5", "r5c6", "r6c6")


# --- setup (§2) ----------------------------------------------------------------------------------


def test_setup_deals_two_corporations_and_ten_cards_each() -> None:
    st = ENGINE.setup(players=4, seed=11, options={})
    assert st.phase == "setup" and st.gen == 1
    assert ENGINE.to_move(st) == frozenset(range(4))
    dealt = [c for choice in st.sel for c in choice["cards"]]
    corps = [c for choice in st.sel for c in choice["corps"]]
    assert len(dealt) == 40 == len(set(dealt)) and len(corps) == 8 == len(set(corps))
    assert all(p.tr == 20 and p.prod == [0] * 6 for p in st.players)


def test_the_standard_game_uses_base_cards_and_production_1() -> None:
    """§12.3: Corporate Era off: base cards and corporations only, every production 1."""
    st = ENGINE.setup(players=2, seed=11, options={"corporate_era": False})
    assert all(p.prod == [1] * 6 for p in st.players)
    pool = [c for choice in st.sel for c in choice["cards"]] + list(st.deck)
    assert all(CARDS[c].module == "base" for c in pool)
    assert all(CARDS[c].module == "base" for choice in st.sel for c in choice["corps"])
    settings = Settings(False, False, False, "standard", False, True)
    assert len(pool) == len(project_pool(settings))


def test_solo_starts_at_tr_14_with_two_neutral_cities() -> None:
    """§11: TR 14, two neutral cities each with a neutral greenery, no oxygen raised."""
    st = ENGINE.setup(players=1, seed=5, options={"corporate_era": False})
    assert st.players[0].tr == 14 and st.settings.corporate_era is True
    neutral = [t for t in st.board.values() if t[1] == -2]
    assert sorted(t[0] for t in neutral) == ["city", "city", "greenery", "greenery"]
    assert st.oxygen == 0 and len(st.revealed) == 4


def test_the_first_player_comes_from_the_seed() -> None:
    firsts = {ENGINE.setup(players=3, seed=s, options={}).first for s in range(20)}
    assert firsts == {0, 1, 2}


def test_generation_1_starts_with_the_action_phase_after_everyone_confirms() -> None:
    st = ENGINE.setup(players=2, seed=1, options={})
    st = act(st, 1, {"type": "corporation", "card": st.sel[1]["corps"][0]}, {"type": "done"})
    assert ENGINE.to_move(st) == frozenset({0})
    st = act(st, 0, {"type": "corporation", "card": st.sel[0]["corps"][1]}, {"type": "done"})
    assert st.phase == "action" and st.gen == 1 and st.active == st.first


def test_a_player_cannot_keep_more_cards_than_the_corporation_pays_for() -> None:
    st = ENGINE.setup(players=2, seed=1, options={})
    choice = st.sel[0]
    corp = min(choice["corps"], key=lambda c: CARDS[c].starting_mc)
    st = act(st, 0, {"type": "corporation", "card": corp})
    for c in st.sel[0]["cards"]:
        if {"type": "keep", "card": c} in ENGINE.legal_actions(st, 0):
            st = act(st, 0, {"type": "keep", "card": c})
    assert len(st.sel[0]["kept"]) == min(10, CARDS[corp].starting_mc // 3)


def test_a_setup_pick_can_be_put_back_before_confirming() -> None:
    st = ENGINE.setup(players=2, seed=1, options={})
    first_card = st.sel[0]["cards"][0]
    st = act(st, 0, {"type": "corporation", "card": st.sel[0]["corps"][0]})
    st = act(st, 0, {"type": "keep", "card": first_card}, {"type": "release", "card": first_card})
    assert st.sel[0]["kept"] == ()


# --- generations (§3) ----------------------------------------------------------------------------


def test_two_actions_then_the_turn_passes() -> None:
    st = game(2)
    set_stock(st, 0, mc=40)
    st = act(ready(st), 0, {"type": "project", "project": "power_plant"})
    assert st.active == 0 and {"type": "end_turn"} in ENGINE.legal_actions(st, 0)
    assert {"type": "pass"} not in ENGINE.legal_actions(st, 0)
    st = act(st, 0, {"type": "project", "project": "power_plant"})
    assert st.active == 1 and st.players[0].prod[4] == 2


def test_ending_the_turn_after_one_action_is_not_passing() -> None:
    st = game(2)
    set_stock(st, 0, mc=40)
    st = act(ready(st), 0, {"type": "project", "project": "power_plant"}, {"type": "end_turn"})
    assert st.active == 1 and not st.players[0].passed
    st = act(st, 1, {"type": "pass"})
    assert st.active == 0  # the lone remaining player keeps taking turns
    st = act(st, 0, {"type": "project", "project": "power_plant"}, {"type": "end_turn"})
    assert st.active == 0


def test_when_all_pass_production_runs_and_research_follows() -> None:
    st = game(2, first=1)
    st.pw(0).tr = 22
    st = act(ready(st), 1, {"type": "pass"})
    st = act(st, 0, {"type": "pass"})
    assert st.phase == "research" and st.gen == 2 and st.first == 0
    assert st.players[0].stock[0] == 22 and st.players[1].stock[0] == 20
    assert [len(c["cards"]) for c in st.sel] == [4, 4]


def test_research_costs_3_per_card_and_is_paid_when_all_confirm() -> None:
    st = game(2)
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    offered = st.sel[0]["cards"]
    st = act(st, 0, {"type": "keep", "card": offered[0]}, {"type": "keep", "card": offered[1]})
    st = act(st, 0, {"type": "done"})
    assert st.players[0].hand == ()  # hidden and unpaid until everyone is ready
    st = act(st, 1, {"type": "done"})
    assert st.phase == "action" and st.players[0].hand == offered[:2]
    assert st.players[0].stock[0] == 20 - 6
    assert set(offered[2:]) <= set(st.discard)


def test_helion_may_pay_research_with_heat() -> None:
    st = game(2, corps=("R18", ""))
    set_stock(st, 0, heat=10)
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    offered = st.sel[0]["cards"]
    st = act(st, 0, *({"type": "keep", "card": c} for c in offered), {"type": "done"})
    assert st.sel[0]["stage"] == "pay"
    st = act(st, 0, {"type": "pay", "resource": "heat", "amount": 10})
    st = act(st, 1, {"type": "done"})
    assert st.players[0].stock[0] == 20 - 2 and st.players[0].stock[5] == 0


def test_blue_card_actions_once_per_generation_and_ready_again_after_production() -> None:
    st = game(2)
    in_play(st, 0, "049")
    st = act(ready(st), 0, {"type": "use", "card": card("049")})
    assert {"type": "use", "card": card("049")} not in ENGINE.legal_actions(st, 0)
    st = act(
        st,
        0,
        {"type": "end_turn"},
    )
    st = act(st, 1, {"type": "pass"})
    st = act(st, 0, {"type": "pass"})
    assert st.players[0].used == ()


# --- standard projects and conversions (§4) ------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "cost"),
    [("power_plant", 11), ("asteroid", 14), ("aquifer", 18), ("greenery", 23), ("city", 25)],
)
def test_standard_project_costs(key: str, cost: int) -> None:
    st = game(2)
    set_stock(st, 0, mc=cost - 1)
    assert {"type": "project", "project": key} not in ENGINE.legal_actions(ready(st), 0)
    st = game(2)
    set_stock(st, 0, mc=cost)
    st = act(ready(st), 0, {"type": "project", "project": key})
    while st.queue:
        st = act(st, 0, ENGINE.legal_actions(st, 0)[0])
    assert st.players[0].stock[0] <= 4  # spent (bonuses and adjacency may give a little)


def test_city_project_adds_mc_production() -> None:
    st = game(2)
    set_stock(st, 0, mc=25)
    st = act(ready(st), 0, {"type": "project", "project": "city"}, space("r3c3"))
    assert st.players[0].prod[0] == 1 and st.board["r3c3"] == ("city", 0, "")


def test_sell_patents_discards_any_number_for_1_each() -> None:
    st = game(2)
    give(st, 0, "001", "002", "003")
    st = act(ready(st), 0, {"type": "project", "project": "sell_patents"})
    assert {"type": "done"} not in ENGINE.legal_actions(st, 0)  # at least one card
    st = act(st, 0, {"type": "sell", "card": card("001")}, {"type": "sell", "card": card("003")})
    st = act(st, 0, {"type": "done"})
    assert st.players[0].hand == (card("002"),) and st.players[0].stock[0] == 2


def test_asteroid_and_aquifer_may_be_bought_at_the_goal_for_nothing() -> None:
    st = game(2)
    st.temperature = 8
    place_tiles(st, {s: ("ocean", -1) for s in OCEANS})
    set_stock(st, 0, mc=40)
    st = ready(st)
    legal = ENGINE.legal_actions(st, 0)
    assert {"type": "project", "project": "asteroid"} in legal
    st = act(st, 0, {"type": "project", "project": "aquifer"})
    assert st.players[0].tr == 20 and st.oceans == 9 and st.players[0].stock[0] == 22
    assert any(entry[2] == "nothing" or entry[2] == "no_space" for entry in st.log)


def test_greenery_at_full_oxygen_still_places_without_tr() -> None:
    st = game(2)
    st.oxygen = 14
    set_stock(st, 0, plants=8)
    st = act(ready(st), 0, {"type": "convert", "resource": "plants"}, space("r3c3"))
    assert st.players[0].tr == 20 and st.board["r3c3"][0] == "greenery"


def test_convert_heat_raises_temperature() -> None:
    st = game(2)
    set_stock(st, 0, heat=9)
    st = act(ready(st), 0, {"type": "convert", "resource": "heat"})
    assert st.temperature == -28 and st.players[0].tr == 21 and st.players[0].stock[5] == 1


# --- tiles and parameters (§7, §8) ---------------------------------------------------------------


def test_oceans_only_on_ocean_spaces_and_never_more_than_nine() -> None:
    st = ready(game(2))
    spaces = legal_spaces(st, 0, "ocean")
    assert len(spaces) == 12 and "r1c1" not in spaces
    full = game(2)
    place_tiles(full, {s: ("ocean", -1) for s in OCEANS})
    assert legal_spaces(ready(full), 0, "ocean") == []


def test_temperature_and_oxygen_stop_at_their_goals() -> None:
    st = game(2)
    st.temperature = 6
    set_stock(st, 0, mc=27)
    give(st, 0, "011")
    st = act(ready(st), 0, {"type": "play", "card": card("011")})
    assert st.temperature == 8 and st.players[0].tr == 21


def test_reaching_zero_degrees_places_a_bonus_ocean() -> None:
    st = game(2)
    st.temperature = -2
    set_stock(st, 0, heat=8)
    st = act(ready(st), 0, {"type": "convert", "resource": "heat"})
    assert st.queue and st.queue[0][3] == "ocean"
    st = act(st, 0, space("r1c5"))
    assert st.oceans == 1 and st.players[0].tr == 22


def test_a_greenery_tile_belongs_to_its_placer_an_ocean_to_nobody() -> None:
    st = game(2)
    set_stock(st, 0, plants=8, mc=18)
    st = act(ready(st), 0, {"type": "convert", "resource": "plants"}, space("r3c3"))
    st = act(st, 0, {"type": "project", "project": "aquifer"}, space("r1c5"))
    assert st.board["r3c3"][1] == 0 and st.board["r1c5"][1] == -1


def test_a_card_bonus_space_draws_a_card() -> None:
    st = game(2)
    set_stock(st, 0, mc=18)
    st = act(ready(st), 0, {"type": "project", "project": "aquifer"}, space("r2c6"))
    assert len(st.players[0].hand) == 2


# --- milestones and awards (§4.3, §4.4) ----------------------------------------------------------


def test_milestones_need_their_condition_and_8_mc() -> None:
    st = game(2)
    set_stock(st, 0, mc=8)
    place_tiles(st, {"r1c1": ("city", 0), "r3c3": ("city", 0), "r9c1": ("city", 0)})
    st = act(ready(st), 0, {"type": "claim", "milestone": "mayor"})
    assert st.milestones == (("mayor", 0),) and st.players[0].stock[0] == 0
    assert {"type": "claim", "milestone": "mayor"} not in ENGINE.legal_actions(st, 0)


def test_terraformer_gardener_builder_conditions() -> None:
    from games.terraforming_mars.turn import milestone_block

    st = game(2)
    set_stock(st, 0, mc=30)
    st.pw(0).tr = 35
    place_tiles(st, {s: ("greenery", 0) for s in ("r1c1", "r1c3", "r3c3")})
    in_play(st, 0, "056", "065", "100", "089", "043", "041", "013")
    st = ready(st)
    assert milestone_block(st, 0, "terraformer") is None
    assert milestone_block(st, 0, "gardener") is None
    assert milestone_block(st, 0, "builder") == "You have 7 of 8."


def test_awards_cost_8_14_20_and_only_three_are_funded() -> None:
    st = game(2)
    set_stock(st, 0, mc=8 + 14 + 20)
    st = ready(st)
    st = act(st, 0, {"type": "fund", "award": "banker"}, {"type": "fund", "award": "miner"})
    assert st.players[0].stock[0] == 20
    st = act(st, 1, {"type": "pass"})
    st = act(st, 0, {"type": "fund", "award": "landlord"})
    assert st.players[0].stock[0] == 0
    assert [k for k, _ in st.awards] == ["banker", "miner", "landlord"]
    assert not any(a["type"] == "fund" for a in ENGINE.legal_actions(st, 0))


def test_no_milestones_or_awards_in_solo() -> None:
    st = game(1)
    set_stock(st, 0, mc=100)
    legal = ENGINE.legal_actions(ready(st), 0)
    assert not any(a["type"] in ("claim", "fund") for a in legal)


# --- the end (§10) -------------------------------------------------------------------------------


def _terraformed(players: int = 2) -> object:
    st = game(players)
    st.temperature, st.oxygen = 8, 14
    place_tiles(st, {s: ("ocean", -1) for s in OCEANS})
    return st


def test_the_game_ends_after_the_production_of_the_terraformed_generation() -> None:
    st = _terraformed()
    set_stock(st, 0, plants=8)
    set_prod(st, 1, plants=8)
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    assert st.phase == "final"
    # Production came first: seat 1 now holds 8 plants too.
    assert st.players[1].stock[3] == 8
    st = act(st, 0, {"type": "convert", "resource": "plants"}, space("r3c3"))
    assert st.players[0].tr == 20  # no TR in the final greenery round
    # Seat 0 has no plants left: its "done" resolves by itself and seat 1 goes on.
    assert ENGINE.to_move(st) == frozenset({1})
    st = act(st, 1, {"type": "convert", "resource": "plants"}, space("r9c2"))
    assert st.phase == "over"
    outcome = ENGINE.outcome(st)
    assert outcome is not None and outcome.details["breakdown"][0]["greeneries"] == 1


def test_players_without_plants_skip_the_final_greenery_round() -> None:
    st = _terraformed(3)
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    st = act(st, 2, {"type": "pass"})
    assert st.phase == "over" and ENGINE.to_move(st) == frozenset()


def test_the_solo_game_lasts_14_generations() -> None:
    st = game(1)
    st.gen = 13
    st = act(ready(st), 0, {"type": "pass"})
    assert st.phase == "research" and st.gen == 14
    st = act(st, 0, {"type": "done"}, {"type": "pass"})
    assert st.phase == "over"
    assert ENGINE.outcome(st).details["solo"]["won"] is False


def test_red_frames_in_solo_hit_the_neutral_player() -> None:
    st = game(1)
    st.oxygen = 13
    set_stock(st, 0, mc=10)
    give(st, 0, "072")
    st = act(ready(st), 0, {"type": "play", "card": card("072")})
    assert {"type": "neutral"} in ENGINE.legal_actions(st, 0)


# --- refusals, hidden information, the log -------------------------------------------------------


def test_refusals_say_why_and_change_nothing() -> None:
    st = game(2)
    give(st, 0, "008")
    st = ready(st)
    assert_rejected(ENGINE, st, 0, {"type": "play", "card": card("008")}, match="oceans")
    assert_rejected(ENGINE, st, 0, {"type": "play", "card": card("001")}, match="do not hold")
    assert_rejected(ENGINE, st, 1, {"type": "pass"}, match="not your turn")
    assert_rejected(ENGINE, st, 0, {"type": "project", "project": "city"}, match="25")
    assert_rejected(ENGINE, st, 0, {"type": "end_turn"}, match="action or pass")
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 0, {"type": "play"})


def test_a_pending_decision_comes_first() -> None:
    st = game(2)
    set_stock(st, 0, mc=40)
    st = act(ready(st), 0, {"type": "project", "project": "city"})
    assert_rejected(ENGINE, st, 0, {"type": "pass"}, match="First finish")


def test_views_hide_other_hands_and_choices() -> None:
    st = ENGINE.setup(players=3, seed=2, options={})
    for viewer in (None, 0, 1, 2):
        text = str(ENGINE.view(st, viewer))
        for token in ENGINE.secret_tokens(st, viewer):
            assert token not in text
    assert ENGINE.view(st, None)["hand"] is None


def test_the_log_names_hidden_cards_only_for_their_owner() -> None:
    st = ENGINE.setup(players=2, seed=2, options={})
    corp = st.sel[0]["corps"][0]
    action = {"type": "corporation", "card": corp}
    after = ENGINE.apply(st, 0, action)
    assert ENGINE.describe(st, after, 0, action, 0) == f"chose {CARDS[corp].name}"
    assert ENGINE.describe(st, after, 0, action, 1) == "chose a corporation"
    assert ENGINE.describe(st, after, 0, action, None) == "chose a corporation"


def test_every_action_type_has_a_log_line_for_every_viewer() -> None:
    """describe() words each declared type (it is only ever asked about legal actions)."""
    st = ready(game(2))
    for kind, fields in ENGINE.shapes().items():
        action = {"type": kind, **{key: 0 if t is int else "x" for key, t in fields.items()}}
        for viewer in (None, 0, 1):
            line = ENGINE.describe(st, st, 0, action, viewer)
            assert line and line != "made a move", kind


def test_timeout_passes_keeps_nothing_or_takes_the_first_option() -> None:
    st = ENGINE.setup(players=2, seed=2, options={})
    assert ENGINE.timeout_action(st, 0)["type"] == "corporation"
    st = game(2)
    set_stock(st, 0, mc=40)
    st = ready(st)
    assert ENGINE.timeout_action(st, 0) == {"type": "pass"}
    st = act(st, 0, {"type": "project", "project": "city"})
    assert ENGINE.timeout_action(st, 0)["type"] == "space"


def test_live_score_follows_the_table_option() -> None:
    assert ENGINE.view(ready(game(2)), 0)["live_score"] is not None
    hidden = game(2, options={"live_score": False})
    assert ENGINE.view(ready(hidden), 0)["live_score"] is None


def test_draft_passes_packets_and_gives_four_cards() -> None:
    """§12.1: keep 1, pass 3; keep 1, pass 2; keep 1, the last card arrives."""
    st = game(2, options={"draft": True})
    st = act(ready(st), 0, {"type": "pass"})
    st = act(st, 1, {"type": "pass"})
    assert st.sel[0]["stage"] == "draft"
    packets = [st.sel[s]["packet"] for s in (0, 1)]
    for _ in range(3):
        for seat in (0, 1):
            st = act(st, seat, {"type": "draft", "card": st.sel[seat]["packet"][0]})
    assert [c["stage"] for c in st.sel] == ["cards", "cards"]
    assert sorted(st.sel[0]["cards"] + st.sel[1]["cards"]) == sorted(packets[0] + packets[1])
    assert packets[1][1] in st.sel[0]["cards"]  # the second pick came from the other packet


def test_tharsis_republic_gains_for_the_neutral_cities_in_solo() -> None:
    """§11.2: the two neutral cities count for Tharsis Republic although placed before it."""
    st = ENGINE.setup(players=1, seed=4, options={})
    choice = dict(st.sel[0])
    choice["corps"] = (card("R31"), choice["corps"][0])
    st = st.clone()
    st.sel[0] = choice
    st.freeze()
    st = act(st, 0, {"type": "corporation", "card": card("R31")}, {"type": "done"})
    assert st.players[0].prod[0] == 2


def test_an_effect_without_any_legal_option_is_skipped_and_logged() -> None:
    """§17.1: the 10th ocean of a card is not placed; the player goes on."""
    st = game(2)
    place_tiles(st, {s: ("ocean", -1) for s in OCEANS})
    set_stock(st, 0, mc=23)
    give(st, 0, "078")  # Ice Asteroid: two oceans
    st = act(ready(st), 0, {"type": "play", "card": card("078")})
    assert st.oceans == 9 and not st.queue and st.players[0].tr == 20
    assert ENGINE.legal_actions(st, 0)[-1] == {"type": "end_turn"}


def test_the_corporation_may_be_switched_until_the_choice_is_confirmed() -> None:
    """§12.4: a simultaneous choice may change until it is confirmed."""
    st = ENGINE.setup(players=2, seed=1, options={})
    first, second = st.sel[0]["corps"]
    st = act(st, 0, {"type": "corporation", "card": first})
    st = act(st, 0, {"type": "keep", "card": st.sel[0]["cards"][0]})
    st = act(st, 0, {"type": "corporation", "card": second})
    assert st.sel[0]["corp"] == second and len(st.sel[0]["kept"]) == 1
