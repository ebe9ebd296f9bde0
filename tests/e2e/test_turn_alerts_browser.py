"""Turn alerts and confirmations in real Chromium.

- Bob, on the home page in another tab, sees "Your turn 1" in the navigation and
  "(1) Your turn · …" in the tab title the moment Alice's move gives him the turn, with
  no reload, and both go when he has moved.
- Conceding asks first: dismissed, nothing happens; accepted, the game ends. It asks once.
- With "confirm every move" on, a move asks too; the browser-notification permission
  is asked only when the player presses the button on the preferences page.

No test may log a console error or an uncaught script error.
"""

from __future__ import annotations

import base64
import re
import time

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from lobby.models import Table
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    create_table,
    play_lost_cities_turn,
    sign_up,
    version,
    wait_past,
    watch_errors,
)

pytestmark = pytest.mark.django_db(transaction=True)


# Headless Chromium plays no sound and shows no notifications: record them instead. Every
# tab counts as in the background (a notification is shown only then), notifications
# are allowed, and an audio context runs once the page was clicked, as in a browser.
FAKE_ALERTS = """
window.__oscillators = 0;
window.__notes = [];
Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
window.Notification = function (title, options) {
  window.__notes.push({ title: title, body: options.body });
  this.addEventListener = function () {};
  this.close = function () {};
};
window.Notification.permission = "granted";
window.Notification.requestPermission = () => Promise.resolve("granted");
window.AudioContext = function () {
  var node = () => ({ connect() {}, start() {}, stop() {}, frequency: {},
    gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} } });
  this.state = "suspended";
  this.currentTime = 0;
  this.destination = {};
  this.resume = () => { this.state = "running"; return Promise.resolve(); };
  this.createGain = node;
  this.createOscillator = () => { window.__oscillators += 1; return node(); };
};
"""


def turn_item(page: Page):
    return page.locator(".nav .turn-item")


def test_the_turn_shows_in_the_navigation_and_the_tab_title_on_every_page(
    asgi_server, browser, e2e
):
    base, errors = asgi_server, []
    alice_ctx = browser.new_context(viewport=DESKTOP)
    bob_ctx = browser.new_context(viewport=DESKTOP)
    bob_ctx.add_init_script(FAKE_ALERTS)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    watch_errors(alice, errors)
    watch_errors(bob, errors)
    sign_up(alice, base, "alice")
    sign_up(bob, base, "bob")
    url = create_table(alice, base, "lost_cities", opt_rounds="1")
    bob.goto(url)
    bob.get_by_role("button", name="Join this table").click()
    expect(bob.locator(".lc-board")).to_be_visible()
    expect(alice.locator(".lc-board")).to_be_visible(timeout=30_000)
    first = Table.objects.get().seats.get(is_to_move=True).user.username
    if first == "bob":
        expect(bob.locator(".your-turn")).to_be_visible()
        play_lost_cities_turn(bob)  # now it is Alice's turn
    expect(alice.locator(".your-turn")).to_be_visible()

    # Bob turns the sound and browser notifications on, and reloads his table tab.
    User.objects.filter(username="bob").update(turn_sound=True, turn_notifications=True)
    bob.reload()
    # Bob opens the home page in another tab: not his turn anywhere.
    home = bob_ctx.new_page()
    watch_errors(home, errors)
    home.goto(f"{base}/")
    expect(turn_item(home)).to_be_hidden()
    expect(home).to_have_title("Welcome · Playtable")
    plain_icon = home.locator("link[rel=icon]").get_attribute("href")
    for page in (bob, home):
        page.locator("h1").click()  # browsers let a page sound only after a click on it

    play_lost_cities_turn(alice)
    # His turn now: the counter, the tab title and the favicon change without a reload.
    expect(turn_item(home)).to_be_visible()
    expect(turn_item(home).locator(".count")).to_have_text("1")
    expect(home).to_have_title(re.compile(r"^\(1\) Your turn · "))
    expect(home.locator("link[rel=icon]")).to_have_attribute("href", re.compile(r"^data:image/png"))
    # So does the table tab's title; the board says it too.
    expect(bob).to_have_title(re.compile(r"^\(1\) Your turn · Lost Cities"))
    expect(bob.locator(".your-turn")).to_be_visible()
    icon = home.locator("link[rel=icon]").get_attribute("href")
    (e2e / "turn_alert_favicon.png").write_bytes(base64.b64decode(icon.split(",", 1)[1]))

    # One tone and one notification, from one of Bob's two tabs (both "in the background").
    # The tab that alerts is the one that gets the change's Web Lock, a moment after the
    # title changed (the lock is granted asynchronously): wait for it, then a little more,
    # so that a second tab's alert would show too.
    def alerts() -> list[list]:
        return [page.evaluate("[window.__oscillators, window.__notes]") for page in (bob, home)]

    deadline = time.monotonic() + 10
    while sum(oscillators for oscillators, _ in alerts()) < 2 and time.monotonic() < deadline:
        home.wait_for_timeout(50)
    home.wait_for_timeout(500)
    heard = alerts()
    assert sum(oscillators for oscillators, _ in heard) == 2  # the tone's two notes, once
    notes = [note for _, page_notes in heard for note in page_notes]
    assert notes == [{"title": "Your turn", "body": "It is your turn in a game at Playtable."}]
    home.screenshot(path=str(e2e / "turn_alert_desktop.png"))
    home.set_viewport_size(PHONE)
    home.screenshot(path=str(e2e / "turn_alert_phone.png"))
    # A page loaded now shows it from the server already.
    fresh = bob_ctx.new_page()
    watch_errors(fresh, errors)
    fresh.goto(f"{base}/games/")
    expect(fresh).to_have_title(re.compile(r"^\(1\) Your turn · Games"))
    fresh.close()

    play_lost_cities_turn(bob)
    expect(turn_item(home)).to_be_hidden()
    expect(home).to_have_title("Welcome · Playtable")
    expect(home.locator("link[rel=icon]")).to_have_attribute("href", plain_icon)
    expect(alice).to_have_title(re.compile(r"^\(1\) Your turn · "))
    assert errors == []
    alice_ctx.close()
    bob_ctx.close()


def start_against_a_bot(page: Page, base: str, name: str) -> None:
    sign_up(page, base, name)
    create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".your-turn")).to_be_visible(timeout=30_000)


def test_conceding_asks_once_and_cancel_changes_nothing(asgi_server, browser, e2e):
    base, errors = asgi_server, []
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    watch_errors(page, errors)
    start_against_a_bot(page, base, "quitter")
    table = Table.objects.get()
    asked: list[str] = []
    answer = {"accept": False}

    def on_dialog(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if answer["accept"] else dialog.dismiss()

    page.on("dialog", on_dialog)
    seen = table.version
    page.get_by_role("button", name="Concede").click()
    page.wait_for_timeout(700)  # a request, had one been sent, would have come back
    table.refresh_from_db()
    assert asked == ["Concede this game? You will rank last."]
    assert (table.status, table.version) == (Table.Status.ACTIVE, seen)
    expect(page.locator(".end-panel")).to_have_count(0)

    answer["accept"] = True
    page.get_by_role("button", name="Concede").click()
    expect(page.locator(".end-panel")).to_be_visible()
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert len(asked) == 2  # once per click: htmx did not ask again
    assert errors == []
    ctx.close()


def test_with_confirm_every_move_on_a_move_asks_first(asgi_server, browser, e2e):
    base, errors = asgi_server, []
    ctx = browser.new_context(viewport=PHONE)
    # Count the browser's permission requests (and pretend the player allows them).
    ctx.add_init_script(
        """
        window.__asked = 0;
        if (window.Notification) {
          Object.defineProperty(Notification, "permission", {
            configurable: true, get: () => window.__permission || "default" });
          Notification.requestPermission = function (callback) {
            window.__asked += 1;
            window.__permission = "granted";
            if (callback) callback("granted");
            return Promise.resolve("granted");
          };
        }
        """
    )
    page = ctx.new_page()
    watch_errors(page, errors)
    sign_up(page, base, "careful")
    page.goto(f"{base}/accounts/preferences/")
    ask = page.get_by_role("button", name="Allow browser notifications")
    expect(ask).to_be_visible()
    assert page.evaluate("window.__asked") == 0  # nothing asked on load
    ask.click()
    expect(page.locator("[data-notify-state]")).to_contain_text("may show")
    assert page.evaluate("window.__asked") == 1
    page.screenshot(path=str(e2e / "turn_alert_preferences_phone.png"), full_page=True)
    page.get_by_label("confirm every move").check()
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Your preferences were saved.")

    create_table(page, base, "lost_cities", opt_rounds="1")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".your-turn")).to_be_visible(timeout=30_000)
    table = Table.objects.get()
    table.refresh_from_db()
    before = table.move_count
    asked: list[str] = []
    answer = {"accept": False}

    def on_dialog(dialog) -> None:
        asked.append(dialog.message)
        dialog.accept() if answer["accept"] else dialog.dismiss()

    page.on("dialog", on_dialog)
    discard = page.locator(".lc-hand-card button", has_text="Discard").first
    discard.click()
    page.wait_for_timeout(700)
    table.refresh_from_db()
    assert table.move_count == before
    assert len(asked) == 1 and asked[0].startswith("Send this move?")
    assert "Discard" in asked[0]  # it names the move

    answer["accept"] = True
    seen = version(page)
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    wait_past(page, seen)
    table.refresh_from_db()
    assert table.move_count == before + 1
    assert len(asked) == 2
    assert errors == []
    ctx.close()
