"""Moves over the table's socket in real Chromium (static/js/socket-moves.js): with the
socket open, a Lost Cities move form sends no HTTP request; the board answers over the
socket, and a refused move shows its words in the board, nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    play_lost_cities_turn,
    version,
    wait_past,
    watch_errors,
)
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


def test_a_double_click_is_one_move_and_no_refusal(asgi_server, browser, e2e):
    """A second submit while the first move is on its way over the socket is dropped (as
    htmx drops a second post of a form its first answer replaces): one move, no words."""
    table, mover = _in_thread(_table)
    page = _page(browser, asgi_server, mover, DESKTOP)
    errors = watch_errors(page)
    posts = _watch_posts((page,))
    page.goto(asgi_server + table.get_absolute_url())
    page.wait_for_function("() => window.__tableSocketOpen === true")
    shown = version(page)
    page.locator(".lc-hand-card button", has_text="Discard").first.dblclick()
    wait_past(page, shown)
    page.wait_for_timeout(700)  # a refusal of a second send would have arrived by now
    expect(page.locator(".board-error")).to_have_count(0)
    table.refresh_from_db()
    assert table.move_count == 1 and version(page) == table.version
    assert posts == []
    assert errors == []
    page.context.close()


# --- Every game: a real move made by clicking goes over the socket -----------------------


def _live_table(game: str, confirm_moves: bool = False) -> tuple[Any, Any, Any]:
    """A live two-player table of `game`; return it, the player to move and the other one."""
    from games.registry import get_engine
    from tests.factories import UserFactory
    from tests.lobby.helpers import live_table

    ann = UserFactory(username="ann", confirm_moves=confirm_moves)
    ben = UserFactory(username="ben", confirm_moves=confirm_moves)
    table = live_table(game, ann, ben)
    engine = get_engine(game)
    seat = min(engine.to_move(engine.load(table.state)))
    return table, (ann, ben)[seat], (ann, ben)[1 - seat]


def _open_both(browser: Any, server: str, table: Any, mover: Any, other: Any) -> tuple[Page, Page]:
    """The mover at 1280x800, the other player on a phone; both with the table socket open."""
    pages = (
        _page(browser, server, mover, {"width": 1280, "height": 800}),
        _page(browser, server, other, PHONE),
    )
    for page in pages:
        page.goto(server + table.get_absolute_url())
        page.wait_for_function("() => window.__tableSocketOpen === true")
        assert page.locator("form.move-form[data-socket-moves]").count() == 1
    return pages


def _watch_posts(pages: tuple[Page, ...]) -> list[str]:
    """Collect the move POSTs the pages make (there must be none while the socket is open)."""
    posts: list[str] = []
    for page in pages:
        page.on(
            "request",
            lambda request: (
                posts.append(request.url)
                if request.method == "POST" and request.url.endswith("/move")
                else None
            ),
        )
    return posts


def _form_version(page: Page, value: str) -> None:
    """Make the page's move form say `value` as the version it shows ("1": a stale page)."""
    page.evaluate(
        "v => { document.querySelector('form.move-form input[name=version]').value = v; }", value
    )


def _refused_stale(page: Page, table: Any, click: Any, name: str, e2e: Any) -> None:
    """A move from a stale page: refused over the socket with its words, nothing played."""
    shown, moves = version(page), table.move_count
    _form_version(page, "1")
    click(page)
    expect(page.locator(".board-error")).to_contain_text("The table has moved on since you looked.")
    table.refresh_from_db()
    assert table.move_count == moves and version(page) == shown
    page.screenshot(path=str(e2e / f"socket_move_refused_{name}_desktop.png"), full_page=True)
    _form_version(page, str(shown))  # the page's own version again


def _played(mover: Page, other: Page, table: Any, click: Any) -> None:
    """Click a move: both boards show the new version; a refusal shown before goes."""
    seen_mover, seen_other, moves = version(mover), version(other), table.move_count
    click(mover)
    wait_past(mover, seen_mover)
    wait_past(other, seen_other)
    table.refresh_from_db()
    assert table.move_count > moves
    assert version(mover) == version(other) == table.version
    expect(mover.locator(".board-error")).to_have_count(0)


def _rs_click(page: Page) -> None:
    from tests.e2e.test_relative_space_browser import choose_play

    choose_play(page)


def _rw_click(page: Page) -> None:
    page.locator("button.rw-buy").first.click()


def _tm_click(page: Page) -> None:
    page.locator(".tm-board button", has_text="Choose").first.click()


@pytest.mark.parametrize(
    ("game", "click"),
    [("relative_space", _rs_click), ("reworld", _rw_click), ("terraforming_mars", _tm_click)],
    ids=["relative_space", "reworld", "terraforming_mars"],
)
def test_each_turn_game_moves_over_the_socket_and_refusals_show_their_words(
    asgi_server, browser, e2e, game, click
):
    table, mover_user, other_user = _in_thread(lambda: _live_table(game))
    mover, other = _open_both(browser, asgi_server, table, mover_user, other_user)
    errors = watch_errors(mover)
    watch_errors(other, errors)
    posts = _watch_posts((mover, other))

    _refused_stale(mover, table, click, game, e2e)
    _played(mover, other, table, click)
    mover.screenshot(path=str(e2e / f"socket_move_{game}_desktop.png"), full_page=True)
    other.screenshot(path=str(e2e / f"socket_move_{game}_phone.png"), full_page=True)
    assert posts == []
    assert errors == []
    mover.context.close()
    other.context.close()


def test_terraforming_mars_asks_first_then_sends_over_the_socket(asgi_server, browser, e2e):
    """With "confirm every move", Cancel sends nothing and OK sends the move over the socket."""
    table, mover_user, other_user = _in_thread(lambda: _live_table("terraforming_mars", True))
    mover, other = _open_both(browser, asgi_server, table, mover_user, other_user)
    errors = watch_errors(mover)
    watch_errors(other, errors)
    posts = _watch_posts((mover, other))
    questions: list[str] = []

    def answer(dialog: Any, ok: bool) -> None:
        questions.append(dialog.message)
        dialog.accept() if ok else dialog.dismiss()

    mover.once("dialog", lambda dialog: answer(dialog, False))
    shown = version(mover)
    _tm_click(mover)
    mover.wait_for_timeout(500)
    table.refresh_from_db()
    assert len(questions) == 1 and "Send this move?" in questions[0]
    assert table.move_count == 0 and version(mover) == shown
    mover.once("dialog", lambda dialog: answer(dialog, True))
    _played(mover, other, table, _tm_click)
    assert len(questions) == 2
    assert posts == []
    assert errors == []
    mover.context.close()
    other.context.close()


def test_mondo_takes_over_the_socket_and_a_lost_race_shows_its_toast(asgi_server, browser, e2e):
    """Both reach for the same tile: the loser's take, refused over the socket, shows the
    same toast as over HTTP; then a take goes over the socket and both boards show it."""
    from tests.e2e.test_mondo_browser import hold_socket_moves

    table, ann_user, ben_user = _in_thread(lambda: _live_table("mondo"))
    ann, ben = _open_both(browser, asgi_server, table, ann_user, ben_user)
    errors = watch_errors(ann)
    watch_errors(ben, errors)
    posts = _watch_posts((ann, ben))

    ann_first, ben_first = ann.locator("button.mo-slot").first, ben.locator("button.mo-slot").first
    tile = ann_first.get_attribute("value") or ""
    assert tile and ben_first.get_attribute("value") == tile
    hold_socket_moves(ann)
    ann_first.click()
    ann.wait_for_function("() => window.__heldMoves.length === 1")
    ben_first.click()
    expect(ben.locator(".mo-held")).to_be_visible(timeout=10_000)
    # Ben's take reached Ann's board first: the tile is gone from her pool.
    expect(ann.locator("button.mo-slot").first).not_to_have_attribute("value", tile)
    # Another player's push is not her answer: a second click is still dropped.
    ann.locator("button.mo-slot").first.click()
    ann.wait_for_timeout(300)
    assert ann.evaluate("() => window.__heldMoves.length") == 1
    ann.evaluate("() => window.__releaseMoves()")
    toast = ann.locator(".mo-toast")
    expect(toast).to_contain_text("Another player took that tile just before you.")
    expect(ann.locator(".board-error")).to_contain_text("Another player took that tile")
    expect(ann.locator(".mo-held")).to_have_count(0)
    ann.screenshot(path=str(e2e / "socket_move_mondo_refused_desktop.png"), full_page=True)
    table.refresh_from_db()
    assert table.move_count == 1

    # The refusal named her move: the next click goes at once (not after the 10 s guard).
    _played(ann, ben, table, lambda page: page.locator("button.mo-slot").first.click())
    expect(ann.locator(".mo-held")).to_be_visible(timeout=5_000)
    ann.screenshot(path=str(e2e / "socket_move_mondo_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / "socket_move_mondo_phone.png"), full_page=True)
    assert posts == []
    assert errors == []
    ann.context.close()
    ben.context.close()
