"""Timers and scoring with a real Celery worker (in-process; on Redis when REDIS_URL is set)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from config.celery import app as celery_app
from lobby import embedded
from lobby.models import Move, Table
from lobby.services import move_submit, seat_join, table_create

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def running_worker(*, sweep_every: float | None = None) -> Iterator[None]:
    """Run a real worker (and beat, with a fast sweep, when asked) instead of eager tasks."""
    conf = celery_app.conf
    saved = conf.task_always_eager, conf.beat_schedule
    conf.task_always_eager = False
    conf.beat_schedule = (
        {"sweep": {"task": "lobby.tasks.deadlines_sweep", "schedule": sweep_every}}
        if sweep_every
        else {}
    )
    running = embedded.start(celery_app, concurrency=2)
    try:
        yield
    finally:
        running.stop()
        conf.task_always_eager, conf.beat_schedule = saved


@contextmanager
def no_worker() -> Iterator[None]:
    """Queue tasks without running them (no worker is up)."""
    conf = celery_app.conf
    saved = conf.task_always_eager
    conf.task_always_eager = False
    try:
        yield
    finally:
        conf.task_always_eager = saved


def wait_for(check: Callable[[], bool], seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


def quick_table(alice, bob, move_seconds: int) -> Table:
    """Start an async Lost Cities table whose turns last `move_seconds` with no bank."""
    table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
    Table.objects.filter(id=table.id).update(move_seconds=move_seconds, bank_seconds=0)
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def test_a_deadline_fires_and_plays_the_timeout_action(alice, bob):
    with running_worker():
        table = quick_table(alice, bob, move_seconds=1)
        first = table.seats.get(is_to_move=True)
        assert wait_for(
            lambda: Move.objects.filter(table=table, seat=first.position, by_timeout=True).exists()
        )
    first.refresh_from_db()
    assert first.timeouts >= 1
    assert Move.objects.filter(table=table, by_timeout=True).first().action["type"] == "discard"


def test_a_move_before_the_deadline_makes_the_stale_timer_do_nothing(alice, bob):
    with running_worker():
        table = quick_table(alice, bob, move_seconds=3)
        first = table.seats.get(is_to_move=True)
        from games.registry import get_engine

        engine = get_engine("lost_cities")
        state = engine.load(table.state)
        card = next(
            a for a in engine.legal_actions(state, first.position) if a["type"] == "discard"
        )
        move_submit(code=table.code, user=first.user, action=card, seen_version=None)
        move_submit(code=table.code, user=first.user, action={"type": "draw"}, seen_version=None)
        time.sleep(4)  # past the first deadline: its timer has run by now
    first.refresh_from_db()
    assert first.timeouts == 0
    assert not Move.objects.filter(table=table, seat=first.position, by_timeout=True).exists()


def test_a_deadline_missed_while_no_worker_ran_is_handled_by_the_sweep(alice, bob):
    with no_worker():
        table = quick_table(alice, bob, move_seconds=1)
        # The ETA message is lost with the broker (a crash): only the sweep can help now.
        celery_app.control.purge()
        time.sleep(1.2)
    assert not Move.objects.filter(table=table).exists()
    with running_worker(sweep_every=0.5):
        assert wait_for(lambda: Move.objects.filter(table=table, by_timeout=True).exists())


def test_repeated_timeouts_end_the_game_and_it_is_scored(alice, bob):
    with running_worker():
        table = quick_table(alice, bob, move_seconds=1)
        assert wait_for(lambda: Table.objects.get(id=table.id).scored_at is not None, 30)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    out = table.seats.get(abandoned=True)
    assert out.timeouts == 3 and out.place == 2
    assert table.seats.get(abandoned=False).place == 1
    assert out.user.notifications.filter(kind="finished").count() == 1
