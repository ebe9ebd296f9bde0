"""Every page of a lived-in site in Chromium, at 1280x800 and 390x844.

tests/e2e/tour.py builds the site (a finished rated game, notices, chat, each game mid-play
with ana to move) and names its pages. One browser context per viewport visits them all:
logged out, then as ana, then the admin as a moderator. On each page:
- no console or script error (the CSP refuses nothing);
- an axe-core scan (axe-playwright-python, axe's script from the wheel) finds no violation
  of impact "serious" or "critical";
- on the phone nothing scrolls sideways (the widest element is named when it does), the
  header is one line whose "Your turn" counter stays in sight, and each board shows the
  player's hand and prompt before the move log and the chat, both collapsed;
- a screenshot is saved under tests/e2e/screenshots/tour_<viewport>_<page>.png.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.db import connections
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e import tour
from tests.e2e.conftest import PHONE, version, wait_past, watch_errors

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}
FAILING_IMPACTS = {"serious", "critical"}

#: On a phone, what the player acts on (the hand and the prompt) comes before the rest of the
#: board: (first, then) selectors within each game's board.
FIRST_ON_PHONE = {
    "lost_cities": (".lc-hand", ".lc-middle"),
    "relative_space": (".rs-supply.rs-mine", ".rs-pods"),
    "reworld": (".rw-hand", ".rw-station"),
    "mondo": (".mo-me", ".mo-others"),
    "terraforming_mars": (".tm-prompt, .tm-selection, .tm-actions", ".tm-main"),
    # The same game with the Colonies expansion (tour.py adds its table).
    "terraforming_mars_colonies": (".tm-prompt, .tm-selection, .tm-actions", ".tm-main"),
}
#: How far down a phone's page the hand or prompt may start: within the first screen.
FIRST_SCREEN = PHONE["height"]
#: One line of header: the site's name, the turn counter and the menu button.
HEADER_MAX = 60

OVERFLOW_JS = """() => {
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth <= width) return null;
  let widest = null, right = 0;
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect().right;
    if (r > right) { right = r; widest = el; }
  }
  const name = widest.tagName.toLowerCase() + (widest.id ? '#' + widest.id : '')
    + (widest.className && typeof widest.className === 'string'
       ? '.' + widest.className.trim().split(/\\s+/).join('.') : '');
  const scroll = document.documentElement.scrollWidth;
  return `scrollWidth ${scroll} > ${width}: widest ${name} ends at ${Math.round(right)}`;
}"""


def _login(context: Any, base: str, user: Any) -> None:
    client = Client()
    client.force_login(user)
    context.clear_cookies()
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )


def _axe_problems(axe: Axe, page: Page, name: str) -> list[str]:
    found = []
    for violation in axe.run(page).response["violations"]:
        if violation["impact"] in FAILING_IMPACTS:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
            found.append(
                f"{name}: {violation['id']} ({violation['impact']}) at {', '.join(targets[:6])}"
                + (f" and {len(targets) - 6} more" if len(targets) > 6 else "")
            )
    return found


def _phone_checks(page: Page, stop: tour.Stop, slug: str | None) -> list[str]:
    found = []
    overflow = page.evaluate(OVERFLOW_JS)
    if overflow:
        found.append(f"{stop.name}: {overflow}")
    header = page.locator(".site-header")
    if header.count():  # the admin has its own header
        box = header.bounding_box()
        if box is None or box["height"] > HEADER_MAX:
            found.append(f"{stop.name}: the header is not one line ({box})")
    if slug is not None:
        first_sel, then_sel = FIRST_ON_PHONE[slug]
        first = page.locator(f".board-wrap :is({first_sel})").first.bounding_box()
        if first is None:
            return [*found, f"{stop.name}: no {first_sel} on the board"]
        if first["y"] > FIRST_SCREEN:
            found.append(
                f"{stop.name}: {first_sel} starts at {first['y']:.0f} px, below the first screen"
            )
        for later in (then_sel, ".game-log", ".tm-log", ".chat"):
            box = (
                page.locator(f"#main {later}").first.bounding_box()
                if page.locator(f"#main {later}").count()
                else None
            )
            if box is not None and box["y"] < first["y"]:
                found.append(f"{stop.name}: {later} comes before {first_sel}")
        if page.locator("details[data-fold-phone][open]").count():
            found.append(f"{stop.name}: the log or the chat is open on a phone")
    return found


@pytest.mark.long
@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_every_page_is_accessible_and_fits(asgi_server, browser, e2e, viewport):
    site = tour.site_build()
    size = VIEWPORTS[viewport]
    context = browser.new_context(viewport=size)
    page = context.new_page()
    errors = watch_errors(page)
    axe = Axe()
    problems: list[str] = []
    rounds = [
        (None, tour.pages_logged_out(site)),
        (site.ana, tour.pages_logged_in(site)),
        (site.mod, tour.pages_moderator()),
    ]
    visited = 0
    for user, stops in rounds:
        if user is not None:
            _login(context, asgi_server, user)
        for stop in stops:
            response = page.goto(asgi_server + stop.path)
            assert response is not None
            if response.status != stop.status:
                problems.append(f"{stop.name}: status {response.status}, not {stop.status}")
            page.screenshot(path=str(e2e / f"tour_{viewport}_{stop.name}.png"), full_page=True)
            problems += _axe_problems(axe, page, stop.name)
            if viewport == "phone":
                slug = stop.name.split("_to_move")[0].removeprefix("board_") if stop.board else None
                problems += _phone_checks(page, stop, slug)
            visited += 1
    assert visited >= 40
    # A 404 page reports its own status in the console; nothing else may.
    errors = [e for e in errors if "status of 404" not in e]
    assert problems == [], "\n".join(problems)
    assert errors == [], "\n".join(errors)
    context.close()


def test_the_phone_menu_opens_and_closes_with_the_keyboard(asgi_server, browser, e2e):
    site = tour.site_build()
    context = browser.new_context(viewport=PHONE)
    _login(context, asgi_server, site.ana)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(asgi_server + "/")
    toggle = page.locator(".menu-toggle")
    menu = page.locator("#nav-menu")
    # ana is to move at every board of the tour (one per game, and Terraforming Mars with
    # Colonies): the counter stays on the header's one line.
    turn = page.locator(".nav .turn-link")
    expect(turn).to_be_visible()
    expect(turn.locator(".count")).to_have_text(str(len(site.boards)))
    expect(menu).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.focus()
    page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.screenshot(path=str(e2e / "tour_phone_menu_open.png"))
    page.keyboard.press("Tab")
    expect(page.locator("#nav-menu a").first).to_be_focused()
    page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(toggle).to_be_focused()
    page.keyboard.press("Space")
    expect(menu).to_be_visible()
    page.get_by_role("link", name="Preferences").click()
    expect(page).to_have_url(f"{asgi_server}/accounts/preferences/")
    expect(page.locator("#nav-menu")).to_be_hidden()
    assert errors == []
    context.close()


def test_a_folded_log_stays_as_the_player_left_it_when_moves_arrive(asgi_server, browser, e2e):
    """On a phone the log starts folded; boards pushed over the socket keep the player's choice."""
    from games.registry import get_engine
    from lobby.services import move_submit

    site = tour.site_build()
    table = site.boards["lost_cities"]
    engine = get_engine("lost_cities")
    context = browser.new_context(viewport=PHONE)
    _login(context, asgi_server, site.ana)
    page = context.new_page()
    errors = watch_errors(page)
    # The moves below are made on the server: the page must be listening before the first.
    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__tableSocketOpen = true; });"
    )
    page.goto(asgi_server + table.get_absolute_url())
    log = page.locator("details.game-log")
    chat = page.locator(".chat details")
    expect(log).not_to_have_attribute("open", "")
    expect(chat).not_to_have_attribute("open", "")
    page.wait_for_function("() => window.__tableSocketOpen === true")

    def a_move() -> None:
        """Whoever is to move plays; the page gets the new board over its socket."""
        table.refresh_from_db()
        seen = version(page)
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        action = engine.legal_actions(state, seat)[0]
        user = [site.ana, site.bo][seat]

        def submit() -> None:
            try:
                move_submit(code=table.code, user=user, action=action, seen_version=table.version)
            finally:
                connections.close_all()

        # From a thread of its own, as a request would be: this thread runs Playwright's
        # event loop, where the channel layer's sync wrapper refuses to run.
        with ThreadPoolExecutor(1) as pool:
            pool.submit(submit).result()
        wait_past(page, seen)

    a_move()  # a new board arrives over the socket: its log is folded too
    expect(page.locator("details.game-log")).not_to_have_attribute("open", "")
    page.locator("details.game-log > summary").click()
    expect(page.locator("details.game-log")).to_have_attribute("open", "")
    a_move()  # the player opened it: the next board keeps it open
    expect(page.locator("details.game-log")).to_have_attribute("open", "")
    expect(page.locator(".game-log li").first).to_be_visible()
    page.screenshot(path=str(e2e / "tour_phone_log_opened.png"), full_page=True)
    assert errors == []
    context.close()
