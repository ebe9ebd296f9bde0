"""Relative Space played in real Chromium: against a bot to the end, and three seats live."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from games.relative_space.engine import ENGINE
from lobby.models import Table
from tests.e2e.conftest import DESKTOP, PHONE, create_table, sign_up, table_of, version, wait_past

pytestmark = pytest.mark.django_db(transaction=True)


def choose_play(page: Page) -> None:
    """Pick an available card, then a pod: a play that loads if there is one, else pass.

    Only the pods' buttons for the chosen card are visible, as a player sees them. A late
    socket push may redraw the board (and clear the choice) mid-way: then choose again.
    """
    for attempt in range(5):
        try:
            _choose_play_once(page)
            return
        except (PlaywrightError, AssertionError):
            if attempt == 4:
                raise
            page.wait_for_timeout(300)


def _choose_play_once(page: Page) -> None:
    cards = page.locator("label.rs-pickable")
    if not cards.count():
        return  # the move went through before the board was redrawn
    fallback = None
    for index in range(cards.count()):
        cards.nth(index).click(timeout=3000)
        expect(page.locator("button.rs-go:visible").first).to_be_visible(timeout=3000)
        loads = page.locator("button.rs-go[data-result=loads]:visible")
        if loads.count():
            loads.first.click(timeout=3000)
            return
        if fallback is None:
            fallback = index
    if page.locator("button.rs-pass").count():
        page.locator("button.rs-pass").click(timeout=3000)
        return
    cards.nth(fallback or 0).click(timeout=3000)
    page.locator("button.rs-go:visible").first.click(timeout=3000)


def take_turn(page: Page) -> None:
    """Play until the turn passes on (extra plays included) or the game ends."""
    for _ in range(10):
        seen = version(page)
        choose_play(page)
        wait_past(page, seen)
        if (
            page.locator(".end-panel").count()
            or not page.locator(".rs-board .rs-your-turn").count()
        ):
            return
        if page.locator(".rs-board [data-phase=extra]").count() == 0:
            return


def whose_turn(pages: dict[str, Page]) -> str | None:
    """Return the name of the page whose player is to move (the bot answers by itself)."""
    for _ in range(300):
        for name, page in pages.items():
            if page.locator(".end-panel").count():
                return None
            if page.locator(".your-turn").count():
                return name
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("nobody's turn came")


def test_one_player_plays_a_whole_game_against_a_bot_by_clicking(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "solo")
    create_table(page, base, "relative_space")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".rs-board")).to_be_visible()
    page.screenshot(path=str(e2e / "relative_space_start_desktop.png"), full_page=True)
    shot = False
    for _ in range(200):
        expect(page.locator(".your-turn, .end-panel").first).to_be_visible(timeout=20_000)
        if page.locator(".end-panel").count():
            break
        if not shot and page.locator(".rs-pod .rs-card").count() >= 3:
            # A chosen card shows its target buttons on the pods.
            page.locator("label.rs-pickable").first.click()
            expect(page.locator("button.rs-go:visible").first).to_be_visible()
            page.screenshot(path=str(e2e / "relative_space_choose_desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(e2e / "relative_space_choose_phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
            shot = True
        take_turn(page)
    expect(page.locator(".end-panel")).to_be_visible()
    expect(page.locator(".rs-breakdown")).to_contain_text("Final scoring")
    expect(page.locator(".status-line")).to_contain_text("The game is over.")
    expect(page.locator(".rs-hint")).to_have_count(0)
    expect(page.locator(".rs-supply.rs-winner")).to_have_count(1)
    page.screenshot(path=str(e2e / "relative_space_end_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "relative_space_end_phone.png"), full_page=True)
    table = Table.objects.get()
    assert table.status == Table.Status.FINISHED
    assert table.move_count >= 10
    ctx.close()


def test_three_seats_see_each_others_moves_live_and_no_hidden_card(asgi_server, browser, e2e):
    base = asgi_server
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ben_ctx = browser.new_context(viewport=PHONE)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    url = create_table(ann, base, "relative_space", players="3")
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ann.locator(".board-wrap .seat")).to_have_count(2 + 1)  # two seated, one free
    ann.get_by_role("button", name="Seat a bot").click()
    expect(ann.locator(".rs-board")).to_be_visible()
    expect(ben.locator(".rs-board")).to_be_visible(timeout=10_000)
    table = table_of(url)

    pages = {"ann": ann, "ben": ben}
    for turn in range(6):
        mover_name = whose_turn(pages)
        if mover_name is None:
            break
        mover = pages[mover_name]
        watcher = pages["ben" if mover_name == "ann" else "ann"]
        seen = version(watcher)
        take_turn(mover)
        # The other player sees the move without reloading.
        wait_past(watcher, seen)
        # (On ben's phone the log is folded away: it is there, closed.)
        expect(watcher.locator(".game-log li").first).to_be_attached(timeout=15_000)
        if turn == 1:
            ben.screenshot(path=str(e2e / "relative_space_three_phone.png"), full_page=True)
            ann.screenshot(path=str(e2e / "relative_space_three_desktop.png"), full_page=True)
        # No page shows a card that is face down or set aside.
        table.refresh_from_db()
        state = ENGINE.load(table.state)
        for page in pages.values():
            html = page.content()
            for token in ENGINE.secret_tokens(state, None):
                assert token not in html
    ann_ctx.close()
    ben_ctx.close()


def test_a_five_seat_table_reads_well_on_a_phone(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=PHONE)
    page = ctx.new_page()
    sign_up(page, base, "crowd")
    create_table(page, base, "relative_space", players="5")
    for seated in range(2, 6):
        page.get_by_role("button", name="Seat a bot").click()
        expect(page.locator(".board-wrap .seat:not(.empty)")).to_have_count(seated)
    expect(page.locator(".rs-board")).to_be_visible()
    expect(page.locator("section.rs-supply")).to_have_count(5)
    for _ in range(3):
        expect(page.locator(".your-turn, .end-panel").first).to_be_visible(timeout=20_000)
        if page.locator(".end-panel").count():
            break
        take_turn(page)
    expect(page.locator(".your-turn, .end-panel").first).to_be_visible(timeout=20_000)
    page.screenshot(path=str(e2e / "relative_space_five_phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.screenshot(path=str(e2e / "relative_space_five_desktop.png"), full_page=True)
    ctx.close()
