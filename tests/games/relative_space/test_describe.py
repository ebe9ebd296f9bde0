"""The move log: one line per move, naming only what everybody may know."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from tests.games.relative_space.helpers import ENGINE, build_state, play

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}


def describe(state, action, viewer=None) -> str:
    """Describe a legal `action` of the active seat, as the platform does once it is applied."""
    after = ENGINE.apply(state, state.active, action)
    return ENGINE.describe(state, after, state.active, action, viewer)


def test_a_load_names_the_card_its_place_and_the_pod() -> None:
    state = build_state(supplies=[{"A3": "7"}, OTHER], pods=["5"])
    text = describe(state, {"type": "play", "slot": "A3", "pod": 1})
    assert text == "played a 7 from place 3 of row 1 onto pod 1; emptied the supply and wins"


def test_a_blind_block_tells_what_came_back_and_what_left() -> None:
    state = build_state(supplies=[{"C1": "~4", "D1": "~5"}, OTHER], pods=["3 6"])
    text = describe(state, {"type": "play", "slot": "C1", "pod": 1})
    assert text == (
        "turned up a 4 from place 1 of row 3 onto pod 1 and blocked it: places 1, 2, 3 of "
        "row 1 refilled face up, pod 1 stays in play, empty"
    )


def test_a_key_opening_and_a_launch_read_in_order() -> None:
    state = build_state(supplies=[{"A1": "KEY", "A2": "START", "A3": "8"}, OTHER], pods=["6"])
    text = describe(state, {"type": "open_pod", "key": "A1", "slot": "A2"})
    assert text == (
        "used the Key from place 1 of row 1 to open pod 2; played a START! from place 2 of "
        "row 1 onto pod 2; "
        "pod 2 launched with 1 card"
    )


def test_a_pass_on_an_extra_play() -> None:
    """Only legal moves are described: a pass without an extra play is refused first."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "8"}, OTHER])
    with pytest.raises(IllegalAction, match="only pass on an extra play"):
        describe(state, {"type": "pass"})
    state = play(state, "A1", 1)
    assert describe(state, {"type": "pass"}) == "passed on the extra play"


def test_every_viewer_reads_the_same_line() -> None:
    """Nothing in a move is private: a face-down card is revealed as it is played."""
    state = build_state(supplies=[{"C1": "~4", "D1": "~5"}, OTHER], pods=["2"])
    action = {"type": "play", "slot": "C1", "pod": 1}
    assert {describe(state, action, viewer) for viewer in (None, 0, 1)} == {
        "turned up a 4 from place 1 of row 3 onto pod 1"
    }


def test_a_line_is_a_sentence_with_its_pieces_not_glued_english() -> None:
    """The platform stores the line's message ids and arguments and says it per reader."""
    state = build_state(supplies=[{"C1": "~4", "D1": "~5"}, OTHER], pods=["3 6"])
    line = describe(state, {"type": "play", "slot": "C1", "pod": 1})
    (data,) = line.data()["j"]  # the move's events, one sentence each
    assert data["m"] == "%(play)s and blocked it: %(result)s"
    assert data["a"]["play"] == {
        "m": "turned up %(card)s from %(place)s onto pod %(pod)s",
        "a": {
            "card": {"m": "a %(item)s", "a": {"item": 4}},
            "place": {"m": "place %(place)s of row %(row)s", "a": {"place": 1, "row": 3}},
            "pod": 1,
        },
    }
    refilled, pod = data["a"]["result"]["j"]
    assert refilled["m"] == "%(places)s refilled face up" and refilled["n"] == 3
    (row,) = refilled["a"]["places"]["j"]  # one row: its places in one phrase
    assert row["p"] == "places %(places)s of row %(row)s" and row["a"]["row"] == 1
    assert pod == {"m": "pod %(pod)s stays in play, empty", "a": {"pod": 1}}


def test_a_refusal_is_a_sentence_too() -> None:
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "8", "B1": "5"}, OTHER])
    with pytest.raises(IllegalAction) as refusal:
        describe(state, {"type": "play", "slot": "B1", "pod": 1})
    assert refusal.value.message.data() == {
        "m": "The card at %(place)s is covered: play a card that no other card overlaps.",
        "a": {"place": {"m": "place %(place)s of row %(row)s", "a": {"place": 1, "row": 2}}},
    }
