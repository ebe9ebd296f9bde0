"""Moves over the table's socket in real Chromium (static/js/socket-moves.js): with the
socket open, a Lost Cities move form sends no HTTP request; the board answers over the
socket, and a refused move shows its words in the board, nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, play_lost_cities_turn, version, watch_errors
from tests.e2e.conftest import in_thread as _in_thread

pytestmark = pytest.mark.django_db(transaction=True)


def _table() -> tuple[Any, Any]:
    """A live Lost Cities table; return it and the player to move."""
    from games.registry import get_engine
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = table_create(user=ann, game="lost_cities", players=2, options={"rounds": 1})
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    engine = get_engine("lost_cities")
    seat = min(engine.to_move(engine.load(table.state)))
    return table, (ann, ben)[seat]


def _page(browser: Any, server: str, user: Any, viewport: dict[str, int]) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    page = context.new_page()
    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__tableSocketOpen = true; });"
    )
    return page


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_moves_go_over_the_open_socket_and_a_refusal_is_shown_in_words(
    asgi_server, browser, e2e, viewport
):
    table, mover = _in_thread(_table)
    page = _page(browser, asgi_server, mover, viewport)
    errors = watch_errors(page)
    posts: list[str] = []
    page.on(
        "request", lambda request: posts.append(request.url) if request.method == "POST" else None
    )
    page.goto(asgi_server + table.get_absolute_url())
    page.wait_for_function("() => window.__tableSocketOpen === true")
    assert page.locator("form.move-form[data-socket-moves]").count() == 1

    # A stale page (its version input says 1): refused in words, nothing played.
    page.evaluate(
        "() => { document.querySelector('form.move-form input[name=version]').value = '1'; }"
    )
    shown = version(page)
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    expect(page.locator(".board-error")).to_contain_text("The table has moved on since you looked.")
    table.refresh_from_db()
    assert table.move_count == 0 and version(page) == shown
    name = "desktop" if viewport == DESKTOP else "phone"
    page.screenshot(path=str(e2e / f"socket_move_refused_{name}.png"), full_page=True)

    # The page's own version again: a whole turn (discard, draw) over the socket.
    page.evaluate(
        "v => { document.querySelector('form.move-form input[name=version]').value = v; }",
        str(shown),
    )
    play_lost_cities_turn(page)
    table.refresh_from_db()
    assert table.move_count == 2 and version(page) == table.version
    expect(page.locator(".board-error")).to_have_count(0)  # the refusal went with the move
    expect(page.locator(".your-turn")).to_have_count(0)
    assert not [url for url in posts if "/move" in url], posts
    assert errors == []
    page.context.close()
