"""Loading a pod: load values, equal numbers, specials (rules §6, §7, examples E2, E14)."""

from __future__ import annotations

from tests.games.relative_space.helpers import ENGINE, build_state, play, pod_values, supply_of

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}


def test_e2_an_equal_value_loads_and_a_higher_one_raises_the_load_value() -> None:
    """E2: P1[2,4] takes a 4 (load stays 4), then a 9 (load 9)."""
    state = build_state(supplies=[{"A1": "4", "A2": "9", "A3": "3"}, {"A1": "9", "A2": "2"}],
                        pods=["2 4"])  # fmt: skip
    state = play(state, "A1", 1)
    assert pod_values(state) == {1: ["2", "4", "4"]} and state.pods[0].load == 4
    state = play(state, "A1", 1)  # seat 1 plays its 9
    assert state.pods[0].load == 9
    assert supply_of(state, 1) == {"A2": "2"}


def test_e14_a_special_on_top_keeps_the_load_value() -> None:
    """E14: P1[5, DOUBLE] has load value 5: a 5 loads, a 4 would block."""
    state = build_state(supplies=[{"A1": "5", "A2": "4"}, OTHER], pods=["5 DOUBLE"])
    assert state.pods[0].load == 5
    loaded = play(state, "A1", 1)
    assert pod_values(loaded) == {1: ["5", "DOUBLE", "5"]}
    blocked = play(state, "A2", 1)
    assert pod_values(blocked) == {1: []}
    assert blocked.recent[-1].kind == "block"


def test_an_empty_pod_has_load_value_0_and_takes_any_item() -> None:
    """§6.2 (house rule): a pod without items has load value 0; a 1 loads."""
    state = build_state(supplies=[{"A1": "1", "A2": "2"}, OTHER], pods=["START"])
    assert state.pods[0].load == 0
    state = play(state, "A1", 1)
    assert state.pods[0].load == 1 and state.recent[-1].kind == "load"


def test_a_special_card_loads_onto_any_pod_however_high() -> None:
    """§6.1: specials always load; a key played as a card has no effect (§9.1)."""
    state = build_state(supplies=[{"A1": "KEY", "A2": "2"}, OTHER], pods=["10"])
    state = play(state, "A1", 1)
    assert pod_values(state) == {1: ["10", "KEY"]} and state.pods[0].load == 10
    assert state.active == 1 and state.stack == ()  # no effect: the turn just ends


def test_playing_below_the_load_value_is_legal() -> None:
    """§6.3: a low item may be played on purpose; it blocks."""
    state = build_state(supplies=[{"A1": "1"}, OTHER], pods=["9"])
    assert {"type": "play", "slot": "A1", "pod": 1} in ENGINE.legal_actions(state, 0)


def test_after_a_plain_load_the_next_seat_starts_its_turn() -> None:
    """§7: one card per turn; the next seat's empty places are recorded (§7.1 step 1)."""
    state = build_state(
        supplies=[{"A1": "3", "A2": "4"}, {"A2": "9", "B1": "5", "C1": "~6"}, OTHER]
    )
    state = play(state, "A1", 1)
    assert (state.active, state.turn) == (1, 2)
    assert [n for n in ("A1", "A3", "A4", "B2", "B3", "C2", "D1")] == [
        ENGINE.layout.names[i] for i in state.empty_at_start
    ]
    state = play(state, "A2", 1)
    assert (state.active, state.turn) == (2, 3)
    state = play(state, "A1", 1)
    assert (state.active, state.turn) == (0, 4)  # round the table, clockwise
