"""The "running out of time" notice: once per turn, when a seat's clock reaches its point."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import Notification
from games.registry import get_engine
from lobby import clocks
from lobby.models import OutboundMail, Seat, Table
from lobby.services import move_submit, seat_join, table_create, timers
from lobby.services.sweeps import consequences_sweep
from lobby.services.timers import clock_warnings_send, reminders_send

pytestmark = pytest.mark.django_db


def live_table(alice, bob, minutes=5):
    table = table_create(
        user=alice,
        game="lost_cities",
        players=2,
        options={"rounds": 1},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": minutes * 60, "increment_seconds": 0},
    )
    seat_join(code=table.code, user=bob)
    return table


def async_table(alice, bob):
    table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
    seat_join(code=table.code, user=bob)
    return table


def mover(table) -> Seat:
    return Seat.objects.select_related("user").get(table=table, is_to_move=True)


def play_turn(table, seat: Seat) -> None:
    """Play the seat's whole Lost Cities turn: discard a card, then draw."""
    table.refresh_from_db()
    engine = get_engine(table.game)
    actions = engine.legal_actions(engine.load(table.state), seat.position)
    card = next(a["card"] for a in actions if a["type"] == "discard")
    for action in ({"type": "discard", "card": card}, {"type": "draw"}):
        move_submit(code=table.code, user=seat.user, action=action, seen_version=None)


def warnings(user) -> list[Notification]:
    return list(Notification.objects.filter(user=user, kind="deadline"))


def test_a_live_turn_is_armed_to_warn_when_a_fifth_of_the_clock_is_left(alice, bob):
    seat = mover(live_table(alice, bob, minutes=5))
    # 5 minutes per player: the warning point is 1 minute before the deadline.
    assert seat.deadline - seat.warning_at == timedelta(minutes=1)
    assert seat.warning_at - seat.turn_started_at == timedelta(minutes=4)


def test_a_live_seat_past_its_warning_point_gets_one_notice_from_two_sweeps(alice, bob):
    seat = mover(live_table(alice, bob))
    assert consequences_sweep(now=seat.warning_at - timedelta(seconds=1))["clock_warnings"] == 0
    assert warnings(seat.user) == []
    later = seat.warning_at + timedelta(seconds=5)
    assert consequences_sweep(now=later)["clock_warnings"] == 1
    assert consequences_sweep(now=later + timedelta(seconds=15))["clock_warnings"] == 0
    (notice,) = warnings(seat.user)
    assert notice.text == "Hurry: your clock at Lost Cities is down to 0:55."
    assert notice.url == seat.table.get_absolute_url()
    # A live table sends no e-mail: the game is over before anyone reads it.
    assert not OutboundMail.objects.exists()


def test_the_opponent_is_not_warned_for_the_movers_clock(alice, bob):
    seat = mover(live_table(alice, bob))
    other = alice if seat.user == bob else bob
    consequences_sweep(now=seat.warning_at + timedelta(seconds=1))
    assert warnings(other) == []


def test_two_sweeps_that_both_found_the_seat_due_warn_it_once(alice, bob):
    """Sweeps that overlap both list the seat; the row lock and the marker let one warn."""
    seat = mover(live_table(alice, bob))
    listed = Seat.objects.only("id", "turn_started_at").get(id=seat.id)
    assert timers._remind(listed, "deadline", seat.warning_at) == 1
    assert timers._remind(listed, "deadline", seat.warning_at) == 0
    assert len(warnings(seat.user)) == 1


def test_a_new_turn_re_arms_the_warning(alice, bob):
    table = live_table(alice, bob)
    seat = mover(table)
    assert clock_warnings_send(now=seat.warning_at) == 1
    Notification.objects.update(read_at=seat.warning_at)  # the player saw it
    play_turn(table, seat)
    play_turn(table, mover(table))
    seat.refresh_from_db()
    assert seat.is_to_move and seat.warned_turn_at != seat.turn_started_at
    assert clock_warnings_send(now=seat.warning_at) == 1
    assert clock_warnings_send(now=seat.warning_at + timedelta(seconds=1)) == 0
    assert len(warnings(seat.user)) == 2


def test_a_turn_that_starts_below_the_warning_point_is_warned_at_once(alice, bob):
    table = Table(mode=Table.Mode.LIVE, base_seconds=600, increment_seconds=0)
    seat = Seat(time_left=90.0)  # below 2 minutes, a fifth of 10
    now = timezone.now()
    clocks.turn_start(table, seat, now)
    assert seat.warning_at == now
    clocks.turn_stop(table, seat, now + timedelta(seconds=3))
    assert seat.warning_at is None and seat.deadline is None


def test_an_async_seat_gets_one_notice_and_one_email(alice, bob):
    seat = mover(async_table(alice, bob))
    assert seat.deadline - seat.warning_at == timedelta(hours=2)
    now = seat.warning_at + timedelta(minutes=10)
    assert consequences_sweep(now=now)["clock_warnings"] == 1
    assert consequences_sweep(now=now + timedelta(minutes=1))["clock_warnings"] == 0
    # The older reminder pass sends the same warning; it is still once per turn.
    reminders_send(now=now + timedelta(minutes=5))
    (notice,) = warnings(seat.user)
    assert notice.text == "Less than 2 hours left for your move at Lost Cities."
    (mail,) = OutboundMail.objects.filter(subject__contains="hours left")
    assert mail.to_address == seat.user.email
    assert seat.table.get_absolute_url() in mail.body


def test_no_email_to_a_player_who_turned_reminders_off(alice, bob):
    seat = mover(async_table(alice, bob))
    seat.user.reminders_enabled = False
    seat.user.save()
    assert clock_warnings_send(now=seat.warning_at) == 1
    assert len(warnings(seat.user)) == 1
    assert not OutboundMail.objects.exists()


def test_no_warning_once_the_deadline_has_passed(alice, bob):
    """A turn whose time is up is the timers' business."""
    seat = mover(live_table(alice, bob))
    assert clock_warnings_send(now=seat.deadline + timedelta(seconds=1)) == 0
    assert clock_warnings_send(now=seat.deadline - timedelta(seconds=1)) == 1


def test_no_warning_for_a_seat_a_bot_plays(alice, bob):
    """A player out on time whose seat a bot took over is not warned for the bot's clock."""
    seat = mover(live_table(alice, bob))
    Seat.objects.filter(id=seat.id).update(bot=Seat.Bot.RANDOM, abandoned=True)
    assert clock_warnings_send(now=seat.warning_at + timedelta(seconds=1)) == 0
    assert warnings(seat.user) == []


def test_a_short_live_clock_is_warned_on_time_by_its_own_task(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    """A one-minute clock cannot wait for the sweep: its warning point gets an ETA task."""
    from lobby import tasks

    queued: list[tuple[tuple[int], object]] = []
    monkeypatch.setattr(
        tasks.clock_warning, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    with django_capture_on_commit_callbacks(execute=True):
        table = live_table(alice, bob, minutes=1)
    seat = mover(table)
    assert queued == [((seat.id, seat.warning_at.isoformat()), seat.warning_at)]
    # Early (a stale task, a clock that moved on): nothing.
    assert timers.clock_warning_send(seat_id=seat.id) == 0
    assert warnings(seat.user) == []
    # At the warning point: one notice, and the sweep does not send it again.
    at = seat.warning_at + timedelta(seconds=1)
    assert timers.clock_warning_send(seat_id=seat.id, now=at) == 1
    assert timers.clock_warning_send(seat_id=seat.id, now=at) == 0
    assert clock_warnings_send(now=at) == 0
    assert len(warnings(seat.user)) == 1
