"""Verifiable shuffles in real Chromium: the commitment while the game runs, then the
seed, salt and record pushed to the open page when the game ends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, expect

from games.verify import verify_record
from lobby.services import table_concede
from tests.e2e.conftest import PHONE, in_thread, watch_errors
from tests.factories import UserFactory
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}


def logged_in(browser: Browser, base: str, user, viewport) -> BrowserContext:
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport, accept_downloads=True)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context


@pytest.mark.parametrize("viewport", sorted(VIEWPORTS))
def test_the_commitment_shows_from_the_start_and_the_seed_arrives_at_the_end(
    asgi_server, browser, e2e, viewport
):
    base = asgi_server
    alice, bob = UserFactory(username="ada"), UserFactory(username="bea")
    table = started_table(alice, bob)
    context = logged_in(browser, base, alice, VIEWPORTS[viewport])
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(f"{base}/t/{table.code}/")

    fairness = page.locator(".fairness")
    expect(fairness.locator("summary")).to_contain_text("Shuffle commitment")
    expect(fairness.locator("summary code")).to_have_text(table.seed_commitment[:12] + "…")
    fairness.locator("summary").click()
    full = fairness.get_by_label("Commitment")
    expect(full).to_have_value(table.seed_commitment)
    full.focus()  # selected on focus, ready to copy
    selected = page.evaluate(
        "() => { const e = document.activeElement;"
        " return e.value.substring(e.selectionStart, e.selectionEnd); }"
    )
    assert selected == table.seed_commitment
    assert str(table.seed) not in page.content()
    fairness.scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / f"verify_{viewport}_running.png"))

    # The game ends elsewhere: the push reveals the seed on the open page.
    in_thread(lambda: table_concede(code=table.code, user=bob))
    expect(fairness.locator("summary")).to_contain_text("the seed is revealed", timeout=20_000)
    if fairness.get_attribute("open") is None:
        fairness.locator("summary").click()
    expect(fairness.get_by_label("Seed", exact=True)).to_have_value(str(table.seed))
    expect(fairness.get_by_label("Salt")).to_have_value(table.seed_salt)
    fairness.scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / f"verify_{viewport}_over.png"))

    with page.expect_download() as download_info:
        fairness.get_by_role("link", name="Download the game record").click()
    record = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
    assert record["seed"] == table.seed
    assert verify_record(record).ok

    page.goto(f"{base}/t/{table.code}/replay/")
    page.locator(".fairness summary").click()
    expect(page.locator(".fairness").get_by_label("Seed", exact=True)).to_have_value(
        str(table.seed)
    )
    page.locator(".fairness").scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / f"verify_{viewport}_replay.png"))
    assert errors == []
    context.close()
