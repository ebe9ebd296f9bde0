"""Load benchmark: live tables played over HTTP + WebSockets against real processes.

    python -m bench.load [--tables 10,50,200] [--seconds 15] [--servers 1|2]
                         [--route table|socket]
                         [--game lost_cities|mondo] [--move-every S] [--spectators N]
                         [--warmup S]
    python -m bench.load --tables 50 --seconds 30 --pairs 5

Starts Playtable for real on PostgreSQL + Redis (daphne and a Celery worker, as the
Procfile runs them) on a scratch database, seats simulated players at each of N live
tables, and lets them play: each player holds its table's WebSocket open and sends
the moves its own board offers (the buttons a browser would click) over it, as the
page does. It prints, per size: moves/s, move latency, fan-out latency (the
server's commit to the moment every socket of the table holds its new board), errors,
the bytes a socket receives per push, server CPU and memory, the whole machine's and
the load generator's own CPU (they share the cores); and the same load against a trivial
view (`/ping`) of the same server in the same run, so the move path reads as
a % of that floor. `--servers 2` runs two daphne processes; tables alternate between them,
and every socket and request of a table goes to its table's process, as the proxy routes
them in production (deploy/nginx.conf hashes the table's code); `--route socket`
alternates a table's sockets between the processes instead, so every board crosses
processes through Redis (the path a table takes when its sockets do land apart).

Lost Cities (two players) plays closed-loop by default: each table moves as fast as
its players can (post, then wait until every socket holds the new board).
`--move-every S` plays it open-loop instead: each table's moves are due at fixed times
(a random phase, then every S seconds) whatever the server does; a move that falls due
while the table's previous one is still in flight, or before its board arrived, is
sent as soon as it can be, and its latency counts from the time it was due, so
queueing shows in the figures ("unsent": moves due before the end but never sent).
`--game mondo` seats four players per table, each acting on its own open-loop
schedule (every 2 s unless `--move-every` says otherwise), all at once as the game
plays; take and place latencies are reported apart. A Mondo player the game gives
nothing to do when its action falls due (between rounds until every player is ready,
or out of the round) waits, and that action counts from when its board offered one
again, not from when it was due. `--spectators N` opens N more
anonymous sockets per table that only listen (`--tables 1 --spectators 200` is one
crowded table). `--warmup S` plays the first S seconds without counting their latencies
(to look at a steady state apart from the start: processes and caches fresh, every
table's first moves drawn with nothing kept); the table says so. The bars are measured
without it. `--pairs N` measures how two daphne processes scale against one: N pairs of
runs, one daphne then two, each run on a fresh database and fresh processes, one table
size; it prints each run's row, then each pair's ratio with what the other processes
(PostgreSQL, Redis, the load generator) spent per move, and the mean and median ratio.

The socket client (bench/_load_client.py) understands whole boards and region pushes
(only the regions that changed, applied on the version they name, else a `resync`).
Moves go over each player's table socket, as the page sends them, each named by a
"ref" that its answer or refusal carries back (`--moves http` posts them instead).

Needs PostgreSQL and Redis (DATABASE_URL / REDIS_URL, default the local ones). It
never touches the developer's database: it creates and drops `bench_load`.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import itertools
import json
import os
import random
import secrets
import signal
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from picows import WSCloseCode, WSError, WSFrame, WSListener, WSMsgType, WSTransport, ws_connect

from bench._load_client import BoardClient

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
DB_NAME = "bench_load"
#: Players per table, per game.
SEATS = {"lost_cities": 2, "mondo": 4}
#: Sockets opened at once (hundreds at once time out).
CONNECTING = 20
#: A board that has not reached every socket of its table after this long is an error.
FANOUT_TIMEOUT = 5.0
#: Mondo's actions in the order a simulated player prefers them (then any other).
MONDO_PREFERENCE = ("place", "take", "ready", "stop")


@functools.cache
def _ssl_context() -> ssl.SSLContext:
    """One TLS context for every HTTP client of the run (the servers speak plain HTTP)."""
    return ssl.create_default_context()


def http_client(base: str) -> Any:
    """Return an HTTP client for `base`, cheap to make: httpx builds a TLS context per
    client otherwise (~20 ms, loading the CA bundle), and a run makes one per table (or per
    Mondo player) as its play starts; 200 of them held the generator's loop for four
    seconds, so every table's first move looked four seconds late."""
    import httpx

    return httpx.AsyncClient(base_url=base, timeout=30, verify=_ssl_context())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
        # The simulated players move as fast as the server answers (five a second each in
        # a closed loop), past the per-player limit meant for people: its check still runs.
        "MOVE_RATE_LIMIT": "1000000,10",
    }


def prepare_database(env: dict[str, str]) -> None:
    """Create a fresh scratch database and migrate it."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {DB_NAME}")
    # The scratch database numbers its players from 1 again: forget the move-rate windows
    # an earlier run left in Redis under the same ids (they would refuse moves with 429).
    import redis

    client = redis.Redis.from_url(REDIS)
    stale = list(client.scan_iter(match="*rate:*", count=1000))
    if stale:
        client.delete(*stale)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


class Servers:
    """daphne process(es) and a Celery worker, started and stopped for the run."""

    def __init__(self, env: dict[str, str], count: int, route: str = "table") -> None:
        self.env, self.count, self.route = env, count, route
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

    def socket_base(self, table: int, k: int) -> str:
        """Where the table's k-th socket connects: with `--route table` every socket of a
        table goes to the process its moves go to (as the proxy in deploy/nginx.conf
        routes a table by its code); with `--route socket` they alternate, so each board
        crosses processes through Redis."""
        return self.base(table if self.route == "table" else table + k)


def _wait_port(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"nothing listens on port {port}")


class Signal:
    """Wakes whoever waits on a table when one of its sockets got a message.

    A waiter is a bare future with a timer: `asyncio.wait_for` would make a task per wait,
    several per move, and the load generator's CPU is taken from the servers it measures.
    """

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] = []

    def fire(self) -> None:
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            _wake(waiter)

    async def wait_for(self, check: Callable[[], bool], seconds: float) -> bool:
        """Return True as soon as `check()` holds, False when `seconds` ran out first."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + seconds
        while not check():
            if loop.time() >= deadline:
                return False
            waiter = loop.create_future()
            self._waiters.append(waiter)
            timer = loop.call_at(deadline, _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
        return True


def _wake(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


@dataclass
class Player:
    cookie: str
    csrf: str
    client: BoardClient
    #: The player's table socket (moves go over it with --moves socket).
    ws: TableSocket | None = None


@dataclass
class Seated:
    code: str
    players: list[Player]
    spectators: list[BoardClient] = field(default_factory=list)
    signal: Signal = field(default_factory=Signal)
    #: The highest version a move answer of this table carried.
    latest: int = 0
    sockets: list[TableSocket] = field(default_factory=list)
    fanouts: list[asyncio.Task[bool]] = field(default_factory=list)

    @property
    def clients(self) -> list[BoardClient]:
        """Every socket's client: players first, then spectators."""
        return [p.client for p in self.players] + self.spectators

    @property
    def finished(self) -> bool:
        return any(c.status in ("finished", "cancelled") for c in self.clients)


def create_tables(count: int, game: str) -> list[Seated]:
    """Create `count` started live public tables, their players logged in."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from accounts.models import User
    from lobby.services import seat_join, table_create

    def session_for(user: User, code: str) -> Player:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        csrf = secrets.token_hex(16)
        cookie = f"{settings.SESSION_COOKIE_NAME}={store.session_key}; csrftoken={csrf}"
        return Player(cookie=cookie, csrf=csrf, client=BoardClient(code))

    seats = SEATS.get(game, 2)
    tables = []
    stamp = secrets.token_hex(3)
    for i in range(count):
        # No password (they log in by session below): hashing 800 of them took minutes.
        users = [
            User.objects.create_user(f"load{stamp}{i}{x}", f"load{stamp}{i}{x}@bench.invalid")
            for x in "abcd"[:seats]
        ]
        table = table_create(
            user=users[0],
            game=game,
            players=seats,
            options={},
            mode="live",
            # Lost Cities: an hour each, so no clock runs out. Mondo runs no per-seat
            # clock: its rounds' timer is the game's own.
            time_control=None
            if game == "mondo"
            else {"base_seconds": 3600, "increment_seconds": 0},
        )
        for user in users[1:]:
            seat_join(code=table.code, user=user)
        code = str(table.code)
        tables.append(Seated(code=code, players=[session_for(u, code) for u in users]))
    return tables


@dataclass
class Stats:
    latency: list[float] = field(default_factory=list)
    by_type: dict[str, list[float]] = field(default_factory=dict)
    fanout: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    refused: int = 0
    stale: int = 0
    unsent: int = 0
    fanout_timeouts: int = 0
    #: Latencies finished before this moment (time.monotonic) are not counted: `--warmup`.
    counted_from: float = 0.0

    def counting(self) -> bool:
        return time.monotonic() >= self.counted_from

    def answered(self, kind: str, seconds: float) -> None:
        if not self.counting():
            return
        self.latency.append(seconds)
        self.by_type.setdefault(kind, []).append(seconds)


def _pct(values: Sequence[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] * 1000


# --- sockets ---------------------------------------------------------------------------


class TableSocket(WSListener):
    """One simulated browser's table socket. picows hands each frame over as the socket is
    read, with no task, future or queue per message as the websockets library had: a
    third of the load generator's CPU per move went to the library and its event-loop
    traffic, and that CPU is taken from the servers measured (bench/README.md)."""

    def __init__(self, client: BoardClient, signal: Signal) -> None:
        self.client, self.signal = client, signal
        self.transport: WSTransport | None = None
        self._parts: list[bytes] = []

    def on_ws_connected(self, transport: WSTransport) -> None:
        self.transport = transport

    def on_ws_frame(self, transport: WSTransport, frame: WSFrame) -> None:
        kind = frame.msg_type
        if kind == WSMsgType.CLOSE:
            transport.send_close(frame.get_close_code())
            transport.disconnect()
            return
        if kind == WSMsgType.TEXT and frame.fin:
            text = frame.get_payload_as_utf8_text()
        elif kind in (WSMsgType.TEXT, WSMsgType.CONTINUATION):
            # A message in several frames (the servers send one frame per message).
            self._parts.append(frame.get_payload_as_bytes())
            if not frame.fin:
                return
            text = b"".join(self._parts).decode()
            self._parts.clear()
        else:
            return
        reply = self.client.feed(text, time.time())
        if reply is not None:
            transport.send(WSMsgType.TEXT, reply.encode())
        self.signal.fire()

    def on_ws_disconnected(self, transport: WSTransport) -> None:
        self.signal.fire()

    def send(self, text: str) -> bool:
        """Send a text message; False when the socket is closed."""
        if self.transport is None or self.transport.is_disconnected:
            return False
        self.transport.send(WSMsgType.TEXT, text.encode())
        return True

    async def close(self) -> None:
        if self.transport is None or self.transport.is_disconnected:
            return
        self.transport.send_close(WSCloseCode.OK)
        self.transport.disconnect()
        await asyncio.wait_for(self.transport.wait_disconnected(), 5)


async def _connect(
    url: str, cookie: str | None, origin: str, client: BoardClient, signal: Signal
) -> TableSocket:
    """Open a socket, retrying: hundreds of players connecting at once can time out."""
    headers = {"Origin": origin, **({"Cookie": cookie} if cookie else {})}
    for attempt in range(5):
        try:
            _, listener = await ws_connect(
                lambda: TableSocket(client, signal),
                url,
                extra_headers=headers,
                websocket_handshake_timeout=30,
                max_frame_size=2**22,
            )
            assert isinstance(listener, TableSocket)
            return listener
        except (OSError, TimeoutError, WSError):
            await asyncio.sleep(0.5 * (attempt + 1))
    raise RuntimeError(f"could not open {url}")


async def open_sockets(
    table: Seated, servers: Servers, index: int, spectators: int, gate: asyncio.Semaphore
) -> None:
    """Open the players' sockets and `spectators` anonymous ones, on the table's server or
    alternating servers (`--route`)."""
    table.spectators = [BoardClient(table.code) for _ in range(spectators)]
    cookies = [p.cookie for p in table.players] + [None] * spectators

    async def one(k: int, client: BoardClient) -> None:
        origin = servers.socket_base(index, k)
        url = f"{origin.replace('http', 'ws')}/ws/table/{table.code}/"
        async with gate:
            ws = await _connect(url, cookies[k], origin, client, table.signal)
        table.sockets.append(ws)
        if k < len(table.players):
            table.players[k].ws = ws

    await asyncio.gather(*(one(k, c) for k, c in enumerate(table.clients)))


async def _first_boards(table: Seated) -> bool:
    """Wait until every socket of the table holds its first board."""
    clients = table.clients
    return await table.signal.wait_for(lambda: all(c.version for c in clients), 30)


async def close_sockets(table: Seated) -> None:
    await asyncio.gather(*table.fanouts)
    await asyncio.gather(*(ws.close() for ws in table.sockets), return_exceptions=True)


# --- moves -----------------------------------------------------------------------------


async def _post(client: Any, table: Seated, player: Player, action: str, base: str) -> Any | None:
    """Post one action as a browser's htmx form does; None when the request failed."""
    import httpx

    try:
        return await client.post(
            f"/t/{table.code}/move",
            data={"action": action, "version": str(player.client.version)},
            headers={
                "Cookie": player.cookie,
                "X-CSRFToken": player.csrf,
                "HX-Request": "true",
                "Referer": base + "/",
            },
        )
    except httpx.HTTPError:
        return None


#: How the simulated players send their moves: "socket" (over the table's WebSocket, as
#: the board page does while its socket is open) or "http" (the POST fallback).
MOVES = {"via": "socket"}
#: A move sent over the socket and neither answered nor refused after this long: an error.
SOCKET_ANSWER_TIMEOUT = 30.0


class SocketAnswer:
    """What a move sent over the socket got back, shaped like the HTTP answer's figures."""

    def __init__(self, status_code: int, committed: float, version: int = 0) -> None:
        self.status_code, self.committed, self.text = status_code, committed, ""
        self.version = version
        self.headers = {"X-Committed-At": f"{committed:.6f}"}


_refs = itertools.count(1)


async def _send(table: Seated, player: Player, action: str) -> SocketAnswer | None:
    """Send one action over the player's socket, as static/js/socket-moves.js does, named
    by a "ref"; wait for the socket's message that names it: the answer (200, with the
    version it brought) or the refusal (409 stale, else 400). Other players' pushes reach
    the socket meanwhile (Mondo) and are not taken for the answer.

    The fan-out is counted from when the answer reached the mover (the commit is a moment
    before): the other sockets' pushes race the mover's answer.
    """
    client = player.client
    ref = f"b{next(_refs)}"
    message = {"action": action, "version": str(client.version), "ref": ref}
    if player.ws is None or not player.ws.send(json.dumps(message)):
        return None
    if not await table.signal.wait_for(lambda: ref in client.answers, SOCKET_ANSWER_TIMEOUT):
        return None
    version, at, words = client.answers.pop(ref)
    if version is not None:
        return SocketAnswer(200, at, version)
    return SocketAnswer(409 if "moved on" in words else 400, at)


async def _move(
    http: Any, table: Seated, player: Player, action: str, base: str
) -> SocketAnswer | Any | None:
    if MOVES["via"] == "socket" and player.ws is not None:
        return await _send(table, player, action)
    return await _post(http, table, player, action, base)


def _answered(table: Seated, player: Player, response: Any, stats: Stats) -> int | None:
    """Count an answer; on success apply its board and return the new version."""
    if response is None or response.status_code >= 500:
        stats.errors += 1
        return None
    if response.status_code == 409:
        stats.stale += 1
    elif response.status_code != 200:
        stats.refused += 1
    if isinstance(response, SocketAnswer):
        # The socket applied the answer to the player's board already.
        if response.status_code != 200:
            return None
        stats.moves += 1
        table.latest = max(table.latest, response.version)
        return response.version
    # An answer that refused the move still carries the current board.
    version = player.client.apply_full(response.text)
    if response.status_code != 200 or version is None:
        return None
    stats.moves += 1
    table.latest = max(table.latest, version)
    return version


async def _fanout(table: Seated, version: int, committed: float, stats: Stats) -> bool:
    """Record commit → the last socket of the table holding `version`; False on timeout."""
    clients = table.clients
    done = await table.signal.wait_for(
        lambda: all(c.seen >= version for c in clients), FANOUT_TIMEOUT
    )
    if not done:
        stats.fanout_timeouts += 1
        stats.errors += 1
        return False
    arrived = max(c.held_since(version) or 0.0 for c in clients)
    if stats.counting():
        stats.fanout.append(max(0.0, arrived - committed))
    return True


def _committed(response: Any) -> float:
    if isinstance(response, SocketAnswer):
        return response.committed
    return float(response.headers.get("X-Committed-At", time.time()))


async def play_closed(
    table: Seated, base: str, stats: Stats, stop: float, rng: random.Random
) -> None:
    """Lost Cities as fast as it goes: post, then wait until every socket holds the board."""
    async with http_client(base) as http:
        while time.monotonic() < stop and not table.finished:
            mover = next((p for p in table.players if p.client.actions()), None)
            if mover is None:
                await table.signal.wait_for(
                    lambda: any(p.client.actions() for p in table.players) or table.finished,
                    max(0.0, min(1.0, stop - time.monotonic())),
                )
                continue
            action = rng.choice(mover.client.actions())
            sent = time.perf_counter()
            response = await _move(http, table, mover, action, base)
            stats.answered(json.loads(action).get("type", "?"), time.perf_counter() - sent)
            version = _answered(table, mover, response, stats)
            if version is None:
                stale = response is not None and response.status_code == 409
                await asyncio.sleep(0.01 if stale else 0.05)
                continue
            await _fanout(table, version, _committed(response), stats)


def _schedule(t0: float, every: float, stop: float, rng: random.Random) -> list[float]:
    """Return the due times (loop clock) of one open-loop actor: a random phase, then every S."""
    due, t = [], t0 + rng.uniform(0, every)
    while t < stop:
        due.append(t)
        t += every
    return due


async def _due(when: float) -> None:
    loop = asyncio.get_running_loop()
    if when > loop.time():
        await asyncio.sleep(when - loop.time())


async def play_open(
    table: Seated, base: str, stats: Stats, due: list[float], stop: float, rng: random.Random
) -> None:
    """Lost Cities open-loop: the table's moves are due at `due`, whatever the server does."""
    loop = asyncio.get_running_loop()

    def mover() -> Player | None:
        return next(
            (p for p in table.players if p.client.version >= table.latest and p.client.actions()),
            None,
        )

    async with http_client(base) as http:
        for k, when in enumerate(due):
            await _due(when)
            await table.signal.wait_for(
                lambda: mover() is not None or table.finished, max(0.0, stop - loop.time())
            )
            player = mover()
            if table.finished:
                return
            if player is None or loop.time() >= stop:
                # Due before the end, never sent: the server (or its push) fell behind.
                stats.unsent += len(due) - k
                return
            action = rng.choice(player.client.actions())
            await _play_due(http, table, player, action, base, when, stats)


async def _play_due(
    http: Any, table: Seated, player: Player, action: str, base: str, when: float, stats: Stats
) -> None:
    """Post a move that was due at `when` (its latency counts from then); watch its fan-out
    in the background, so that it never holds back the next move."""
    response = await _move(http, table, player, action, base)
    stats.answered(json.loads(action).get("type", "?"), asyncio.get_running_loop().time() - when)
    version = _answered(table, player, response, stats)
    if version is not None:
        table.fanouts.append(
            asyncio.create_task(_fanout(table, version, _committed(response), stats))
        )


def mondo_choice(actions: list[str], rng: random.Random) -> str:
    """Return a Mondo action as a hurried player picks it: place, else take, else ready…

    Every Mondo action is a plain `name="action"` button of the board (a pool slot
    takes, a highlighted cell places; turn, flip, put back, tasks, side, jump out and
    ready are buttons too), so nothing is built from data attributes. Turning and
    flipping are left out while a place or a take is offered.
    """
    kinds: dict[str, list[str]] = {}
    for action in actions:
        kinds.setdefault(json.loads(action).get("type", ""), []).append(action)
    for kind in MONDO_PREFERENCE:
        if kind in kinds:
            return rng.choice(kinds[kind])
    return rng.choice(actions)


async def play_mondo_seat(
    table: Seated,
    player: Player,
    base: str,
    stats: Stats,
    due: list[float],
    stop: float,
    rng: random.Random,
) -> None:
    """One Mondo player on its own open-loop schedule, all players of the table at once."""
    loop = asyncio.get_running_loop()
    async with http_client(base) as http:
        for k, when in enumerate(due):
            if loop.time() >= stop:
                # Due before the end, never sent: this player's earlier moves took too long.
                stats.unsent += len(due) - k
                return
            await _due(when)
            # A player the game gives nothing to do (out of the round, ready between
            # rounds, until the others are ready too) waits; its own board comes with
            # each answer, so this is no backlog. Its move counts from when the game
            # gave it one again, not from when it was due: waiting for the other
            # players' schedules is not the server's time (the push that brought the
            # new round is, and counts in the fan-out).
            if not player.client.actions():
                await table.signal.wait_for(
                    lambda: bool(player.client.actions()) or table.finished,
                    max(0.0, stop - loop.time()),
                )
                when = max(when, loop.time())
            if table.finished or not player.client.actions() or loop.time() >= stop:
                return
            action = mondo_choice(player.client.actions(), rng)
            await _play_due(http, table, player, action, base, when, stats)


async def floor(servers: Servers, clients: int, seconds: float) -> Stats:
    """Hit the trivial view with the same number of concurrent clients."""
    stats = Stats()
    stop = time.monotonic() + seconds

    async def one(i: int) -> None:
        async with http_client(servers.base(i)) as client:
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


def _busy_seconds() -> float:
    """CPU seconds the whole machine spent busy so far, all cores (idle and I/O wait out)."""
    import psutil

    times = psutil.cpu_times()
    # Linux counts a guest's time in user and nice already.
    left_out = ("idle", "iowait", "guest", "guest_nice")
    return float(sum(times) - sum(getattr(times, name, 0.0) for name in left_out))


def _own_seconds() -> float:
    """CPU seconds of this process (the load generator) so far."""
    times = os.times()
    return times.user + times.system


#: The services beside daphne whose CPU a run reports, by process name.
SERVICES = {"postgres": "postgres", "redis": "redis-server"}


def _service_seconds() -> dict[str, dict[int, float]]:
    """CPU seconds so far of each process of each of SERVICES on this machine, by pid
    (PostgreSQL: every backend and its background processes)."""
    import psutil

    found: dict[str, dict[int, float]] = {service: {} for service in SERVICES}
    names = {name: service for service, name in SERVICES.items()}
    for proc in psutil.process_iter(["name"]):
        service = names.get(proc.info["name"] or "")
        if service is None:
            continue
        try:
            times = proc.cpu_times()
        except (psutil.NoSuchProcess, psutil.AccessDenied):
            continue
        found[service][proc.pid] = times.user + times.system
    return found


class Usage:
    """CPU seconds and peak memory of the server processes during a run; and, beside
    them, how busy the whole machine, the load generator itself, PostgreSQL and Redis
    were (they share the cores: they take what daphne does not)."""

    def __init__(self, pids: Sequence[int]) -> None:
        import psutil

        self.procs = [psutil.Process(pid) for pid in pids]
        self.cpu0 = sum(p.cpu_times().user + p.cpu_times().system for p in self.procs)
        self.t0 = time.monotonic()
        self.busy0, self.own0 = _busy_seconds(), _own_seconds()
        self.services0 = _service_seconds()
        self.rss = 0

    def others_percent(self) -> tuple[float, float]:
        """Return (the machine's busy %, of 100 per core; the load generator's CPU %)."""
        elapsed = time.monotonic() - self.t0
        return (
            100 * (_busy_seconds() - self.busy0) / elapsed,
            100 * (_own_seconds() - self.own0) / elapsed,
        )

    def services_percent(self) -> dict[str, float]:
        """Return each of SERVICES' CPU % since the start (a process that started since
        counts whole; one that ended since is left out)."""
        elapsed = time.monotonic() - self.t0
        now = _service_seconds()
        return {
            service: 100
            * sum(cpu - self.services0[service].get(pid, 0.0) for pid, cpu in procs.items())
            / elapsed
            for service, procs in now.items()
        }

    def sample(self) -> None:
        self.rss = max(self.rss, sum(p.memory_info().rss for p in self.procs))

    def cpu_seconds(self) -> float:
        return float(sum(p.cpu_times().user + p.cpu_times().system for p in self.procs) - self.cpu0)

    def cpu_percent(self) -> float:
        return float(100 * self.cpu_seconds() / (time.monotonic() - self.t0))


def _ms_per_move(percent: float, seconds: float, moves: float) -> float:
    """Return the CPU milliseconds per move of a process that ran at `percent` (of one
    core) for `seconds` while `moves` were made."""
    return 10 * percent * seconds / moves if moves else float("nan")


async def run_size(
    servers: Servers,
    tables: list[Seated],
    seconds: float,
    *,
    game: str,
    move_every: float | None,
    spectators: int,
    warmup: float = 0.0,
) -> dict[str, Any]:
    """Open every socket, then play `seconds` and return the size's row of figures
    (latencies of the first `warmup` seconds not counted)."""
    rng = random.Random(len(tables))
    gate = asyncio.Semaphore(CONNECTING)
    opened = time.monotonic()
    await asyncio.gather(
        *(open_sockets(t, servers, i, spectators, gate) for i, t in enumerate(tables))
    )
    clients = [c for t in tables for c in t.clients]
    boards = await asyncio.gather(*(_first_boards(t) for t in tables))
    connect_seconds = time.monotonic() - opened
    usage = Usage(servers.web_pids)
    started = time.monotonic()
    stop = started + seconds
    stats = Stats(errors=boards.count(False), counted_from=started + warmup)

    async def sampler() -> None:
        while time.monotonic() < stop:
            usage.sample()
            await asyncio.sleep(0.5)

    sample_task = asyncio.create_task(sampler())
    plays = []
    for i, table in enumerate(tables):
        base = servers.base(i)
        if game == "mondo":
            every = move_every or 2.0
            plays += [
                play_mondo_seat(
                    table, p, base, stats, _schedule(started, every, stop, rng), stop, rng
                )
                for p in table.players
            ]
        elif move_every:
            due = _schedule(started, move_every, stop, rng)
            plays.append(play_open(table, base, stats, due, stop, rng))
        else:
            plays.append(play_closed(table, base, stats, stop, rng))
    await asyncio.gather(*plays)
    elapsed = time.monotonic() - started
    sample_task.cancel()
    cpu = usage.cpu_percent()
    cpu_seconds = usage.cpu_seconds()
    machine, own = usage.others_percent()
    services = usage.services_percent()
    await asyncio.gather(*(close_sockets(t) for t in tables))
    ground = await floor(servers, len(tables), min(seconds, 10))
    floor_rate = ground.moves / min(seconds, 10)
    rate = stats.moves / elapsed
    pushes = sum(c.pushes for c in clients)
    row: dict[str, Any] = {
        "tables": len(tables),
        "sockets": len(clients),
        "moves/s": rate,
        "lat p50": _pct(stats.latency, 50),
        "lat p95": _pct(stats.latency, 95),
        "lat p99": _pct(stats.latency, 99),
    }
    if game == "mondo":
        for kind in ("take", "place"):
            values = stats.by_type.get(kind, [])
            row[f"{kind} n"] = len(values)
            row.update({f"{kind} p{p}": _pct(values, p) for p in (50, 95, 99)})
    row.update(
        {
            "fan p50": _pct(stats.fanout, 50),
            "fan p95": _pct(stats.fanout, 95),
            "fan p99": _pct(stats.fanout, 99),
            "errors": stats.errors,
            "refused": stats.refused,
            "stale": stats.stale,
        }
    )
    if game == "mondo" or move_every:
        row["unsent"] = stats.unsent
    row.update(
        {
            "push B": sum(c.push_bytes for c in clients) / pushes if pushes else float("nan"),
            "region %": 100 * sum(c.region_pushes for c in clients) / pushes
            if pushes
            else float("nan"),
            "resyncs": sum(c.resyncs for c in clients),
            "connect s": connect_seconds,
            "cpu %": cpu,
            # daphne's CPU per move served (the floor's own CPU is not in it)
            "cpu ms/move": 1000 * cpu_seconds / stats.moves if stats.moves else float("nan"),
            "rss MiB": usage.rss / 2**20,
            "floor req/s": floor_rate,
            "floor p50": _pct(ground.latency, 50),
            "floor p99": _pct(ground.latency, 99),
            "% of floor": 100 * rate / floor_rate if floor_rate else float("nan"),
            # The whole machine (100 per core) and the load generator, while playing.
            "machine %": machine,
            "loadgen %": own,
            # What PostgreSQL and Redis spent per move (with the machine's other cores,
            # what bounds the two-daphne ratio: bench/README.md).
            "pg ms/move": _ms_per_move(services["postgres"], elapsed, stats.moves),
            "redis ms/move": _ms_per_move(services["redis"], elapsed, stats.moves),
        }
    )
    return row


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
    parser.add_argument("--game", default="lost_cities", choices=sorted(SEATS))
    parser.add_argument(
        "--move-every",
        type=float,
        default=None,
        metavar="SECONDS",
        help="open loop: a move every SECONDS per table (Mondo: per player, default 2)",
    )
    parser.add_argument(
        "--spectators", type=int, default=0, help="anonymous listening sockets per table"
    )
    parser.add_argument(
        "--warmup",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="play the first SECONDS of --seconds without counting their latencies "
        "(every table's first moves at once on fresh processes); moves/s counts all",
    )
    parser.add_argument(
        "--moves",
        default="socket",
        choices=("socket", "http"),
        help="moves over the table socket (default, as the page sends them while its "
        "socket is open; each names itself, so Mondo's answers are told from other "
        "players' pushes) or as HTTP posts (the fallback)",
    )
    parser.add_argument(
        "--route",
        default="table",
        choices=("table", "socket"),
        help="with 2 servers: every socket and request of a table to one process, as "
        "deploy/nginx.conf routes them (default), or a table's sockets alternating "
        "between processes, so every board crosses through Redis",
    )
    parser.add_argument(
        "--pairs",
        type=int,
        default=0,
        metavar="N",
        help="N pairs of runs, 1 then 2 daphne, each on a fresh database: how two "
        "processes scale against one (one --tables size; --servers is ignored)",
    )
    args = parser.parse_args(argv)
    MOVES["via"] = args.moves
    if args.pairs < 0:
        parser.error("--pairs must be 0 or more")
    if args.pairs and "," in args.tables:
        parser.error("--pairs takes one --tables size")
    if args.move_every is not None and args.move_every <= 0:
        parser.error("--move-every must be more than 0")
    env = _env()
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    prepare_database(env)
    import django

    django.setup()
    if args.pairs:
        scaling(env, args)
        return
    rows = []
    with Servers(env, args.servers, args.route) as servers:
        for size in (int(n) for n in args.tables.split(",")):
            rows.append(_play(servers, create_tables(size, args.game), args))
            # Each size's row as soon as it is measured: a later size may take long.
            print_table(rows[-1:], f"{size} tables")
            sys.stdout.flush()
    if args.game == "mondo":
        loop = f"open loop, each player acts every {args.move_every or 2.0:g} s"
    elif args.move_every:
        loop = f"open loop, a move every {args.move_every:g} s per table"
    else:
        loop = "closed loop"
    print_table(
        rows,
        f"{args.game}, {loop}, {args.spectators} spectator(s) per table, "
        f"moves over {MOVES['via']}, {args.servers} daphne process(es)"
        + (f" (sockets routed by {args.route})" if args.servers > 1 else "")
        + f", {os.cpu_count()} cores, "
        f"{args.seconds:.0f} s per size"
        + (f", latencies of the first {args.warmup:g} s not counted" if args.warmup else "")
        + " (latencies in ms, push B: mean bytes a socket received per message after its "
        "first board)",
    )
    if any(r["errors"] for r in rows):
        print("\nErrors happened: see the errors column.")


def _one_run(env: dict[str, str], args: argparse.Namespace, servers: int) -> dict[str, Any]:
    """One size on a fresh database and fresh processes (as a run of its own)."""
    from django.db import connections

    # The scratch database is dropped and made again: no pooled connection may outlive it.
    connections.close_all()
    for connection in connections.all():
        close_pool = getattr(connection, "close_pool", None)
        if close_pool is not None:
            close_pool()
    prepare_database(env)
    with Servers(env, servers, args.route) as running:
        return _play(running, create_tables(int(args.tables), args.game), args)


def _play(servers: Servers, tables: list[Seated], args: argparse.Namespace) -> dict[str, Any]:
    """Play one size as the command line says; return its row."""
    return asyncio.run(
        run_size(
            servers,
            tables,
            args.seconds,
            game=args.game,
            move_every=args.move_every,
            spectators=args.spectators,
            warmup=args.warmup,
        )
    )


def scaling(env: dict[str, str], args: argparse.Namespace) -> None:
    """Alternate one and two daphne processes `args.pairs` times; print the ratios."""
    import statistics

    pairs = []
    for n in range(1, args.pairs + 1):
        pair = {servers: _one_run(env, args, servers) for servers in (1, 2)}
        for servers, row in pair.items():
            print_table([row], f"pair {n}, {servers} daphne process(es)")
        sys.stdout.flush()
        pairs.append(pair)
    summary = []
    for n, pair in enumerate(pairs, 1):
        one, two = pair[1], pair[2]
        rate = two["moves/s"]  # a second of the two-process run makes `rate` moves
        ratio = two["moves/s"] / one["moves/s"] if one["moves/s"] else float("nan")

        summary.append(
            {
                "pair": n,
                "1 daphne moves/s": one["moves/s"],
                "2 daphne moves/s": two["moves/s"],
                "ratio": ratio,
                "daphne ms/move (1)": one["cpu ms/move"],
                "daphne ms/move (2)": two["cpu ms/move"],
                "machine % (2)": two["machine %"],
                # What the machine spent per move beside daphne, with two.
                "others ms/move (2)": _ms_per_move(two["machine %"] - two["cpu %"], 1, rate),
                "pg ms/move (2)": two["pg ms/move"],
                "redis ms/move (2)": two["redis ms/move"],
                "loadgen ms/move (2)": _ms_per_move(two["loadgen %"], 1, rate),
            }
        )
    ratios = [row["ratio"] for row in summary]
    print_table(
        [  # two decimals: these are small
            {
                k: f"{v:.2f}" if isinstance(v, float) and ("ms" in k or k == "ratio") else v
                for k, v in row.items()
            }
            for row in summary
        ],
        f"{args.game}, {args.tables} tables, {args.seconds:.0f} s per run, {args.pairs} "
        f"pair(s) of 1 and 2 daphne (routed by {args.route}), {os.cpu_count()} cores: "
        f"ratio mean {statistics.mean(ratios):.2f}, median {statistics.median(ratios):.2f} "
        "(others: the machine's busy CPU less daphne's, per move)",
    )


if __name__ == "__main__":
    main()
