"""Mondo in real Chromium: two people build at the same time until the clock ends the
round, and one person practises against a bot."""

from __future__ import annotations

import json
import threading
from datetime import timedelta

import pytest
from playwright.sync_api import Page, expect

from games.registry import get_engine
from lobby.models import Table
from lobby.services import deadlines_sweep
from tests.e2e.conftest import (
    DESKTOP,
    PHONE,
    create_table,
    sign_up,
    table_of,
    version,
    wait_past,
)

pytestmark = pytest.mark.django_db(transaction=True)


def as_beat(task, **kwargs):
    """Run `task` in a thread of its own, as Celery beat would: never in this thread, whose
    event loop Playwright holds (a Redis channel layer cannot be called from it)."""
    from django.db import connection

    result = {}

    def run() -> None:
        try:
            result["value"] = task(**kwargs)
        finally:
            connection.close()

    thread = threading.Thread(target=run, name="beat")
    thread.start()
    thread.join(60)
    return result["value"]


def hold_socket_moves(page: Page) -> None:
    """Hold the moves the page sends over its table socket until `__releaseMoves()`."""
    page.evaluate(
        """() => {
            const send = WebSocket.prototype.send;
            window.__heldMoves = [];
            WebSocket.prototype.send = function (message) {
                if (typeof message === "string" && message.startsWith("{")) {
                    window.__heldMoves.push([this, message]);
                } else {
                    send.call(this, message);
                }
            };
            window.__releaseMoves = () => {
                WebSocket.prototype.send = send;
                window.__heldMoves.forEach(([socket, message]) => send.call(socket, message));
            };
        }"""
    )


def take_any(page: Page) -> None:
    """Take the first tile of the pool; if someone was faster, take the next one."""
    for _ in range(5):
        page.evaluate("document.querySelectorAll('.mo-toast').forEach(e => e.remove())")
        page.locator("button.mo-slot").first.click()
        expect(page.locator(".mo-held, .mo-toast").first).to_be_visible(timeout=10_000)
        if page.locator(".mo-held").count():
            return
    raise AssertionError("never got a tile")


def turn_right(page: Page, *, key: bool = False) -> None:
    """Turn the held tile a quarter to the right, with the button or the keyboard.

    A click on a board that a push is replacing can be lost (the button goes with the old
    board), the tile as it was: like a player, the test then turns it again, once, from
    the new board.
    """
    held = page.locator(".mo-held")
    before = int(held.get_attribute("data-rotation"))
    wanted = str((before + 1) % 4)
    for attempt in range(2):
        if key:
            page.keyboard.press("e")
        else:
            page.locator(".mo-controls button", has_text="Right").click()
        try:
            expect(held).to_have_attribute("data-rotation", wanted, timeout=5_000)
            return
        except AssertionError:
            if attempt or held.get_attribute("data-rotation") != str(before):
                raise


def place_held(page: Page) -> None:
    """Place the held tile on the first highlighted space."""
    before = placed(page)
    page.locator(".mo-me button.mo-legal").first.click()
    expect(page.locator(".mo-me .mo-cell.mo-filled")).to_have_count(before + 1, timeout=10_000)
    expect(page.locator(".mo-held")).to_have_count(0)


def place_tile(page: Page) -> None:
    """Take the first pool tile, turn it once, and place it on the first legal space."""
    take_any(page)
    turn_right(page)
    place_held(page)


def placed(page: Page) -> int:
    return page.locator(".mo-me .mo-cell.mo-filled").count()


@pytest.mark.long
def test_two_players_build_at_once_until_the_clock_ends_the_round(asgi_server, browser, e2e):
    base = asgi_server
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ben_ctx = browser.new_context(viewport=PHONE)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    url = create_table(ann, base, "mondo", players="2", mode="live", opt_time="1", opt_expert="on")
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ben.locator(".mo-board")).to_be_visible()
    expect(ann.locator(".mo-board")).to_be_visible(timeout=10_000)
    # Both see the round's countdown from the server.
    for page in (ann, ben):
        expect(page.locator(".phase-timer .clock")).to_be_visible()
        expect(page.locator(".mo-pool button.mo-slot")).to_have_count(136)
    ann.screenshot(path=str(e2e / "mondo_start_desktop.png"), full_page=True)

    # Both reach for the same tile at the same moment: one gets it, the other is told.
    # Ann's move is held at her browser until Ben's has been played, so both click the
    # tile while both boards still show it (a click after the other's move had arrived
    # would be a click on another tile, not a race). Moves go over the table socket
    # (static/js/socket-moves.js): Ann's is held at her socket's send.
    ann_first = ann.locator("button.mo-slot").first
    ben_first = ben.locator("button.mo-slot").first
    assert ann_first.get_attribute("value") == ben_first.get_attribute("value")
    hold_socket_moves(ann)
    ann_first.click(no_wait_after=True)
    ann.wait_for_function("() => window.__heldMoves.length === 1")
    ben_first.click(no_wait_after=True)
    expect(ben.locator(".mo-held")).to_be_visible(timeout=10_000)
    ann.evaluate("() => window.__releaseMoves()")
    # The loser's message stays on screen in a toast even when the winner's move arrives
    # over the socket and redraws the board.
    for page in (ann, ben):
        expect(page.locator(".mo-held, .mo-toast").first).to_be_visible(timeout=10_000)
    holders = [page for page in (ann, ben) if page.locator(".mo-held").count()]
    losers = [page for page in (ann, ben) if page.locator(".mo-toast").count()]
    assert len(holders) == 1, "exactly one player holds the tile"
    assert len(losers) == 1 and losers[0] is not holders[0]
    expect(losers[0].locator(".mo-toast")).to_contain_text("Another player took that tile")
    winner = holders[0]
    ann.screenshot(path=str(e2e / "mondo_race_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / "mondo_race_phone.png"), full_page=True)
    place_held(winner)

    # Then they play on in turns of their own choosing, interleaved.
    for _ in range(3):
        place_tile(ann)
        place_tile(ben)
    # Ann's tiles show up on Ben's screen without a reload (his small copy of her world).
    expect(ben.locator(".mo-others .mo-cell.mo-filled")).to_have_count(placed(ann), timeout=10_000)
    ann.screenshot(path=str(e2e / "mondo_play_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / "mondo_play_phone.png"), full_page=True)
    # Expert game: with three tiles down a task may be taken.
    task = ann.locator(".mo-task button").first
    task.click()
    expect(ann.locator(".mo-my-tasks")).to_be_visible(timeout=10_000)
    # Ben is holding a tile when the time runs out: it goes back to the pool.
    take_any(ben)
    ben.screenshot(path=str(e2e / "mondo_held_phone.png"), full_page=True)

    table = table_of(url)
    table.refresh_from_db()
    assert table.phase_key == "round-1"
    ann_seen, ben_seen = version(ann), version(ben)
    assert as_beat(deadlines_sweep, now=table.phase_deadline + timedelta(seconds=1)) == 1
    # Both screens show the end of the round without a reload.
    wait_past(ann, ann_seen)
    wait_past(ben, ben_seen)
    for page in (ann, ben):
        expect(page.locator(".mo-round-end")).to_contain_text("Round 1 is over")
        expect(page.locator(".mo-round-end")).to_contain_text("Round score")
        expect(page.locator(".mo-held")).to_have_count(0)
    ann.screenshot(path=str(e2e / "mondo_round_end_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / "mondo_round_end_phone.png"), full_page=True)
    table.refresh_from_db()
    engine = get_engine("mondo")
    state = engine.load(table.state)
    assert state.phase == "break" and len(state.history) == 1
    assert table.moves.filter(kind="time_up").count() == 1
    # Every tile is somewhere exactly once: the pool, or a world.
    codes = [c for c in state.pool if c != -1] + [
        c for player in state.seats for c in player.board if c != -1
    ]
    assert sorted(c >> 3 for c in codes) == list(range(136))

    # Both get ready, one after the other: ben clicks once ann's ready has reached his
    # screen (a push redraws the round's end, button included, and a click on a button
    # that is being replaced is lost). Round 2 starts on both screens.
    ann.get_by_role("button", name="Ready for round 2").click()
    expect(ben.locator(".mo-round-end")).to_contain_text("1 player is ready", timeout=20_000)
    ben.get_by_role("button", name="Ready for round 2").click()
    for page in (ann, ben):
        expect(page.locator(".mo-round")).to_have_text("Round 2 of 3", timeout=10_000)
        expect(page.locator(".mo-pool button.mo-slot")).to_have_count(136)
    table.refresh_from_db()
    assert table.phase_key == "round-2"
    ann_ctx.close()
    ben_ctx.close()


@pytest.mark.long
def test_one_player_practises_against_a_bot_to_the_end(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    sign_up(page, base, "solo")
    url = create_table(page, base, "mondo", players="2", mode="live")
    page.get_by_role("button", name="Seat a bot").click()
    expect(page.locator(".mo-board")).to_be_visible()
    # The bot plays on its own (here at once: Celery runs eagerly in tests).
    for round_no in (1, 2, 3):
        # A new round starts once both are ready: the bot's ready and the player's round
        # trip may take a while on a busy machine (CI runs it beside other work).
        expect(page.locator(".mo-round")).to_have_text(f"Round {round_no} of 3", timeout=30_000)
        # It fills its world and jumps out with the top chip.
        expect(page.locator(".mo-others .mo-status")).to_contain_text(
            "out, bonus chip 4", timeout=20_000
        )
        expect(page.locator(".mo-others .mo-cell.mo-filled")).to_have_count(24)
        for _ in range(2):
            place_tile(page)
        page.keyboard.press("e")  # shortcuts are there too: nothing is held, nothing happens
        take_any(page)
        turn_right(page, key=True)  # the keyboard shortcut
        place_held(page)
        if round_no == 1:
            page.screenshot(path=str(e2e / "mondo_vs_bot_desktop.png"), full_page=True)
        page.locator("button.mo-stop").click()
        if round_no < 3:
            expect(page.locator(".mo-round-end")).to_contain_text(
                f"Round {round_no} is over", timeout=10_000
            )
            # The bot is ready at once: click once its ready has redrawn the round's end (a
            # click on a button that a push is replacing is lost).
            expect(page.locator(".mo-round-end")).to_contain_text(
                "1 player is ready", timeout=20_000
            )
            ready = page.get_by_role("button", name=f"Ready for round {round_no + 1}")
            ready.click()
            expect(ready).to_have_count(0, timeout=20_000)  # the server took it
    expect(page.locator(".end-panel")).to_be_visible(timeout=10_000)
    expect(page.locator(".mo-final")).to_contain_text("Final scoring")
    page.screenshot(path=str(e2e / "mondo_end_desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(e2e / "mondo_end_phone.png"), full_page=True)
    table = table_of(url)
    assert table.status == Table.Status.FINISHED
    details = table.result["details"]
    assert len(details["rounds"]) == 3
    assert json.dumps(details)
    ctx.close()
