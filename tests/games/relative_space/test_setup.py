"""The deck, the supply deal, the first pod and the start player (rules §3, §5)."""

from __future__ import annotations

from collections import Counter

import pytest

from games import rng
from games.engine import OptionError
from tests.games.relative_space.helpers import CARDS, ENGINE, LAYOUT


def test_the_house_deck_has_80_cards_as_the_table_lists() -> None:
    """§3.1: items 1-10 six times each, 5 keys, 6 START!, 6 Double Loads, 3 Last Calls."""
    assert len(CARDS) == 80
    items = Counter(card.value for card in CARDS.values() if card.is_item)
    assert items == dict.fromkeys(range(1, 11), 6)
    specials = Counter(card.code for card in CARDS.values() if not card.is_item)
    assert specials == {"KEY": 5, "START": 6, "DOUBLE": 6, "LASTCALL": 3}


def test_card_ids_are_stable_distinctive_strings() -> None:
    """§3.1: "RS-I7#3" is the third item 7; no id is part of another (leak scans)."""
    assert "RS-I7#3" in CARDS and CARDS["RS-I7#3"].value == 7
    assert "RS-START#2" in CARDS and CARDS["RS-START#2"].code == "START"
    for card_id in CARDS:
        assert card_id.startswith("RS-")
        assert not any(card_id in other for other in CARDS if other != card_id)


def test_the_special_card_table_gives_each_card_its_effect() -> None:
    """§9: the key opens pods, START! launches, Double Load and Last Call add a play."""
    effects = {
        card.code: (card.special.launch, card.special.extra_play, card.special.opens_pod)
        for card in CARDS.values()
        if card.special is not None
    }
    assert effects == {
        "KEY": (False, None, True),
        "START": (True, None, False),
        "DOUBLE": (False, "any", False),
        "LASTCALL": (True, "same", False),
    }


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_player_gets_ten_cards_in_refill_order_rows_c_and_d_face_down(players: int) -> None:
    """§5 step 2: seat 0 first, slots A1..D1 from the top of the shuffled deck."""
    state = ENGINE.setup(players=players, seed=11, options={})
    deck = rng.shuffled(tuple(CARDS), seed=11, salt="relative_space/deal")
    for seat, supply in enumerate(state.supplies):
        assert [entry[0] for entry in supply] == deck[seat * 10 : seat * 10 + 10]
        up = {LAYOUT.names[i]: entry[1] for i, entry in enumerate(supply)}
        assert [name for name, face_up in up.items() if not face_up] == ["C1", "C2", "D1"]
    # §5 step 3: the rest is set aside, unseen and unused.
    assert state.set_aside == tuple(deck[players * 10 :])
    assert len(state.set_aside) == 80 - 10 * players
    assert state.out == ()


def test_the_game_starts_with_one_empty_pod_and_a_seeded_start_player() -> None:
    """§5 steps 4-5: pod 1, empty, load 0; a random first player, turn 1."""
    state = ENGINE.setup(players=4, seed=5, options={})
    assert [(pod.id, pod.cards, pod.load) for pod in state.pods] == [(1, (), 0)]
    assert state.next_pod == 2
    assert state.turn == 1 and state.active == state.first
    assert state.first == rng.randint(0, 3, seed=5, salt="relative_space/first-player")
    assert state.empty_at_start == () and state.stack == ()
    firsts = {ENGINE.setup(players=4, seed=seed, options={}).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_same_seed_deals_the_same_game() -> None:
    """Everything random comes from the seed."""
    one = ENGINE.setup(players=3, seed=99, options={})
    assert one == ENGINE.setup(players=3, seed=99, options={})
    assert one != ENGINE.setup(players=3, seed=100, options={})


@pytest.mark.parametrize("players", [1, 6, 0, "2"])
def test_only_two_to_five_players_can_play(players) -> None:
    """§2 (house rule): 2 to 5 players."""
    with pytest.raises(ValueError, match="2 to 5 players"):
        ENGINE.setup(players=players, seed=1, options={})


def test_the_turn_limit_option_defaults_to_500_and_has_a_range() -> None:
    """§10: the safety stop is a table option."""
    assert ENGINE.setup(players=2, seed=1, options={}).turn_limit == 500
    assert ENGINE.setup(players=2, seed=1, options={"turn_limit": 60}).turn_limit == 60
    with pytest.raises(OptionError):
        ENGINE.setup(players=2, seed=1, options={"turn_limit": 10})
    with pytest.raises(ValueError, match="seed"):
        ENGINE.setup(players=2, seed="1", options={})


def test_only_the_start_player_may_act_at_first() -> None:
    """Play goes by seat; the first player has the four cards of row A to play onto pod 1."""
    state = ENGINE.setup(players=3, seed=4, options={})
    assert ENGINE.to_move(state) == frozenset({state.first})
    actions = ENGINE.legal_actions(state, state.first)
    plays = [(a["slot"], a["pod"]) for a in actions if a["type"] == "play"]
    assert plays == [("A1", 1), ("A2", 1), ("A3", 1), ("A4", 1)]
    for seat in range(3):
        if seat != state.first:
            assert ENGINE.legal_actions(state, seat) == []
