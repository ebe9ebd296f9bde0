"""The supply layout: covering, availability and the refill order (rules §4, example E1)."""

from __future__ import annotations

import itertools

from games.relative_space.supply import open_slots, slot_is_open
from tests.games.relative_space.helpers import ENGINE, LAYOUT, build_state, play, supply_of

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}
FULL = {
    "A1": "1", "A2": "2", "A3": "3", "A4": "4", "B1": "5", "B2": "6", "B3": "7",
    "C1": "~8", "C2": "~9", "D1": "~10",
}  # fmt: skip


def test_slots_are_named_and_ordered_bottom_row_first() -> None:
    """§4.1 and §4.5: A1..A4, B1..B3, C1, C2, D1 is also the refill order."""
    assert LAYOUT.names == ("A1", "A2", "A3", "A4", "B1", "B2", "B3", "C1", "C2", "D1")
    assert LAYOUT.rows == (0, 0, 0, 0, 1, 1, 1, 2, 2, 3)


def test_the_covering_relation_is_the_table_of_the_rules() -> None:
    """§4.2: a slot is overlapped by the two slots just below it."""
    covered_by = {
        LAYOUT.names[i]: {LAYOUT.names[j] for j in cover}
        for i, cover in enumerate(LAYOUT.covered_by)
    }
    assert covered_by == {
        "A1": set(), "A2": set(), "A3": set(), "A4": set(),
        "B1": {"A1", "A2"}, "B2": {"A2", "A3"}, "B3": {"A3", "A4"},
        "C1": {"B1", "B2"}, "C2": {"B2", "B3"}, "D1": {"C1", "C2"},
    }  # fmt: skip


def names(state) -> list[str]:
    return [LAYOUT.names[i] for i in open_slots(LAYOUT, state.supplies[0])]


def test_e1_availability_follows_the_covering_cards() -> None:
    """E1: at setup A1-A4 are open; after A2 and A3 B2 opens, B1 and B3 stay covered."""
    state = build_state(supplies=[FULL, OTHER], pods=["", "", ""])
    assert names(state) == ["A1", "A2", "A3", "A4"]
    state = build_state(supplies=[{k: v for k, v in FULL.items() if k not in ("A2", "A3")}, OTHER])
    assert names(state) == ["A1", "A4", "B2"]
    # C1 opens only when both B1 and B2 are gone.
    partial = {k: v for k, v in FULL.items() if k not in ("A1", "A2", "A3", "B2")}
    state = build_state(supplies=[partial, OTHER])
    assert "C1" not in names(state) and "B1" in names(state)
    state = build_state(supplies=[{k: v for k, v in partial.items() if k != "B1"}, OTHER])
    assert "C1" in names(state)


def test_covered_cards_cannot_be_played_even_face_up() -> None:
    """§4.4: B1 is face up but covered by A1 and A2."""
    state = build_state(supplies=[FULL, OTHER])
    assert not slot_is_open(LAYOUT, state.supplies[0], LAYOUT.index["B1"])
    assert all(a.get("slot") != "B1" for a in ENGINE.legal_actions(state, 0))


def test_every_non_empty_supply_has_an_available_card() -> None:
    """§4.4 property, over all 1023 non-empty occupancy patterns of the ten slots."""
    for pattern in itertools.product([False, True], repeat=LAYOUT.size):
        if not any(pattern):
            continue
        supply = tuple(("RS-I1#1", True) if full else None for full in pattern)
        assert open_slots(LAYOUT, supply)


def test_a_face_down_card_that_becomes_available_stays_face_down() -> None:
    """§4.4 [C]: uncovering C1 does not turn it over."""
    state = build_state(
        supplies=[{"A3": "4", "A4": "5", "B3": "6", "C1": "~7", "C2": "~8", "D1": "~9"}, OTHER]
    )
    state = play(state, "A3", 1)  # 4 onto the empty pod; B2 was already gone
    assert supply_of(state, 0)["C1"] == "~7"
    assert "C1" in [LAYOUT.names[i] for i in open_slots(LAYOUT, state.supplies[0])]
