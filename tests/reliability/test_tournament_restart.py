"""A tournament's next round survives a killed worker and a Redis that lost its queue.

A real Celery worker and beat run on PostgreSQL + a Redis of the test's own. Between
rounds the worker is killed with SIGKILL, the round's last games end (their scoring tasks
go to a queue nobody reads), and then Redis is restarted empty, losing those tasks. Only
the committed rows remember: the unscored tables and, once they are scored, the
tournament's deadline. After the worker is started again, the sweep scores the tables and
starts round 2, exactly once.
"""

from __future__ import annotations

import json
import time

import pytest

from tests.reliability.live import RedisServer, Stack, database_fresh, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.live]

SETUP = """
import json
from django.utils import timezone
from accounts.models import User
from tournaments.models import Tournament
from tournaments.services import entry_join, tournament_create, tournament_tick
users = [User.objects.create_user(f"swiss{i}", f"swiss{i}@t.invalid", "pw") for i in range(4)]
t = tournament_create(user=users[0], name="Restart cup", game="lost_cities", options={},
                      rounds=3, min_players=4, max_players=4)
for user in users:
    entry_join(code=t.code, user=user)
tournament_tick(tournament_id=t.id)
t.refresh_from_db()
print(json.dumps({"code": str(t.code), "round": t.round_number}))
"""

END_ROUND = """
from lobby.models import Table
from lobby.services import table_concede
for table in Table.objects.filter(tournament_pairing__round__tournament__code="{code}",
                                  status="active"):
    table_concede(code=table.code, user=table.seats.get(position=1).user)
print("ok")
"""

FACTS = """
import json
from lobby.models import Table
from tournaments.models import Round, Tournament
t = Tournament.objects.get(code="{code}")
tables = Table.objects.filter(tournament_pairing__round__tournament=t)
print(json.dumps({{
    "round": t.round_number,
    "rounds": list(Round.objects.filter(tournament=t).values_list("number", flat=True)),
    "finished": tables.filter(status="finished").count(),
    "unscored": tables.filter(status="finished", scored_at__isnull=True).count(),
    "active": tables.filter(status="active").count(),
    "deadline": t.deadline is not None,
}}))
"""


def test_the_next_round_starts_after_the_worker_and_redis_come_back(tmp_path):
    redis = RedisServer(tmp_path)
    redis.start()
    stack = Stack(
        database_url=database_fresh("pt_tourney"),
        redis_url=redis.url,
        workdir=tmp_path,
        SWEEP_SECONDS="2",
        CHANNELS_PREFIX="tourney",
    )

    def facts() -> dict:
        return json.loads(stack.manage("shell", "-c", FACTS.format(code=code)))

    try:
        stack.manage("migrate", "--noinput")
        made = json.loads(stack.manage("shell", "-c", SETUP))
        code = made["code"]
        assert made["round"] == 1
        stack.start("worker", "beat")
        assert facts()["active"] == 2

        # Between rounds: the worker dies, the round's games end, the queue is lost.
        stack.kill("worker", "beat")
        assert stack.manage("shell", "-c", END_ROUND.format(code=code)) == "ok"
        time.sleep(3)
        down = facts()
        assert down["finished"] == 2 and down["unscored"] == 2 and down["round"] == 1
        redis.kill()
        redis.start()  # an empty Redis: the scoring tasks queued above are gone

        stack.start("worker", "beat")
        assert wait_for(lambda: facts()["round"] == 2, seconds=120, every=3), facts()
        # A few more sweeps change nothing: one round 2, its two tables, nothing left due.
        time.sleep(6)
        after = facts()
        assert after["rounds"] == [1, 2]
        assert after["active"] == 2 and after["unscored"] == 0 and not after["deadline"]
    finally:
        stack.close()
        redis.kill()
