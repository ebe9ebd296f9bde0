"""Concurrent move submissions over many tables: nothing lost, nothing applied twice.

Threads post to the real move endpoint (Django's test client runs the full request
path: middleware, view, service, row lock) at the same time, including exact
duplicates and stale versions. Afterwards every successful answer has exactly one
Move row, the log numbers are gapless, and every table's stored state equals the
replay of its log. Every thread must finish: one that dies (a connection pool that
never freed a connection, say) fails the test instead of quietly submitting less.
"""

from __future__ import annotations

import json
import random
import threading
from collections import Counter

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Table
from lobby.services import replay_states, seat_join, table_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = get_engine("lost_cities")


def make_tables(count: int) -> list[Table]:
    tables = []
    for _ in range(count):
        a, b = UserFactory(), UserFactory()
        table = table_create(user=a, game="lost_cities", players=2, options={"rounds": 1})
        seat_join(code=table.code, user=b)
        tables.append(table)
    return tables


def hammer(tables: list[Table], submissions: int, threads: int) -> Counter:
    """Submit moves from `threads` threads; return the answers counted by kind."""
    users = {}
    for table in tables:
        for seat in table.seats.select_related("user"):
            users[(table.id, seat.position)] = seat.user
    answers: Counter = Counter()
    failures: list[BaseException] = []
    lock = threading.Lock()
    per_thread = submissions // threads

    def worker(index: int) -> None:
        rng = random.Random(index)
        local: dict[int, Client] = {}
        try:
            for _ in range(per_thread):
                table = Table.objects.get(id=rng.choice(tables).id)
                if table.status != Table.Status.ACTIVE:
                    continue
                state = ENGINE.load(table.state)
                seat = min(ENGINE.to_move(state))
                user = users[(table.id, seat)]
                client = local.get(user.id)
                if client is None:
                    client = local[user.id] = Client()
                    client.force_login(user)
                action = rng.choice(ENGINE.legal_actions(state, seat))
                version = table.version - (1 if rng.random() < 0.15 else 0)
                copies = 2 if rng.random() < 0.2 else 1  # a double-click
                for _ in range(copies):
                    response = client.post(
                        reverse("lobby:move", args=[table.code]),
                        {"action": json.dumps(action), "version": str(version)},
                    )
                    with lock:
                        answers[response.status_code] += 1
                # Back to the pool, as a server does after each request (the test client
                # keeps a thread's connection across requests): 12 threads share 10.
                connections.close_all()
        except BaseException as error:
            with lock:
                failures.append(error)
            raise
        finally:
            connections.close_all()

    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join(600)
    assert not failures, f"{len(failures)} of {threads} threads failed: {failures[:3]}"
    return answers


def check(tables: list[Table], answers: Counter) -> int:
    applied = 0
    for table in tables:
        table.refresh_from_db()
        numbers = list(table.moves.order_by("n").values_list("n", flat=True))
        assert numbers == list(range(1, len(numbers) + 1)), "gapless, no duplicates"
        assert table.move_count == len(numbers)
        assert ENGINE.dump(replay_states(engine=ENGINE, table=table)[-1]) == table.state
        applied += len(numbers)
    # Every 302 is exactly one applied move; everything else changed nothing.
    assert answers[302] == applied
    assert set(answers) <= {302, 409, 400}, answers
    assert answers[500] == 0
    return applied


def test_racing_submissions_lose_nothing_and_apply_nothing_twice():
    tables = make_tables(6)
    answers = hammer(tables, submissions=240, threads=6)
    applied = check(tables, answers)
    assert applied > 40 and answers[409] > 0


@pytest.mark.slow
def test_thousands_of_racing_submissions_over_many_tables():
    tables = make_tables(24)
    answers = hammer(tables, submissions=3000, threads=12)
    applied = check(tables, answers)
    print(f"submissions={sum(answers.values())} applied={applied} answers={dict(answers)}")
    assert applied > 1000
