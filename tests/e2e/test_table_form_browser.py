"""The new-table form in real Chromium: each game's own clock, one mode's fields at a time."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from lobby.models import Table
from tests.e2e.conftest import DESKTOP, PHONE, create_table, sign_up, watch_errors

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def fieldset(page: Page, mode: str):
    return page.locator(f'fieldset[data-clock-mode="{mode}"]')


def test_the_form_proposes_each_games_clock_and_shows_only_the_chosen_modes(
    asgi_server, browser, e2e
):
    base = asgi_server
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "clocky")

    live_defaults = {}
    for game in ("terraforming_mars", "lost_cities"):
        page.set_viewport_size(VIEWPORTS["desktop"])
        page.goto(f"{base}/games/{game}/new/")
        # Asynchronous is the default mode: only its clock shows.
        expect(page.locator("#id_mode")).to_have_value("async")
        expect(fieldset(page, "async")).to_be_visible()
        expect(fieldset(page, "live")).to_be_hidden()
        page.select_option("#id_mode", "live")
        expect(fieldset(page, "live")).to_be_visible()
        expect(fieldset(page, "async")).to_be_hidden()
        live_defaults[game] = (
            page.locator("#id_base_minutes").input_value(),
            page.locator("#id_increment_seconds").input_value(),
        )
        for name, size in VIEWPORTS.items():
            page.set_viewport_size(size)
            page.screenshot(path=str(e2e / f"table_form_{game}_{name}.png"), full_page=True)
        page.select_option("#id_mode", "async")
        expect(fieldset(page, "async")).to_be_visible()
        expect(fieldset(page, "live")).to_be_hidden()

    assert live_defaults == {"terraforming_mars": ("90", "10"), "lost_cities": ("5", "5")}

    # The chosen mode's clock is what the table gets (the hidden one is not even sent).
    page.set_viewport_size(VIEWPORTS["desktop"])
    create_table(page, base, "lost_cities", mode="live", base_minutes="15")
    table = Table.objects.get()
    assert (table.mode, table.base_seconds, table.increment_seconds) == ("live", 900, 5)
    assert errors == []
    ctx.close()


def test_mondo_handicaps_any_ticked_players(asgi_server, browser, e2e):
    """Mondo's handicap is a checkbox per player number, in a fieldset with its legend."""
    base = asgi_server
    ctx = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "handy")
    page.goto(f"{base}/games/mondo/new/")
    group = page.get_by_role("group", name="Handicapped players")
    expect(group.get_by_role("checkbox")).to_have_count(4)
    page.select_option("#id_players", "3")
    group.get_by_label("Player 1").check()
    group.get_by_label("Player 3").check()
    for name, size in VIEWPORTS.items():
        page.set_viewport_size(size)
        group.scroll_into_view_if_needed()
        page.screenshot(path=str(e2e / f"table_form_mondo_handicap_{name}.png"), full_page=True)
    page.set_viewport_size(VIEWPORTS["desktop"])
    page.click("#main form button[type=submit]")
    expect(page.locator("h1")).to_have_text("Mondo")
    table = Table.objects.get()
    assert table.options["handicap"] == [1, 3]
    page.goto(f"{base}/tables/")  # the open tables say which options differ
    expect(page.locator("#main")).to_contain_text("Handicapped players: 1, 3")
    assert errors == []
    ctx.close()
