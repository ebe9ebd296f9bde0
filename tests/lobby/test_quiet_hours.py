"""Quiet hours and vacation at the tables: deadlines, the sweep, reminders and the seat bar."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.vacations import pauses_commit, vacation_book, vacation_cancel
from lobby import clocks
from lobby.models import Move, OutboundMail, Seat, Table
from lobby.services import deadlines_sweep, reminders_send
from lobby.services.timers import clock_warnings_send
from tests.lobby.helpers import live_table, started_table

pytestmark = pytest.mark.django_db

BERLIN = ZoneInfo("Europe/Berlin")


def to_move(table: Table) -> Seat:
    return table.seats.select_related("user").get(is_to_move=True)


def berlin_to_move(table: Table) -> tuple[Seat, Any, datetime, date]:
    """Return the seat to move and its player, now living in Berlin, with now and Berlin's
    date today."""
    seat = to_move(table)
    player = seat.user
    player.time_zone = "Europe/Berlin"
    player.save()
    now = timezone.now()
    return seat, player, now, now.astimezone(BERLIN).date()


def berlin_midnight_after(instant: datetime, days: int) -> datetime:
    local = instant.astimezone(BERLIN).date() + timedelta(days=days)
    return datetime.combine(local, time(0), tzinfo=BERLIN).astimezone(UTC)


def test_booking_a_vacation_moves_the_deadline_past_it_in_the_same_commit(alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    remaining = (seat.deadline - now).total_seconds()
    vacation_book(user=player, first=today, last=today + timedelta(days=2), now=now)
    seat.refresh_from_db()
    back = berlin_midnight_after(now, 3)
    assert seat.deadline == back + timedelta(seconds=remaining)
    # The warning point is in running time too: the same lead before the deadline.
    assert seat.warning_at == seat.deadline - timedelta(hours=2)


def test_the_sweep_does_not_time_out_a_seat_on_vacation_and_does_once_it_is_over(alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    old_deadline = seat.deadline
    vacation_book(user=player, first=today, last=today + timedelta(days=5), now=now)
    seat.refresh_from_db()
    # The old deadline (4 days on) falls in the vacation: nothing happens then.
    assert deadlines_sweep(now=old_deadline + timedelta(seconds=1)) == 0
    assert not Move.objects.filter(table=table, by_timeout=True).exists()
    assert deadlines_sweep(now=seat.deadline - timedelta(seconds=1)) == 0
    assert deadlines_sweep(now=seat.deadline) == 1
    assert Move.objects.filter(table=table, by_timeout=True, seat=seat.position).exists()


def test_ending_a_vacation_early_gives_back_the_time_it_held(alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    remaining = (seat.deadline - now).total_seconds()
    vacation = vacation_book(user=player, first=today, last=today + timedelta(days=4), now=now)
    later = now + timedelta(minutes=10)  # ten minutes of vacation, which cost no clock time
    assert vacation_cancel(user=player, vacation_id=vacation.pk, now=later) == "ended"
    seat.refresh_from_db()
    assert seat.deadline == later + timedelta(seconds=remaining)
    vacation.refresh_from_db()
    # The day it ended on stays counted (the next one, when ended just past midnight).
    assert vacation.last_day == later.astimezone(BERLIN).date() and vacation.ended_at == later


def test_ending_a_vacation_just_past_midnight_keeps_the_new_day_counted(alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    vacation = vacation_book(user=player, first=today, last=today + timedelta(days=4), now=now)
    later = berlin_midnight_after(now, 1) + timedelta(minutes=5)
    assert vacation_cancel(user=player, vacation_id=vacation.pk, now=later) == "ended"
    vacation.refresh_from_db()
    assert vacation.last_day == today + timedelta(days=1) and vacation.ended_at == later
    # Its held time (from booking to the end) is given back: the clock restarts at `later`.
    seat.refresh_from_db()
    assert clocks.seat_pause(table, seat, later + timedelta(minutes=1)) is None


def test_changing_quiet_hours_moves_the_deadline(alice, bob):
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    now = timezone.now()
    before = player.pause_fields()
    player.time_zone, player.quiet_start, player.quiet_end = "UTC", time(22), time(6)
    player.save()
    pauses_commit(user=player, before=before, now=now)
    seat.refresh_from_db()
    # 4 days of budget (1 move day + 3 bank) run 16 hours a day: 6 days of wall time.
    schedule = clocks.seat_schedule(table, seat)
    assert schedule is not None
    assert clocks.seconds_left(table, seat, now) == pytest.approx(4 * 86400, abs=1)
    assert (seat.deadline - now).total_seconds() > 5.5 * 86400


def test_the_turn_costs_only_its_running_time(alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    vacation_book(user=player, first=today, last=today + timedelta(days=1), now=now)
    seat.refresh_from_db()
    bank = seat.time_left
    # Moving 36 hours later, all of it vacation but for at most a day: no bank is spent.
    clocks.turn_stop(table, seat, berlin_midnight_after(now, 2) + timedelta(hours=1))
    assert seat.time_left == pytest.approx(bank, abs=1)


def test_a_live_table_ignores_the_vacation(alice, bob):
    table = live_table("lost_cities", alice, bob)
    seat, player, now, today = berlin_to_move(table)
    deadline = seat.deadline
    vacation_book(user=player, first=today, last=today, now=now)
    seat.refresh_from_db()
    assert seat.deadline == deadline
    assert clocks.seat_pause(table, seat, now) is None


def quiet_around(player, instant: datetime, *, after: timedelta = timedelta(hours=2)) -> None:
    """Give `player` (in UTC) quiet hours from an hour before `instant` to `after` it."""
    start = (instant - timedelta(hours=1)).time().replace(second=0, microsecond=0)
    end = (instant + after).time().replace(second=0, microsecond=0)
    player.time_zone, player.quiet_start, player.quiet_end = "UTC", start, end
    player.save()


def test_a_reminder_is_held_during_quiet_hours_and_sent_once_after(alice, bob):
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    due = seat.turn_started_at + timedelta(hours=13)
    quiet_around(player, due)
    assert reminders_send(now=due) == 0
    seat.refresh_from_db()
    assert seat.reminded_turn_at is None
    assert not OutboundMail.objects.filter(to_address=player.email).exists()
    after = due + timedelta(hours=2, minutes=1)
    assert reminders_send(now=after) == 1
    assert reminders_send(now=after + timedelta(minutes=5)) == 0  # once per turn
    assert OutboundMail.objects.filter(to_address=player.email).count() == 1


def test_a_clock_warning_is_held_during_quiet_hours_and_sent_once_after(alice, bob):
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    warn = seat.warning_at + timedelta(minutes=1)
    # Quiet hours set behind the lobby's back (the deadline is not moved): the sending is
    # held all the same.
    quiet_around(player, warn, after=timedelta(minutes=30))
    assert clock_warnings_send(now=warn) == 0
    seat.refresh_from_db()
    assert seat.warned_turn_at is None
    assert clock_warnings_send(now=warn + timedelta(minutes=31)) == 1
    assert clock_warnings_send(now=warn + timedelta(minutes=32)) == 0


def test_the_opponent_sees_on_vacation_until_on_the_seat_and_in_my_games(client, alice, bob):
    table = started_table(alice, bob)
    seat, player, now, today = berlin_to_move(table)
    other = alice if player == bob else bob
    vacation_book(user=player, first=today, last=today + timedelta(days=2), now=now)
    other.time_zone = "America/New_York"
    other.save()
    client.force_login(other)
    page = client.get(table.get_absolute_url()).content.decode()
    back = berlin_midnight_after(now, 3).astimezone(ZoneInfo("America/New_York"))
    assert "on vacation until" in page
    assert back.strftime("%H:%M") in page  # the end, in the viewer's zone (18:00 in winter)
    assert 'class="clock running paused"' in page and "data-paused-for=" in page
    mine = client.get(reverse("lobby:mine")).content.decode()
    assert "on vacation until" in mine and "data-paused-for=" in mine
    # In the viewer's language too.
    other.language = "de"
    other.save()
    client.cookies["django_language"] = "de"
    german = client.get(table.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "on vacation until" not in german and "im Urlaub bis" in german


def test_quiet_hours_saved_in_the_preferences_move_the_deadline_and_queue_its_timer(
    client, alice, bob, django_capture_on_commit_callbacks, monkeypatch, settings
):
    settings.TIMER_ETA_HORIZON = 30 * 86400  # a deadline days away gets its ETA task too
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    old = seat.deadline
    queued: list[tuple] = []
    from lobby import tasks

    monkeypatch.setattr(
        tasks.seat_timeout, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    client.force_login(player)
    data = {
        "email": player.email,
        "reminders_enabled": "on",
        "time_zone": "Asia/Kolkata",
        "quiet_start": "22:30",
        "quiet_end": "06:30",
    }
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(reverse("accounts:preferences"), data).status_code == 302
    seat.refresh_from_db()
    assert seat.deadline > old + timedelta(hours=4 * 8 - 1)  # four nights of 8 quiet hours
    assert [eta for _args, eta in queued] == [seat.deadline]
    # The ETA task of the old deadline finds it moved and does nothing.
    from lobby.services import seat_timeout

    assert seat_timeout(seat_id=seat.id, deadline=old, now=old + timedelta(seconds=1)) is False
    assert not Move.objects.filter(table=table, by_timeout=True).exists()


def test_a_pause_removed_during_the_turn_still_cost_nothing(alice, bob):
    """Quiet hours through the night, removed in the morning: the night was not charged."""
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    start = seat.turn_started_at
    bank = seat.time_left
    before = player.pause_fields()
    quiet_around(player, start + timedelta(hours=1), after=timedelta(hours=10))  # from the start
    pauses_commit(user=player, before=before, now=start)
    seat.refresh_from_db()
    morning = start + timedelta(hours=12)
    before = player.pause_fields()
    player.quiet_start = player.quiet_end = None
    player.save()
    pauses_commit(user=player, before=before, now=morning)
    seat.refresh_from_db()
    # 30 hours after the start, 11 of them quiet: 19 running hours are within the day a move
    # has, so the bank is untouched (charging the wall time would take 6 hours from it).
    clocks.turn_stop(table, seat, start + timedelta(hours=30))
    assert seat.time_left == pytest.approx(bank, abs=1)


def test_a_seat_a_bot_plays_never_pauses(alice, bob):
    table = started_table(alice, bob)
    seat = to_move(table)
    player = seat.user
    player.time_zone, player.quiet_start, player.quiet_end = "UTC", time(0), time(12)
    player.save()
    assert clocks.seat_schedule(table, seat) is not None
    seat.bot = Seat.Bot.RANDOM  # a player out of time: the bot plays on, on the table's clock
    assert clocks.seat_schedule(table, seat) is None
    assert clocks.seat_pause(table, seat, timezone.now()) is None
