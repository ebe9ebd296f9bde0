"""A vacation holds a turn clock through a real worker's death (issue 26, quiet hours).

A real Celery worker and beat run on PostgreSQL and a Redis of the test's own. A player
to move at an asynchronous table goes on vacation: their deadline moves past it in the
same commit. The worker is killed (SIGKILL) and started again during the vacation. No
timeout happens during the vacation; the timeout comes after it, once.

The scale of time is the test's own: the table gives 5 seconds a move with no bank, and
the vacation, booked for whole days as a player books it, is cut short by its `ended_at`
30 seconds on (as if ended early then), so the whole story takes under a minute.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime, timedelta

import pytest

from tests.reliability.live import RedisServer, Stack, database_fresh, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.live]

MOVE_SECONDS = 5
VACATION_SECONDS = 30

SETUP = """
import json
from datetime import timedelta
from django.db import transaction
from django.utils import timezone
from accounts.models import User, Vacation
from accounts.vacations import pauses_commit
from lobby import clocks
from lobby.models import Table
from lobby.services import seat_join, table_create

a = User.objects.create_user("va_a", "va_a@t.invalid", "pw", time_zone="UTC")
b = User.objects.create_user("va_b", "va_b@t.invalid", "pw", time_zone="UTC")
t = table_create(user=a, game="lost_cities", players=2, options={{"rounds": 1}})
seat_join(code=t.code, user=b)
with transaction.atomic():
    t = Table.objects.select_for_update().get(pk=t.pk)
    t.move_seconds, t.bank_seconds = {move}, 0
    t.save(update_fields=["move_seconds", "bank_seconds"])
    seat = t.seats.select_related("user").get(is_to_move=True)
    seat.time_left = 0.0
    now = timezone.now()
    clocks.turn_start(t, seat, now)
    seat.save(update_fields=["time_left", "turn_started_at", "deadline", "warning_at"])
player = seat.user
before = player.pause_fields()
with transaction.atomic():
    today = now.date()
    Vacation.objects.create(
        user=player, first_day=today, last_day=today + timedelta(days=1),
        ended_at=now + timedelta(seconds={vacation}),
    )
    pauses_commit(user=player, before=before, now=now)
seat.refresh_from_db()
print(json.dumps({{
    "code": str(t.code), "seat": seat.id, "now": now.isoformat(),
    "deadline": seat.deadline.isoformat(),
}}))
"""

FACTS = """
import json
from lobby.models import Seat
seat = Seat.objects.select_related("table").get(id={seat})
moves = seat.table.moves.filter(by_timeout=True)
print(json.dumps({{
    "timeouts": seat.timeouts,
    "timeout_moves": [m.created_at.isoformat() for m in moves],
    "deadline": seat.deadline.isoformat() if seat.deadline else None,
}}))
"""


def test_a_worker_killed_and_restarted_during_a_vacation_honours_the_deadline(tmp_path):
    redis = RedisServer(tmp_path)
    redis.start()
    stack = Stack(
        database_url=database_fresh("pt_quiet"),
        redis_url=redis.url,
        workdir=tmp_path,
        SWEEP_SECONDS="1",
        CHANNELS_PREFIX="quiet",
    )
    try:
        stack.manage("migrate", "--noinput")
        stack.start("worker", "beat")
        time.sleep(5)  # the worker and beat are up before the clock starts
        booked = json.loads(
            stack.manage("shell", "-c", SETUP.format(move=MOVE_SECONDS, vacation=VACATION_SECONDS))
        )
        started = datetime.fromisoformat(booked["now"])
        deadline = datetime.fromisoformat(booked["deadline"])
        # The vacation holds the clock: the 5 seconds run after it.
        held = (deadline - started).total_seconds()
        assert held == pytest.approx(VACATION_SECONDS + MOVE_SECONDS, abs=0.01)

        def facts() -> dict:
            return json.loads(stack.manage("shell", "-c", FACTS.format(seat=booked["seat"])))

        time.sleep(1)
        stack.kill("worker")
        time.sleep(MOVE_SECONDS + 1)  # the turn's first deadline passes with no worker
        stack.start("worker")
        time.sleep(3)
        during = facts()
        # Still on vacation when the worker came back and when the facts were read.
        assert datetime.now(UTC) < started + timedelta(seconds=VACATION_SECONDS)
        assert during["timeout_moves"] == [] and during["timeouts"] == 0, during
        assert datetime.fromisoformat(during["deadline"]) == deadline
        over = wait_for(lambda: facts()["timeouts"] == 1, seconds=90, every=2)
        after = facts()
        assert over, after
        assert after["timeout_moves"], after
        assert all(datetime.fromisoformat(m) >= deadline for m in after["timeout_moves"])
        time.sleep(3)  # a few more sweeps: nothing happens twice
        assert facts()["timeouts"] == 1
        print(f"\nvacation: deadline held {held:.0f} s over a worker kill; one timeout after it")
    finally:
        stack.close()
        redis.kill()
