"""Terraforming Mars as BGA players know it, in real Chromium: the action bar stays at the
top while scrolling, the phone tabs switch and keep their choice across a push, and the
personal preference hides the live score."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from games.registry import get_engine
from lobby.models import Table
from tests.e2e.conftest import (
    create_table,
    in_thread,
    sign_up,
    table_of,
    version,
    wait_past,
    watch_errors,
)

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20_000  # ms
DESKTOP_800 = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _mid_game(code: str) -> None:
    """Random legal moves up to generation 2, seat 0 (the player) in its turn, with undo."""
    engine = get_engine("terraforming_mars")
    table = Table.objects.get(code=code)
    state = engine.load(table.state)
    pick = random.Random(11)
    for _ in range(20_000):
        if (
            state.gen >= 2
            and state.phase == "action"
            and not state.queue
            and state.active == 0
            and engine.to_move(state) == {0}
            and engine.undo_steps(state, 0) > 0
        ):
            break
        seat = pick.choice(sorted(engine.to_move(state)))
        state = engine.apply(state, seat, pick.choice(engine.legal_actions(state, seat)))
    assert state.active == 0 and engine.undo_steps(state, 0) > 0
    table.state = engine.dump(state)
    table.save(update_fields=["state"])


def _box_top(page: Page, selector: str) -> float:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return float(box["y"])


def test_action_bar_tabs_and_live_score_preference(asgi_server, browser, e2e) -> None:
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP_800)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, base, "mars")
    url = create_table(page, base, "terraforming_mars")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-board")).to_be_visible(timeout=WAIT)
    code = table_of(url).code
    in_thread(lambda: _mid_game(code))
    page.reload()

    # Desktop: the bar with the turn's buttons and Undo at the top, also after scrolling.
    bar = page.locator(".tm-actionbar")
    expect(bar).to_be_visible(timeout=WAIT)
    expect(bar.locator("button.undo")).to_be_visible()
    expect(bar.locator(".tm-turn-end button").first).to_be_visible()  # end turn or pass
    expect(page.locator(".tm-tabs")).to_be_hidden()  # the phone's tabs only
    expect(page.locator(".tm-main")).to_be_visible()
    expect(page.locator(".tm-players .tm-stats").first).to_be_visible()
    page.screenshot(path=str(e2e / "tm_board_desktop.png"))
    page.locator(".tm-players").screenshot(path=str(e2e / "tm_board_players.png"))
    page.locator(".tm-players").scroll_into_view_if_needed()
    page.evaluate("() => window.scrollBy(0, 400)")
    assert page.evaluate("() => window.scrollY") > 600
    assert abs(_box_top(page, ".tm-actionbar")) <= 2
    undo_top = _box_top(page, ".tm-actionbar button.undo")
    assert 0 <= undo_top < DESKTOP_800["height"] / 2
    page.screenshot(path=str(e2e / "tm_board_desktop_scrolled.png"))

    # Live score: shown (table option on, preference on), then hidden by the preference.
    page.evaluate("() => window.scrollTo(0, 0)")
    expect(page.locator(".tm-live")).to_be_visible()

    # Animations: full length by default, 1 ms under the system's reduced motion.
    duration = "() => getComputedStyle(document.querySelector('.tm-board')).transitionDuration"
    assert page.evaluate(duration) == "0s"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(duration) == "0.001s"
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(duration) == "0s"

    # The preferences: no live score (in the page but not shown), fewer animations (1 ms).
    def prefer_no_live_score() -> None:
        from accounts.models import User

        User.objects.filter(username="mars").update(show_live_score=False, fewer_animations=True)

    in_thread(prefer_no_live_score)
    page.reload()
    expect(page.locator(".tm-board")).to_be_visible()
    expect(page.locator(".tm-live")).to_have_count(1)
    expect(page.locator(".tm-live")).to_be_hidden()
    assert page.evaluate(duration) == "0.001s"
    # Phone: tabs; the map first, the hand on a tap, the choice kept across a move's push.
    page.set_viewport_size(PHONE)
    tabs = page.locator(".tm-tabs")
    expect(tabs).to_be_visible()
    expect(tabs.locator('[data-tab="map"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tm-main")).to_be_visible()
    expect(page.locator(".tm-hand")).to_be_hidden()
    page.screenshot(path=str(e2e / "tm_board_phone.png"))
    tabs.locator('[data-tab="hand"]').click()
    expect(page.locator(".tm-hand")).to_be_visible()
    expect(page.locator(".tm-main")).to_be_hidden()
    expect(page.locator(".tm-lists")).to_be_hidden()
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(e2e / "tm_board_phone_hand.png"))
    tabs.locator('[data-tab="projects"]').click()
    expect(page.locator(".tm-projects")).to_be_visible()
    expect(page.locator(".tm-hand")).to_be_hidden()
    tabs.locator('[data-tab="tableau"]').click()
    expect(page.locator(".tm-players")).to_be_visible()
    expect(page.locator(".tm-main")).to_be_hidden()
    tabs.locator('[data-tab="hand"]').click()
    # A move (end the turn, from the bar at the top of the phone page) pushes a new board.
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    assert abs(_box_top(page, ".tm-actionbar")) <= 2
    seen = version(page)
    page.locator(".tm-actionbar .tm-turn-end button").first.click()
    wait_past(page, seen)
    expect(page.locator(".board-error")).to_have_count(0)
    expect(page.locator('.tm-tabs [data-tab="hand"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tm-hand")).to_be_visible()
    expect(page.locator(".tm-main")).to_be_hidden()

    assert errors == []
    ctx.close()
