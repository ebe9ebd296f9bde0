"""Undo (rules §12.4, house rule): what the engine lets the active player take back.

The platform takes moves back by replaying the rest of the log (tests/lobby/test_undo.py);
here the engine's count is checked: the steps since the start of the turn, never back past
a card drawn or another seat's decision, one at a time in multi-step mode, none when off.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.terraforming_mars.maps import THARSIS
from games.terraforming_mars.state import State
from tests.games.terraforming_mars.helpers import ENGINE, act, game, ready

POWER_PLANT = {"type": "project", "project": "power_plant"}
GREENERY = {"type": "project", "project": "greenery"}


def _start(mode: str = "whole_turn") -> State:
    return ready(game(2, mc=80, options={"undo": mode}))


def _space(st: State, *, card_bonus: bool) -> dict[str, Any]:
    """A legal greenery space with (or without) a card among its placement bonuses."""
    bonus = {space.id: space.bonus for space in THARSIS.spaces}
    for action in ENGINE.legal_actions(st, 0):
        if action["type"] == "space" and ("card" in bonus[action["space"]]) == card_bonus:
            return action
    raise AssertionError("no such space")


def test_every_step_of_the_turn_so_far_may_be_taken_back() -> None:
    st = _start()
    assert ENGINE.undo_steps(st, 0) == 0  # nothing done yet this turn
    st = act(st, 0, GREENERY)
    assert ENGINE.undo_steps(st, 0) == 1  # the project, its space still to choose
    st = act(st, 0, _space(st, card_bonus=False))
    assert st.turn_actions == 1 and st.active == 0
    assert ENGINE.undo_steps(st, 0) == 2
    assert ENGINE.undo_steps(st, 1) == 0  # never the other player


def test_multi_step_takes_back_one_decision_at_a_time() -> None:
    st = act(_start("multi_step"), 0, GREENERY)
    st = act(st, 0, _space(st, card_bonus=False))
    assert ENGINE.undo_steps(st, 0) == 1


def test_with_undo_off_nothing_may_be_taken_back() -> None:
    st = act(_start("none"), 0, GREENERY)
    assert ENGINE.undo_steps(st, 0) == 0


def test_a_card_drawn_closes_the_window() -> None:
    st = act(_start(), 0, GREENERY)
    deck = len(st.deck)
    st = act(st, 0, _space(st, card_bonus=True))
    assert len(st.deck) < deck  # the placement bonus drew a card
    assert ENGINE.undo_steps(st, 0) == 0
    st = act(st, 0, GREENERY)  # what comes after the reveal counts again
    assert st.active == 0 and ENGINE.undo_steps(st, 0) == 1


def test_the_turn_passing_closes_the_window() -> None:
    st = act(_start(), 0, POWER_PLANT, POWER_PLANT)
    assert st.active == 1
    assert ENGINE.undo_steps(st, 0) == 0 and ENGINE.undo_steps(st, 1) == 0


@pytest.mark.parametrize("mode", ["whole_turn", "multi_step"])
def test_taking_back_is_replaying_the_shorter_log(mode: str) -> None:
    """What the platform does: the state rebuilt without the last n moves is the state
    the player had before them."""
    start = _start(mode)
    log = [GREENERY]
    states = [start, act(start, 0, GREENERY)]
    log.append(_space(states[-1], card_bonus=False))
    states.append(act(states[-1], 0, log[-1]))
    n = ENGINE.undo_steps(states[-1], 0)
    rebuilt = act(start, 0, *log[: len(log) - n])
    assert rebuilt == states[len(log) - n]
    assert ENGINE.dump(rebuilt) == ENGINE.dump(states[len(log) - n])


def test_the_option_is_checked_and_stored() -> None:
    assert ENGINE.validate_options({})["undo"] == "whole_turn"
    st = _start("multi_step")
    assert ENGINE.load(ENGINE.dump(st)).settings.undo == "multi_step"
    broken = ENGINE.dump(st)
    broken["options"] = {**broken["options"], "undo": "always"}
    with pytest.raises(ValueError):
        ENGINE.load(broken)
