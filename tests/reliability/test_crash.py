"""Crashes: the real processes are killed with SIGKILL mid-game and restarted.

daphne, a Celery worker and beat run as separate processes on PostgreSQL + Redis (as
the Procfile runs them). Players post moves over HTTP and hold sockets; a deadline
is left to pass while everything is down. After a restart: every game continues,
every move that was answered as committed is in the log, the passed deadline is
handled exactly once, and a reconnecting socket receives the current board.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.reliability.live import board_version

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = "redis://127.0.0.1:6379/3"
DB = "playtable_crash"

pytestmark = [pytest.mark.slow, pytest.mark.live]


def env() -> dict[str, str]:
    values = {
        **os.environ,
        "DATABASE_URL": f"{PG}/{DB}",
        "REDIS_URL": REDIS,
        "SECRET_KEY": "crash-test-secret",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_COOKIES": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "CHANNELS_PREFIX": "crash",
        "PLAYTABLE_VAR_DIR": "/tmp/playtable-crash",
        "LOG_LEVEL": "ERROR",
    }
    values.pop("DJANGO_SETTINGS_MODULE", None)
    return values


def manage(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env(),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    # `shell` may print a line about its automatic imports first: keep the last line.
    lines = result.stdout.strip().splitlines()
    return lines[-1] if lines else ""


class Stack:
    """daphne + worker + beat; start() and kill() (SIGKILL, no goodbye)."""

    def __init__(self, port: int) -> None:
        self.port, self.procs = port, []

    def start(self) -> None:
        commands = [
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "config.asgi:application",
            ],
            [sys.executable, "-m", "celery", "-A", "config", "worker", "-c", "2", "-l", "ERROR"],
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "-l",
                "ERROR",
                "--schedule",
                "/tmp/playtable-crash/beat-schedule",
            ],
        ]
        log = open("/tmp/playtable-crash/processes.log", "ab")  # noqa: SIM115 - kept by the children
        self.procs = [
            subprocess.Popen(c, cwd=ROOT, env=env(), stdout=log, stderr=subprocess.STDOUT)
            for c in commands
        ]
        import socket

        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("daphne did not start")

    def kill(self) -> None:
        for proc in self.procs:
            proc.send_signal(signal.SIGKILL)
        for proc in self.procs:
            proc.wait(10)


SCRIPT = """
import json, sys
from datetime import timedelta
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from accounts.models import User
from lobby.services import seat_join, table_create
out = []
for i in range(4):
    a, b = (User.objects.create_user(f"crash{i}{x}", f"crash{i}{x}@t.invalid", "pw") for x in "ab")
    t = table_create(user=a, game="lost_cities", players=2, options={"rounds": 1})
    seat_join(code=t.code, user=b)
    cookies = []
    for u in (a, b):
        s = SessionStore(); s[SESSION_KEY] = str(u.pk)
        s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        s[HASH_SESSION_KEY] = u.get_session_auth_hash(); s.create()
        cookies.append(s.session_key)
    out.append({"code": str(t.code), "cookies": cookies})
print(json.dumps(out))
"""


def play_moves(base: str, table: dict, count: int) -> list[int]:
    """Post `count` moves as whoever may move; return the versions answered as committed."""
    import httpx

    committed = []
    with httpx.Client(base_url=base, timeout=20) as client:
        for _ in range(count):
            for cookie in table["cookies"]:
                headers = {
                    "Cookie": f"sessionid={cookie}; csrftoken={'x' * 32}",
                    "X-CSRFToken": "x" * 32,
                    "HX-Request": "true",
                }
                page = client.get(f"/t/{table['code']}/", headers=headers).text
                actions = re.findall(r"""name="action" value=(?:"([^"]*)"|'([^']*)')""", page)
                if not actions:
                    continue
                import html as html_lib

                action = html_lib.unescape(actions[0][0] or actions[0][1])
                response = client.post(
                    f"/t/{table['code']}/move",
                    data={"action": action, "version": str(board_version(page))},
                    headers=headers,
                )
                if response.status_code == 200:
                    committed.append(board_version(response.text))
                break
    return committed


async def socket_version(base: str, table: dict) -> int:
    import websockets

    async with websockets.connect(
        f"{base.replace('http', 'ws')}/ws/table/{table['code']}/",
        additional_headers={"Cookie": f"sessionid={table['cookies'][0]}"},
        origin=base,
    ) as ws:
        return board_version(await asyncio.wait_for(ws.recv(), 10))


def test_games_survive_sigkill_of_every_process(tmp_path):
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB}")
    subprocess.run(["redis-cli", "-n", "3", "FLUSHDB"], check=False, capture_output=True)
    manage("migrate", "--noinput")
    tables = json.loads(manage("shell", "-c", SCRIPT))
    port = 18000 + os.getpid() % 1000
    base = f"http://127.0.0.1:{port}"
    stack = Stack(port)
    committed: dict[str, list[int]] = {t["code"]: [] for t in tables}
    try:
        for round_ in range(3):
            stack.start()
            with concurrent.futures.ThreadPoolExecutor(len(tables)) as pool:
                results = pool.map(lambda t: play_moves(base, t, 6), tables)
                for table, versions in zip(tables, results, strict=True):
                    committed[table["code"]] += versions
            if round_ == 2:
                # The last round: let one deadline pass while everything is down.
                manage(
                    "shell",
                    "-c",
                    (
                        "from lobby.models import Seat; from django.utils import timezone; "
                        "from datetime import timedelta; "
                        f"Seat.objects.filter(table__code='{tables[0]['code']}', is_to_move=True)"
                        ".update(deadline=timezone.now() + timedelta(seconds=1))"
                    ),
                )
            stack.kill()
            time.sleep(1.5)
        stack.start()
        # The sweep (every 15 s) handles the deadline that passed while nothing ran.
        check = (
            "from lobby.models import Move; "
            f"print(Move.objects.filter(table__code='{tables[0]['code']}', by_timeout=True)"
            ".values('seat').distinct().count())"
        )
        for _ in range(60):
            if manage("shell", "-c", check).strip() == "1":
                break
            time.sleep(1)
        assert manage("shell", "-c", check).strip() == "1"
        # Every move answered as committed is in the log; every game goes on.
        for table in tables:
            info = json.loads(
                manage(
                    "shell",
                    "-c",
                    (
                        "import json; from lobby.models import Table; "
                        f"t = Table.objects.get(code='{table['code']}'); "
                        "print(json.dumps([t.version, t.move_count, t.status, "
                        "list(t.moves.values_list('n', flat=True))]))"
                    ),
                )
                .strip()
                .splitlines()[-1]
            )
            version, move_count, status, numbers = info
            assert numbers == list(range(1, move_count + 1))
            assert all(v <= version for v in committed[table["code"]])
            assert len(committed[table["code"]]) <= move_count
            assert status == "active"
            with concurrent.futures.ThreadPoolExecutor(1) as pool:
                seen = pool.submit(asyncio.run, socket_version(base, table)).result(30)
            assert seen == version
            assert play_moves(base, table, 1), "the game continues after the crashes"
    finally:
        stack.kill()
