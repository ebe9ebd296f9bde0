"""Pluto's colony bonus (§14): draw at once, discard after the trader's turn ends (as on BGA).

Rules §14: "Off-turn decisions (colony bonus choices, Pluto discards) make other players act
during the active player's turn; BGA resolves discards after the turn ends." The owner draws
when the trade happens; the discard waits in `State.after_turn` and is asked, in slot order,
once the trader's turn is over (after its Confirm), before the next player acts.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.terraforming_mars.bots import BOTS
from games.terraforming_mars.state import State
from games.terraforming_mars.text import describe_action
from games.terraforming_mars.view import build_view
from games.words import say
from tests.games.terraforming_mars.helpers import ENGINE, act, card, game, give, ready, resolve

POWER_PLANT = {"type": "project", "project": "power_plant"}
END_TURN = {"type": "end_turn"}
PASS = {"type": "pass"}
CONFIRM = {"type": "confirm"}
TILES = ("pluto", "luna", "io", "ceres", "triton")


def pluto_game(owners: tuple[int, ...], *, players: int = 3, confirm: bool = False) -> State:
    """A writable game: seat 0 to act with 40 M€, Pluto's colonies `owners` (slot order), each
    seat one card in hand (001, 002, 003 …)."""
    options: dict[str, Any] = {"colonies": True}
    if confirm:
        options["confirm_turn"] = True
    st = game(players, options=options, mc=40)
    st.colonies = tuple((key, 1, owners if key == "pluto" else (), -1) for key in TILES)
    for seat in range(players):
        give(st, seat, f"00{seat + 1}")
    return st


def trade_pluto(st: State) -> State:
    """Seat 0 trades with Pluto, paying 9 M€ (its payment steps answered)."""
    st = act(st, 0, {"type": "trade", "colony": "pluto", "payment": "mc"})
    return resolve(st, 0)


def discard(st: State, seat: int) -> State:
    """`seat` discards the first card of its hand (the card it held before the draw)."""
    return act(st, seat, {"type": "discard", "card": st.players[seat].hand[0]})


def test_the_trader_goes_on_while_the_owners_discard_waits() -> None:
    st = trade_pluto(ready(pluto_game((2,))))
    assert len(st.players[2].hand) == 2  # drawn at once
    assert st.after_turn == (("colony_discard", 2, "", "pluto"),)
    assert ENGINE.to_move(st) == {0}  # nobody waits for seat 2
    assert ENGINE.legal_actions(st, 2) == []
    assert POWER_PLANT in ENGINE.legal_actions(st, 0)
    st = act(st, 0, POWER_PLANT)  # the second action ends the turn
    assert ENGINE.to_move(st) == {2}
    assert st.active == 0 and ENGINE.legal_actions(st, 1) == []  # seat 1 waits for it
    assert {a["type"] for a in ENGINE.legal_actions(st, 2)} == {"discard"}
    kept = st.players[2].hand[1]
    st = discard(st, 2)
    assert st.players[2].hand == (kept,)
    assert card("003") in st.discard
    assert st.after_turn == () and st.active == 1 and ENGINE.to_move(st) == {1}


def test_end_turn_after_one_action_asks_the_discard() -> None:
    st = act(trade_pluto(ready(pluto_game((1,), players=2))), 0, END_TURN)
    assert ENGINE.to_move(st) == {1} and st.active == 0
    assert st.queue[0][0] == "colony_discard"
    st = discard(st, 1)
    assert st.active == 1 and ENGINE.to_move(st) == {1}
    assert not st.queue and st.turn_actions == 0  # seat 1's own turn, fresh


def test_the_discard_comes_after_the_trader_confirms_the_turn() -> None:
    st = trade_pluto(ready(pluto_game((2,), confirm=True)))
    st = act(st, 0, END_TURN)
    assert ENGINE.to_move(st) == {0} and st.queue[0][0] == "confirm"
    assert ENGINE.undo_steps(st, 0) >= 1  # the turn since the draw may still be taken back
    assert st.after_turn  # not asked yet
    st = act(st, 0, CONFIRM)
    assert ENGINE.to_move(st) == {2}
    st = discard(st, 2)
    assert st.active == 1 and ENGINE.to_move(st) == {1}


def test_two_owners_discard_in_slot_order_after_the_turn() -> None:
    st = trade_pluto(ready(pluto_game((2, 1))))
    assert len(st.players[1].hand) == 2 and len(st.players[2].hand) == 2
    assert [item[1] for item in st.after_turn] == [2, 1]
    st = act(st, 0, END_TURN)
    assert ENGINE.to_move(st) == {2}
    st = discard(st, 2)
    assert ENGINE.to_move(st) == {1} and st.active == 0  # seat 1's discard, not its turn yet
    assert {a["type"] for a in ENGINE.legal_actions(st, 1)} == {"discard"}
    st = discard(st, 1)
    assert st.active == 1 and ENGINE.to_move(st) == {1}
    assert {a["type"] for a in ENGINE.legal_actions(st, 1)} != {"discard"}
    assert len(st.players[1].hand) == 1 and len(st.players[2].hand) == 1


def test_a_trader_with_a_pluto_colony_discards_when_its_own_turn_ends() -> None:
    st = trade_pluto(ready(pluto_game((1, 0))))
    assert len(st.players[0].hand) == 3  # the trade income (1 card at step 1) and the bonus
    assert [item[1] for item in st.after_turn] == [1, 0]
    assert ENGINE.to_move(st) == {0}
    assert END_TURN in ENGINE.legal_actions(st, 0)  # its main choice, no discard yet
    st = act(st, 0, END_TURN)
    st = discard(st, 1)
    assert ENGINE.to_move(st) == {0} and st.queue[0][0] == "colony_discard"
    assert ENGINE.undo_steps(st, 0) == 0  # the turn is over: nothing to take back
    st = discard(st, 0)
    assert len(st.players[0].hand) == 2
    assert st.active == 1 and ENGINE.to_move(st) == {1}


def test_the_discard_of_the_last_turn_comes_before_production() -> None:
    """Seat 1 (Pluto's owner) has passed; seat 0's trade turn ends: seat 1 discards, seat 0
    plays on alone, and production follows seat 0's pass."""
    st = pluto_game((1,), players=2)
    st.pw(1).passed = True
    st = act(trade_pluto(ready(st)), 0, END_TURN)
    assert ENGINE.to_move(st) == {1} and st.gen == 1
    st = discard(st, 1)
    assert st.active == 0 and ENGINE.to_move(st) == {0} and st.phase == "action"
    st = act(st, 0, PASS)
    assert st.gen == 2 and st.phase == "research" and st.after_turn == ()


def test_a_stored_waiting_discard_is_asked_before_production() -> None:
    """A discard waiting when the generation ends (a state stored so) comes before production:
    the generation is not over until it is answered."""
    st = pluto_game((1,), players=2)
    st.pw(1).passed = True
    give(st, 1, "004")
    st.after_turn = (("colony_discard", 1, "", "pluto"),)
    st = act(ready(st), 0, PASS)
    assert ENGINE.to_move(st) == {1} and st.gen == 1 and st.phase == "action"
    mc = st.players[1].stock[0]
    st = discard(st, 1)
    assert st.gen == 2 and st.phase == "research"
    assert st.players[1].stock[0] > mc  # production came after the discard


def test_only_the_owner_sees_the_card_drawn_and_discarded() -> None:
    st = trade_pluto(ready(pluto_game((2,))))
    drawn = st.players[2].hand[1]
    for seat in (0, 1, None):
        assert drawn in ENGINE.secret_tokens(st, seat)
        assert drawn not in json.dumps(build_view(ENGINE, st, seat), default=str)
    assert drawn not in ENGINE.secret_tokens(st, 2)
    # Everyone sees that seat 2's discard waits for the end of the turn.
    assert build_view(ENGINE, st, 1)["colonies"]["after_turn"] == [2]
    st = act(st, 0, END_TURN)
    gone = st.players[2].hand[0]
    action = {"type": "discard", "card": gone}
    after = ENGINE.apply(st, 2, action)
    for seat in (0, 1, None):
        line = say(describe_action(st, 2, action, seat))
        assert line == "discarded a card"
        assert gone in ENGINE.secret_tokens(after, seat)
    assert "discarded" in say(describe_action(st, 2, action, 2))
    assert gone not in ENGINE.secret_tokens(st, 2)


def test_a_timeout_discards_a_card_the_owner_holds() -> None:
    st = act(trade_pluto(ready(pluto_game((2,)))), 0, END_TURN)
    action = ENGINE.timeout_action(st, 2)
    assert action["type"] == "discard" and action in ENGINE.legal_actions(st, 2)
    st = ENGINE.apply(st, 2, action)
    assert len(st.players[2].hand) == 1 and st.active == 1


def test_bots_answer_the_discard() -> None:
    st = act(trade_pluto(ready(pluto_game((2,)))), 0, END_TURN)
    for name in ("random", "heuristic"):
        action = BOTS[name].choose(ENGINE, st, 2, random.Random(3))
        assert action in ENGINE.legal_actions(st, 2)


def test_the_waiting_discard_survives_dump_and_load() -> None:
    st = trade_pluto(ready(pluto_game((2, 1))))
    data = ENGINE.dump(st)
    assert data["after_turn"] == [
        ["colony_discard", 2, "", "pluto"],
        ["colony_discard", 1, "", "pluto"],
    ]
    back = ENGINE.load(json.loads(json.dumps(data)))
    assert back == st and back.after_turn == st.after_turn
    # A state stored before the field reads as nothing waiting.
    old = {k: v for k, v in ENGINE.dump(ready(pluto_game(()))).items() if k != "after_turn"}
    assert ENGINE.load(old).after_turn == ()


def test_a_broken_waiting_discard_is_refused() -> None:
    data = ENGINE.dump(trade_pluto(ready(pluto_game((2,)))))
    for broken in ([["colony_discard", 7, "", "pluto"]], [["no_such", 1, ""]], [["noop", 1, ""]]):
        with pytest.raises(ValueError):
            ENGINE.load({**data, "after_turn": broken})
