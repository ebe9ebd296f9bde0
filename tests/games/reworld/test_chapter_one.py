"""Chapter 1 turns and rounds (rules §4.2, §4.5, §4.6, H4, H7, H8) and example 12."""

from __future__ import annotations

from games.reworld.house_rules import NUMBER
from tests.games.kit import assert_rejected
from tests.games.reworld.helpers import ENGINE, chapter_one, hand_numbers, log_line, play, play_out

DROP = {"type": "drop"}


def marker(n: int) -> dict:
    return {"type": "marker", "number": n}


def test_taking_the_marker_costs_one_card_face_down_and_happens_once_a_round() -> None:
    """§4.2 (b), H4: one card of any number is discarded; nobody else may take it now."""
    state = chapter_one(players=3, hands=["3 4", "1 2", "5"], start=2, active=0)
    assert marker(3) in ENGINE.legal_actions(state, 0)
    state = play(state, marker(3))
    assert state.start == 0 and state.marker_taken
    seat, card = state.discards[-1]
    assert seat == 0 and NUMBER[card] == 3 and hand_numbers(state, 0) == [4]
    assert state.active == 1
    assert all(a["type"] != "marker" for a in ENGINE.legal_actions(state, 1))
    assert_rejected(ENGINE, state, 1, marker(1), match="already been taken")


def test_the_marker_card_is_hidden_from_the_others_but_not_from_its_owner() -> None:
    state = play(chapter_one(players=3, hands=["3 4", "1 2", "5"]), marker(3))
    card = state.discards[-1][1]
    assert card in ENGINE.secret_tokens(state, 1) and card in ENGINE.secret_tokens(state, None)
    assert card not in ENGINE.secret_tokens(state, 0)
    before = chapter_one(players=3, hands=["3 4", "1 2", "5"])
    assert log_line(before, 0, marker(3), 0).endswith("discarded a 3")
    assert "3" not in log_line(before, 0, marker(3), 1)


def test_the_marker_holder_starts_the_next_round() -> None:
    """§4.2 (b): the taker becomes start player of the next round."""
    state = chapter_one(players=2, hands=["3 4", "1 2"], start=1, active=0)
    state = play(state, marker(4), DROP, DROP)  # seat 0 takes it; seat 1, then seat 0 drop
    assert state.round == 2 and state.start == 0 and state.active == 0
    assert not state.marker_taken


def test_the_start_player_stays_when_nobody_takes_the_marker() -> None:
    """H8: without a taker the marker stays with its holder."""
    state = chapter_one(players=3, hands=["3", "1", "2"], start=1, active=1)
    state = play(state, DROP, DROP, DROP)
    assert state.round == 2 and state.start == 1 and state.active == 1


def test_turns_go_clockwise_and_skip_players_who_dropped_out() -> None:
    state = chapter_one(players=3, hands=["3 4", "1 2", "5 5"], active=0)
    state = play(state, {"type": "buy", "arm": 0}, {"type": "pay", "number": 3})
    assert state.active == 1
    state = play(state, DROP)
    assert state.seats[1].dropped and state.active == 2
    state = play(state, {"type": "buy", "arm": 10}, {"type": "pay", "number": 5})
    assert state.active == 0
    state = play(state, {"type": "buy", "arm": 15}, {"type": "pay", "number": 4})
    assert state.active == 2  # seat 1 is out for the rest of the round
    assert_rejected(ENGINE, state, 1, DROP, match="not your turn")


def test_a_dropped_player_keeps_their_cards_for_the_round_end() -> None:
    """§4.2 (c): the player takes no more turns and keeps the cards left in hand."""
    state = chapter_one(players=2, hands=["3 4 5", "1"], active=0)
    state = play(state, DROP)
    assert state.seats[0].dropped and hand_numbers(state, 0) == [3, 4, 5]
    assert state.recent[-1] == (0, "dropped out of the round, keeping 3 cards")


def test_a_player_without_cards_drops_out_automatically() -> None:
    """§4.2: with no cards left a player is dropped out and skipped."""
    state = chapter_one(players=2, hands=["3", "1 2"], active=0)
    state = play(state, {"type": "buy", "arm": 0}, {"type": "pay", "number": 3})
    state = play(state, {"type": "buy", "arm": 10}, {"type": "pay", "number": 1})
    assert state.seats[0].dropped and state.active == 1
    assert (0, "has no cards left and drops out") in state.recent


def test_a_player_who_can_pay_for_nothing_once_the_marker_is_gone_drops_out() -> None:
    """§4.2: no legal purchase and no marker to take: the player must drop out."""
    tops = {arm: str(1 + arm // 2 % 4) for arm in range(1, 20, 2)}  # 1-4, never a 5
    state = chapter_one(players=2, hands=["1 1 2 3", "5"], tops=tops, active=0)
    assert [a for a in ENGINE.legal_actions(state, 1) if a["type"] == "buy"] == []
    state = play(state, marker(1))
    assert state.seats[1].dropped and state.active == 0
    assert (1, "can pay for no module and drops out") in state.recent
    assert hand_numbers(state, 1) == [5]


def test_the_round_ends_early_when_the_station_is_empty() -> None:
    """§4.6: the last module bought ends the round even while cards remain."""
    tops = {arm: str(1 + arm % 4) for arm in range(20) if arm != 7}
    state = chapter_one(players=2, hands=["1 3", "5 5"], tops=tops, active=0)
    assert sum(1 for module in state.arms if module) == 1
    assert ENGINE.price(state, 7) == (1, 3)
    state = play(state, {"type": "buy", "arm": 7}, {"type": "pay", "number": 1})
    state = play(state, {"type": "pay", "number": 3}, {"type": "top", "number": 3})
    assert state.round == 2
    assert state.history[-1] == (0, 2)  # seat 1 kept its two 5s
    assert state.seats[1].points[1] == 2 and state.seats[0].points[1] == 0


def test_example_12_cards_kept_score_and_leftover_modules_leave_the_game() -> None:
    """3 players end with 2, 0 and 1 cards: +2, +0, +1; modules on the station are removed."""
    state = chapter_one(players=3, hands=["1 2", "", "3"], active=0)
    leftovers = [module for module in state.arms if module]
    removed_before = len(state.removed)
    state = play(state, DROP)  # seat 1 has no cards and drops automatically
    assert state.seats[1].dropped and state.active == 2
    state = play(state, DROP)
    assert state.round == 2
    assert [p.points[1] for p in state.seats] == [2, 0, 1]
    assert state.history == ((2, 0, 1),)
    assert len(state.removed) == removed_before + len(leftovers)
    assert set(leftovers) <= set(state.removed)
    assert not set(leftovers) & set(state.bag)
    # A new round: 20 fresh modules, fresh hands, nobody dropped, every slot empty.
    assert all(state.arms) and not set(state.arms) & set(leftovers)
    assert [len(p.hand) for p in state.seats] == [9, 9, 9]
    assert not any(p.dropped for p in state.seats) and state.slots == ((),) * 20


def test_after_five_rounds_chapter_two_begins_with_the_marker_holder() -> None:
    """§4.6 step 4, §5.1: after round 5 the rows that hold modules are recorded."""
    state = ENGINE.setup(players=3, seed=11, options={})
    rounds_seen = set()
    import random

    from games.reworld.bots import BOTS

    rng = random.Random(2)
    while state.chapter == 1:
        rounds_seen.add(state.round)
        state = ENGINE.apply(
            state, state.active, BOTS["heuristic"].choose(ENGINE, state, state.active, rng)
        )
    assert rounds_seen == {1, 2, 3, 4, 5}
    assert len(state.history) == 5 and state.bag == () and state.phase == "undock"
    assert state.undealt == () and all(p.hand == () for p in state.seats)
    for player in state.seats:
        assert player.start_rows == tuple(bool(row) for row in player.rows)
    first = state.start
    while not any(state.seats[first].rows):
        first = (first + 1) % 3
    assert state.active == first
    # All 100 modules were drawn: 20 per round.
    assert len(state.removed) + sum(len(r) for p in state.seats for r in p.rows) == 100
    assert ENGINE.round_info(state) == "Chapter 2: settling Eurybia"


def test_a_whole_game_of_random_play_keeps_every_module_and_ends() -> None:
    state = play_out(ENGINE.setup(players=4, seed=5, options={}), seed=5)
    assert state.phase == "over" and ENGINE.outcome(state) is not None
    assert ENGINE.legal_actions(state, state.active) == []
