"""Browser tests: Debian's Chromium through Playwright against Playtable served by daphne.

The server runs in a thread of the test process, so it shares the test database and
the in-memory channel layer; tests here use transactional databases so that every
commit is visible to it.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

SCREENSHOTS = Path(__file__).parent / "screenshots"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def asgi_server(django_db_setup, django_db_blocker):
    """Serve config.asgi with daphne in a thread; yield its base URL."""
    from daphne.server import Server, twisted_loop
    from twisted.internet import reactor

    from config.asgi import application
    from lobby import embedded

    port = _free_port()
    server = Server(
        application=application,
        endpoints=[f"tcp:port={port}:interface=127.0.0.1"],
        signal_handlers=False,
        verbosity=0,
    )
    embedded.server_loop_set(twisted_loop)
    with django_db_blocker.unblock():
        thread = threading.Thread(target=server.run, name="daphne", daemon=True)
        thread.start()
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
        reactor.callFromThread(reactor.stop)
        thread.join(10)
        embedded.server_loop_set(None)
        _close_server_connections()


def _close_server_connections() -> None:
    """End the database sessions that the server's worker threads left open.

    They belong to threads this fixture cannot reach; PostgreSQL would otherwise
    refuse to drop the test database while they are open.
    """
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )


@pytest.fixture(scope="session")
def browser():
    """Launch Debian's Chromium (never a downloaded browser)."""
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread for the whole
    # session; the ORM calls that tests and database teardown make here are still
    # synchronous and safe.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def e2e(settings):
    """Make bots answer at once; return the screenshot folder."""
    settings.BOT_MOVE_DELAY = 0
    # A loaded CI machine can be slow: wait longer than Playwright's 5 s default.
    from playwright.sync_api import expect

    expect.set_options(timeout=20_000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)
