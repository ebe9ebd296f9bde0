"""Dump and load, the log lines, and the clock's moves."""

from __future__ import annotations

import json

import pytest

from games.reworld.house_rules import MODULES
from games.words import Msg
from tests.games.kit import assert_json_round_trip, assert_load_rejects_garbage
from tests.games.reworld.helpers import ENGINE, chapter_one, chapter_two, log_line, play, play_out


def test_states_survive_a_json_round_trip_in_every_phase() -> None:
    state = chapter_one(players=2, hands=["1 2 4", "3"], tops={6: "2"})
    assert_json_round_trip(ENGINE, state)
    assert_json_round_trip(ENGINE, play(state, {"type": "buy", "arm": 5}))
    landing = play(
        chapter_two(rows={0: {1: "X CR S"}, 1: {1: "S"}}), {"type": "undock", "row": 1, "count": 3}
    )
    assert landing.phase == "land"
    assert_json_round_trip(ENGINE, landing)
    assert_json_round_trip(ENGINE, play_out(ENGINE.setup(players=3, seed=1, options={})))


def test_load_refuses_garbage_and_broken_states() -> None:
    state = ENGINE.setup(players=2, seed=1, options={})
    assert_load_rejects_garbage(ENGINE, state)
    data = ENGINE.dump(state)

    def broken(**changes):
        return {**json.loads(json.dumps(data)), **changes}

    bad = [
        broken(phase="dance"),
        broken(players=5),
        broken(bag=data["bag"][1:]),  # a module lost
        broken(bag=[*data["bag"], data["bag"][0]]),  # a module twice
        broken(undealt=data["undealt"][1:]),  # a card lost
        broken(arms=data["arms"][:19]),
        broken(active=2),
        broken(pending=3),  # a purchase outside the pay phase
        broken(round=6),
        broken(ships=data["ships"][1:]),
        broken(recent=[[0, "x" * 500]]),
        broken(recent=[[0, {"m": "x" * 500}]]),
        broken(recent=[[0, 7]]),
        broken(serial="many"),
        broken(seats=[{**data["seats"][0], "dropped": "no"}, data["seats"][1]]),
        broken(
            seats=[
                {**data["seats"][0], "hand": list(reversed(data["seats"][0]["hand"]))},
                data["seats"][1],
            ]
        ),
    ]
    for item in bad:
        with pytest.raises(ValueError):
            ENGINE.load(item)


def test_load_refuses_impossible_planets() -> None:
    state = chapter_two(rows={0: {1: "S"}}, cities={0: {"A": "TA CR"}})
    data = ENGINE.dump(state)
    cities = data["seats"][0]["cities"]
    for wrong in (["RW-CR1"], [cities[0][0], "RW-SH02"]):
        seats = json.loads(json.dumps(data["seats"]))
        seats[0]["cities"][1] = wrong  # a city B without its terrabot, or with a shuttle
        with pytest.raises(ValueError):
            ENGINE.load({**data, "seats": seats})


def test_the_log_line_names_the_move_without_its_subject() -> None:
    state = chapter_one(players=2, hands=["1 2 4", "3"], tops={6: "2"}, station={5: "TD"})
    buy = {"type": "buy", "arm": 5}
    assert log_line(state, 0, buy, 1) == "chose space 6 (a terrabot D)"
    paying = play(state, buy)
    assert log_line(paying, 0, {"type": "pay", "number": 1}, 1) == "paid a 1 for space 6"
    after_one = play(paying, {"type": "pay", "number": 1})
    line = log_line(after_one, 0, {"type": "pay", "number": 4}, None)
    assert line == "paid a 4 for space 6"
    both = play(after_one, {"type": "pay", "number": 4})
    line = log_line(both, 0, {"type": "top", "number": 4}, None)
    assert line == "bought a terrabot D on space 6 with 1 and 4, the 4 on top: row 4"
    assert log_line(both, 0, {"type": "cancel"}, 1) == "took the paid cards back"


def test_the_log_line_of_a_landing_includes_what_happened_by_itself() -> None:
    state = chapter_two(rows={0: {2: "CB TC"}, 1: {1: "S"}})
    line = log_line(state, 0, {"type": "undock", "row": 2, "count": 1}, None)
    assert line.startswith("undocked blue crew from row 2; jettisoned a blue crew")
    assert line.endswith("(-1)")


def test_the_last_move_of_a_round_reports_the_round_end() -> None:
    state = chapter_one(players=2, hands=["1", "2"], active=0)
    dropped = play(state, {"type": "drop"})
    line = log_line(dropped, 1, {"type": "drop"}, 0)
    assert "round 1 is over" in line and "round 2 of Chapter 1 begins" in line


def test_log_lines_are_stored_as_sentences_said_in_each_language() -> None:
    """A line is kept as message ids and arguments, never as English words alone."""
    state = chapter_one(players=2, hands=["1 2 4", "3"], tops={6: "2"}, station={5: "TD"})
    paid = ({"type": "pay", "number": 1}, {"type": "pay", "number": 4})
    bought = play(state, {"type": "buy", "arm": 5}, *paid, {"type": "top", "number": 4})
    seat, line = bought.recent[-1]
    assert isinstance(line, Msg)
    assert line == "bought a terrabot D on space 6 with 1 and 4, the 4 on top: row 4"
    stored = json.loads(json.dumps(ENGINE.dump(bought)))["recent"][-1][1]
    assert stored["m"].startswith("bought %(module)s on space %(space)s with %(paid)s")
    assert stored["a"]["module"] == {"m": "a terrabot %(letter)s", "a": {"letter": "D"}}
    paid_list = {"m": "%(numbers)s and %(last)s", "a": {"numbers": "1", "last": "4"}}
    assert stored["a"]["paid"] == paid_list
    loaded = ENGINE.load(json.loads(json.dumps(ENGINE.dump(bought))))
    assert isinstance(loaded.recent[-1][1], Msg) and loaded.recent == bought.recent
    # A line stored as plain text (before sentences were data) still loads as it was.
    data = ENGINE.dump(bought)
    old = ENGINE.load({**data, "recent": [[seat, "bought a module"]], "serial": 1})
    assert old.recent == ((seat, "bought a module"),)


def test_the_clock_drops_out_or_takes_one_module_with_a_safe_use() -> None:
    """A seat out of time drops out in Chapter 1 (cancelling a payment first) and in
    Chapter 2 undocks one module and gives it the first listed use."""
    state = chapter_one(players=2, hands=["1 2", "3"], tops={6: "2"})
    assert ENGINE.timeout_action(state, 0) == {"type": "drop"}
    paying = play(state, {"type": "buy", "arm": 5})
    assert ENGINE.timeout_action(paying, 0) == {"type": "cancel"}
    two = chapter_two(rows={0: {3: "TA S"}, 1: {1: "S"}})
    assert ENGINE.timeout_action(two, 0) == {"type": "undock", "row": 3, "count": 1}
    landing = play(two, {"type": "undock", "row": 3, "count": 1})
    assert ENGINE.timeout_action(landing, 0) == {"type": "city", "city": "A"}
    assert MODULES[landing.landing[0]].kind == "terrabot"
