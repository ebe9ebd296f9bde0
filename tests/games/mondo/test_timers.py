"""Mondo on the platform's clock: the round timer, its end for everybody, the pause
between rounds, replays that include the clock, and bots that play on their own."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games.registry import get_engine
from lobby.models import Move, Table
from lobby.services import (
    deadlines_sweep,
    move_submit,
    phase_time_up,
    replay_states,
    seat_add_bot,
    seat_join,
    table_create,
)

ENGINE = get_engine("mondo")


def start(alice, bob, **options) -> Table:
    table = table_create(user=alice, game="mondo", players=2, options=options, mode="live")
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def move(table: Table, user, **action) -> None:
    move_submit(code=table.code, user=user, action=action, seen_version=None)
    table.refresh_from_db()


def sweep_past(table: Table) -> int:
    handled = deadlines_sweep(now=table.phase_deadline + timedelta(seconds=1))
    table.refresh_from_db()
    return handled


@pytest.mark.django_db
def test_the_round_timer_starts_with_the_game_and_no_turn_clocks_run(alice, bob) -> None:
    table = start(alice, bob, time=4)
    assert table.base_seconds is None and table.move_seconds is None
    assert all(seat.is_to_move and seat.deadline is None for seat in table.seats.all())
    assert table.phase_key == "round-1"
    assert table.phase_deadline == table.started_at + timedelta(minutes=4)


@pytest.mark.django_db
def test_when_the_time_is_up_the_round_ends_for_everybody(alice, bob) -> None:
    table = start(alice, bob)
    slot = next(s for s, code in enumerate(ENGINE.load(table.state).pool) if code != -1)
    move(table, alice, type="take", slot=slot)
    deadline = table.phase_deadline
    assert (
        phase_time_up(table_id=table.id, phase_key="round-1", now=deadline - timedelta(1)) is False
    )
    assert sweep_past(table) == 1
    state = ENGINE.load(table.state)
    assert state.phase == "break" and state.seats[0].held is None
    assert table.phase_key == "break-1"
    assert Move.objects.filter(table=table, kind=Move.Kind.TIME_UP).count() == 1
    # A late call for the old round does nothing.
    assert (
        phase_time_up(table_id=table.id, phase_key="round-1", now=deadline + timedelta(1)) is False
    )
    # Nobody may place a tile any more.
    from lobby.errors import LobbyError

    with pytest.raises(LobbyError, match="Round 1 is over"):
        move(table, bob, type="take", slot=slot)


@pytest.mark.django_db
def test_the_pause_ends_by_itself_and_the_next_round_gets_a_new_timer(alice, bob) -> None:
    table = start(alice, bob)
    sweep_past(table)
    move(table, alice, type="ready")
    assert table.phase_key == "break-1"
    assert sweep_past(table) == 1
    assert table.phase_key == "round-2"
    assert ENGINE.load(table.state).round == 2


@pytest.mark.django_db
def test_a_whole_game_by_the_clock_finishes_and_replays_to_the_stored_state(alice, bob) -> None:
    table = start(alice, bob, expert=True)
    slot = next(s for s, code in enumerate(ENGINE.load(table.state).pool) if code != -1)
    move(table, bob, type="take", slot=slot)
    move(table, bob, type="place", cell="r2c2")
    move(table, alice, type="stop")
    for _ in range(5):  # round, pause, round, pause, round
        assert sweep_past(table) == 1
    assert table.status == Table.Status.FINISHED
    assert table.phase_key == "" and table.phase_deadline is None
    states = replay_states(engine=ENGINE, table=table)
    assert ENGINE.dump(states[-1]) == table.state
    assert table.result["scores"] == list(ENGINE.outcome(states[-1]).scores)


@pytest.mark.django_db
def test_in_the_slow_game_the_timer_waits_for_the_first_jump_out(alice, bob) -> None:
    table = start(alice, bob, slow_game=True)
    assert table.phase_key == "" and table.phase_deadline is None
    move(table, bob, type="stop")
    assert table.phase_key == "round-1-last"
    assert table.phase_deadline is not None
    assert sweep_past(table) == 1
    assert ENGINE.load(table.state).phase == "break"


@pytest.mark.django_db(transaction=True)
def test_a_bot_plays_its_round_on_its_own_and_jumps_out(alice, settings) -> None:
    """The platform calls the bot after every change while it may act; it fills its world."""
    settings.BOT_MOVE_DELAY = 0
    table = table_create(user=alice, game="mondo", players=2, options={}, mode="live")
    seat_add_bot(code=table.code, user=alice)
    table.refresh_from_db()
    state = ENGINE.load(table.state)
    bot = state.seats[1]
    assert bot.out == 1 and bot.chip == 4 and -1 not in bot.board
    assert ENGINE.to_move(state) == frozenset({0})
    assert table.moves.filter(seat=1).count() >= 48
    # The round ends when the human jumps out too; the bot is ready at once.
    move(table, alice, type="stop")
    state = ENGINE.load(table.state)
    assert state.phase == "break" and state.seats[1].ready
    move(table, alice, type="ready")
    state = ENGINE.load(table.state)
    assert state.round == 2 and state.seats[1].out == 1  # round 2 already played by the bot


@pytest.mark.django_db(transaction=True)
def test_a_solo_player_practises_against_three_bots(alice, settings) -> None:
    settings.BOT_MOVE_DELAY = 0
    table = table_create(user=alice, game="mondo", players=4, options={"expert": True}, mode="live")
    for _ in range(3):
        seat_add_bot(code=table.code, user=alice)
    table.refresh_from_db()
    state = ENGINE.load(table.state)
    assert sorted(player.out for player in state.seats[1:]) == [1, 2, 3]
    assert state.chips == (1,)
    move(table, alice, type="stop")
    state = ENGINE.load(table.state)
    assert state.phase == "break"
    assert [player.chip for player in state.history[0].players][0] == 1
