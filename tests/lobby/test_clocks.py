"""Clock arithmetic: async move time plus bank, live clocks with increment."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lobby import clocks
from lobby.models import Seat, Table

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def async_table(move=86400, bank=3 * 86400) -> Table:
    return Table(mode=Table.Mode.ASYNC, move_seconds=move, bank_seconds=bank)


def live_table(base=600, inc=5) -> Table:
    return Table(mode=Table.Mode.LIVE, base_seconds=base, increment_seconds=inc)


def test_an_async_turn_has_its_move_time_plus_the_bank():
    table = async_table()
    seat = Seat(time_left=clocks.initial_time_left(table))
    clocks.turn_start(table, seat, T0)
    assert seat.deadline == T0 + timedelta(days=4)


def test_an_async_move_within_its_time_leaves_the_bank_whole():
    table = async_table()
    seat = Seat(time_left=3 * 86400.0)
    clocks.turn_start(table, seat, T0)
    clocks.turn_stop(table, seat, T0 + timedelta(hours=20))
    assert seat.time_left == 3 * 86400
    assert seat.deadline is None


def test_an_async_overrun_is_taken_from_the_bank():
    table = async_table()
    seat = Seat(time_left=3 * 86400.0)
    clocks.turn_start(table, seat, T0)
    clocks.turn_stop(table, seat, T0 + timedelta(days=1, hours=5))
    assert seat.time_left == 3 * 86400 - 5 * 3600
    clocks.turn_start(table, seat, T0 + timedelta(days=2))
    assert seat.deadline == T0 + timedelta(days=2) + timedelta(days=1, seconds=seat.time_left)


def test_a_live_clock_runs_down_and_gains_the_increment_per_move():
    table = live_table(base=600, inc=5)
    seat = Seat(time_left=clocks.initial_time_left(table))
    clocks.turn_start(table, seat, T0)
    assert seat.deadline == T0 + timedelta(seconds=600)
    clocks.turn_stop(table, seat, T0 + timedelta(seconds=42))
    assert seat.time_left == 600 - 42 + 5


def test_a_live_clock_at_zero_gets_no_increment():
    table = live_table(base=60, inc=5)
    seat = Seat(time_left=60.0)
    clocks.turn_start(table, seat, T0)
    clocks.turn_stop(table, seat, T0 + timedelta(seconds=90))
    assert seat.time_left == 0


def test_seconds_left_counts_a_running_clock_from_its_deadline():
    table = live_table()
    seat = Seat(time_left=600.0)
    clocks.turn_start(table, seat, T0)
    assert clocks.seconds_left(table, seat, T0 + timedelta(seconds=100)) == 500
    other = Seat(time_left=300.0)
    assert clocks.seconds_left(table, other, T0) == 300


def test_who_is_out_after_a_timeout():
    assert clocks.is_out_after_timeout(live_table(), Seat(timeouts=1))
    assert not clocks.is_out_after_timeout(async_table(), Seat(timeouts=2))
    assert clocks.is_out_after_timeout(async_table(), Seat(timeouts=3))
