"""Blocking a pod, step by step (rules §8, examples E3 to E6, E15, E16, E17)."""

from __future__ import annotations

from games import rng
from tests.games.relative_space.helpers import (
    CARDS,
    ENGINE,
    LAYOUT,
    build_state,
    play,
    pod_values,
    supply_of,
)

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}
E3_SUPPLY = {  # eight cards: A2 and B2 are empty at the start of the turn
    "A1": "2", "A3": "6", "A4": "7", "B1": "3", "B3": "9", "C1": "~4", "C2": "~10", "D1": "~2",
}  # fmt: skip


def values(ids) -> list[int]:
    return [CARDS[card].value for card in ids]


def new_out(before, after) -> list[int]:
    """Return the values of the cards removed from the game by the move."""
    return values(after.out[len(before.out) :])


def seed_for(build, order: list[int], slot: str) -> int:
    """Return a seed whose block shuffle (pod 1 plus the card at `slot`) gives `order`."""
    state = build(0)
    pod = state.pods[0].cards
    card = state.supplies[0][LAYOUT.index[slot]][0]
    for seed in range(5000):
        shuffled = rng.shuffled(pod + (card,), seed=seed, salt=f"relative_space/block-{state.turn}")
        if values(shuffled) == order:
            return seed
    raise AssertionError("no seed gives that order")


def test_e3_a_block_refills_only_the_old_holes_and_the_lone_pod_stays() -> None:
    """E3: shuffle 5, 8, 1, 6 → A2 = 5, B2 = 8 face up; 1 and 6 out; A3 stays empty."""

    def build(seed: int):
        return build_state(supplies=[E3_SUPPLY, OTHER], pods=["1 5 8"], seed=seed)

    state = build(seed_for(build, [5, 8, 1, 6], "A3"))
    assert [LAYOUT.names[i] for i in state.empty_at_start] == ["A2", "B2"]
    after = play(state, "A3", 1)
    mine = supply_of(after, 0)
    assert mine["A2"] == "5" and mine["B2"] == "8"  # face up: no "~"
    assert "A3" not in mine  # the blocking card's own slot is not refilled (§8 step 3)
    assert len(mine) == 9
    assert new_out(state, after) == [1, 6]
    assert [(p.id, p.cards, p.load) for p in after.pods] == [(1, (), 0)]
    assert after.active == 1 and after.stack == ()  # the turn ends
    event = after.recent[-1]
    assert (event.kind, event.refilled, event.out, event.removed) == (
        "block",
        ("A2", "B2"),
        2,
        False,
    )


def test_e4_with_two_pods_the_blocked_pod_leaves_after_the_refill() -> None:
    """E4: as E3 with P2[4] in play: P1 is removed, P2 remains."""
    state = build_state(supplies=[E3_SUPPLY, OTHER], pods=["1 5 8", "4"])
    after = play(state, "A3", 1)
    assert pod_values(after) == {2: ["4"]}
    assert len(supply_of(after, 0)) == 9
    assert len(new_out(state, after)) == 2 and after.recent[-1].removed


def test_e5_a_full_supply_loses_every_collected_card() -> None:
    """E5: no hole at the start of the turn: the 7 and the 3 both go out; 9 cards left."""
    full = {name: str(1 + i % 9) for i, name in enumerate(LAYOUT.names)}
    full["A1"] = "3"
    state = build_state(supplies=[full, OTHER], pods=["7"])
    after = play(state, "A1", 1)
    assert sorted(new_out(state, after)) == [3, 7]
    assert len(supply_of(after, 0)) == 9 and pod_values(after) == {1: []}


def test_e6_a_blind_play_can_block_and_refills_the_bottom_row_first() -> None:
    """E6: only C1, D1 left, face down; C1 is a 4 onto P1[3,6]: A1, A2, A3 refilled."""
    state = build_state(supplies=[{"C1": "~4", "D1": "~5"}, OTHER], pods=["3 6"])
    assert [a["slot"] for a in ENGINE.legal_actions(state, 0) if a["type"] == "play"] == ["C1"]
    after = play(state, "C1", 1)
    mine = supply_of(after, 0)
    assert sorted(mine) == ["A1", "A2", "A3", "D1"]
    assert sorted(int(mine[n]) for n in ("A1", "A2", "A3")) == [3, 4, 6]
    assert "C1" not in mine and mine["D1"] == "~5"
    assert after.recent[-1].blind and new_out(state, after) == []


def test_e17_a_refill_into_a_face_down_slot_is_face_up() -> None:
    """E17: C1 emptied on an earlier turn is refilled face up by a block."""
    supply = {name: "2" for name in ("A1", "A2", "A3", "A4", "B1", "B2", "B3")}
    supply.update({"C2": "~3", "D1": "~4"})
    supply["A1"] = "1"
    state = build_state(supplies=[supply, OTHER], pods=["5"])
    after = play(state, "A1", 1)
    assert supply_of(after, 0)["C1"] in ("1", "5")  # no "~": face up
    assert after.recent[-1].refilled == ("C1",)


def test_the_bottom_row_is_refilled_before_higher_rows() -> None:
    """§4.5: with B1 and A3 empty at the start, A3 is filled first."""
    state = build_state(
        supplies=[{"A1": "2", "A2": "3", "A4": "4", "B2": "8", "B3": "8"}, OTHER],
        pods=["9"],
    )
    after = play(state, "A1", 1)  # one card back from a pod of one, plus the 2
    assert after.recent[-1].refilled[:2] == ("A3", "B1")


def test_a_slot_emptied_this_turn_is_not_refilled() -> None:
    """§8 step 3: a Double Load played from A1 leaves A1 empty but not refillable."""
    state = build_state(
        supplies=[{"A1": "DOUBLE", "A2": "2", "A3": "6", "B2": "7"}, OTHER], pods=["5"]
    )
    assert [LAYOUT.names[i] for i in state.empty_at_start][:2] == ["A4", "B1"]
    state = play(state, "A1", 1)
    assert state.active == 0 and state.stack == (("extra", 0),)
    after = play(state, "A2", 1)  # the 2 blocks pod 1 [5, DOUBLE]
    event = after.recent[-1]
    assert event.kind == "block" and event.refilled == ("A4", "B1", "B3")
    assert "A1" not in supply_of(after, 0) and "A2" not in supply_of(after, 0)


def test_e15_variant_a_blocked_extra_play_ends_the_turn_and_removes_the_pod() -> None:
    """E15: DOUBLE on P1, then a 3 onto P2[6] blocks it; P2 leaves, the turn ends."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "3", "B2": "7"}, OTHER], pods=["5", "6"])
    state = play(state, "A1", 1)
    after = play(state, "A2", 2)
    assert pod_values(after) == {1: ["5", "DOUBLE"]}
    assert after.active == 1 and after.stack == ()


def test_e16_variant_a_blocked_last_call_does_not_launch() -> None:
    """E16: LASTCALL on P1[4,8], then a 5 blocks P1: refilled as usual, P1 stays, no launch."""
    state = build_state(supplies=[{"A1": "LASTCALL", "A2": "5", "B2": "7"}, OTHER], pods=["4 8"])
    state = play(state, "A1", 1)
    assert state.stack == (("launch", 1), ("extra", 1))
    after = play(state, "A2", 1)
    assert [(p.id, p.cards) for p in after.pods] == [(1, ())]
    assert after.stack == () and after.active == 1
    assert [e.kind for e in after.recent] == ["load", "block"]
    # The four collected cards fill the first four places empty at the start.
    assert after.recent[-1].refilled == ("A3", "A4", "B1", "B3")
    assert new_out(state, after) == []


def test_a_block_never_wins_the_game() -> None:
    """§8: a player down to one card who blocks gets cards back."""
    state = build_state(supplies=[{"A1": "2"}, OTHER], pods=["4 6"])
    after = play(state, "A1", 1)
    assert not after.over and len(supply_of(after, 0)) == 3
