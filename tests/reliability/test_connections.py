"""Bounded database connections: daphne on PostgreSQL holds at most its pool's size,
however many requests arrive at once, and none of them fails for want of one.

Without the pool (persistent connections per thread, or one connection per request),
120 concurrent requests opened as many connections as there were requests in flight.
"""

from __future__ import annotations

import concurrent.futures
import html
import re
import threading
import time

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.db import connection

from tests.factories import UserFactory
from tests.lobby.helpers import started_table
from tests.reliability.live import PG, Stack

pytestmark = [pytest.mark.live, pytest.mark.django_db(transaction=True)]

POOL_MAX = 4
APP_NAME = "playtable_pool_test"
VERSION = re.compile(r'data-version="(\d+)"')


@pytest.fixture
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "The connection pool is psycopg's, for PostgreSQL; SQLite has no server "
            "connections to bound (CI runs this on PostgreSQL)."
        )


def _cookie(user) -> str:
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken={'x' * 32}"


def _held(dbname: str) -> int:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            (dbname, APP_NAME),
        ).fetchone()
    return int(row[0]) if row else 0


def test_many_concurrent_requests_hold_at_most_the_pool_and_none_fails(postgres_only, tmp_path):
    import httpx

    dbname = connection.settings_dict["NAME"]
    players = [UserFactory() for _ in range(8)]
    tables = [started_table(players[i], players[i + 1]) for i in range(0, 8, 2)]
    cookies = {p.pk: _cookie(p) for p in players}
    stack = Stack(
        database_url=f"{PG}/{dbname}?application_name={APP_NAME}",
        redis_url="",
        workdir=tmp_path,
        DB_POOL_MIN_SIZE="1",
        DB_POOL_MAX_SIZE=str(POOL_MAX),
        DB_POOL_TIMEOUT="30",
        # The sessions were signed here: the server must know the same key.
        SECRET_KEY=settings.SECRET_KEY,
    )
    stack.env.pop("REDIS_URL")
    peak, stop = [0], threading.Event()

    def sample() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], _held(dbname))
            time.sleep(0.02)

    def page(i: int) -> int:
        table = tables[i % len(tables)]
        user = players[(i % len(tables)) * 2]
        with httpx.Client(base_url=stack.base, timeout=60) as client:
            return client.get(f"/t/{table.code}/", headers={"Cookie": cookies[user.pk]}).status_code

    def move(i: int) -> int:
        """Everyone hammers their table's move endpoint with a stale-or-not version."""
        table = tables[i % len(tables)]
        user = players[(i % len(tables)) * 2 + (i // len(tables)) % 2]
        headers = {"Cookie": cookies[user.pk], "X-CSRFToken": "x" * 32, "HX-Request": "true"}
        with httpx.Client(base_url=stack.base, timeout=60) as client:
            page = client.get(f"/t/{table.code}/", headers=headers).text
            # An action's JSON in a button's value, quoted either way (escaped inside "...").
            quoted = re.findall(r"""name="action" value=(?:'([^']*)'|"([^"]*)")""", page)
            actions = [html.unescape(single or double) for single, double in quoted]
            found = VERSION.search(page)
            data = {
                "action": actions[0] if actions else "{}",
                "version": found.group(1) if found else "0",
            }
            return client.post(f"/t/{table.code}/move", data=data, headers=headers).status_code

    try:
        stack.start("web")
        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        with concurrent.futures.ThreadPoolExecutor(120) as pool:
            page_jobs = [pool.submit(page, i) for i in range(80)]
            move_jobs = [pool.submit(move, i) for i in range(40)]
            pages = [job.result() for job in page_jobs]
            moves = [job.result() for job in move_jobs]
        stop.set()
        sampler.join(5)
    finally:
        stop.set()
        stack.close()
    statuses = pages + moves
    print(f"\n120 concurrent requests: peak {peak[0]} connections held (pool max {POOL_MAX})")
    assert all(code < 500 for code in statuses), sorted(set(statuses))
    assert pages.count(200) == len(pages)
    # Logged-in players' moves: answered in words (200, or 409 for a stale version).
    assert set(moves) <= {200, 409}, sorted(set(moves))
    assert 1 <= peak[0] <= POOL_MAX
