"""The turn flow as BGA players know it (README "Turn flow", flow.py).

Pass in advance (an aside action of a seat not to move), the order of simultaneous effects
with "Whatever", and confirming the end of a turn (Undo until then, the clock confirms).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import IllegalAction
from games.terraforming_mars.bots import BOTS
from games.terraforming_mars.state import State
from games.terraforming_mars.text import describe_action, log_text
from games.terraforming_mars.view import build_view
from games.verify import replay
from games.words import say
from tests.games.terraforming_mars.helpers import ENGINE, act, card, game, give, in_play, ready

POWER_PLANT = {"type": "project", "project": "power_plant"}
END_TURN = {"type": "end_turn"}
PASS = {"type": "pass"}
AHEAD = {"type": "pass_ahead", "cancel": False}
CANCEL = {"type": "pass_ahead", "cancel": True}
CONFIRM = {"type": "confirm"}
WHATEVER = {"type": "whatever"}


def _start(players: int = 3, *, confirm: bool = False) -> State:
    return ready(game(players, mc=80, options={"confirm_turn": confirm}))


def _turn(st: State, seat: int, *, confirm: bool = False) -> State:
    """One action and the end of the turn (confirmed when the setting asks for it)."""
    st = act(st, seat, POWER_PLANT, END_TURN)
    if confirm:
        st = act(st, seat, CONFIRM)
    return st


# --- pass in advance ---------------------------------------------------------------------------


def test_pass_in_advance_passes_for_the_seat_when_its_turn_comes() -> None:
    st = _start()
    assert AHEAD in ENGINE.aside_actions(st, 1) and AHEAD not in ENGINE.legal_actions(st, 1)
    st = ENGINE.apply(st, 1, AHEAD)
    assert st.ahead == (False, True, False) and st.active == 0
    assert not st.players[1].passed  # not before the turn comes
    st = _turn(st, 0)
    assert st.players[1].passed and st.active == 2  # seat 1 passed at once, seat 2 acts
    assert st.ahead == (False, False, False)
    assert st.log[-1][:3] == (1, 1, "pass_ahead")
    assert say(log_text(st.log[-1])) == "passed (in advance)."


def test_pass_in_advance_can_be_taken_back_while_it_is_not_the_turn_yet() -> None:
    st = ENGINE.apply(_start(), 1, AHEAD)
    assert ENGINE.aside_actions(st, 1)[0] == CANCEL
    st = ENGINE.apply(st, 1, CANCEL)
    assert st.ahead == (False, False, False)
    st = _turn(st, 0)
    assert not st.players[1].passed and st.active == 1


def test_pass_in_advance_is_for_seats_not_to_move_and_not_passed() -> None:
    st = _start()
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(st, 0, AHEAD)  # the active player passes the ordinary way
    assert "another player's turn" in say(refused.value.message)
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 1, CANCEL)  # nothing to take back
    st = act(_turn(st, 0), 1, PASS)
    assert st.active == 2
    assert all(a["type"] != "pass_ahead" for a in ENGINE.aside_actions(st, 1))  # passed
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 1, AHEAD)


def test_a_seat_not_to_move_may_send_nothing_but_its_aside_actions() -> None:
    st = _start()
    for action in (POWER_PLANT, END_TURN, PASS, CONFIRM, WHATEVER):
        with pytest.raises(IllegalAction) as refused:
            ENGINE.apply(st, 1, action)
        assert say(refused.value.message) == "It is not your turn."


def test_bots_never_pass_in_advance_and_never_see_aside_actions() -> None:
    st = _start()
    import random

    for seat in (1, 2):
        legal = ENGINE.legal_actions(st, seat)
        assert legal == []  # not to move: no legal actions, aside ones are not among them
    for bot in BOTS.values():
        for index in range(20):
            action = bot.choose(ENGINE, st, 0, random.Random(index))
            assert action["type"] not in ("pass_ahead", "confirm_turns")


def test_pass_in_advance_ends_with_the_generation() -> None:
    st = _start(2)
    st = ENGINE.apply(st, 1, AHEAD)
    st = act(st, 0, PASS)  # seat 1 passes in advance: both passed, production
    assert st.phase == "research" and st.ahead == (False, False)
    assert not any(player.passed for player in st.players)


def test_pass_in_advance_is_private_until_it_happens() -> None:
    st = _start()
    after = ENGINE.apply(st, 1, AHEAD)
    assert say(describe_action(st, 1, AHEAD, 1)) == "will pass when the turn comes"
    assert say(describe_action(st, 1, AHEAD, 0)) == "changed a setting"
    assert build_view(ENGINE, after, 1)["aside"]["cancel_ahead"] == CANCEL
    assert build_view(ENGINE, after, 0)["aside"]["ahead"] is False
    assert build_view(ENGINE, after, None)["aside"] is None


def test_another_seats_aside_move_ends_the_active_players_undo_window() -> None:
    st = act(_start(), 0, POWER_PLANT)
    assert ENGINE.undo_steps(st, 0) == 1
    st = ENGINE.apply(st, 1, AHEAD)
    assert ENGINE.undo_steps(st, 0) == 0  # the platform undoes only the seat's own moves


def test_setup_and_the_log_rebuild_a_game_with_aside_moves() -> None:
    options = {"confirm_turn": True}
    st = ENGINE.setup(players=3, seed=11, options=options)
    log: list[tuple[str, int | None, dict[str, Any]]] = []
    bot = BOTS["random"]
    import random

    rng = random.Random(5)
    for _ in range(400):
        if st.phase == "over":
            break
        if st.phase == "action":
            for seat in range(3):
                asides = ENGINE.aside_actions(st, seat)
                if asides and rng.random() < 0.1:
                    action = rng.choice(asides)
                    st = ENGINE.apply(st, seat, action)
                    log.append(("action", seat, action))
        seat = min(ENGINE.to_move(st))
        action = bot.choose(ENGINE, st, seat, rng)
        st = ENGINE.apply(st, seat, action)
        log.append(("action", seat, action))
    assert any(entry[2]["type"] == "pass_ahead" for entry in log)
    assert any(entry[2]["type"] == "confirm" for entry in log)
    rebuilt = list(replay(ENGINE, players=3, seed=11, options=options, log=log))[-1]
    assert rebuilt == st
    assert ENGINE.load(ENGINE.dump(st)) == st


# --- the order of simultaneous effects ----------------------------------------------------------


def _science(*numbers: str, res: int = 1) -> State:
    """Seat 0 holds Advanced Alloys (a science tag) and a card to discard; `numbers` in play."""
    st = game(2, mc=80)
    in_play(st, 0, *numbers, res=res)
    give(st, 0, "071", "001")
    return ready(st)


def test_the_order_is_asked_when_two_effects_ask_something() -> None:
    # Mars University (discard to draw) and Olympus Conference (a resource, or one off to draw).
    st = act(_science("073", "185"), 0, {"type": "play", "card": card("071")})
    assert st.queue[0][0] == "order"
    assert ENGINE.legal_actions(st, 0) == [
        {"type": "first", "card": card("073")},
        {"type": "first", "card": card("185")},
        WHATEVER,
    ]
    prompt = build_view(ENGINE, st, 0)["prompt"]
    labels = [say(option["label"]) for option in prompt["options"]]
    assert labels == ["Mars University first", "Olympus Conference first", "Whatever"]


def test_whatever_is_the_default_tableau_order() -> None:
    st = act(_science("073", "185"), 0, {"type": "play", "card": card("071")})
    whatever = act(st, 0, WHATEVER)
    first = act(st, 0, {"type": "first", "card": card("073")})
    assert whatever.queue[0][0] == "mars_university" == first.queue[0][0]
    assert whatever.queue == first.queue and whatever.players == first.players
    other = act(st, 0, {"type": "first", "card": card("185")})
    assert other.queue[0][:3] == ("choice", 0, card("185"))
    assert other.queue[1][0] == "mars_university"  # the other one follows


def test_the_chosen_order_changes_the_result() -> None:
    # Olympus first draws a card (its resource off), then Mars University may discard it.
    st = act(_science("073", "185"), 0, {"type": "play", "card": card("071")})
    st = act(st, 0, {"type": "first", "card": card("185")})
    draw = next(a for a in ENGINE.legal_actions(st, 0) if a["option"] != "add")
    st = act(st, 0, draw)
    drawn = st.players[0].hand[-1]
    assert st.queue[0][0] == "mars_university"
    assert {"type": "discard", "card": drawn} in ENGINE.legal_actions(st, 0)


def test_no_order_is_asked_when_it_cannot_matter() -> None:
    # Viral Enhancers asks (a plant, or a resource on the card), but Decomposers only puts a
    # microbe on itself: any order gives the same result, so nothing more is asked.
    st = game(2, mc=80)
    in_play(st, 0, "074", "131", res=0)
    give(st, 0, "048")  # Adapted Lichen: a plant tag
    st = act(ready(st), 0, {"type": "play", "card": card("048")})
    assert all(item[0] != "order" for item in st.queue)
    assert st.players[0].res[card("131")] == 1  # both resolved at once, in tableau order
    # One card alone is never ordered.
    st = act(_science("073"), 0, {"type": "play", "card": card("071")})
    assert st.queue[0][0] == "mars_university"


def test_bots_take_whatever() -> None:
    import random

    st = act(_science("073", "185"), 0, {"type": "play", "card": card("071")})
    for bot in BOTS.values():
        assert bot.choose(ENGINE, st, 0, random.Random(1)) == WHATEVER
    assert ENGINE.timeout_action(st, 0) == WHATEVER


# --- confirm the end of a turn ------------------------------------------------------------------


def test_engine_setup_without_the_option_confirms_nothing() -> None:
    st = ENGINE.setup(players=2, seed=3, options={})
    assert st.confirm == (False, False) and not st.settings.confirm_turn
    assert ENGINE.validate_options({})["confirm_turn"] is True  # the lobby form's default
    assert all(a["type"] != "confirm_turns" for a in ENGINE.aside_actions(st, 1))
    st = act(_start(2), 0, POWER_PLANT, END_TURN)
    assert st.active == 1


def test_confirm_holds_the_turn_until_pressed() -> None:
    st = _start(2, confirm=True)
    st = act(st, 0, POWER_PLANT, POWER_PLANT)  # the second action ends the turn
    assert st.active == 0 and ENGINE.to_move(st) == {0}
    assert ENGINE.legal_actions(st, 0) == [CONFIRM]
    assert build_view(ENGINE, st, 0)["prompt"]["kind"] == "confirm"
    st = act(st, 0, CONFIRM)
    assert st.active == 1 and ENGINE.to_move(st) == {1}


def test_pass_and_end_turn_wait_for_confirm_too() -> None:
    st = act(_start(2, confirm=True), 0, PASS)
    assert st.players[0].passed and ENGINE.legal_actions(st, 0) == [CONFIRM] and st.active == 0
    st = act(st, 0, CONFIRM)
    assert st.active == 1
    st = act(st, 1, POWER_PLANT, END_TURN)
    assert ENGINE.to_move(st) == {1}
    assert act(st, 1, CONFIRM).active == 1  # seat 0 passed: seat 1 goes on


def test_undo_before_confirm_takes_back_the_turn() -> None:
    st = _start(2, confirm=True)
    after = act(st, 0, POWER_PLANT, END_TURN)
    assert ENGINE.undo_steps(after, 0) == 2
    multi = ready(game(2, mc=80, options={"confirm_turn": True, "undo": "multi_step"}))
    multi = act(multi, 0, POWER_PLANT, END_TURN)
    assert ENGINE.undo_steps(multi, 0) == 1
    confirmed = act(after, 0, CONFIRM)
    assert ENGINE.undo_steps(confirmed, 0) == 0  # the turn has moved on


def test_the_clock_confirms() -> None:
    st = act(_start(2, confirm=True), 0, POWER_PLANT, END_TURN)
    assert ENGINE.timeout_action(st, 0) == CONFIRM
    st = ENGINE.apply(st, 0, ENGINE.timeout_action(st, 0))
    assert st.active == 1


def test_the_setting_is_per_seat_and_switched_by_an_aside_action() -> None:
    st = _start(2, confirm=True)
    off = {"type": "confirm_turns", "on": False}
    assert off in ENGINE.aside_actions(st, 1) and off not in ENGINE.legal_actions(st, 1)
    st = ENGINE.apply(st, 1, off)  # while not to move
    assert st.confirm == (True, False)
    st = act(st, 0, POWER_PLANT, END_TURN, CONFIRM)
    st = act(st, 1, POWER_PLANT, END_TURN)
    assert st.active == 0  # no Confirm asked of seat 1
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 1, off)  # off already
    st = ENGINE.apply(st, 0, {"type": "confirm_turns", "on": False})  # while to move too
    assert st.confirm == (False, False)


def test_bots_confirm_at_once() -> None:
    import random

    st = act(_start(2, confirm=True), 0, POWER_PLANT, END_TURN)
    for bot in BOTS.values():
        assert bot.choose(ENGINE, st, 0, random.Random(2)) == CONFIRM


def test_pass_in_advance_waits_for_the_confirm() -> None:
    st = ENGINE.apply(_start(confirm=True), 1, AHEAD)
    st = act(st, 0, POWER_PLANT, END_TURN)
    assert not st.players[1].passed and ENGINE.to_move(st) == {0}
    st = act(st, 0, CONFIRM)
    assert st.players[1].passed and st.active == 2


def test_an_aside_move_lights_no_panel() -> None:
    from games.terraforming_mars.marks import touched

    view = build_view(ENGINE, _start(), 0)
    assert list(touched(view, 1, AHEAD)) == [] == list(touched(view, 1, CANCEL))
    assert list(touched(view, 0, CONFIRM)) == []
    assert list(touched(view, 0, POWER_PLANT)) == ["player:0"]


def test_a_stored_order_of_effects_is_checked_when_loaded() -> None:
    st = act(_science("073", "185"), 0, {"type": "play", "card": card("071")})
    data = ENGINE.dump(st)
    assert ENGINE.load(data) == st
    broken = ENGINE.dump(st)
    broken["queue"][0][3][0][1][0][0] = "no_such_effect"
    with pytest.raises(ValueError):
        ENGINE.load(broken)
    other_seat = ENGINE.dump(st)
    other_seat["queue"][0][3][0][1][0][1] = 1
    with pytest.raises(ValueError):
        ENGINE.load(other_seat)
