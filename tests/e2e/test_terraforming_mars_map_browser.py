"""Terraforming Mars' map in Chromium: symbols, owners, the last tile, log lines that light it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from games.registry import get_engine
from lobby.models import Table
from tests.e2e.conftest import PHONE, create_table, sign_up, version, wait_past, watch_errors

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20_000  # ms
DESKTOP = {"width": 1280, "height": 800}
# A mid-game Mars: (space, kind, owner); the last one is the tile placed last.
TILES = (
    ("r1c2", "ocean", -1),
    ("r4c8", "ocean", -1),
    ("r5c4", "ocean", -1),
    ("r3c4", "city", 1),
    ("r3c5", "greenery", 1),
    ("r4c4", "greenery", 1),
    ("r6c3", "city", 0),
    ("r7c3", "greenery", 0),
    ("r6c4", "greenery", 0),
    ("r2c3", "greenery", 0),
)


def click_and_wait(page: Page, locator) -> None:
    seen = version(page)
    locator.click()
    wait_past(page, seen)


def _mid_game(table: Table) -> None:
    """Lay TILES on the stored state, each logged as its placement is (board.place_tile)."""
    from games.terraforming_mars.kernel import log

    engine = get_engine("terraforming_mars")
    st = engine.load(table.state).clone()
    board = st.board_w()
    for space, kind, owner in TILES:
        board[space] = (kind, owner, "")
        log(st, owner, "tile", kind, "", space)
    st.oceans = 3
    st.temperature, st.oxygen = -18, 5
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])


def test_the_map_shows_icons_owners_the_last_tile_and_lights_a_logged_space(
    asgi_server, browser, e2e
) -> None:
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = watch_errors(page)
    page.on("dialog", lambda dialog: dialog.accept())
    sign_up(page, base, "mapper")
    create_table(page, base, "terraforming_mars")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".tm-status")).to_contain_text("bot: ready", timeout=WAIT)
    click_and_wait(page, page.locator(".tm-selection button", has_text="Choose").first)
    click_and_wait(page, page.get_by_role("button", name="Confirm my choice"))
    page.wait_for_function(
        "() => document.querySelector('.tm-board [data-phase]').dataset.phase === 'action'",
        timeout=WAIT,
    )
    _mid_game(Table.objects.get())
    page.reload()
    expect(page.locator(".tm-map > svg")).to_be_visible()

    # Bonuses are drawn symbols, never letters; tiles show their owner's ring and marker.
    assert page.locator(".tm-mars svg text.tm-bonus").count() == 0
    assert page.locator('.tm-mars use[href^="#tmb-tm-res-steel"]').count() >= 1
    expect(page.locator('.tm-space[data-space="r3c4"] .tm-ring.tm-s1')).to_have_count(1)
    expect(page.locator('.tm-space[data-space="r6c3"] .tm-cube.tm-f0')).to_have_count(1)
    last = page.locator('.tm-space[data-space="r2c3"]')
    expect(last).to_have_class(lambda_class("tm-last"))
    expect(page.locator(".tm-last-ring")).to_have_count(1)

    # The log says the space in words and lights it on the map while hovered or focused.
    line = page.locator('.tm-log li[data-space="r3c4"]')
    expect(line).to_contain_text("placed city on row 3, space 4.")
    expect(page.locator(".tm-lit-ring.tm-on")).to_have_count(0)
    line.hover()
    expect(page.locator('.tm-space.tm-lit[data-space="r3c4"]')).to_have_count(1)
    expect(page.locator(".tm-lit-ring.tm-on")).to_have_count(1)
    ring = page.locator(".tm-lit-ring")
    hexagon = page.locator('.tm-space[data-space="r3c4"] .tm-h')
    assert ring.get_attribute("x") == hexagon.get_attribute("x")
    assert ring.get_attribute("y") == hexagon.get_attribute("y")
    page.mouse.move(0, 0)
    expect(page.locator(".tm-space.tm-lit")).to_have_count(0)
    expect(page.locator(".tm-lit-ring.tm-on")).to_have_count(0)

    # The keyboard does the same: focus a line, the space lights; leave it, it goes out.
    other = page.locator('.tm-log li[data-space="r6c3"]')
    other.focus()
    expect(page.locator('.tm-space.tm-lit[data-space="r6c3"]')).to_have_count(1)
    page.keyboard.press("Shift+Tab")
    expect(page.locator('.tm-space.tm-lit[data-space="r6c3"]')).to_have_count(0)

    # Screenshots with a line in focus (the city of seat 2 lit), the map in view.
    line.focus()
    page.evaluate("document.querySelector('.tm-main').scrollIntoView()")
    expect(page.locator('.tm-space.tm-lit[data-space="r3c4"]')).to_have_count(1)
    page.screenshot(path=str(e2e / "tm_map_desktop.png"))

    page.set_viewport_size(PHONE)
    expect(page.locator('.tm-space.tm-lit[data-space="r3c4"]')).to_have_count(1)
    page.evaluate("document.querySelector('.tm-main').scrollIntoView()")
    page.screenshot(path=str(e2e / "tm_map_phone.png"))
    assert errors == []
    ctx.close()


def lambda_class(name: str):
    """A class attribute pattern holding `name` as one of its classes."""
    import re

    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")
