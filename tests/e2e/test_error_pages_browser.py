"""The 404 page as a stranger sees it in Chromium: the sentence, the ways back, no overflow."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from lobby.services import table_create
from tests.e2e.conftest import DESKTOP, PHONE, watch_errors
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_stranger_at_a_private_table_finds_the_way_back(asgi_server, browser, e2e, size):
    host = UserFactory(username="hostess")
    table = table_create(user=host, game="lost_cities", players=2, options={}, visibility="private")
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    errors = watch_errors(page)
    response = page.goto(f"{asgi_server}{table.get_absolute_url()}")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.locator("#main")).to_contain_text(
        "This table is private: ask its host for the invite link."
    )
    page.screenshot(path=str(e2e / f"error_404_private_table_{size}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    page.get_by_role("link", name="Games", exact=True).last.click()
    expect(page).to_have_url(f"{asgi_server}/games/")
    # Only the 404 itself is reported, no script or style refused by the CSP, no script error.
    assert [e for e in errors if "status of 404" not in e] == []
    context.close()
