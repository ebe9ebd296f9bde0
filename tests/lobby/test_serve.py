"""`manage.py serve` as a real process: HTTP, WebSockets and an in-process Celery worker."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import websockets
import websockets.exceptions

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.live


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_postgres_database(url: str, name: str) -> str:
    """Drop and create database `name` on the server of `url`; return its URL."""
    import psycopg

    server = url.rsplit("/", 1)[0]
    with psycopg.connect(f"{server}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=15) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


async def _ws_ping(url: str, origin: str) -> str:
    async with websockets.connect(url, origin=origin, open_timeout=10) as ws:
        await ws.send("ping")
        return await asyncio.wait_for(ws.recv(), 10)


def ws_ping(url: str, origin: str) -> str:
    """Ping over a WebSocket from a fresh thread (the test thread may own a running loop)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, _ws_ping(url, origin)).result(30)


@pytest.fixture
def served(tmp_path):
    port = free_port()
    env = {**os.environ, "PLAYTABLE_VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": ""}
    env.pop("DJANGO_SETTINGS_MODULE")
    env.setdefault("SECRET_KEY", "serve-test-secret")
    env.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
    # With DATABASE_URL set DEBUG is off, and this server speaks plain HTTP.
    env.setdefault("SECURE_SSL_REDIRECT", "false")
    if env.get("DATABASE_URL", "").startswith("postgres"):
        # A database of its own, made fresh: `serve` migrates it like a new install.
        env["DATABASE_URL"] = fresh_postgres_database(env["DATABASE_URL"], "playtable_serve")
    log = open(tmp_path / "serve.log", "w+")  # noqa: SIM115 - closed below
    # Started as a shell script's background job is, with SIGINT ignored (inherited): Ctrl-C
    # and kill -INT must stop it all the same.
    command = [sys.executable, "manage.py", "serve", "--port", str(port), "--demo"]
    process = subprocess.Popen(
        ["sh", "-c", 'trap "" INT; exec "$@"', "serve", *command],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            break
        try:
            if get(base + "/")[0] == 200:
                break
        except OSError:
            time.sleep(0.3)
    yield process, base, tmp_path / "serve.log"
    if process.poll() is None:
        process.kill()
        process.wait(10)
    log.close()


def test_serve_answers_http_websockets_and_runs_celery_tasks_then_stops_cleanly(served):
    process, base, log_path = served
    assert process.poll() is None, log_path.read_text()

    status, body = get(base + "/")
    assert status == 200
    assert b"Playtable" in body

    status, _ = get(base + "/static/css/playtable.css")
    assert status == 200

    origin = base
    assert ws_ping(base.replace("http", "ws") + "/ws/ping/", origin) == "pong"

    status, body = get(base + "/healthz")
    health = json.loads(body)
    assert status == 200, health
    assert health["database"] is True
    assert health["celery"]["ok"] is True

    log = log_path.read_text()
    assert "demo account: ann / playtable-demo" in log
    assert f"Playtable is running at {base}/" in log

    process.send_signal(signal.SIGINT)
    assert process.wait(20) == 0
    assert "Playtable stopped." in log_path.read_text()


def test_a_websocket_from_a_foreign_origin_is_refused(served):
    process, base, log_path = served
    assert process.poll() is None, log_path.read_text()
    with pytest.raises(websockets.exceptions.InvalidStatus):
        ws_ping(base.replace("http", "ws") + "/ws/ping/", "http://evil.example")
