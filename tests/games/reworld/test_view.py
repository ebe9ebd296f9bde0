"""What each seat and a spectator see (rules §3 "Hidden information", §10)."""

from __future__ import annotations

import json

from games.reworld.house_rules import NUMBER
from tests.games.kit import assert_no_leaks
from tests.games.reworld.helpers import ENGINE, chapter_one, chapter_two, play

VIEW_KEYS = {
    "game", "you", "players", "phase", "chapter", "round", "rounds", "round_info", "active",
    "your_turn", "finished", "start_player", "marker_taken", "seats", "order", "station",
    "hand", "payment", "buy_options", "landing", "ships", "final_ship", "tables",
    "bag_count", "removed_count", "history", "recent", "legal", "breakdown", "outcome",
}  # fmt: skip


def test_every_viewer_gets_the_documented_keys_and_plain_json() -> None:
    state = ENGINE.setup(players=3, seed=2, options={})
    for viewer in (None, 0, 1, 2):
        view = ENGINE.view(state, viewer)
        assert set(view) == VIEW_KEYS
        assert json.loads(json.dumps(view)) == view
    assert_no_leaks(ENGINE, state, 3)


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others() -> None:
    state = chapter_one(players=3, hands=["1 3 3", "2 5", "4"])
    view = ENGINE.view(state, 0)
    assert [card["number"] for card in view["hand"]["cards"]] == [1, 3, 3]
    assert [c["count"] for c in view["hand"]["counts"]] == [1, 0, 2, 0, 0]
    assert [seat["hand_count"] for seat in view["seats"]] == [3, 2, 1]
    text = json.dumps(view)
    for card in state.seats[1].hand + state.seats[2].hand + state.undealt:
        assert card not in text
    assert ENGINE.view(state, None)["hand"] is None
    assert view["order"] == [0, 1, 2] and ENGINE.view(state, 2)["order"] == [2, 0, 1]


def test_the_station_shows_each_space_with_its_price_and_paid_cards() -> None:
    """Every open space carries R; claimed spaces show their whole stack and the buyer."""
    state = chapter_one(players=2, hands=["1 2", "3"], tops={4: "1", 6: "5 3"})
    station = ENGINE.view(state, 1)["station"]
    assert len(station) == 20
    assert station[5]["need"] == [1, 3] and station[5]["module"] is not None
    assert station[3]["need"] == [1] and station[7]["need"] == [3]
    assert station[10]["need"] == [] and station[10]["buy"] is None  # seat 1 is not to move
    assert ENGINE.view(state, 0)["station"][10]["buy"] == {"type": "buy", "arm": 10}
    assert station[6]["module"] is None and station[6]["cards"] == [5, 3]
    assert station[6]["top"] == 3 and station[6]["buyer"] == state.buyers[6]
    assert station[6]["sold"]["kind"] == "shuttle"
    # The ring is drawn as two rows of ten: space 1 above space 20, 10 above 11.
    assert (station[0]["dr"], station[0]["dc"]) == (1, 1)
    assert (station[19]["dr"], station[19]["dc"]) == (2, 1)
    assert (station[9]["dc"], station[10]["dc"]) == (10, 10)
    # Only the seat to move gets buy buttons.
    assert all(arm["buy"] is None for arm in ENGINE.view(state, None)["station"])


def test_the_payment_in_progress_is_public_and_its_choices_are_the_payers() -> None:
    state = chapter_one(players=2, hands=["1 2 4", "3"], tops={6: "2"})
    state = play(state, {"type": "buy", "arm": 5}, {"type": "pay", "number": 1})
    mine = ENGINE.view(state, 0)["payment"]
    assert mine["space"] == 6 and mine["need"] == [2] and mine["paid"] == [1]
    assert [option["number"] for option in mine["pay"]] == [2, 4]
    assert all(option["completes"] is False for option in mine["pay"])
    theirs = ENGINE.view(state, 1)["payment"]
    assert theirs["paid"] == [1] and theirs["pay"] == [] and theirs["top"] == []


def test_a_pay_option_that_finishes_the_purchase_says_so() -> None:
    state = play(chapter_one(players=2, hands=["3 4", "1"]), {"type": "buy", "arm": 5})
    options = ENGINE.view(state, 0)["payment"]["pay"]
    assert [option["completes"] for option in options] == [True, True]


def test_the_landing_shows_the_module_to_place_and_its_uses() -> None:
    state = chapter_two(rows={0: {1: "X CR S"}, 1: {1: "S"}}, cities={0: {"A": "TA TA"}})
    state = play(state, {"type": "undock", "row": 1, "count": 3})
    landing = ENGINE.view(state, 0)["landing"]
    assert landing["current"]["kind"] == "crew" and landing["row"] == 1
    assert [m["kind"] for m in landing["waiting"]] == ["shuttle", "satellite"]
    assert [(o["kind"], o["city"], o["size"]) for o in landing["options"]] == [
        ("city", "A", 2),
        ("jettison", None, 0),
    ]
    assert ENGINE.view(state, 1)["landing"]["options"] == []


def test_live_scores_list_their_sources_and_the_final_scoring_so_far() -> None:
    state = chapter_two(
        rows={0: {1: "X"}, 1: {1: "S"}}, cities={0: {"A": "TA TA TA"}}, shields={1: "S"}
    )
    state = play(state, {"type": "undock", "row": 1, "count": 1}, {"type": "city", "city": "A"})
    seat = ENGINE.view(state, 1)["seats"][0]
    sources = {entry["source"]: entry["points"] for entry in seat["points"]}
    assert sources["satellites"] == 3 and seat["running"] == sum(state.seats[0].points)
    # The projection adds city A (5, alone), 4 missing letters (-12), no shield.
    assert seat["projected"] == 5 - 12
    assert seat["projected_total"] == seat["running"] + seat["projected"]
    assert seat["cities"][0] == {
        "letter": "A", "founded": True, "size": 3, "crews": 0, "terrabots": 3,
        "colour": "", "satellite": True, "last": True,
    }  # fmt: skip


def test_the_ships_list_goals_owners_and_the_viewers_progress_in_chapter_2() -> None:
    state = chapter_two(rows={0: {1: "S"}, 1: {1: "S"}}, cities={0: {"A": "TA TA"}})
    ships = {ship["id"]: ship for ship in ENGINE.view(state, 0)["ships"]}
    assert len(ships) == 14
    assert ships["P01"]["need"] == 8 and ships["P01"]["progress"] == 2  # 2-player side
    assert ships["P01"]["owner"] is None and ships["P14"]["size"] == 3
    assert all(ship["progress"] is None for ship in ENGINE.view(state, None)["ships"])


def test_the_last_move_is_marked_on_the_board() -> None:
    state = chapter_one(players=2, hands=["3", "1"])
    state = play(state, {"type": "buy", "arm": 4}, {"type": "pay", "number": 3})
    view = ENGINE.view(state, 1)
    assert view["station"][4]["last"] and view["seats"][0]["rows"][2]["last"]
    assert view["recent"][0]["seat"] == 0 and "space 5" in view["recent"][0]["text"]
    assert [NUMBER[c] for c in state.slots[4]] == [3]
