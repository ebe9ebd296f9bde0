"""Live play queues one timer task per seat and kind for a game, not two per turn.

A live move starts the next player's turn with a later deadline and warning point than the
turn before queued. The task already queued for the earlier point hands over to the new
one when it fires (`timer_relay`), so a move queues no Celery task once each seat has its
own; these tests pin that count and that nothing fires twice or is lost.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.registry import get_engine
from lobby import tasks
from lobby.models import Move, Seat, Table
from lobby.services import deadlines_sweep, move_submit, seat_join, table_create
from lobby.services.notify import timer_key, timers_queue

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch) -> list[tuple[str, tuple, object]]:
    """Record the timer tasks queued instead of running them (tests run tasks eagerly)."""
    calls: list[tuple[str, tuple, object]] = []
    for name in ("seat_timeout", "clock_warning"):
        task = getattr(tasks, name)
        monkeypatch.setattr(
            task, "apply_async", lambda args, eta, name=name: calls.append((name, args, eta))
        )
    return calls


def live_table(alice, bob, capture) -> Table:
    with capture(execute=True):
        table = table_create(
            user=alice,
            game="lost_cities",
            players=2,
            options={"rounds": 1},
            mode=Table.Mode.LIVE,
            time_control={"base_seconds": 300, "increment_seconds": 0},
        )
        seat_join(code=table.code, user=bob)
    return table


def to_move(table: Table) -> Seat:
    return Seat.objects.select_related("user").get(table=table, is_to_move=True)


def play_turn(table: Table, capture) -> int:
    """Play the mover's whole Lost Cities turn (discard, draw); return the moves made."""
    seat = to_move(table)
    table.refresh_from_db()
    engine = get_engine(table.game)
    actions = engine.legal_actions(engine.load(table.state), seat.position)
    card = next(a["card"] for a in actions if a["type"] == "discard")
    for action in ({"type": "discard", "card": card}, {"type": "draw"}):
        with capture(execute=True):
            move_submit(code=table.code, user=seat.user, action=action, seen_version=None)
    return 2


def test_live_moves_queue_no_timer_task_once_each_seat_has_its_own(
    alice, bob, queued, django_capture_on_commit_callbacks
):
    table = live_table(alice, bob, django_capture_on_commit_callbacks)
    first = to_move(table)
    # The first turn: a turn timeout and a clock warning for the player to move.
    assert queued == [
        ("seat_timeout", (first.id, first.deadline.isoformat()), first.deadline),
        ("clock_warning", (first.id, first.warning_at.isoformat()), first.warning_at),
    ]
    play_turn(table, django_capture_on_commit_callbacks)
    second = to_move(table)
    assert second.id != first.id
    assert [(name, args[0]) for name, args, _eta in queued[2:]] == [
        ("seat_timeout", second.id),
        ("clock_warning", second.id),
    ]
    queued.clear()
    moves = sum(play_turn(table, django_capture_on_commit_callbacks) for _ in range(6))
    assert moves == 12
    assert queued == []  # 0 tasks per live move from here on
    # The deadlines did move on: the queued tasks are for earlier points.
    assert to_move(table).deadline > first.deadline


@pytest.fixture
def clock(monkeypatch) -> list:
    """Django's clock, moved on by the test (each turn takes its players half a minute)."""
    now = [timezone.now()]
    monkeypatch.setattr(timezone, "now", lambda: now[0])
    return now


def test_the_task_of_an_earlier_turn_hands_over_to_the_current_deadline_once(
    alice, bob, queued, clock, django_capture_on_commit_callbacks
):
    table = live_table(alice, bob, django_capture_on_commit_callbacks)
    seat = to_move(table)
    fired = seat.deadline
    for _ in range(2):
        clock[0] += timedelta(seconds=30)
        play_turn(table, django_capture_on_commit_callbacks)
    seat.refresh_from_db()
    assert seat.is_to_move and seat.deadline > fired
    queued.clear()
    # The first turn's task fires: the seat's clock moved on, so it queues the next one.
    assert tasks.seat_timeout(seat.id, fired.isoformat()) is False
    assert queued == [("seat_timeout", (seat.id, seat.deadline.isoformat()), seat.deadline)]
    # Handed out twice (a worker died holding it): the next one is not queued again.
    assert tasks.seat_timeout(seat.id, fired.isoformat()) is False
    assert len(queued) == 1
    assert not Move.objects.filter(table=table, by_timeout=True).exists()
    # At the current deadline its task plays the turn once; the sweep finds nothing more.
    version = Table.objects.get(id=table.id).version
    later = seat.deadline + timedelta(seconds=1)
    from lobby.services import seat_timeout

    assert seat_timeout(seat_id=seat.id, deadline=seat.deadline, now=later) is True
    assert seat_timeout(seat_id=seat.id, deadline=seat.deadline, now=later) is False
    assert deadlines_sweep(now=later) == 0
    seat.refresh_from_db()
    assert seat.timeouts == 1
    assert Table.objects.get(id=table.id).version == version + 1  # acted on once


def test_the_warning_of_an_earlier_turn_hands_over_to_the_current_warning_point(
    alice, bob, queued, clock, django_capture_on_commit_callbacks
):
    table = live_table(alice, bob, django_capture_on_commit_callbacks)
    seat = to_move(table)
    fired = seat.warning_at
    for _ in range(2):
        clock[0] += timedelta(seconds=30)
        play_turn(table, django_capture_on_commit_callbacks)
    seat.refresh_from_db()
    assert seat.warning_at > fired
    queued.clear()
    assert tasks.clock_warning(seat.id, fired.isoformat()) == 0  # not due: nothing said
    assert queued == [("clock_warning", (seat.id, seat.warning_at.isoformat()), seat.warning_at)]
    # A task queued before the point was passed along (no `at`) just warns when due.
    assert tasks.clock_warning(seat.id) == 0
    assert len(queued) == 1


def test_a_seat_no_longer_to_move_gets_no_next_task(
    alice, bob, queued, django_capture_on_commit_callbacks
):
    table = live_table(alice, bob, django_capture_on_commit_callbacks)
    seat = to_move(table)
    fired = seat.deadline
    play_turn(table, django_capture_on_commit_callbacks)
    queued.clear()
    assert tasks.seat_timeout(seat.id, fired.isoformat()) is False
    assert tasks.clock_warning(seat.id, seat.warning_at.isoformat()) == 0
    assert queued == []


def test_an_earlier_point_than_the_queued_task_gets_its_own_task(queued, alice, bob):
    """A deadline moved earlier (or a point within the slack of the queued task) is queued."""
    now = timezone.now()
    later, earlier = now + timedelta(minutes=5), now + timedelta(minutes=3)
    assert timers_queue([("timeout", 1, later)]) == 1
    assert timers_queue([("timeout", 1, later + timedelta(minutes=1))]) == 0
    assert timers_queue([("timeout", 1, earlier)]) == 1
    # The other kind and another seat are their own.
    assert timers_queue([("warning", 1, later), ("timeout", 2, later)]) == 2
    # A queued task about to fire is not counted on.
    soon = now + timedelta(seconds=1)
    assert timers_queue([("timeout", 3, soon)]) == 1
    assert timers_queue([("timeout", 3, soon + timedelta(minutes=1))]) == 1
    assert len(queued) == 6


def test_without_the_cache_every_timer_is_queued(queued, monkeypatch):
    """Redis down: what is queued is unknown, so each timer gets its task, as before."""
    from django.core.cache import cache

    def down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    at = timezone.now() + timedelta(minutes=5)
    assert timers_queue([("timeout", 7, at)]) == 1
    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "set_many", down)
    assert timers_queue([("timeout", 7, at + timedelta(minutes=1))]) == 1
    assert timers_queue([("timeout", 7, at + timedelta(minutes=2))]) == 1
    assert len(queued) == 3
    assert timer_key("timeout", 7) == "timer:timeout:7"
