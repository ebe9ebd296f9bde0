"""The flow of a game: setup, the shared pool, placing, jumping out, rounds and options."""

from __future__ import annotations

import json

import pytest

from games.mondo.board import CELL_COUNT, CELL_KEYS, SOLO_CELLS
from games.mondo.cards import TASKS
from games.mondo.rules import BREAK_SECONDS, legal_cells, pool_order
from games.mondo.state import EMPTY
from games.mondo.tiles import TILE_COUNT
from tests.games.kit import assert_rejected
from tests.games.mondo.helpers import ENGINE, do, state


def first_slot(game) -> int:
    return next(slot for slot, code in enumerate(game.pool) if code != EMPTY)


def place_one(game, seat: int, cell: str | None = None):
    """Take the first pool tile and place it (on `cell` or the first legal space)."""
    game = do(game, seat, "take", slot=first_slot(game))
    if cell is None:
        cell = CELL_KEYS[legal_cells(game.seats[seat].board)[0]]
    return do(game, seat, "place", cell=cell)


def fill(game, seat: int, count: int):
    for _ in range(count):
        game = place_one(game, seat)
    return game


def tiles_everywhere(game) -> list[int]:
    codes = [c for c in game.pool if c != EMPTY]
    for player in game.seats:
        codes += [c for c in player.board if c != EMPTY]
        if player.held is not None:
            codes.append(player.held[0])
    return sorted(code >> 3 for code in codes)


# --- setup -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "chips"), [(1, ()), (2, (4, 3)), (3, (4, 3, 2)), (4, (4, 3, 2, 1))]
)
def test_setup_uses_as_many_bonus_chips_as_players_with_the_four_on_top(players, chips) -> None:
    """rules §5.2 step 3 (two players: 4 and 3, house rule; solo: none)."""
    game = state(players)
    assert game.chips == chips
    assert game.round == 1 and game.phase == "play"
    assert ENGINE.to_move(game) == frozenset(range(players))


def test_every_tile_lies_in_the_pool_with_a_random_face_and_rotation() -> None:
    """rules §5.2 step 2 (house rule): both faces and all four rotations occur."""
    game = state(2)
    assert tiles_everywhere(game) == list(range(TILE_COUNT))
    faces = {(code >> 2) & 1 for code in game.pool}
    rotations = {code & 3 for code in game.pool}
    assert faces == {0, 1} and rotations == {0, 1, 2, 3}
    assert state(2, seed=8).pool != game.pool
    assert state(2).pool == game.pool  # the same seed deals the same pool


def test_the_beginner_game_has_no_modifier_and_no_tasks() -> None:
    game = state(3)
    assert game.modifier == -1 and game.tasks == ()


def test_the_advanced_game_reveals_one_modifier_per_round_from_a_shuffled_deck() -> None:
    """rules §6 step 1: three different modifiers in a game."""
    game = state(2, advanced=True)
    seen = [game.modifier]
    for _ in range(2):
        game = ENGINE.time_up(game, f"round-{game.round}")
        game = ENGINE.time_up(game, f"break-{game.round}")
        seen.append(game.modifier)
    assert len(set(seen)) == 3 and all(0 <= m < 5 for m in seen)


@pytest.mark.parametrize(("players", "shown"), [(2, 4), (3, 6), (4, 8)])
def test_the_expert_game_shows_two_tasks_per_player(players, shown) -> None:
    game = state(players, expert=True)
    assert len(game.tasks) == shown == len(set(game.tasks))
    assert game.modifier >= 0


def test_solo_seeds_four_random_tiles_on_the_tinted_spaces() -> None:
    """rules §10: four tiles leave the pool for the tinted spaces; no chips."""
    game = state(1)
    board = game.seats[0].board
    assert [cell for cell in range(CELL_COUNT) if board[cell] != EMPTY] == list(SOLO_CELLS)
    assert sum(1 for code in game.pool if code == EMPTY) == 4
    assert tiles_everywhere(game) == list(range(TILE_COUNT))
    # The seeds count as placed tiles: the next tile must touch one of them.
    game = do(game, 0, "take", slot=first_slot(game))
    assert len(legal_cells(game.seats[0].board)) < CELL_COUNT - 4
    assert_rejected(ENGINE, game, 0, {"type": "place", "cell": "r0c2"}, match="must touch")


# --- the shared pool ---------------------------------------------------------------------


def test_taking_a_tile_gives_exclusive_possession() -> None:
    """rules §6.2: the tile is gone from the pool for everyone else."""
    game = state(3)
    slot = first_slot(game)
    code = game.pool[slot]
    game = do(game, 0, "take", slot=slot)
    assert game.seats[0].held == (code, slot)
    assert game.pool[slot] == EMPTY
    assert {"type": "take", "slot": slot} not in ENGINE.legal_actions(game, 1)


def test_the_second_of_two_players_reaching_for_a_tile_gets_a_clear_message() -> None:
    """Requests are served in arrival order; the later one learns someone was faster."""
    game = state(2)
    slot = first_slot(game)
    game = do(game, 1, "take", slot=slot)
    assert_rejected(
        ENGINE, game, 0, {"type": "take", "slot": slot}, match="Another player took that tile"
    )


def test_a_placed_tile_is_no_longer_in_the_pool() -> None:
    game = state(2)
    slot = first_slot(game)
    game = place_one(game, 1)
    assert_rejected(ENGINE, game, 0, {"type": "take", "slot": slot}, match="no longer in the pool")


def test_a_player_never_holds_two_tiles() -> None:
    game = state(2)
    game = do(game, 0, "take", slot=first_slot(game))
    assert_rejected(
        ENGINE, game, 0, {"type": "take", "slot": first_slot(game)}, match="already hold"
    )


def test_turning_and_flipping_change_only_the_held_tile() -> None:
    """rules §4.3: right = a quarter turn clockwise; flip shows the other face."""
    game = state(2)
    slot = first_slot(game)
    code = game.pool[slot]
    game = do(game, 0, "take", slot=slot)
    game = do(game, 0, "rotate", dir="right")
    assert game.seats[0].held == ((code & ~3) | ((code + 1) & 3), slot)
    game = do(game, 0, "rotate", dir="left")
    game = do(game, 0, "rotate", dir="left")
    assert game.seats[0].held[0] & 3 == (code - 1) & 3
    game = do(game, 0, "flip")
    assert game.seats[0].held[0] == ((code & ~3) | ((code - 1) & 3)) ^ 4
    assert_rejected(ENGINE, game, 0, {"type": "rotate", "dir": "up"}, match="left or right")


def test_a_tile_put_back_returns_to_its_place_showing_the_side_it_was_given() -> None:
    """rules §6.2 (house rule): same place in the pool, the holder's face and rotation."""
    game = state(2)
    slot = first_slot(game)
    game = do(game, 0, "take", slot=slot)
    game = do(game, 0, "flip")
    held = game.seats[0].held[0]
    game = do(game, 0, "return")
    assert game.pool[slot] == held and game.seats[0].held is None
    assert tiles_everywhere(game) == list(range(TILE_COUNT))


def test_no_flip_keeps_the_face_shown_in_the_pool() -> None:
    """rules §11 solo_no_flip."""
    game = state(1, no_flip=True)
    game = do(game, 0, "take", slot=first_slot(game))
    assert {"type": "flip"} not in ENGINE.legal_actions(game, 0)
    assert_rejected(ENGINE, game, 0, {"type": "flip"}, match="no flipping")


def test_held_tile_actions_need_a_held_tile() -> None:
    game = state(2)
    for action in ({"type": "flip"}, {"type": "return"}, {"type": "place", "cell": "r2c2"}):
        assert_rejected(ENGINE, game, 0, action, match="hold no tile")


# --- placing -----------------------------------------------------------------------------


def test_the_first_tile_may_go_anywhere_and_later_ones_must_touch_an_edge() -> None:
    """rules §6.1: diagonal contact is not enough; landscapes need not match."""
    game = state(2)
    game = do(game, 0, "take", slot=first_slot(game))
    assert len([a for a in ENGINE.legal_actions(game, 0) if a["type"] == "place"]) == 24
    game = do(game, 0, "place", cell="r2c2")
    game = do(game, 0, "take", slot=first_slot(game))
    places = sorted(a["cell"] for a in ENGINE.legal_actions(game, 0) if a["type"] == "place")
    assert places == ["r1c2", "r2c1", "r2c3", "r3c2"]
    assert_rejected(ENGINE, game, 0, {"type": "place", "cell": "r3c3"}, match="touch a tile")
    assert_rejected(ENGINE, game, 0, {"type": "place", "cell": "r2c2"}, match="taken")
    assert_rejected(ENGINE, game, 0, {"type": "place", "cell": "r0c0"}, match="no such space")


def test_a_placed_tile_keeps_the_face_and_rotation_it_was_held_with() -> None:
    game = state(2)
    game = do(game, 0, "take", slot=first_slot(game))
    game = do(game, 0, "rotate", dir="right")
    held = game.seats[0].held[0]
    game = do(game, 0, "place", cell="r3c3")
    assert game.seats[0].board[CELL_KEYS.index("r3c3")] == held
    assert game.seats[0].last == CELL_KEYS.index("r3c3")


def test_a_full_board_takes_the_top_bonus_chip_automatically() -> None:
    """rules §6.3."""
    game = state(2)
    game = fill(game, 1, 24)
    assert game.seats[1].out == 1 and game.seats[1].chip == 4
    assert game.chips == (3,)
    assert ENGINE.to_move(game) == frozenset({0})


# --- jumping out and the end of a round --------------------------------------------------


def test_jumping_out_takes_the_top_chip_and_returns_a_held_tile() -> None:
    """rules §6 step 4; §6.2: the held tile goes back to the pool."""
    game = state(3)
    game = place_one(game, 2)
    slot = first_slot(game)
    game = do(game, 2, "take", slot=slot)
    game = do(game, 2, "stop")
    assert game.seats[2].chip == 4 and game.seats[2].out == 1 and game.seats[2].held is None
    assert game.pool[slot] != EMPTY
    game = do(game, 0, "stop")
    assert game.seats[0].chip == 3 and game.chips == (2,)
    # Out means out: no more tiles, no tasks.
    assert ENGINE.legal_actions(game, 2) == []
    assert_rejected(ENGINE, game, 2, {"type": "take", "slot": first_slot(game)}, match="out of")


def test_the_round_ends_when_everybody_has_jumped_out() -> None:
    """rules §6 step 5: scored at once; the next round waits for everyone to be ready."""
    game = state(2)
    game = place_one(game, 0)
    game = do(game, 0, "stop")
    game = do(game, 1, "stop")
    assert game.phase == "break" and len(game.history) == 1
    assert [p.chip for p in game.history[0].players] == [4, 3]
    assert ENGINE.timed_phase(game) == ("break-1", float(BREAK_SECONDS))
    assert ENGINE.legal_actions(game, 0) == [{"type": "ready"}]
    game = do(game, 1, "ready")
    assert game.phase == "break" and ENGINE.to_move(game) == frozenset({0})
    assert_rejected(ENGINE, game, 1, {"type": "ready"}, match="waiting")
    game = do(game, 0, "ready")
    assert game.phase == "play" and game.round == 2
    assert all(p.held is None and p.board == (EMPTY,) * 24 for p in game.seats)
    assert tiles_everywhere(game) == list(range(TILE_COUNT))
    assert game.chips == (4, 3)


def test_time_up_ends_the_round_for_everybody_and_returns_held_tiles() -> None:
    """rules §6 step 5 and §6.4: players who did not jump out get no chip."""
    game = state(3)
    game = place_one(game, 0)
    game = do(game, 1, "stop")
    game = do(game, 2, "take", slot=first_slot(game))
    assert ENGINE.timed_phase(game) == ("round-1", 420.0)
    after = ENGINE.time_up(game, "round-1")
    assert after.phase == "break"
    assert [p.chip for p in after.history[0].players] == [0, 4, 0]
    assert all(p.held is None for p in after.seats)
    assert tiles_everywhere(after) == list(range(TILE_COUNT))
    # The boards stay on view between rounds.
    assert after.seats[0].board == game.seats[0].board


def test_a_late_time_up_for_a_phase_no_longer_running_changes_nothing() -> None:
    game = state(2)
    assert ENGINE.time_up(game, "round-2") is game
    assert ENGINE.time_up(game, "break-1") is game
    after = ENGINE.time_up(game, "round-1")
    assert ENGINE.time_up(after, "round-1") is after
    nxt = ENGINE.time_up(after, "break-1")
    assert nxt.round == 2 and nxt.phase == "play"


def test_actions_after_the_clock_are_refused() -> None:
    """rules §6.4: the round is over; only "ready" is accepted."""
    game = ENGINE.time_up(state(2), "round-1")
    assert_rejected(ENGINE, game, 0, {"type": "take", "slot": 0}, match="Round 1 is over")


def test_a_seat_that_may_not_act_hears_why() -> None:
    """The platform asks the engine for the sentence; a wrong-phase move is refused next.

    The platform refuses a seat not to move before the engine sees the move's type, so a
    seat out of the round hears that it is out whatever it sends (even "ready"), and a
    seat already ready hears that it waits whatever it sends.
    """
    game = place_one(state(3), 0)
    game = do(game, 2, "stop")
    for outsider in (-1, 3, True):
        assert_rejected(
            ENGINE, game, outsider, {"type": "stop"}, match="You are not playing at this table."
        )
    assert_rejected(ENGINE, game, 0, {"type": "ready"}, match="The round is running: keep building")
    for action in ({"type": "ready"}, {"type": "stop"}):
        assert_rejected(ENGINE, game, 2, action, match="You are out of this round: wait")
    game = ENGINE.time_up(game, "round-1")
    game = do(game, 1, "ready")
    assert_rejected(
        ENGINE,
        game,
        0,
        {"type": "take", "slot": 0},
        match="Round 1 is over: the next round starts when everybody is ready.",
    )
    for action in ({"type": "ready"}, {"type": "take", "slot": 0}):
        assert_rejected(ENGINE, game, 1, action, match="You are ready: waiting for the other")


def test_log_lines_tell_the_move_from_the_state_after_it() -> None:
    """describe reads the state `apply` returned; a round's end is told on the same line."""
    game = state(2)
    take = {"type": "take", "slot": first_slot(game)}
    held = ENGINE.apply(game, 0, take)
    assert ENGINE.describe(game, held, 0, take, 1) == "took a tile from the pool"
    place = {"type": "place", "cell": "r2c2"}
    placed = ENGINE.apply(held, 0, place)
    assert ENGINE.describe(held, placed, 0, place, None).startswith("placed a tile on ")
    stop = {"type": "stop"}
    out = ENGINE.apply(placed, 0, stop)
    assert ENGINE.describe(placed, out, 0, stop, 1) == "jumped out with bonus chip 4"
    over = ENGINE.apply(out, 1, stop)
    line = ENGINE.describe(out, over, 1, stop, 0)
    assert line == "jumped out with bonus chip 3: round 1 is over"
    ready = {"type": "ready"}
    waiting = ENGINE.apply(over, 0, ready)
    assert ENGINE.describe(over, waiting, 0, ready, 0) == "is ready for round 2"
    begun = ENGINE.apply(waiting, 1, ready)
    assert ENGINE.describe(waiting, begun, 1, ready, 0) == "is ready for round 2: round 2 begins"


def test_the_game_ends_after_the_third_round_with_places_from_the_totals() -> None:
    """rules §12: equal totals share the place (house rule)."""
    game = state(2)
    for number in (1, 2, 3):
        game = ENGINE.time_up(game, f"round-{number}")
        if number < 3:
            game = ENGINE.time_up(game, f"break-{number}")
    assert game.phase == "over" and ENGINE.to_move(game) == frozenset()
    outcome = ENGINE.outcome(game)
    assert outcome.scores == (-72, -72) and outcome.places == (1, 1)
    assert len(outcome.details["rounds"]) == 3
    assert_rejected(ENGINE, game, 0, {"type": "ready"}, match="over")


def test_the_top_scorer_of_a_round_holds_the_volcano_chip_next_round() -> None:
    """rules §7.8; the `total` option gives it to the overall leader instead."""
    game = state(2)
    game = fill(game, 1, 3)
    game = ENGINE.time_up(ENGINE.time_up(game, "round-1"), "break-1")
    best = max(range(2), key=lambda seat: game.history[0].players[seat].score)
    assert game.holders == (best,)
    leader = state(2, volcano_chip="total")
    leader = fill(leader, 0, 2)
    for number in (1, 2):
        leader = ENGINE.time_up(ENGINE.time_up(leader, f"round-{number}"), f"break-{number}")
    totals = leader.totals
    assert leader.holders == tuple(s for s in range(2) if totals[s] == max(totals))


# --- expert tasks ------------------------------------------------------------------------


def test_a_task_needs_three_tiles_and_is_gone_once_taken() -> None:
    """rules §9.1 and the claim-time checks of example 6."""
    game = state(2, expert=True)
    task = TASKS[game.tasks[0]].key
    game = fill(game, 0, 2)
    assert not [a for a in ENGINE.legal_actions(game, 0) if a["type"] == "claim"]
    assert_rejected(ENGINE, game, 0, {"type": "claim", "task": task}, match="at least 3 tiles")
    game = place_one(game, 0)
    game = do(game, 0, "claim", task=task)
    assert game.seats[0].tasks == (game.tasks[0],)
    game = fill(game, 1, 3)
    assert_rejected(ENGINE, game, 1, {"type": "claim", "task": task}, match="Another player")
    assert_rejected(ENGINE, game, 0, {"type": "claim", "task": task}, match="already took")


def test_at_most_two_tasks_and_none_after_jumping_out() -> None:
    game = state(3, expert=True)
    keys = [TASKS[t].key for t in game.tasks]
    game = fill(game, 0, 3)
    game = do(game, 0, "claim", task=keys[0])
    game = do(game, 0, "claim", task=keys[1])
    assert_rejected(ENGINE, game, 0, {"type": "claim", "task": keys[2]}, match="at most 2")
    game = fill(game, 1, 3)
    game = do(game, 1, "stop")
    assert_rejected(ENGINE, game, 1, {"type": "claim", "task": keys[2]}, match="out of")


def test_a_task_must_be_on_display() -> None:
    game = state(2, expert=True)
    hidden = next(task.key for i, task in enumerate(TASKS) if i not in game.tasks)
    game = fill(game, 0, 3)
    assert_rejected(ENGINE, game, 0, {"type": "claim", "task": hidden}, match="not on display")
    beginner = fill(state(2), 0, 3)
    assert_rejected(ENGINE, beginner, 0, {"type": "claim", "task": "finished"}, match="no tasks")


def test_claimed_tasks_are_settled_at_the_end_of_the_round() -> None:
    """rules §9.1: fulfilled +value, not fulfilled -value."""
    game = state(2, expert=True)
    game = fill(game, 0, 3)
    task = game.tasks[0]
    game = do(game, 0, "claim", task=TASKS[task].key)
    game = ENGINE.time_up(game, "round-1")
    ((index, ok, points),) = game.history[0].players[0].tasks
    assert index == task and points == (TASKS[task].value if ok else -TASKS[task].value)


def test_random_tasks_are_dealt_two_per_player_and_must_be_attempted() -> None:
    """rules §11 random_tasks."""
    game = state(3, expert=True, random_tasks=True)
    assert game.tasks == ()
    dealt = [p.tasks for p in game.seats]
    assert all(len(t) == 2 for t in dealt)
    assert len({task for t in dealt for task in t}) == 6
    game = ENGINE.time_up(game, "round-1")
    for seat, result in enumerate(game.history[0].players):
        assert [task for task, _ok, _points in result.tasks] == list(dealt[seat])


# --- options -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "players", "seconds"),
    [
        ({}, 2, 420),
        ({"advanced": True}, 2, 360),
        ({"expert": True}, 2, 300),
        ({"time": 4}, 3, 240),
        ({"time": 12, "expert": True}, 3, 720),
        ({"sudden_end": True}, 2, 240),
        ({"expert": True}, 1, 420),
    ],
)
def test_the_round_timer_comes_from_the_level_or_the_time_option(options, players, seconds):
    """rules §5.1, §6.4, §11: 7/6/5 minutes by level, `time` overrides, solo is beginner."""
    game = state(players, **options)
    assert ENGINE.timed_phase(game) == ("round-1", float(seconds))


def test_sudden_end_allows_jumping_out_only_near_a_full_board_and_ends_the_round() -> None:
    """rules §11 sudden_end: at most 3 free spaces; the first jump-out ends it for all."""
    game = state(2, sudden_end=True)
    assert {"type": "stop"} not in ENGINE.legal_actions(game, 0)
    assert_rejected(ENGINE, game, 0, {"type": "stop"}, match="at most 3 free")
    game = fill(game, 0, 21)
    game = do(game, 0, "stop")
    assert game.phase == "break"
    assert [p.chip for p in game.history[0].players] == [4, 0]


def test_slow_game_starts_a_one_minute_timer_when_the_first_player_jumps_out() -> None:
    """rules §11 slow_game."""
    game = state(3, slow_game=True)
    assert ENGINE.timed_phase(game) is None
    game = do(game, 1, "stop")
    assert ENGINE.timed_phase(game) == ("round-1-last", 60.0)
    assert ENGINE.time_up(game, "round-1") is game
    assert ENGINE.time_up(game, "round-1-last").phase == "break"


def test_the_back_side_for_everybody() -> None:
    game = state(2, backside="back")
    assert all(p.side == 1 for p in game.seats)
    assert not [a for a in ENGINE.legal_actions(game, 0) if a["type"] == "side"]


def test_with_choose_each_player_picks_a_side_before_the_first_tile() -> None:
    """rules §11 board_side choose."""
    game = state(2, backside="choose")
    assert {"type": "side", "side": "back"} in ENGINE.legal_actions(game, 0)
    game = do(game, 0, "side", side="back")
    assert game.seats[0].side == 1 and game.seats[1].side == 0
    assert_rejected(ENGINE, game, 0, {"type": "side", "side": "back"}, match="already")
    game = do(game, 0, "side", side="front")
    game = place_one(game, 0)
    assert_rejected(ENGINE, game, 0, {"type": "side", "side": "back"}, match="before you place")
    assert_rejected(ENGINE, state(2), 0, {"type": "side", "side": "back"}, match="fixed")


def test_the_handicap_names_players_by_number() -> None:
    """rules §11 handicap: player 2 is seat 1; an absent player number is ignored."""
    from games.mondo.rules import handicap_seats

    assert handicap_seats(state(2, handicap=[2])) == (1,)
    assert handicap_seats(state(3, handicap=[1, 3])) == (0, 2)
    assert handicap_seats(state(2, handicap=[2, 4])) == (1,)
    assert handicap_seats(state(2, handicap=2)) == (1,)  # one number, as tables stored it
    assert handicap_seats(state(2)) == ()


def test_solo_rules_for_everyone_seed_every_board_and_use_the_chips() -> None:
    """rules §11 solo_for_two: both play the solo rules; chips 4 and 3 count."""
    game = state(2, solo_rules=True)
    assert game.chips == (4, 3) and game.holders == (0, 1)
    assert all(sum(1 for c in p.board if c != EMPTY) == 4 for p in game.seats)
    game = do(game, 0, "stop")
    game = do(game, 1, "stop")
    results = game.history[0].players
    for result in results:
        assert result.score == result.chip - result.free - result.errors - result.volcano_penalty


def test_solo_has_no_chips_and_counts_minus_points() -> None:
    game = state(1)
    game = do(game, 0, "stop")
    (result,) = game.history[0].players
    assert result.chip == 0 and result.score <= -20
    assert game.phase == "break"


# --- persistence -------------------------------------------------------------------------


def test_a_state_survives_json_and_broken_ones_are_refused() -> None:
    game = fill(state(3, expert=True), 0, 3)
    data = json.loads(json.dumps(ENGINE.dump(game)))
    assert ENGINE.load(data) == game
    twice = json.loads(json.dumps(data))
    twice["seats"][1][0] = twice["seats"][0][0]  # the same tiles on two boards
    with pytest.raises(ValueError, match="two places|exactly one place"):
        ENGINE.load(twice)
    chips = json.loads(json.dumps(data))
    chips["chips"] = [3, 2]
    with pytest.raises(ValueError, match="bonus chips"):
        ENGINE.load(chips)
    pool = json.loads(json.dumps(data))
    pool["pool"] = pool["pool"][3:] + pool["pool"][:3]
    with pytest.raises(ValueError):
        ENGINE.load(pool)
    option = json.loads(json.dumps(data))
    option["options"]["time"] = 99
    with pytest.raises(ValueError, match="option time"):
        ENGINE.load(option)


def test_pool_places_follow_the_rounds_shuffle() -> None:
    game = state(2)
    order = pool_order(game.seed, 1)
    assert [code >> 3 for code in game.pool] == list(order)
