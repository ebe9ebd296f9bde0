"""Every admin list page fits a 1280 px wide screen, rows and all, in real Chromium."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse
from playwright.sync_api import expect

from tests.e2e.conftest import DESKTOP
from tests.factories import PASSWORD, UserFactory
from tests.moderation.admin_rows import admin_rows_create

pytestmark = pytest.mark.django_db(transaction=True)

OURS = ("accounts", "lobby", "ladder")
# Whether the page, and the list inside its own scrolling box, fit the window.
WIDTHS = """() => {
  const results = document.querySelector('#changelist .results');
  return {
    page: document.documentElement.scrollWidth,
    results: results ? results.scrollWidth : 0,
    box: results ? results.clientWidth : 0,
  };
}"""


def test_each_admin_list_fits_a_desktop_screen(asgi_server, browser, e2e):
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    admin_rows_create(moderator=root)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{asgi_server}{reverse('admin:login')}")
    page.fill("#id_username", "root")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    expect(page.locator("#site-name")).to_be_visible()
    # A failed log-in elsewhere fills django-axes' lists too (with a real user agent).
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(f"{asgi_server}{reverse('accounts:login')}")
    other.fill("#id_username", "annemarie_vandenberg")
    other.fill("#id_password", "not-the-password")
    other.click("#main form button[type=submit]")

    too_wide = {}
    for model in admin.site._registry:
        name = model._meta.model_name
        url = reverse(f"admin:{model._meta.app_label}_{name}_changelist")
        page.goto(f"{asgi_server}{url}")
        expect(page.locator("#changelist")).to_be_visible()
        rows = page.locator("#result_list tbody tr").count()
        page.screenshot(path=str(e2e / f"admin_{name}_desktop.png"), full_page=True)
        widths = page.evaluate(WIDTHS)
        if widths["page"] > DESKTOP["width"] or widths["results"] > widths["box"]:
            too_wide[name] = (rows, widths)
        if model._meta.app_label in OURS:
            assert rows > 0, f"{name}: no rows to measure"
    context.close()
    assert too_wide == {}
