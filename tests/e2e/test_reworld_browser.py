"""Reworld played in real Chromium: a whole game against a bot, and two people live."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from lobby.models import Table
from tests.e2e.conftest import DESKTOP, PHONE, create_table, sign_up, version, wait_past

pytestmark = pytest.mark.django_db(transaction=True)


def click_and_wait(page: Page, selector: str, *, last: bool = False) -> bool:
    """Click a move button and wait for a newer board; False if the board moved on first.

    Socket pushes may replace the board between reading it and clicking (the bot
    answers at once), so a button that has gone is not an error: the caller looks again.
    """
    seen = version(page)
    buttons = page.locator(selector)
    button = buttons.last if last else buttons.first
    try:
        button.click(timeout=3_000)
    except PlaywrightTimeout:
        return False
    wait_past(page, seen)
    return True


def wait_for_turn(page: Page) -> bool:
    """Wait until it is our turn (True) or the game is over (False)."""
    expect(page.locator(".your-turn, .end-panel").first).to_be_visible(timeout=15_000)
    return page.locator(".end-panel").count() == 0


def phase(page: Page) -> str:
    return page.locator(".rw-board .rw-info").get_attribute("data-phase") or ""


def my_prompt(page: Page) -> bool:
    return page.locator(".rw-prompt").count() > 0


def pay_step(page: Page) -> None:
    """Lay the first card offered, or, once the payment is complete, put the last on top."""
    if page.locator("button.rw-top").count():
        click_and_wait(page, "button.rw-top", last=True)
    else:
        click_and_wait(page, "button.rw-pay")


def buy_something(page: Page) -> None:
    """Buy the first space we can pay for: lay cards one by one, then pick the top card."""
    click_and_wait(page, "button.rw-buy")
    for _ in range(6):
        if phase(page) != "pay" or not my_prompt(page):
            break
        pay_step(page)


@pytest.mark.slow
def test_one_player_plays_a_whole_game_against_the_bot(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "solo")
    create_table(page, base, "reworld", players="2")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".rw-board")).to_be_visible()
    page.screenshot(path=str(e2e / "reworld_start_desktop.png"), full_page=True)

    shots = set()
    for _ in range(600):
        if not wait_for_turn(page):
            break
        now = phase(page)
        if now == "buy":
            round_no = int(page.locator(".rw-board .rw-info").get_attribute("data-round"))
            # Buy a few modules each round, then drop out and let the bot finish it.
            aboard = page.locator(".rw-mine .rw-row-mods .rw-mod").count()
            if aboard < 4 * round_no and page.locator("button.rw-buy").count():
                click_and_wait(page, "button.rw-buy")
            else:
                click_and_wait(page, "button.rw-drop")
        elif now == "pay":
            if "pay" not in shots:
                page.screenshot(path=str(e2e / "reworld_paying_desktop.png"), full_page=True)
                shots.add("pay")
            pay_step(page)
        elif now in ("undock", "land"):
            if "ch2" not in shots:
                page.screenshot(path=str(e2e / "reworld_chapter2_desktop.png"), full_page=True)
                page.set_viewport_size(PHONE)
                page.screenshot(path=str(e2e / "reworld_chapter2_phone.png"), full_page=True)
                page.set_viewport_size(DESKTOP)
                shots.add("ch2")
            if now == "undock":
                # Undock as many as possible from the highest loaded row.
                click_and_wait(page, "button.rw-undock-btn", last=True)
            else:
                if "land" not in shots:
                    page.screenshot(path=str(e2e / "reworld_landing_desktop.png"), full_page=True)
                    shots.add("land")
                click_and_wait(page, "button.rw-land")
        if (
            "round2" not in shots
            and page.locator(".rw-board .rw-info").get_attribute("data-round") == "2"
        ):
            # A whole round has been played through the browser.
            page.screenshot(path=str(e2e / "reworld_round2_desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(e2e / "reworld_round2_phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
            shots.add("round2")
    expect(page.locator(".end-panel")).to_be_visible()
    expect(page.locator(".rw-breakdown")).to_contain_text("Final scoring")
    page.screenshot(path=str(e2e / "reworld_end_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "reworld_end_phone.png"), full_page=True)
    assert {"pay", "round2", "ch2", "land"} <= shots
    table = Table.objects.get()
    assert table.status == Table.Status.FINISHED
    ctx.close()


def test_two_players_see_each_others_purchases_live(asgi_server, browser, e2e):
    base = asgi_server
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ben_ctx = browser.new_context(viewport=PHONE)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    url = create_table(ann, base, "reworld", players="2")
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ben.locator(".rw-board")).to_be_visible()
    expect(ann.locator(".rw-board")).to_be_visible(timeout=10_000)

    pages = {"ann": ann, "ben": ben}
    for turn in range(4):
        mover_name = next(n for n, p in pages.items() if p.locator(".your-turn").count())
        mover = pages[mover_name]
        watcher = pages["ben" if mover_name == "ann" else "ann"]
        claimed_before = watcher.locator(".rw-arm.rw-claimed").count()
        buy_something(mover)
        # The other player sees the bought space and the paid cards without reloading.
        expect(watcher.locator(".rw-arm.rw-claimed")).to_have_count(claimed_before + 1)
        expect(watcher.locator(".your-turn")).to_be_visible()
        if turn == 1:
            ben.screenshot(path=str(e2e / "reworld_live_phone.png"), full_page=True)
    ann.screenshot(path=str(e2e / "reworld_live_desktop.png"), full_page=True)
    # Each page shows only its own hand.
    ann_cards = set(
        ann.locator(".rw-hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
    )
    ben_cards = set(
        ben.locator(".rw-hand [data-card]").evaluate_all("e => e.map(x => x.dataset.card)")
    )
    assert ann_cards and ben_cards and not ann_cards & ben_cards
    ann_ctx.close()
    ben_ctx.close()
