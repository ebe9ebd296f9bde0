"""The pure pause helper: quiet hours and vacation in each player's zone (lobby.pauses)."""

from __future__ import annotations

import random
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest

from lobby.pauses import Schedule, day_span, deadline_after, running_seconds

BERLIN = ZoneInfo("Europe/Berlin")
NEW_YORK = ZoneInfo("America/New_York")
NIGHT = (time(23), time(7))
HOUR = 3600.0


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_a_quiet_window_across_midnight_stops_the_clock_until_morning():
    """Berlin in winter is UTC+1: 23:00-07:00 local is 22:00-06:00 UTC."""
    plan = Schedule(zone=BERLIN, quiet=NIGHT)
    start = utc(2026, 1, 12, 19)  # 20:00 in Berlin: 3 running hours before 23:00
    deadline = deadline_after(start, 5 * HOUR, plan.pauses(start))
    assert deadline == utc(2026, 1, 13, 8)  # 09:00 Berlin: 3 h, the night, then 2 h
    assert running_seconds(start, deadline, plan.pauses(start)) == 5 * HOUR
    assert plan.paused_until(utc(2026, 1, 12, 23, 30)) == utc(2026, 1, 13, 6)
    assert plan.paused_until(utc(2026, 1, 13, 6)) is None  # the window's end is running time


def test_a_window_within_one_day_pauses_only_that_part():
    plan = Schedule(zone=BERLIN, quiet=(time(12), time(14)))
    start = utc(2026, 1, 12, 10)  # 11:00 Berlin
    assert running_seconds(start, start + timedelta(hours=5), plan.pauses(start)) == 3 * HOUR


def test_the_spring_forward_night_in_berlin_is_an_hour_shorter():
    """29 March 2026: 02:00 CET becomes 03:00 CEST; 23:00 CET to 07:00 CEST is 7 hours."""
    plan = Schedule(zone=BERLIN, quiet=NIGHT)
    start, end = utc(2026, 3, 28, 19), utc(2026, 3, 29, 8)  # 20:00 CET to 10:00 CEST
    assert running_seconds(start, end, plan.pauses(start)) == (13 - 7) * HOUR
    assert plan.paused_until(utc(2026, 3, 29, 1)) == utc(2026, 3, 29, 5)  # 07:00 CEST


def test_the_fall_back_night_in_berlin_is_an_hour_longer():
    """25 October 2026: 03:00 CEST becomes 02:00 CET; 23:00 CEST to 07:00 CET is 9 hours."""
    plan = Schedule(zone=BERLIN, quiet=NIGHT)
    start, end = utc(2026, 10, 24, 18), utc(2026, 10, 25, 9)  # 20:00 CEST to 10:00 CET
    assert running_seconds(start, end, plan.pauses(start)) == (15 - 9) * HOUR
    assert plan.paused_until(utc(2026, 10, 24, 21)) == utc(2026, 10, 25, 6)


def test_new_york_spring_forward_skips_an_hour_of_a_quiet_window():
    """8 March 2026: 02:00 EST becomes 03:00 EDT; 01:00-03:00 local lasts one hour."""
    plan = Schedule(zone=NEW_YORK, quiet=(time(1), time(3)))
    start = utc(2026, 3, 8, 5)  # 00:00 EST
    assert running_seconds(start, start + timedelta(hours=4), plan.pauses(start)) == 3 * HOUR


def test_new_york_fall_back_repeats_an_hour_of_a_quiet_window():
    """1 November 2026: 02:00 EDT becomes 01:00 EST; 01:00-03:00 local lasts three hours."""
    plan = Schedule(zone=NEW_YORK, quiet=(time(1), time(3)))
    start = utc(2026, 11, 1, 4)  # 00:00 EDT
    assert running_seconds(start, start + timedelta(hours=5), plan.pauses(start)) == 2 * HOUR
    assert plan.paused_until(start + timedelta(hours=1, minutes=1)) == utc(2026, 11, 1, 8)


def test_a_quiet_start_in_the_skipped_hour_is_read_before_the_change():
    """02:30 does not exist on 8 March 2026 in New York: it is 02:30 EST, i.e. 03:30 EDT."""
    plan = Schedule(zone=NEW_YORK, quiet=(time(2, 30), time(6)))
    windows = plan.quiet_windows(utc(2026, 3, 8, 5))
    assert next(windows) == (utc(2026, 3, 8, 7, 30), utc(2026, 3, 8, 10))


def test_players_in_different_zones_at_one_table_pause_at_their_own_nights():
    berlin, new_york = Schedule(zone=BERLIN, quiet=NIGHT), Schedule(zone=NEW_YORK, quiet=NIGHT)
    now = utc(2026, 1, 12, 23, 30)  # 00:30 in Berlin, 18:30 in New York
    assert berlin.paused_until(now) == utc(2026, 1, 13, 6)
    assert new_york.paused_until(now) is None
    # Each gets 2 running hours from now: Berlin after its night, New York before its own.
    assert deadline_after(now, 2 * HOUR, berlin.pauses(now)) == utc(2026, 1, 13, 8)
    assert deadline_after(now, 2 * HOUR, new_york.pauses(now)) == utc(2026, 1, 13, 1, 30)
    # New York's night (04:00-12:00 UTC) then holds its clock.
    later = utc(2026, 1, 13, 3, 30)
    assert deadline_after(later, 2 * HOUR, new_york.pauses(later)) == utc(2026, 1, 13, 13, 30)


def test_a_vacation_across_the_deadline_moves_it_by_the_vacation():
    vacation = day_span(date(2026, 6, 10), date(2026, 6, 12), BERLIN)  # 3 days, CEST
    assert vacation == (utc(2026, 6, 9, 22), utc(2026, 6, 12, 22))
    plan = Schedule(zone=BERLIN, vacations=(vacation,))
    start = utc(2026, 6, 9, 10)
    assert deadline_after(start, 86400, plan.pauses(start)) == utc(2026, 6, 13, 10)
    assert plan.on_vacation(utc(2026, 6, 11, 12))
    assert plan.paused_until(utc(2026, 6, 11, 12)) == utc(2026, 6, 12, 22)


def test_a_vacation_then_quiet_hours_are_one_pause():
    """The vacation ends at midnight and the quiet hours go on to 07:00: one pause."""
    vacation = day_span(date(2026, 1, 5), date(2026, 1, 6), BERLIN)
    plan = Schedule(zone=BERLIN, quiet=NIGHT, vacations=(vacation,))
    assert plan.paused_until(utc(2026, 1, 5, 12)) == utc(2026, 1, 7, 6)
    pauses = list(p for _, p in zip(range(3), plan.pauses(utc(2026, 1, 5, 12)), strict=False))
    assert pauses[0] == (utc(2026, 1, 4, 23), utc(2026, 1, 7, 6))  # vacation, then quiet
    assert pauses[1][0] == utc(2026, 1, 7, 22)


def test_a_budget_ending_where_a_pause_starts_ends_there():
    plan = Schedule(zone=BERLIN, quiet=NIGHT)
    start = utc(2026, 1, 12, 21)  # 22:00 Berlin: one hour to the night
    assert deadline_after(start, HOUR, plan.pauses(start)) == utc(2026, 1, 12, 22)


def test_a_clock_started_in_a_pause_starts_running_when_it_ends():
    plan = Schedule(zone=BERLIN, quiet=NIGHT)
    start = utc(2026, 1, 12, 23)
    assert deadline_after(start, 60, plan.pauses(start)) == utc(2026, 1, 13, 6, 1)
    assert running_seconds(start, utc(2026, 1, 13, 6), plan.pauses(start)) == 0


def test_no_pauses_is_plain_time():
    plan = Schedule(zone=BERLIN)
    start = utc(2026, 1, 1)
    assert plan.empty
    assert deadline_after(start, 90, plan.pauses(start)) == start + timedelta(seconds=90)
    assert plan.paused_until(start) is None


@pytest.mark.parametrize("seed", range(20))
def test_the_deadline_is_where_the_running_time_reaches_the_budget(seed):
    rng = random.Random(seed)
    zone = rng.choice([BERLIN, NEW_YORK, ZoneInfo("Asia/Kolkata"), ZoneInfo("Australia/Sydney")])
    quiet_start = time(rng.randrange(24), rng.choice([0, 15, 30]))
    length = timedelta(minutes=rng.randrange(15, 12 * 60))
    quiet_end = (datetime.combine(date(2026, 1, 1), quiet_start) + length).time()
    first = date(2026, 1, 1) + timedelta(days=rng.randrange(365))
    vacation = day_span(first, first + timedelta(days=rng.randrange(5)), zone)
    plan = Schedule(zone=zone, quiet=(quiet_start, quiet_end), vacations=(vacation,))
    start = utc(2026, 1, 1) + timedelta(minutes=rng.randrange(365 * 24 * 60))
    budget = rng.randrange(1, 10 * 86400)
    deadline = deadline_after(start, budget, plan.pauses(start))
    assert running_seconds(start, deadline, plan.pauses(start)) == pytest.approx(budget)
    assert plan.paused_until(deadline - timedelta(microseconds=1)) is None  # it ran to the end
