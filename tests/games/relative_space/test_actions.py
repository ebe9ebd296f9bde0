"""Legal actions, refused actions and the clock's move (rules §11.1, §11.4)."""

from __future__ import annotations

import pytest

from tests.games.kit import assert_rejected
from tests.games.relative_space.helpers import ENGINE, build_state, play

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}


def test_legal_actions_are_plays_by_slot_and_pod_then_key_openings() -> None:
    """§11.1: plays in refill order and pod order, then open_pod by key and slot."""
    state = build_state(
        supplies=[{"A1": "KEY", "A2": "3", "A4": "4", "B3": "5"}, OTHER], pods=["2", "6"]
    )
    assert ENGINE.legal_actions(state, 0) == [
        {"type": "play", "slot": "A1", "pod": 1},
        {"type": "play", "slot": "A1", "pod": 2},
        {"type": "play", "slot": "A2", "pod": 1},
        {"type": "play", "slot": "A2", "pod": 2},
        {"type": "play", "slot": "A4", "pod": 1},
        {"type": "play", "slot": "A4", "pod": 2},
        {"type": "open_pod", "key": "A1", "slot": "A2"},
        {"type": "open_pod", "key": "A1", "slot": "A4"},
    ]
    assert ENGINE.legal_actions(state, 1) == []


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"type": "play", "slot": "Z9", "pod": 1}, "no such place"),
        ({"type": "play", "slot": "A3", "pod": 1}, "no card at place 3 of row 1"),
        ({"type": "play", "slot": "B1", "pod": 1}, "covered"),
        ({"type": "play", "slot": "A2", "pod": 7}, "not in play"),
        ({"type": "play", "slot": "A2"}, "missing something"),
        ({"type": "play", "slot": "A2", "pod": "1"}, "not filled in correctly"),
        ({"type": "open_pod", "key": "A2", "slot": "A1"}, "not a key"),
        ({"type": "pass"}, "only pass on an extra play"),
        ({"type": "draw"}, "does not exist"),
    ],
)
def test_illegal_actions_get_a_readable_sentence_and_change_nothing(action, message) -> None:
    state = build_state(supplies=[{"A1": "3", "A2": "4", "B1": "5"}, OTHER])
    assert_rejected(ENGINE, state, 0, action, message)


def test_playing_out_of_turn_is_refused() -> None:
    state = build_state(supplies=[{"A1": "3"}, OTHER])
    assert_rejected(ENGINE, state, 1, {"type": "play", "slot": "A1", "pod": 1}, "not your turn")


def test_an_unknown_slot_is_never_echoed_back() -> None:
    """A payload may carry anything, even a hidden card's id: the answer does not repeat it."""
    state = build_state(supplies=[{"A1": "3", "C1": "~7"}, OTHER])
    hidden = state.supplies[0][7][0]
    error = assert_rejected(ENGINE, state, 0, {"type": "play", "slot": hidden, "pod": 1})
    assert hidden not in error.message


def test_the_clock_passes_an_extra_play() -> None:
    """§11.4: on an extra play the timeout action is a pass."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "3"}, OTHER])
    state = play(state, "A1", 1)
    assert ENGINE.timeout_action(state, 0) == {"type": "pass"}


def test_the_clock_plays_the_first_face_up_card_that_loads() -> None:
    """§11.4: canonical order, face up, loads; never a key opening."""
    state = build_state(
        supplies=[{"A1": "KEY", "A2": "2", "A3": "7", "C1": "~1"}, OTHER], pods=["5", "8"]
    )
    # A1's key loads anywhere: it is face up and a special card.
    assert ENGINE.timeout_action(state, 0) == {"type": "play", "slot": "A1", "pod": 1}
    state = build_state(supplies=[{"A2": "2", "A3": "7", "C1": "~1"}, OTHER], pods=["5", "8"])
    assert ENGINE.timeout_action(state, 0) == {"type": "play", "slot": "A3", "pod": 1}


def test_the_clock_blocks_with_the_first_play_when_nothing_loads() -> None:
    state = build_state(supplies=[{"A2": "2", "A3": "3"}, OTHER], pods=["5", "8"])
    assert ENGINE.timeout_action(state, 0) == {"type": "play", "slot": "A2", "pod": 1}
