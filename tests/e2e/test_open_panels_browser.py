"""Open panels in real Chromium: a <details> of the board the player opened or closed stays so
across a reload and a push of the other player's move, per table (another table in the same
browser tab starts from the server's defaults), also without storage (private mode); on the
Terraforming Mars board the tableau stacks and the live score are kept the same way."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, logged_in_context, version, wait_past, watch_errors
from tests.e2e.conftest import in_thread as _in_thread
from tests.e2e.test_last_move_browser import _play, _table, play_until_redrawn
from tests.e2e.test_tm_cards_browser import _ben_passes
from tests.e2e.test_tm_cards_browser import _table as _tm_table

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 1280, "height": 800}
BREAKDOWN = "details.rw-breakdown"  # closed as the server draws it (until the game ends)
LOG = "details.game-log"  # open as the server draws it on a wide screen

#: sessionStorage that throws on every use, as in some browsers' private mode.
NO_STORAGE = """
for (const name of ["getItem", "setItem", "removeItem"]) {
  Storage.prototype[name] = function () { throw new DOMException("denied", "SecurityError"); };
}
"""


def _context(browser: Any, base: str, user: Any, viewport: dict[str, int] = SCREEN) -> Any:
    context = logged_in_context(browser, base, user, viewport)
    context.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__tableSocketOpen = true; });"
    )
    return context


def _go(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("() => window.__tableSocketOpen === true")


def _reload(page: Page) -> None:
    page.reload()
    page.wait_for_function("() => window.__tableSocketOpen === true")


def _is_open(page: Page, selector: str) -> bool:
    return bool(page.locator(selector).evaluate("el => el.open"))


def _reworld_page(
    browser: Any, base: str, viewport: dict[str, int] = SCREEN, script: str = ""
) -> tuple[Any, dict[int, Any], Any, Page, list[str]]:
    """A Reworld table a few moves in, and Ann's page of it (with `script` run first)."""
    table, ann, ben = _in_thread(lambda: _table("reworld"))
    users = {0: ann, 1: ben}
    rng = random.Random(7)
    _in_thread(lambda: _play(table, users, rng, until_marked=False))
    errors: list[str] = []
    context = _context(browser, base, ann, viewport)
    if script:
        context.add_init_script(script)
    page = context.new_page()
    watch_errors(page, errors)
    _go(page, base + table.get_absolute_url())
    return table, users, rng, page, errors


def _push_redraws_breakdown(page: Page, table: Any, users: dict[int, Any], rng: Any) -> None:
    """Let the other player move until a push draws the breakdown's region anew."""
    play_until_redrawn(page, table, users, rng, BREAKDOWN, tries=12)


def test_panels_stay_as_the_player_left_them_across_reloads_and_pushes_per_table(
    asgi_server, browser, e2e
):
    table, users, rng, page, errors = _reworld_page(browser, asgi_server)
    ann, url = users[0], asgi_server + table.get_absolute_url()
    assert not _is_open(page, BREAKDOWN) and _is_open(page, LOG)

    # Ann opens the breakdown and closes the move log (open by default), then reloads.
    page.locator(BREAKDOWN + " > summary").click()
    page.locator(LOG + " > summary").click()
    page.wait_for_function(
        f"() => document.querySelector('{BREAKDOWN}').open && !document.querySelector('{LOG}').open"
    )
    _reload(page)
    assert _is_open(page, BREAKDOWN)
    assert not _is_open(page, LOG)
    page.locator(BREAKDOWN).evaluate("e => e.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(e2e / "panels_kept_after_reload_desktop.png"))

    # Ben moves: the push draws the breakdown anew (closed, as the server draws it); both
    # panels stay as Ann left them.
    _push_redraws_breakdown(page, table, users, rng)
    assert _is_open(page, BREAKDOWN)
    assert not _is_open(page, LOG)

    # Another table in the same browser tab starts from the server's defaults.
    other, _, cal = _in_thread(lambda: _table("reworld", host=ann))
    _in_thread(lambda: _play(other, {0: ann, 1: cal}, random.Random(3), until_marked=False))
    _go(page, asgi_server + other.get_absolute_url())
    assert not _is_open(page, BREAKDOWN)
    assert _is_open(page, LOG)
    # Its own choice there does not reach the first table, which keeps its own.
    page.locator(LOG + " > summary").click()  # close
    page.locator(LOG + " > summary").click()  # and open again
    page.wait_for_function(f"() => document.querySelector('{LOG}').open")
    _go(page, url)
    assert _is_open(page, BREAKDOWN)
    assert not _is_open(page, LOG)

    # Closed again by the player: kept closed across a reload too.
    page.locator(BREAKDOWN + " > summary").click()
    page.wait_for_function(f"() => !document.querySelector('{BREAKDOWN}').open")
    _reload(page)
    assert not _is_open(page, BREAKDOWN)
    assert errors == []
    page.context.close()


#: A busy page: every timer's callback runs a second late.
LATE_TIMERS = """
const setTimeoutNow = window.setTimeout;
window.setTimeout = (callback, delay, ...rest) =>
  setTimeoutNow(callback, Math.max(Number(delay) || 0, 1000), ...rest);
"""


def test_a_reload_right_after_the_click_finds_the_panel_as_left(asgi_server, browser, e2e):
    """The choice is kept as the click happens, not once the page gets round to it: on a
    busy page (timers late) a reload at once after the click still finds it."""
    _, _, _, page, errors = _reworld_page(browser, asgi_server, script=LATE_TIMERS)
    assert _is_open(page, LOG)
    page.locator(LOG + " > summary").click()
    _reload(page)
    assert not _is_open(page, LOG)
    assert errors == []
    page.context.close()


def test_on_a_phone_an_opened_move_log_stays_open_after_a_reload(asgi_server, browser, e2e):
    """phone.js folds the move log on a phone; the player's opening it wins after a reload,
    and the fold itself is not taken for the player's choice."""
    _, _, _, page, errors = _reworld_page(browser, asgi_server, viewport=PHONE)
    assert not _is_open(page, LOG)  # folded on a phone
    _reload(page)
    assert not _is_open(page, LOG)  # the fold was not kept as a choice: still the fold
    page.locator(LOG + " > summary").click()
    page.wait_for_function(f"() => document.querySelector('{LOG}').open")
    _reload(page)
    assert _is_open(page, LOG)
    page.locator(LOG).evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(e2e / "panels_kept_after_reload_phone.png"))
    assert errors == []
    page.context.close()


def test_without_storage_a_panel_still_stays_open_across_a_push(asgi_server, browser, e2e):
    table, users, rng, page, errors = _reworld_page(browser, asgi_server, script=NO_STORAGE)
    assert page.evaluate(
        "() => { try { sessionStorage.getItem('x'); return false; } catch (e) { return true; } }"
    )
    page.locator(BREAKDOWN + " > summary").click()
    page.wait_for_function(f"() => document.querySelector('{BREAKDOWN}').open")
    _push_redraws_breakdown(page, table, users, rng)
    assert _is_open(page, BREAKDOWN)
    assert errors == []
    page.context.close()


def test_terraforming_mars_stacks_and_live_score_stay_open_across_a_reload_and_a_push(
    asgi_server, browser, e2e
):
    table, ann, ben = _in_thread(_tm_table)
    errors: list[str] = []
    context = _context(browser, asgi_server, ann)
    page = context.new_page()
    watch_errors(page, errors)
    _go(page, asgi_server + table.get_absolute_url())
    effects = page.locator('.tm-player.tm-b1 details[data-panel="1-effects"]')
    actions = page.locator('.tm-player.tm-b1 details[data-panel="1-actions"]')
    live = page.locator("details.tm-live")
    for panel in (effects, actions, live):
        expect(panel).not_to_have_attribute("open", "")
    effects.locator("summary").click()
    live.locator("summary").click()
    expect(effects.locator(".tm-card").first).to_be_visible()
    expect(live.locator("table")).to_be_visible()

    _reload(page)
    expect(effects).to_have_attribute("open", "")
    expect(live).to_have_attribute("open", "")
    expect(actions).not_to_have_attribute("open", "")  # Ben's other stack: not touched

    # Ben moves: the push draws his player panel anew; the stacks stay as Ann left them.
    page.evaluate("() => { document.querySelector('.tm-player.tm-b1').dataset.old = '1'; }")
    seen = version(page)
    _in_thread(lambda: _ben_passes(table, ben))
    wait_past(page, seen)
    expect(page.locator(".tm-player.tm-b1[data-old]")).to_have_count(0)
    expect(effects).to_have_attribute("open", "")
    expect(live).to_have_attribute("open", "")
    expect(actions).not_to_have_attribute("open", "")
    page.locator(".tm-player.tm-b1").evaluate("e => e.scrollIntoView({block: 'start'})")
    page.screenshot(path=str(e2e / "tm_panels_kept_desktop.png"))
    assert errors == []
    context.close()
