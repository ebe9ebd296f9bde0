"""Lost Cities played in real Chromium: two people live, and one person against a bot."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from lobby.models import Table
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    create_table,
    play_lost_cities_turn,
    sign_up,
    table_of,
    version,
    wait_past,
    watch_errors,
)

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_players_sign_up_meet_and_see_each_others_moves_live(asgi_server, browser, e2e):
    base = asgi_server
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ben_ctx = browser.new_context(viewport=PHONE)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    console_errors: list[str] = []
    for page in (ann, ben):
        watch_errors(page, console_errors)
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")

    url = create_table(ann, base, "lost_cities", opt_rounds="1")
    expect(ann.locator(".status-line")).to_contain_text("Waiting for players.")
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ben.locator(".lc-board")).to_be_visible()
    # Ann's page turns into the board through its socket, without a reload.
    expect(ann.locator(".lc-board")).to_be_visible(timeout=30_000)
    ann.screenshot(path=str(e2e / "lost_cities_start_desktop.png"), full_page=True)

    pages = {"ann": ann, "ben": ben}
    for turn in range(4):
        mover_name = next(n for n, p in pages.items() if p.locator(".your-turn").count())
        mover = pages[mover_name]
        watcher = pages["ben" if mover_name == "ann" else "ann"]
        deck_before = watcher.locator(".lc-deck .lc-count").inner_text()
        seen = version(watcher)
        play_lost_cities_turn(mover)
        # The other player sees the move appear without reloading.
        wait_past(watcher, seen)
        expect(watcher.locator(".lc-deck .lc-count")).not_to_have_text(deck_before)
        expect(watcher.locator(".your-turn")).to_be_visible()
        expect(watcher.locator(".game-log li:first-child")).to_contain_text(mover_name)
        if turn == 1:
            ben.screenshot(path=str(e2e / "lost_cities_phone.png"), full_page=True)
    ann.screenshot(path=str(e2e / "lost_cities_desktop.png"), full_page=True)

    # Each page shows only its own hand.
    table = table_of(url)
    assert table.move_count == 8
    ann_cards = set(
        ann.locator(".lc-hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
    )
    ben_cards = set(
        ben.locator(".lc-hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
    )
    assert len(ann_cards) == len(ben_cards) == 8
    assert not ann_cards & ben_cards
    # Nothing was blocked by the content security policy, and no script failed.
    assert console_errors == []
    ann_ctx.close()
    ben_ctx.close()


@pytest.mark.long
def test_one_player_finishes_a_round_against_the_bot_in_the_browser(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "solo")
    create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".lc-board")).to_be_visible()
    for _ in range(60):
        # The bot answers at once; its move may reach the page a moment after ours.
        expect(page.locator(".your-turn, .end-panel").first).to_be_visible(timeout=30_000)
        if page.locator(".end-panel").count():
            break
        play_lost_cities_turn(page)
    expect(page.locator(".end-panel")).to_be_visible()
    expect(page.locator(".lc-breakdown")).to_contain_text("Final scoring")
    page.screenshot(path=str(e2e / "lost_cities_end_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "lost_cities_end_phone.png"), full_page=True)
    table = Table.objects.get()
    assert table.status == Table.Status.FINISHED
    ctx.close()


def test_the_table_is_open_message_goes_once_the_game_starts(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "tidy")
    welcome = page.locator(".message", has_text="Welcome to Playtable")
    expect(welcome).to_be_visible()
    welcome.get_by_role("button", name="Close").click()
    expect(welcome).to_have_count(0)
    create_table(page, base, "lost_cities", opt_rounds="1")
    note = page.locator(".message", has_text="Your table is open")
    expect(note).to_be_visible()
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".lc-board")).to_be_visible()
    expect(note).to_have_count(0)
    ctx.close()


def test_a_player_switches_to_german_and_plays_in_german(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "greta")
    page.select_option("#language", "de")
    page.locator(".site-footer button[type=submit]").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator(".nav-links")).to_contain_text("Spiele")
    url = create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Bot hinzufügen").click()
    expect(page.locator(".lc-board")).to_be_visible()
    expect(page.locator(".status-line")).to_contain_text(re.compile("Du bist am Zug|Warte auf"))
    page.screenshot(path=str(e2e / "lost_cities_german_desktop.png"), full_page=True)
    assert page.url == url
    ctx.close()


def test_an_answer_older_than_the_board_on_screen_never_replaces_it(asgi_server, browser, e2e):
    """A bot answers at once, so its boards may reach the socket before the answer to the
    player's own move: the page keeps whichever board is newest, whichever way it came."""
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "racer")
    create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".your-turn, .lc-board").first).to_be_visible()
    table = Table.objects.get()
    while not page.locator(".your-turn").count():  # the bot may start
        page.wait_for_timeout(100)
    table.refresh_from_db()
    before = table.move_count
    # Pretend a much newer board is on screen (as if pushed a moment ago), then move.
    page.evaluate("document.querySelector('.board-wrap').dataset.version = '999999'")
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    for _ in range(100):
        table.refresh_from_db()
        if table.move_count > before:
            break
        page.wait_for_timeout(50)
    assert table.move_count > before, "the move was not made"
    page.wait_for_timeout(1000)  # the answer and the push have arrived by now
    assert version(page) == 999999, "an older board replaced the newer one"
    ctx.close()


def test_a_click_on_a_board_htmx_has_not_wired_up_yet_still_moves_through_htmx(
    asgi_server, browser, e2e
):
    """htmx wires up new content when the swap settles; a click that lands on a board not
    yet wired (a push drawn for the socket has no CSRF field) must still make the move the
    htmx way, not submit the form as a page and meet a 403."""
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "quick")
    url = create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".your-turn, .lc-board").first).to_be_visible()
    table = Table.objects.get()
    while not page.locator(".your-turn").count():  # the bot may start
        page.wait_for_timeout(100)
    table.refresh_from_db()
    before = table.move_count
    # Put in a copy of the board the way a swap does before it settles: plain DOM, not
    # processed by htmx, and without the CSRF field, as a board drawn for the socket.
    page.evaluate(
        """() => {
            const old = document.querySelector('.board-wrap');
            const tmp = document.createElement('div');
            tmp.innerHTML = old.outerHTML;
            tmp.querySelectorAll('input[name=csrfmiddlewaretoken]').forEach(e => e.remove());
            old.replaceWith(tmp.firstElementChild);
        }"""
    )
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    for _ in range(100):
        table.refresh_from_db()
        if table.move_count > before:
            break
        page.wait_for_timeout(50)
    assert table.move_count > before, "the move was not made"
    assert page.url == url, "the form was submitted as a page"
    expect(page.locator(".lc-board")).to_be_visible()
    ctx.close()


def test_a_live_table_shows_both_clocks_and_the_running_one_counts_down(asgi_server, browser, e2e):
    base = asgi_server
    ann_ctx, ben_ctx = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    url = create_table(
        ann, base, "lost_cities", mode="live", base_minutes="5", increment_seconds="5"
    )
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ann.locator(".lc-board")).to_be_visible(timeout=30_000)
    running = ann.locator(".clock.running")
    expect(running).to_have_count(1)
    expect(ann.locator(".clock")).to_have_count(2)
    first = running.inner_text()
    assert re.fullmatch(r"0[45]:\d\d", first), first
    ann.wait_for_timeout(2200)
    later = running.inner_text()
    assert later < first, (first, later)  # "04:57" sorts before "04:59"
    ann.screenshot(path=str(e2e / "live_clocks_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / "live_clocks_phone.png"), full_page=True)
    # The stopped clock stays at the full five minutes.
    stopped = ann.locator(".clock:not(.running)").inner_text()
    assert stopped == "05:00"
    ann_ctx.close()
    ben_ctx.close()
