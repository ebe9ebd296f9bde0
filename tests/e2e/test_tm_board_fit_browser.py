"""Terraforming Mars fits its screen, in real Chromium: in German (the longest labels) at
1280x800 no button sticks out of the box it sits in and the milestone and award figures stay
on one line; the sticky action bar is compact (at most 96 px) on a desktop and a phone, for
the turn's actions and for a tile to place. Screenshots: tm-fit-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, version, wait_past, watch_errors
from tests.e2e.test_languages_browser import _mid_game

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP_800 = {"width": 1280, "height": 800}
BAR_MAX = 96  # px: the action bar covers no more of the map and the hand than this

#: Every shown button of the board whose right edge passes the right edge of a box around
#: it (boxes of display: contents, the regions, have no width and are skipped).
OVERFLOWING = """() => {
  const out = [];
  document.querySelectorAll('.tm-board button').forEach(b => {
    const box = b.getBoundingClientRect();
    if (!box.width) return;
    for (let a = b.parentElement; a && !a.classList.contains('board-wrap'); a = a.parentElement) {
      const outer = a.getBoundingClientRect();
      if (outer.width && box.right > outer.right + 0.5) {
        out.push(b.textContent.trim() + ' > ' + a.tagName + '.' + a.className);
        break;
      }
    }
  });
  return out;
}"""

#: The milestone and award figures ("20 · 20 / 35"): the height of their text and a line's.
FIGURES = """() => Array.from(document.querySelectorAll('.tm-lists .tm-fig')).map(td => {
    const r = document.createRange(); r.selectNodeContents(td);
    return [td.textContent.trim(), r.getBoundingClientRect().height,
            parseFloat(getComputedStyle(td).lineHeight)]; })"""


def _rich(table: Any) -> None:
    """Give seat 0 40 M€: enough for a standard project that places a tile."""
    from games.registry import get_engine

    engine = get_engine("terraforming_mars")
    st = engine.load(table.state).clone()
    st.pw(0).stock = (40, *st.players[0].stock[1:])
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])


def _page(browser: Any, base: str, session: str, lang: str, viewport: dict[str, int]) -> Page:
    context = browser.new_context(viewport=viewport)
    context.add_cookies(
        [
            {"name": "sessionid", "value": session, "url": base},
            {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": base},
        ]
    )
    return context.new_page()


def _bar_height(page: Page) -> float:
    box = page.locator(".tm-actionbar").bounding_box()
    assert box is not None
    return float(box["height"])


def test_german_fits_and_the_action_bar_is_compact(asgi_server, browser, e2e) -> None:
    base = asgi_server
    table, ana = _mid_game()
    _rich(table)
    client = Client()
    client.force_login(ana)
    session = client.cookies["sessionid"].value
    errors: list[str] = []
    url = base + table.get_absolute_url()

    # The turn's actions: the bar at most 96 px, in English and German, desktop and phone.
    for lang in ("en", "de"):
        for name, viewport in (("desktop", DESKTOP_800), ("phone", PHONE)):
            page = _page(browser, base, session, lang, viewport)
            watch_errors(page, errors)
            page.goto(url)
            expect(page.locator(".tm-actionbar .tm-actions")).to_be_visible()
            assert _bar_height(page) <= BAR_MAX, (lang, name, _bar_height(page))
            # The whole hint is there to read, cut short on one line (none on a phone).
            hint = page.locator(".tm-actionbar .tm-actions > p.muted[title]")
            assert hint.get_attribute("title") == hint.text_content()
            if lang == "de" and name == "desktop":
                assert page.evaluate(OVERFLOWING) == []
                figures = page.evaluate(FIGURES)
                assert len(figures) >= 10, figures  # 5 milestones, 5 awards
                for text, height, line in figures:
                    assert 0 < height < 1.5 * line, (text, height, line)
                page.screenshot(path=str(e2e / "tm-fit-de-desktop.png"))
                page.locator(".tm-lists").scroll_into_view_if_needed()
                page.screenshot(path=str(e2e / "tm-fit-de-desktop-projects.png"))
                # A tile to place (an aquifer): the prompt's bar is compact too, at both sizes.
                seen = version(page)
                page.locator(".tm-projects tr", has_text="Grundwasser").locator("button").click()
                wait_past(page, seen)
                expect(page.locator(".tm-actionbar .tm-prompt")).to_be_visible()
                expect(page.locator(".tm-hex-btn").first).to_be_visible()
                assert page.evaluate(OVERFLOWING) == []
                assert _bar_height(page) <= BAR_MAX, _bar_height(page)
                text = page.locator(".tm-actionbar .tm-prompt-text")
                assert text.get_attribute("title") == text.text_content()
                page.screenshot(path=str(e2e / "tm-fit-de-desktop-place.png"))
                page.set_viewport_size(PHONE)
                page.evaluate("() => window.scrollTo(0, 0)")
                assert _bar_height(page) <= BAR_MAX, _bar_height(page)
                assert page.evaluate(OVERFLOWING) == []
                page.screenshot(path=str(e2e / "tm-fit-de-phone-place.png"))
                # Back to the turn's actions for the next pages.
                seen = version(page)
                page.locator(".tm-actionbar button.undo").click()
                wait_past(page, seen)
            elif name == "phone":
                page.screenshot(path=str(e2e / f"tm-fit-{lang}-phone.png"))
            page.context.close()
    assert errors == []
