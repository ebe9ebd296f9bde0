"""The replay and the games in progress in real Chromium: keys, autoplay, watching a game."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from ladder.models import Rating
from lobby.services import table_create
from tests.e2e.conftest import DESKTOP, PHONE, watch_errors
from tests.factories import UserFactory
from tests.lobby.finished import finished_table
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db(transaction=True)


def logged_in(browser: Browser, base: str, user) -> BrowserContext:
    """Return a browser context with `user`'s session (no sign-up form to fill)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=DESKTOP)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context


def frame(page: Page):
    return page.locator(".replay-frame")


def test_a_finished_game_replays_with_keys_autoplay_and_the_move_list(asgi_server, browser, e2e):
    base = asgi_server
    alice, bob = UserFactory(username="ada"), UserFactory(username="bea")
    table = finished_table(alice, bob)
    total = table.move_count
    context = logged_in(browser, base, alice)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/t/{table.code}/replay/")
    expect(frame(page)).to_have_attribute("data-step", "0")
    expect(page.locator(".replay-count")).to_have_text(f"Move 0 of {total}")
    expect(page.locator(".replay-moves a[aria-current]")).to_have_attribute("data-n", "0")
    # A full page load would lose this.
    page.evaluate("window.replayMarker = 'still here'")

    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(frame(page)).to_have_attribute("data-step", "3")
    expect(page).to_have_url(re.compile(r"\?n=3$"))
    expect(page.locator(".replay-count")).to_have_text(f"Move 3 of {total}")
    expect(page.locator(".replay-moves a[aria-current]")).to_have_attribute("data-n", "3")
    page.keyboard.press("ArrowLeft")
    expect(frame(page)).to_have_attribute("data-step", "2")
    page.keyboard.press("End")
    expect(frame(page)).to_have_attribute("data-step", str(total))
    expect(page.locator(".end-panel, .lc-board").first).to_be_visible()
    page.keyboard.press("Home")
    expect(frame(page)).to_have_attribute("data-step", "0")

    # The move list jumps; the buttons step.
    page.locator('.replay-moves a[data-n="10"]').click()
    expect(frame(page)).to_have_attribute("data-step", "10")
    page.locator("[data-replay=next]").click()
    expect(frame(page)).to_have_attribute("data-step", "11")

    # Autoplay moves on by itself, and stops when asked.
    page.select_option("[data-replay-speed]", "500")
    page.get_by_role("button", name="Autoplay").click()
    page.wait_for_function(
        "() => Number(document.querySelector('.replay-frame').dataset.step) >= 13"
    )
    page.get_by_role("button", name="Pause").click()
    stopped = int(frame(page).get_attribute("data-step"))
    page.wait_for_timeout(1200)
    assert int(frame(page).get_attribute("data-step")) <= stopped + 1

    assert page.evaluate("window.replayMarker") == "still here"

    # From her own seat she sees her hand; the board is the only part that changed.
    page.get_by_role("link", name="See it from your seat").click()
    expect(page).to_have_url(re.compile(r"\?seat=0&n=\d+$"))
    expect(page.locator(".replay-frame .lc-hand")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"\?seat=0&n=\d+$"))
    page.goto(f"{base}/t/{table.code}/replay/?n=12")
    page.screenshot(path=str(e2e / "replay_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "replay_phone.png"), full_page=True)
    assert errors == []
    context.close()


def test_a_visitor_finds_a_game_in_progress_and_watches_it(asgi_server, browser, e2e):
    base = asgi_server
    table = started_table(UserFactory(username="cyd"), UserFactory(username="dov"))
    host = UserFactory(username="eli")
    Rating.objects.create(user=host, game="lost_cities", rating=1588)
    table_create(user=host, game="lost_cities", players=2, options={}, mode="live")
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/tables/")
    expect(page.locator("#open tr", has_text="eli")).to_contain_text("(1588)")
    row = page.locator("#in-progress tr", has_text="cyd")
    expect(row).to_contain_text("dov")
    expect(row).to_contain_text("(1500)")
    page.screenshot(path=str(e2e / "games_in_progress_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "games_in_progress_phone.png"), full_page=True)
    row.get_by_role("link", name="Watch").click()
    expect(page).to_have_url(f"{base}{table.get_absolute_url()}")
    expect(page.locator(".lc-board")).to_be_visible()
    expect(page.locator(".lc-hand-card")).to_have_count(0)
    assert errors == []
    context.close()
