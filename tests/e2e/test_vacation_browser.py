"""Vacation in real Chromium, at both viewports (issue 26, quiet hours and vacation).

The player to move at an asynchronous table is on vacation. Their opponent, in Tokyo, sees
"on vacation until …" on that seat and a clock that says it is paused and does not count
down (static/js/playtable.js). The player books and sees their vacation in the
preferences, ends it there, and their clock runs again.

No page may log a console error or an uncaught script error.
"""

from __future__ import annotations

import re
import time
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import User
from accounts.vacations import vacation_book
from tests.e2e.conftest import PHONE, watch_errors
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1280, "height": 800}
BERLIN = ZoneInfo("Europe/Berlin")


def logged_in(browser, base: str, user: User, viewport: dict, zone: str):
    """Return a page of a browser context logged in as `user` (a session made for it)."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    context = browser.new_context(viewport=viewport, timezone_id=zone, locale="en-GB")
    context.add_cookies([{"name": "sessionid", "value": session.session_key, "url": base}])
    return context.new_page()


@pytest.mark.parametrize(("viewport", "name"), [(LAPTOP, "desktop"), (PHONE, "phone")])
def test_the_opponent_sees_on_vacation_until_and_a_paused_clock(
    asgi_server, browser, e2e, viewport, name
):
    base = asgi_server
    first = User.objects.create_user(f"mara{name}", f"mara{name}@example.com", "pw-1-long-enough")
    second = User.objects.create_user(f"tomo{name}", f"tomo{name}@example.com", "pw-2-long-enough")
    table = started_table(first, second)
    seat = table.seats.select_related("user").get(is_to_move=True)
    away = seat.user
    viewer = second if away == first else first
    away.time_zone = "Europe/Berlin"
    away.save()
    today = timezone.now().astimezone(BERLIN).date()
    vacation_book(user=away, first=today, last=today + timedelta(days=2))

    page = logged_in(browser, base, viewer, viewport, "Asia/Tokyo")
    errors = watch_errors(page)
    page.goto(base + "/")  # static/js/timezone.js sets the `tz` cookie: Tokyo
    page.goto(base + table.get_absolute_url())
    badge = page.locator(f".seat-bar .seat-{seat.position} .badge.pause")
    # Back at midnight in Berlin after the third day: said in Tokyo time.
    back = datetime.combine(today + timedelta(days=3), datetime.min.time(), tzinfo=BERLIN)
    local = back.astimezone(ZoneInfo("Asia/Tokyo"))
    expect(badge).to_have_text(f"on vacation until {local:%a} {local.day} {local:%b, %H:%M}")
    clock = page.locator(f".seat-bar .seat-{seat.position} .clock")
    expect(clock).to_have_class(re.compile(r"\bpaused\b"))
    expect(clock).to_have_attribute("title", "Time left (paused)")
    shown = clock.inner_text()
    time.sleep(2.2)  # a running clock would have ticked twice: this one stands still
    assert clock.inner_text() == shown
    page.screenshot(path=str(e2e / f"vacation_seat_{name}.png"), full_page=True)
    # A pause that ends while the page is open: the clock stands still, then runs.
    page.evaluate(
        """() => { const el = document.createElement("span");
        el.className = "clock running paused"; el.id = "resumes";
        el.dataset.left = "100"; el.dataset.running = "1"; el.dataset.pausedFor = "2";
        el.textContent = "01:40"; document.body.append(el); }"""
    )
    resumes = page.locator("#resumes")
    time.sleep(1.2)
    expect(resumes).to_have_text("01:40")
    expect(resumes).to_have_class(re.compile(r"\bpaused\b"))
    expect(resumes).to_have_text(re.compile(r"^01:3\d$"))  # it runs once the pause is over
    expect(resumes).not_to_have_class(re.compile(r"\bpaused\b"))

    page.goto(base + "/tables/mine/")
    expect(page.locator(".my-tables .badge.pause")).to_have_text(re.compile(r"^on vacation until "))
    page.screenshot(path=str(e2e / f"vacation_my_games_{name}.png"), full_page=True)

    # The player ends the vacation in the preferences: their clock runs again.
    own = logged_in(browser, base, away, viewport, "Europe/Berlin")
    watch_errors(own, errors)
    own.goto(base + "/accounts/preferences/#vacation")
    section = own.locator("section.vacation-setup")
    expect(section.locator("input[type=date]")).to_have_count(2)
    expect(section.locator(".vacations li")).to_have_count(1)
    own.screenshot(path=str(e2e / f"vacation_preferences_{name}.png"), full_page=True)
    section.locator("button", has_text="End it now").click()
    expect(own.locator(".message", has_text="Your vacation was ended")).to_be_visible()
    page.goto(base + table.get_absolute_url())
    expect(page.locator(f".seat-bar .seat-{seat.position} .badge.pause")).to_have_count(0)
    running = page.locator(f".seat-bar .seat-{seat.position} .clock")
    expect(running).not_to_have_class(re.compile(r"\bpaused\b"))
    assert not errors, errors
