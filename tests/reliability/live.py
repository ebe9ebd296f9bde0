"""Real processes for the fault tests: a Redis server of the test's own, daphne, a Celery
worker and beat, each started and killed (SIGKILL) on its own."""

from __future__ import annotations

import contextlib
import html
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
VERSION = re.compile(r'data-version="(\d+)"')
ACTION = re.compile(r"""name="action" value=(?:"([^"]*)"|'([^']*)')""")

#: For `manage.py shell -c` scripts: `cookie(user)` makes a logged-in session's key.
SHELL_COOKIE = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

def cookie(user):
    s = SessionStore(); s[SESSION_KEY] = str(user.pk)
    s[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    s[HASH_SESSION_KEY] = user.get_session_auth_hash(); s.create()
    return s.session_key
"""


def board_version(html: str | bytes) -> int:
    """The version of the board in a page or a socket message."""
    found = VERSION.search(str(html))
    assert found, str(html)[:300]
    return int(found.group(1))


def port_free() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def port_wait(port: int, *, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {seconds} s")


def database_fresh(name: str) -> str:
    """(Re)create an empty PostgreSQL database; return its URL."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return f"{PG}/{name}"


def database_drop(name: str) -> None:
    """Drop a database `database_fresh` made (its connections closed by force)."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Player:
    """One seat's browser, as plain HTTP: reads the board, posts the first legal action."""

    def __init__(self, base: str, code: str, cookie: str) -> None:
        import httpx

        self.code = code
        self.last_board = ""
        self.client = httpx.Client(
            base_url=base,
            timeout=30,
            headers={
                "Cookie": f"sessionid={cookie}; csrftoken={'x' * 32}",
                "X-CSRFToken": "x" * 32,
                "HX-Request": "true",
            },
        )

    def move(self) -> int | None:
        """Post the first action offered; None when this seat has nothing to do."""
        page = self.client.get(f"/t/{self.code}/").text
        actions = ACTION.findall(page)
        found = VERSION.search(page)
        if not actions or found is None:
            return None
        action = html.unescape(actions[0][0] or actions[0][1])
        response = self.client.post(
            f"/t/{self.code}/move", data={"action": action, "version": found.group(1)}
        )
        self.last_board = response.text
        return response.status_code

    def post(self, path: str, **data: str) -> int:
        return self.client.post(f"/t/{self.code}/{path}", data=data).status_code


class RedisServer:
    """A redis-server of the test's own on a free port (never the shared one)."""

    def __init__(self, workdir: Path) -> None:
        self.port = port_free()
        self.workdir = workdir
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        binary = shutil.which("redis-server")
        assert binary, "redis-server is needed (Debian's redis-server package)"
        self.proc = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        port_wait(self.port)

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


class Stack:
    """daphne, Celery worker and beat on PostgreSQL + the given Redis, as the Procfile runs
    them; each can be started and killed with SIGKILL on its own."""

    def __init__(self, *, database_url: str, redis_url: str, workdir: Path, **extra: str) -> None:
        self.port = port_free()
        self.workdir = workdir
        self.env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "SECRET_KEY": "fault-test-secret",
            "DEBUG": "false",
            "ALLOWED_HOSTS": "127.0.0.1",
            "SECURE_COOKIES": "false",
            "SECURE_SSL_REDIRECT": "false",
            "SECURE_HSTS_SECONDS": "0",
            "PLAYTABLE_VAR_DIR": str(workdir),
            "LOG_LEVEL": "WARNING",
            **extra,
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.log = open(workdir / "processes.log", "ab")  # noqa: SIM115 - kept by the children

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def commands(self) -> dict[str, list[str]]:
        python = sys.executable
        return {
            "web": [
                python,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "config.asgi:application",
            ],
            "worker": [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "-c",
                "2",
                "-l",
                "WARNING",
            ],
            "beat": [
                python,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "-l",
                "WARNING",
                "--schedule",
                str(self.workdir / "beat-schedule"),
            ],
        }

    def manage(self, *args: str, timeout: float = 180) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert result.returncode == 0, result.stderr[-3000:]
        lines = result.stdout.strip().splitlines()
        return lines[-1] if lines else ""

    def start(self, *names: str) -> None:
        for name in names or ("web", "worker", "beat"):
            self.procs[name] = subprocess.Popen(
                self.commands()[name],
                cwd=ROOT,
                env=self.env,
                stdout=self.log,
                stderr=subprocess.STDOUT,
            )
        if "web" in (names or ("web",)):
            port_wait(self.port)

    def alive(self, name: str) -> bool:
        proc = self.procs.get(name)
        return proc is not None and proc.poll() is None

    def kill(self, *names: str) -> None:
        for name in names or tuple(self.procs):
            proc = self.procs.get(name)
            if proc is not None and proc.poll() is None:
                # The worker's pool children die with it: kill the whole group's parent
                # and then any child it left.
                children = _children(proc.pid)
                proc.send_signal(signal.SIGKILL)
                proc.wait(10)
                for pid in children:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)

    def close(self) -> None:
        self.kill()
        self.log.close()


def _children(pid: int) -> list[int]:
    try:
        import psutil

        return [child.pid for child in psutil.Process(pid).children(recursive=True)]
    except Exception:
        return []


def wait_for(check: Any, *, seconds: float, every: float = 0.5) -> Any:
    """Call `check` until it returns something truthy or `seconds` pass; return the last value."""
    deadline = time.monotonic() + seconds
    value = check()
    while not value and time.monotonic() < deadline:
        time.sleep(every)
        value = check()
    return value
