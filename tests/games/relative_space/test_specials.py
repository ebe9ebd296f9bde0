"""Keys, START!, Double Load and Last Call (rules §9, examples E7-E11, E15, E16)."""

from __future__ import annotations

import pytest

from tests.games.kit import assert_rejected
from tests.games.relative_space.helpers import (
    CARDS,
    ENGINE,
    build_state,
    play,
    pod_values,
    supply_of,
)

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}


def open_pod(state, key: str, slot: str):
    return ENGINE.apply(state, state.active, {"type": "open_pod", "key": key, "slot": slot})


def kinds(state) -> list[str]:
    return [event.kind for event in state.recent]


# --- START! ---------------------------------------------------------------------------


def test_e7_a_blind_start_launches_the_lone_pod_and_a_new_pod_enters() -> None:
    """E7: C1 turns out to be START!: it loads, then P1 (3, 6, START!) goes out; P2 comes."""
    state = build_state(supplies=[{"C1": "~START", "D1": "~5"}, OTHER], pods=["3 6"])
    out_before = len(state.out)
    after = play(state, "C1", 1)
    assert [CARDS[c].name for c in after.out[out_before:]] == ["3", "6", "START!"]
    assert [(p.id, p.cards, p.load) for p in after.pods] == [(2, (), 0)]
    assert kinds(after) == ["load", "launch"]
    assert after.recent[-1].new_pod == 2 and not after.over
    assert supply_of(after, 0) == {"D1": "~5"} and after.active == 1


def test_e8_start_with_two_pods_brings_no_new_pod() -> None:
    """E8: START! on P1[3,9] launches it; P2[5] remains alone."""
    state = build_state(supplies=[{"A1": "START", "A2": "2"}, OTHER], pods=["3 9", "5"])
    after = play(state, "A1", 1)
    assert pod_values(after) == {2: ["5"]} and after.next_pod == 3
    assert after.recent[-1].out == 3 and after.recent[-1].new_pod == 0


def test_new_pods_always_take_the_next_unused_id() -> None:
    """§3.2 (house rule): a pod that left is never reused."""
    state = build_state(supplies=[{"A1": "START", "A2": "2"}, OTHER], pods={4: "7"}, next_pod=6)
    after = play(state, "A1", 4)
    assert [p.id for p in after.pods] == [6] and after.next_pod == 7


# --- keys ---------------------------------------------------------------------------------


def test_e9_a_key_opens_a_new_pod_and_the_card_goes_onto_it_at_once() -> None:
    """E9: key at A1, 7 cards; open_pod(A1, A2): key out, P3 created, the 2 loads (load 2)."""
    supply = {"A1": "KEY", "A2": "2", "A3": "5", "A4": "6", "B1": "7", "B2": "8", "B3": "9"}
    state = build_state(supplies=[supply, OTHER], pods={1: "4", 2: "8"})
    out_before = len(state.out)
    after = open_pod(state, "A1", "A2")
    assert after.out[out_before:] == (state.supplies[0][0][0],)  # the key is out
    assert pod_values(after) == {1: ["4"], 2: ["8"], 3: ["2"]}
    assert after.pods[-1].load == 2 and after.next_pod == 4
    assert len(supply_of(after, 0)) == 5 and after.active == 1  # the turn ends
    assert kinds(after) == ["open", "load"]


def test_e10_a_key_may_play_a_card_it_uncovers() -> None:
    """E10: key at A2 with A1 and A3 empty: B1 or B2 may go onto the new pod."""
    supply = {"A2": "KEY", "A4": "3", "B1": "5", "B2": "6", "B3": "7"}
    state = build_state(supplies=[supply, OTHER])
    opens = [
        (a["key"], a["slot"]) for a in ENGINE.legal_actions(state, 0) if a["type"] == "open_pod"
    ]
    assert opens == [("A2", "A4"), ("A2", "B1"), ("A2", "B2")]
    after = open_pod(state, "A2", "B1")
    assert pod_values(after) == {1: [], 2: ["5"]}


def test_e11_a_key_as_the_last_card_cannot_open_a_pod_but_is_shed_and_wins() -> None:
    """E11: the only card is a key: no open_pod; played onto a pod it loads and wins."""
    state = build_state(supplies=[{"A3": "KEY"}, OTHER], pods=["10"])
    assert ENGINE.legal_actions(state, 0) == [{"type": "play", "slot": "A3", "pod": 1}]
    assert_rejected(
        ENGINE, state, 0, {"type": "open_pod", "key": "A3", "slot": "A3"}, "other than the key"
    )
    after = play(state, "A3", 1)
    assert after.over and after.winner == 0


def test_a_key_with_one_other_card_opens_a_pod_and_wins() -> None:
    """§9.1: the key plus one card: the card loads onto the new pod, the supply is empty."""
    state = build_state(supplies=[{"A1": "KEY", "A2": "1"}, OTHER], pods=["9"])
    after = open_pod(state, "A1", "A2")
    assert after.over and after.winner == 0


def test_a_face_down_key_cannot_open_a_pod_and_the_message_hides_it() -> None:
    """§9.1 (house rule): only an open, face-up key; the answer tells nothing about the card."""
    face_down_key = build_state(supplies=[{"C1": "~KEY", "D1": "~3"}, OTHER])
    face_down_item = build_state(supplies=[{"C1": "~4", "D1": "~3"}, OTHER])
    action = {"type": "open_pod", "key": "C1", "slot": "D1"}
    one = assert_rejected(ENGINE, face_down_key, 0, action)
    two = assert_rejected(ENGINE, face_down_item, 0, action)
    assert one.message == two.message and "face-down" in one.message
    assert all(a["type"] != "open_pod" for a in ENGINE.legal_actions(face_down_key, 0))


def test_a_covered_key_cannot_open_a_pod() -> None:
    """§9.1 (house rule): the key must be available."""
    state = build_state(supplies=[{"A1": "3", "A2": "4", "B1": "KEY"}, OTHER])
    assert_rejected(ENGINE, state, 0, {"type": "open_pod", "key": "B1", "slot": "A1"}, "covered")


def test_a_card_that_is_no_key_cannot_open_a_pod() -> None:
    state = build_state(supplies=[{"A1": "3", "A2": "4"}, OTHER])
    assert_rejected(ENGINE, state, 0, {"type": "open_pod", "key": "A1", "slot": "A2"}, "not a key")


def test_a_key_is_used_only_at_the_start_of_the_turn() -> None:
    """§9.1 [C]: not as an extra play; so at most one key per turn."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "KEY", "A3": "KEY", "A4": "3"}, OTHER])
    state = play(state, "A1", 1)
    assert state.stack == (("extra", 0),)
    assert all(a["type"] != "open_pod" for a in ENGINE.legal_actions(state, 0))
    assert_rejected(
        ENGINE, state, 0, {"type": "open_pod", "key": "A2", "slot": "A4"}, "start of your turn"
    )


def test_the_card_after_a_key_must_be_available_once_the_key_is_gone() -> None:
    state = build_state(supplies=[{"A1": "KEY", "A3": "3", "B2": "4"}, OTHER])
    assert_rejected(
        ENGINE, state, 0, {"type": "open_pod", "key": "A1", "slot": "B2"}, "still covered"
    )


def test_a_start_played_onto_the_new_pod_launches_it_at_once() -> None:
    """§9.1 then §9.2: open pod 2, START! onto it: pod 2 launches, pod 1 stays."""
    state = build_state(supplies=[{"A1": "KEY", "A2": "START", "A3": "5"}, OTHER], pods=["6"])
    after = open_pod(state, "A1", "A2")
    assert pod_values(after) == {1: ["6"]} and kinds(after) == ["open", "load", "launch"]


# --- Double Load --------------------------------------------------------------------------


def test_e15_double_load_gives_one_extra_play_onto_any_pod() -> None:
    """E15: DOUBLE on P1[5] (load stays 5), then a 7 onto P2[6] loads; the turn ends."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "7", "A3": "2"}, OTHER], pods=["5", "6"])
    state = play(state, "A1", 1)
    assert state.active == 0 and state.pods[0].load == 5
    plays = [(a["slot"], a["pod"]) for a in ENGINE.legal_actions(state, 0) if a["type"] == "play"]
    assert plays == [("A2", 1), ("A2", 2), ("A3", 1), ("A3", 2)]
    assert {"type": "pass"} in ENGINE.legal_actions(state, 0)
    after = play(state, "A2", 2)
    assert pod_values(after) == {1: ["5", "DOUBLE"], 2: ["6", "7"]} and after.pods[1].load == 7
    assert after.active == 1 and after.stack == ()


def test_double_loads_chain() -> None:
    """§9.3: an extra Double Load grants another extra play."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "DOUBLE", "A3": "4", "A4": "5"}, OTHER])
    state = play(state, "A1", 1)
    state = play(state, "A2", 1)
    assert state.stack == (("extra", 0),) and state.active == 0
    state = play(state, "A3", 1)
    assert state.active == 1 and pod_values(state) == {1: ["DOUBLE", "DOUBLE", "4"]}


def test_an_extra_play_may_be_passed() -> None:
    """§7.4 (house rule): passing on the extra play ends the turn."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "1"}, OTHER], pods=["5"])
    state = play(state, "A1", 1)
    after = ENGINE.apply(state, 0, {"type": "pass"})
    assert after.active == 1 and kinds(after) == ["load", "pass"]
    assert supply_of(after, 0) == {"A2": "1"}


def test_passing_is_only_allowed_on_an_extra_play() -> None:
    state = build_state(supplies=[{"A1": "3"}, OTHER])
    assert_rejected(ENGINE, state, 0, {"type": "pass"}, "only pass on an extra play")


# --- Last Call ----------------------------------------------------------------------------


def test_e16_last_call_extra_play_onto_the_same_pod_then_launch() -> None:
    """E16: LASTCALL on P1[4,8], a 9 onto P1, then P1 (4, 8, LASTCALL, 9) launches; P2 enters."""
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "9", "A3": "1"}, OTHER], pods=["4 8"])
    out_before = len(state.out)
    state = play(state, "A1", 1)
    assert state.stack == (("launch", 1), ("extra", 1))
    plays = [(a["slot"], a["pod"]) for a in ENGINE.legal_actions(state, 0) if a["type"] == "play"]
    assert plays == [("A2", 1), ("A3", 1)]  # only onto the same pod
    after = play(state, "A2", 1)
    assert [CARDS[c].name for c in after.out[out_before:]] == ["4", "8", "Last Call", "9"]
    assert [(p.id, p.cards) for p in after.pods] == [(2, ())]
    assert kinds(after) == ["load", "load", "launch"] and after.active == 1


def test_a_last_call_extra_play_elsewhere_is_refused() -> None:
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "9"}, OTHER], pods=["4", "5"])
    state = play(state, "A1", 1)
    assert_rejected(ENGINE, state, 0, {"type": "play", "slot": "A2", "pod": 2}, "onto pod 1")


def test_a_last_call_passed_still_launches() -> None:
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "9"}, OTHER], pods=["4", "5"])
    state = play(state, "A1", 1)
    after = ENGINE.apply(state, 0, {"type": "pass"})
    assert pod_values(after) == {2: ["5"]} and kinds(after)[-2:] == ["pass", "launch"]


def test_a_start_after_last_call_launches_once() -> None:
    """§9.4: the pending launch finds the pod gone and does nothing."""
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "START", "A3": "2"}, OTHER])
    state = play(state, "A1", 1)
    after = play(state, "A2", 1)
    assert kinds(after) == ["load", "load", "launch"]
    assert [p.id for p in after.pods] == [2]


def test_a_double_load_after_last_call_is_resolved_before_the_launch() -> None:
    """§9.4: LASTCALL, DOUBLE on the same pod, the extra play (anywhere), then the launch."""
    state = build_state(
        supplies=[{"A1": "LASTCALL", "A2": "DOUBLE", "A3": "7", "A4": "2"}, OTHER], pods=["3", "6"]
    )
    state = play(state, "A1", 1)
    state = play(state, "A2", 1)
    assert state.stack == (("launch", 1), ("extra", 0))
    after = play(state, "A3", 2)
    assert pod_values(after) == {2: ["6", "7"]} and after.active == 1


def test_a_key_revealed_by_a_blind_play_has_no_effect() -> None:
    """§9.1 (house rule): a key played as a card does nothing."""
    state = build_state(supplies=[{"C1": "~KEY", "D1": "~3"}, OTHER], pods=["5"])
    after = play(state, "C1", 1)
    assert pod_values(after) == {1: ["5", "KEY"]} and after.active == 1


@pytest.mark.parametrize("code", ["START", "DOUBLE", "LASTCALL", "KEY"])
def test_every_special_loads_onto_the_highest_pod(code: str) -> None:
    """§6.1: specials are always loaded successfully."""
    state = build_state(supplies=[{"A1": code, "A2": "2"}, OTHER], pods=["10"])
    after = play(state, "A1", 1)
    assert after.recent[0].kind == "load" and after.recent[0].pod == 1
