"""Browser tests: Debian's Chromium through Playwright against Playtable served by daphne.

The server runs in a thread of the test process, so it shares the test database and
the in-memory channel layer; tests here use transactional databases so that every
commit is visible to it.

The helpers below are shared by the browser tests (import them from here): signing up
through the form, creating a table through the form, waiting for a newer board, and
collecting a page's script errors.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Page

    from lobby.models import Table

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
# The window sizes and the sign-up password every browser test uses.
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PASSWORD = "a-long-unusual-passphrase"


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


def sign_up(page: Page, base: str, username: str) -> None:
    """Sign `username` up through the form (which logs them in) and see the welcome."""
    from playwright.sync_api import expect

    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_email", f"{username}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("#main form button[type=submit]")
    expect(page.locator(".messages")).to_contain_text(f"Welcome to Playtable, {username}!")


def create_table(page: Page, base: str, slug: str, **fields: str) -> str:
    """Create a table of `slug` through the new-table form; return the table's URL.

    `fields` are set by their form names (`players`, `mode`, `base_minutes`, `opt_rounds`, …):
    a choice is selected, a checkbox is ticked for "on" and cleared otherwise, any other
    field is typed in. The table's page must then show the game's name.
    """
    from playwright.sync_api import expect

    from games.registry import get_engine

    page.goto(f"{base}/games/{slug}/new/")
    for name, value in fields.items():
        field = page.locator(f"#id_{name}")
        if field.evaluate("e => e.tagName") == "SELECT":
            field.select_option(value)
        elif field.get_attribute("type") == "checkbox":
            field.set_checked(value == "on")
        else:
            field.fill(value)
    page.click("#main form button[type=submit]")
    expect(page.locator("h1")).to_have_text(str(get_engine(slug).name))
    # The heading shows while the page is still parsed: wait for its scripts to have run
    # (phone.js folds panels at DOMContentLoaded), or the caller's clicks race them.
    page.wait_for_load_state("load")
    return page.url


def table_of(url: str) -> Table:
    """The table whose page is at `url`."""
    from lobby.models import Table

    match = re.search(r"/t/([0-9a-f-]+)/", url)
    assert match is not None, url
    return Table.objects.get(code=match.group(1))


def version(page: Page) -> int:
    """The version of the board on the page (it grows with every move)."""
    return int(page.locator(".board-wrap").first.get_attribute("data-version") or "")


def wait_past(page: Page, seen: int) -> None:
    """Wait until the page shows a board newer than version `seen`."""
    page.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) > v", arg=seen
    )


def play_lost_cities_turn(page: Page) -> None:
    """Lost Cities: discard the first card of the hand, then draw from the deck."""
    seen = version(page)
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    wait_past(page, seen)
    seen = version(page)
    page.locator("button.lc-draw").click()
    wait_past(page, seen)


def watch_errors(page: Page, errors: list[str] | None = None) -> list[str]:
    """Collect the page's console errors and uncaught script errors, each after its URL.

    They go into `errors` (pass one list to watch several pages) or a new list; return it.
    """
    found: list[str] = [] if errors is None else errors

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            found.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: found.append(f"{page.url}: {error}"))
    return found


def logged_in_context(
    browser: Any, base: str, user: Any, viewport: dict[str, int] = DESKTOP
) -> Any:
    """A browser context whose session is `user`'s (logged in without the log-in page)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    return context


def in_thread(work: Callable[[], Any]) -> Any:
    """Run server-side work from a thread of its own (Playwright's loop runs in this one)."""

    from django.db import connections

    def run() -> Any:
        try:
            return work()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()
