"""Load benchmark: live tables played over HTTP + WebSockets against real processes.

    python -m bench.load [--tables 10,50,200] [--seconds 15] [--servers 1] [--game lost_cities]

Starts Playtable for real on PostgreSQL + Redis (daphne and a Celery worker, as the
Procfile runs them) on a scratch database, seats two simulated players at each of N
live tables, and lets them play: each player holds its table's WebSocket open and
posts the moves its own board offers (the buttons a browser would click) through the
same HTTP endpoint. It prints, per size: moves/s, move latency (request to response),
fan-out latency (the server's commit to the moment every socket of the table holds
its new board), errors, server CPU and memory; and the same load against a trivial
view (`/ping`) of the same server in the same run, so the move path reads as a % of
that floor. `--servers 2` runs two daphne processes and alternates requests and
sockets between them, so boards cross processes through Redis.

Needs PostgreSQL and Redis (DATABASE_URL / REDIS_URL, default the local ones). It
never touches the developer's database: it creates and drops `bench_load`.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import os
import random
import re
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
DB_NAME = "bench_load"

ACTION = re.compile(r"""name="action" value=(?:"([^"]*)"|'([^']*)')""")
VERSION = re.compile(r'data-version="(\d+)"')
STATUS = re.compile(r'data-status="(\w+)"')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": f"{PG}/{DB_NAME}",
        "REDIS_URL": REDIS,
        "SECRET_KEY": "bench-load-secret-key",
        "DEBUG": "false",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_COOKIES": "false",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "LOG_LEVEL": "WARNING",
        "CHANNELS_PREFIX": "bench-load",
        "PLAYTABLE_VAR_DIR": "/tmp/playtable-bench-load",
    }


def prepare_database(env: dict[str, str]) -> None:
    """Create a fresh scratch database and migrate it."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


class Servers:
    """daphne process(es) and a Celery worker, started and stopped for the run."""

    def __init__(self, env: dict[str, str], count: int) -> None:
        self.env, self.count = env, count
        self.ports = [_free_port() for _ in range(count)]
        self.procs: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Servers:
        for port in self.ports:
            self.procs.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "daphne",
                        "-b",
                        "127.0.0.1",
                        "-p",
                        str(port),
                        "config.asgi:application",
                    ],
                    cwd=ROOT,
                    env=self.env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        self.procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    "worker",
                    "-c",
                    "2",
                    "--loglevel",
                    "WARNING",
                ],
                cwd=ROOT,
                env=self.env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        )
        for port in self.ports:
            _wait_port(port)
        return self

    def __exit__(self, *exc: object) -> None:
        for proc in self.procs:
            proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()

    @property
    def web_pids(self) -> list[int]:
        return [proc.pid for proc in self.procs[: self.count]]

    def base(self, i: int) -> str:
        return f"http://127.0.0.1:{self.ports[i % self.count]}"


def _wait_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port}")


@dataclass
class Player:
    cookie: str
    csrf: str
    board: str = ""
    versions: dict[int, float] = field(default_factory=dict)


@dataclass
class Seated:
    code: str
    players: list[Player]


def create_tables(count: int, game: str) -> list[Seated]:
    """Create `count` started live tables of two players, with logged-in sessions."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from lobby.services import seat_join, table_create

    def session_for(user: User) -> Player:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        csrf = secrets.token_hex(16)
        cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}; csrftoken={csrf}"
        return Player(cookie=cookie, csrf=csrf)

    tables = []
    stamp = secrets.token_hex(3)
    for i in range(count):
        a, b = (
            User.objects.create_user(
                f"load{stamp}{i}{x}", f"load{stamp}{i}{x}@bench.invalid", "bench-password"
            )
            for x in "ab"
        )
        table = table_create(
            user=a,
            game=game,
            players=2,
            options={},
            mode="live",
            time_control={"base_seconds": 3600, "increment_seconds": 0},
        )
        seat_join(code=table.code, user=b)
        tables.append(Seated(code=str(table.code), players=[session_for(a), session_for(b)]))
    return tables


@dataclass
class Stats:
    latency: list[float] = field(default_factory=list)
    fanout: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    stale: int = 0


def _pct(values: Sequence[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


async def _listen(ws: Any, player: Player) -> None:
    async for message in ws:
        if isinstance(message, str) and (match := VERSION.search(message)):
            version = int(match.group(1))
            player.versions.setdefault(version, time.time())
            if version >= max(player.versions, default=0):
                player.board = message


async def play_table(
    seated: Seated, servers: Servers, index: int, stats: Stats, stop: float, rng: random.Random
) -> None:
    import httpx

    base = servers.base(index)
    sockets, listeners = [], []
    for k, player in enumerate(seated.players):
        ws_base = servers.base(index + k).replace("http", "ws")
        ws = await _connect(
            f"{ws_base}/ws/table/{seated.code}/", player.cookie, servers.base(index + k)
        )
        sockets.append(ws)
        listeners.append(asyncio.create_task(_listen(ws, player)))
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        await _wait(lambda: all(p.board for p in seated.players), 10)
        while time.monotonic() < stop:
            mover = next((p for p in seated.players if ACTION.search(p.board)), None)
            if mover is None:
                if any(
                    STATUS.search(p.board) and "finished" in p.board[:300] for p in seated.players
                ):
                    break
                await asyncio.sleep(0.01)
                continue
            choices = [html.unescape(a or b) for a, b in ACTION.findall(mover.board)]
            version = VERSION.search(mover.board).group(1)
            sent = time.perf_counter()
            response = await client.post(
                f"/t/{seated.code}/move",
                data={"action": rng.choice(choices), "version": version},
                headers={
                    "Cookie": mover.cookie,
                    "X-CSRFToken": mover.csrf,
                    "HX-Request": "true",
                    "Referer": base + "/",
                },
            )
            stats.latency.append(time.perf_counter() - sent)
            if response.status_code == 409:
                stats.stale += 1
                await asyncio.sleep(0.01)
                continue
            if response.status_code != 200:
                stats.errors += 1
                await asyncio.sleep(0.05)
                continue
            stats.moves += 1
            committed = float(response.headers["X-Committed-At"])
            new = int(VERSION.search(response.text).group(1))
            mover.board = response.text
            done = await _wait(
                lambda new=new: all(max(p.versions, default=0) >= new for p in seated.players), 5
            )
            if done:
                arrived = max(
                    min(t for v, t in p.versions.items() if v >= new) for p in seated.players
                )
                stats.fanout.append(max(0.0, arrived - committed))
            else:
                stats.errors += 1
    for task in listeners:
        task.cancel()
    for ws in sockets:
        await ws.close()


async def _connect(url: str, cookie: str, origin: str) -> Any:
    """Open a socket, retrying: hundreds of players connecting at once can time out."""
    import websockets

    for attempt in range(5):
        try:
            return await websockets.connect(
                url,
                additional_headers={"Cookie": cookie},
                origin=origin,
                max_size=2**22,
                open_timeout=30,
            )
        except (OSError, TimeoutError, websockets.exceptions.InvalidMessage):
            await asyncio.sleep(0.5 * (attempt + 1))
    raise RuntimeError(f"could not open {url}")


async def _wait(check: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.002)
    return False


async def floor(servers: Servers, clients: int, seconds: float) -> Stats:
    """Hit the trivial view with the same number of concurrent clients."""
    import httpx

    stats = Stats()
    stop = time.monotonic() + seconds

    async def one(i: int) -> None:
        async with httpx.AsyncClient(base_url=servers.base(i), timeout=30) as client:
            while time.monotonic() < stop:
                sent = time.perf_counter()
                response = await client.get("/ping")
                stats.latency.append(time.perf_counter() - sent)
                if response.status_code == 200:
                    stats.moves += 1
                else:
                    stats.errors += 1

    await asyncio.gather(*(one(i) for i in range(clients)))
    return stats


class Usage:
    """CPU seconds and peak memory of the server processes during a run."""

    def __init__(self, pids: Sequence[int]) -> None:
        import psutil

        self.procs = [psutil.Process(pid) for pid in pids]
        self.cpu0 = sum(p.cpu_times().user + p.cpu_times().system for p in self.procs)
        self.t0 = time.monotonic()
        self.rss = 0

    def sample(self) -> None:
        self.rss = max(self.rss, sum(p.memory_info().rss for p in self.procs))

    def cpu_percent(self) -> float:
        cpu = sum(p.cpu_times().user + p.cpu_times().system for p in self.procs) - self.cpu0
        return 100 * cpu / (time.monotonic() - self.t0)


async def run_size(servers: Servers, tables: list[Seated], seconds: float) -> dict[str, Any]:
    usage = Usage(servers.web_pids)
    stats = Stats()
    rng = random.Random(len(tables))
    stop = time.monotonic() + seconds
    started = time.monotonic()

    async def sampler() -> None:
        while time.monotonic() < stop:
            usage.sample()
            await asyncio.sleep(0.5)

    sample_task = asyncio.create_task(sampler())
    await asyncio.gather(
        *(play_table(t, servers, i, stats, stop, rng) for i, t in enumerate(tables))
    )
    elapsed = time.monotonic() - started
    sample_task.cancel()
    cpu = usage.cpu_percent()
    ground = await floor(servers, len(tables), min(seconds, 10))
    floor_rate = ground.moves / min(seconds, 10)
    rate = stats.moves / elapsed
    return {
        "tables": len(tables),
        "moves/s": rate,
        "lat p50": _pct(stats.latency, 50),
        "lat p95": _pct(stats.latency, 95),
        "lat p99": _pct(stats.latency, 99),
        "fan p50": _pct(stats.fanout, 50),
        "fan p95": _pct(stats.fanout, 95),
        "fan p99": _pct(stats.fanout, 99),
        "errors": stats.errors,
        "stale": stats.stale,
        "cpu %": cpu,
        "rss MiB": usage.rss / 2**20,
        "floor req/s": floor_rate,
        "floor p50": _pct(ground.latency, 50),
        "floor p99": _pct(ground.latency, 99),
        "% of floor": 100 * rate / floor_rate if floor_rate else float("nan"),
    }


def print_table(rows: list[dict[str, Any]], title: str) -> None:
    print(f"\n{title}")
    keys = list(rows[0])
    print("| " + " | ".join(keys) + " |")
    print("|" + "---|" * len(keys))
    for row in rows:
        cells = [f"{v:.1f}" if isinstance(v, float) else str(v) for v in row.values()]
        print("| " + " | ".join(cells) + " |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="10,50,200", help="comma-separated table counts")
    parser.add_argument("--seconds", type=float, default=15.0, help="play time per size")
    parser.add_argument("--servers", type=int, default=1, help="daphne processes (1 or 2)")
    parser.add_argument("--game", default="lost_cities")
    args = parser.parse_args(argv)
    env = _env()
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    prepare_database(env)
    import django

    django.setup()
    rows = []
    with Servers(env, args.servers) as servers:
        for size in (int(n) for n in args.tables.split(",")):
            tables = create_tables(size, args.game)
            rows.append(asyncio.run(run_size(servers, tables, args.seconds)))
            # Each size's row as soon as it is measured: a later size may take long.
            print_table(rows[-1:], f"{size} tables")
            sys.stdout.flush()
    print_table(
        rows,
        f"{args.game}, {args.servers} daphne process(es), {os.cpu_count()} cores, "
        f"{args.seconds:.0f} s per size (latencies in ms)",
    )
    if statistics.mean(r["errors"] for r in rows) > 0:
        print("\nErrors happened: see the errors column.")


if __name__ == "__main__":
    main()
