"""Times and identity in real Chromium, at both viewports, in a browser set to Tokyo time.

- static/js/timezone.js sets the `tz` cookie (Asia/Tokyo, SameSite=Lax, path /, a year)
  and the pages then show times in that zone: a chat message reads "now" / "… ago" and
  its title is the full local date (JST).
- The players' pictures (drawn from their names) load beside their names on the board,
  in the chat and on the profile.

No page may log a console error or an uncaught script error.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import (
    PHONE,
    create_table,
    play_lost_cities_turn,
    sign_up,
    watch_errors,
)

pytestmark = pytest.mark.django_db(transaction=True)

LAPTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize(("viewport", "name"), [(LAPTOP, "desktop"), (PHONE, "phone")])
def test_the_browsers_time_zone_is_used_and_a_chat_time_says_ago(
    asgi_server, browser, e2e, viewport, name
):
    base = asgi_server
    context = browser.new_context(viewport=viewport, timezone_id="Asia/Tokyo", locale="en-GB")
    page = context.new_page()
    errors = watch_errors(page)
    player = f"kenji{name}"
    sign_up(page, base, player)

    cookie = next(c for c in context.cookies() if c["name"] == "tz")
    assert cookie["value"] == "Asia/Tokyo"
    assert (cookie["path"], cookie["sameSite"]) == ("/", "Lax")
    assert 360 * 86400 < cookie["expires"] - time.time() <= 366 * 86400

    # The table socket's pushes that carry the chat line (it comes with the post's answer
    # too, so the line must show once, not twice, after both arrived).
    pushed: list[str] = []
    boards: list[str] = []  # what the table socket sent: the whole board once it has joined

    def listen(ws: Any) -> None:
        def received(frame: Any) -> None:
            if "/ws/table/" in ws.url:
                boards.append("frame")
            if "Hello from Tokyo" in str(frame):
                pushed.append(str(frame))

        ws.on("framereceived", received)

    page.on("websocket", listen)
    url = create_table(page, base, "lost_cities", opt_rounds="1")
    # A line posted before the table socket joined its group is in the post's answer only.
    for _ in range(200):
        if boards:
            break
        page.wait_for_timeout(50)
    assert boards, "the table socket never opened"
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    page.locator(".chat-form input[name=text]").fill("Hello from Tokyo")
    page.locator(".chat-form button[type=submit]").click()
    message = page.locator(".chat-msg", has_text="Hello from Tokyo")
    expect(message).to_have_count(1)
    for _ in range(200):
        if pushed:
            break
        page.wait_for_timeout(100)
    assert pushed, "the table socket never pushed the chat line"
    page.wait_for_timeout(300)  # the pushed copy is swapped (or not) right after it arrives
    expect(message).to_have_count(1)
    stamp = message.locator("time")
    expect(stamp).to_have_text(re.compile(r"^(now|\d+\s(second|minute)s? ago)$"))
    assert (stamp.get_attribute("datetime") or "").endswith("+09:00")
    assert (stamp.get_attribute("title") or "").endswith("(JST)")

    # A bot takes the other seat and the game starts: one move each, in the log.
    page.locator("button", has_text="Seat a bot").click()
    expect(page.locator(".seat-bar .seat.seat-1")).to_be_visible()
    play_lost_cities_turn(page)
    expect(page.locator(".game-log strong.seat-1").first).to_be_attached()

    # After a reload, as the page renders it (not only as the socket pushed it).
    page.goto(url)
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    stamp = page.locator(".chat-msg", has_text="Hello from Tokyo").locator("time")
    assert (stamp.get_attribute("datetime") or "").endswith("+09:00")
    author = page.locator(".chat-msg .chat-author", has_text=player)
    expect(author).to_have_class(re.compile(r"\bseat-0\b"))
    # Every picture on the page loaded (the seat bar's and the chat's).
    pictures = page.locator("img.avatar")
    expect(pictures.first).to_be_visible()
    assert pictures.count() >= 3  # the two seats' and the chat's
    # One colour per seat: red for seat 0, blue for seat 1 (static/css/playtable.css).
    red, blue = "rgb(185, 28, 28)", "rgb(29, 78, 216)"
    expect(page.locator(".game-log strong.seat-0").first).to_have_css("color", red)
    expect(page.locator(".game-log strong.seat-1").first).to_have_css("color", blue)
    expect(author).to_have_css("color", red)
    expect(page.locator(".seat-bar .seat-1 .seat-name")).to_have_css("color", blue)
    page.wait_for_function(
        "() => [...document.querySelectorAll('img.avatar')]"
        ".every(i => i.complete && i.naturalWidth > 0)"
    )
    page.screenshot(path=str(e2e / f"times-identity-table-{name}.png"), full_page=True)

    page.goto(f"{base}/accounts/u/{player}/")
    expect(page.locator("h1 img.avatar")).to_be_visible()
    page.wait_for_function("() => document.querySelector('h1 img.avatar').naturalWidth > 0")
    page.screenshot(path=str(e2e / f"times-identity-profile-{name}.png"), full_page=True)
    page.goto(f"{base}/accounts/preferences/")
    expect(page.locator("#id_time_zone")).to_have_value("")
    page.screenshot(path=str(e2e / f"times-identity-preferences-{name}.png"), full_page=True)
    context.close()
    assert errors == []
