"""Pushes of only what changed, in real Chromium: the page applies them on top of the board
it holds, and asks for the whole board when it does not hold the version they build on."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, logged_in_context, version, wait_past, watch_errors
from tests.e2e.conftest import in_thread as _in_thread

pytestmark = pytest.mark.django_db(transaction=True)


def _table() -> tuple[Any, Any, Any]:
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = table_create(user=ann, game="lost_cities", players=2, options={"rounds": 1})
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    return table, ann, ben


def _move(table: Any, users: tuple[Any, Any]) -> None:
    from games.registry import get_engine
    from lobby.services import move_submit

    engine = get_engine("lost_cities")
    table.refresh_from_db()
    state = engine.load(table.state)
    seat = min(engine.to_move(state))
    action = engine.legal_actions(state, seat)[0]
    move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)


def _open(page: Page, url: str) -> list[str]:
    """Open the table page; return the list its socket's messages are added to."""
    frames: list[str] = []
    page.on(
        "websocket",
        lambda ws: (
            ws.on("framereceived", lambda payload: frames.append(str(payload)))
            if "/ws/table/" in ws.url
            else None
        ),
    )
    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__tableSocketOpen = true; });"
    )
    page.goto(url)
    page.wait_for_function("() => window.__tableSocketOpen === true")
    return frames


def test_pushes_carry_only_changed_regions_and_a_page_out_of_step_asks_for_the_whole_board(
    asgi_server, browser, e2e
):
    table, ann, ben = _in_thread(_table)
    users = (ann, ben)
    context = logged_in_context(browser, asgi_server, ann)
    player = context.new_page()
    spectator = browser.new_context(viewport=DESKTOP).new_page()
    errors: list[str] = []
    for page in (player, spectator):
        watch_errors(page, errors)
    url = asgi_server + table.get_absolute_url()
    board = f"table-{table.code}-board"
    player_frames, spectator_frames = _open(player, url), _open(spectator, url)

    for _ in range(2):
        seen = version(spectator)
        _in_thread(lambda: _move(table, users))
        wait_past(spectator, seen)
        wait_past(player, seen)
    table.refresh_from_db()
    last = table.moves.order_by("-n").values_list("n", flat=True).first()
    for page in (player, spectator):
        assert version(page) == table.version
        # The log grew by appended lines, newest first, as the server has it.
        expect(page.locator(".game-log li").first).to_have_attribute("value", str(last))
        expect(page.locator(".lc-deck .lc-count")).to_contain_text(str(_deck(table)))
    # After the page's first whole board, each move came as a push of changed regions.
    pushes = [f for f in spectator_frames[1:] if f.startswith(f'<div id="{board}-meta"')]
    assert len(pushes) == 2, spectator_frames
    # Smaller than the whole board: what a move did not change (the board's frame, the
    # other regions, the log lines the page has) is not sent again.
    assert all(len(p) < 0.75 * len(spectator_frames[0]) for p in pushes), [
        (len(f), f[:100]) for f in spectator_frames
    ]
    assert 'id="table-' in player_frames[0][:60]

    # The spectator's page misses a push (as if its socket had dropped it): the next push
    # does not build on what it holds, so it asks for the whole board and gets it.
    spectator.evaluate("() => { document.querySelector('.board-wrap').dataset.version = '1'; }")
    count = len(spectator_frames)
    _in_thread(lambda: _move(table, users))
    table.refresh_from_db()
    spectator.wait_for_function(
        f"() => document.querySelector('.board-wrap').dataset.version === '{table.version}'"
    )
    later = spectator_frames[count:]
    assert later[0].startswith(f'<div id="{board}-meta"')
    assert any('data-resync="1"' in frame[:400] for frame in later[1:]), later
    expect(spectator.locator(".lc-deck .lc-count")).to_contain_text(str(_deck(table)))
    assert not spectator.locator(".lc-hand").count(), "a spectator sees no hand"
    spectator.screenshot(path=str(e2e / "push_spectator_desktop.png"), full_page=True)
    assert errors == []
    context.close()


def _deck(table: Any) -> int:
    from games.registry import get_engine

    engine = get_engine("lost_cities")
    return int(engine.view(engine.load(table.state), None)["deck_count"])


def test_a_page_whose_socket_is_told_to_start_afresh_connects_again_and_shows_what_it_missed(
    asgi_server, browser, e2e
):
    """Redis was away: a move's doorbell was lost, and when the channel layer found Redis
    again it told every socket (config.channel_layer); the socket closes with 4012 and the
    page connects again by itself (static/js/playtable.js) and shows the board it missed."""
    from unittest import mock

    from lobby.embedded import group_send

    table, ann, ben = _in_thread(_table)
    users = (ann, ben)
    context = logged_in_context(browser, asgi_server, ann)
    page = context.new_page()
    errors = watch_errors(page)
    page.add_init_script(
        "window.__opens = 0;"
        "document.addEventListener('htmx:wsOpen', () => { window.__opens += 1; });"
    )
    _open(page, asgi_server + table.get_absolute_url())
    seen = version(page)

    def move_unheard() -> None:
        with (
            mock.patch("lobby.services.notify.group_send"),
            mock.patch("lobby.services.notify.group_send_many"),
        ):
            _move(table, users)

    _in_thread(move_unheard)
    page.wait_for_timeout(500)
    assert version(page) == seen, "the doorbell was lost: the page cannot know yet"
    _in_thread(lambda: group_send(f"table-{table.code}", {"type": "layer.reconnected"}))
    wait_past(page, seen)
    table.refresh_from_db()
    assert version(page) == table.version
    assert page.evaluate("() => window.__opens") == 2
    expect(page.locator(".lc-deck .lc-count")).to_contain_text(str(_deck(table)))
    # The new socket hears the next move as before.
    seen = version(page)
    _in_thread(lambda: _move(table, users))
    wait_past(page, seen)
    page.screenshot(path=str(e2e / "push_after_start_afresh_desktop.png"), full_page=True)
    assert errors == []
    context.close()
