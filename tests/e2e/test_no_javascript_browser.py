"""Every game played with JavaScript switched off in real Chromium.

Each board is a real `<form>` of real `<button>`s; htmx only enhances it. Without
JavaScript a click posts the form, the server answers with a redirect back to the table
(post, redirect, get) and the page loads again with the move made. Nothing arrives by
socket, so the other player sees the move when their page is loaded again.

Two players sign up through the form, open a table through the table form, join it and
play a few turns of each game; the boards are saved as screenshots at 1280x800 and
390x844 (tests/e2e/screenshots/nojs_<game>_desktop.png and _phone.png).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from lobby.models import Table
from tests.e2e.conftest import PHONE, create_table, sign_up, table_of, version, watch_errors

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"width": 1280, "height": 800}


def no_js(browser: Browser, viewport: dict[str, int]) -> tuple[BrowserContext, Page]:
    """A browser context with JavaScript off, and a page in it."""
    ctx = browser.new_context(viewport=viewport, java_script_enabled=False)
    return ctx, ctx.new_page()


def two_players(browser: Browser, base: str) -> tuple[list[BrowserContext], Page, Page, list[str]]:
    """Ann (desktop) and Ben (phone) sign up through the form, both without JavaScript;
    the last item collects both pages' console errors."""
    ann_ctx, ann = no_js(browser, SCREEN)
    ben_ctx, ben = no_js(browser, PHONE)
    errors = watch_errors(ann)
    watch_errors(ben, errors)
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    # No script of ours ran: htmx never loaded, nothing was enhanced.
    for page in (ann, ben):
        assert page.evaluate("() => typeof window.htmx") == "undefined"
    return [ann_ctx, ben_ctx], ann, ben, errors


def open_and_join(ann: Page, ben: Page, base: str, slug: str, **fields: str) -> str:
    """Ann opens a two-seat table of `slug`; Ben joins it (the full table starts)."""
    url = create_table(ann, base, slug, players="2", **fields)
    ben.goto(url)
    with ben.expect_navigation():
        ben.get_by_role("button", name="Join this table").click()
    assert ben.url == url
    ann.reload()
    for page in (ann, ben):
        expect(page.locator(".board-wrap")).to_have_attribute("data-status", "active")
    assert table_of(url).status == Table.Status.ACTIVE
    return url


def press(page: Page, button: Locator) -> None:
    """Click a move button: the form posts, the answer redirects back to the table page.

    Checks that the page was loaded again (a new document, not a swap), that no error is
    shown and that the board on it is newer than before.
    """
    seen = version(page)
    url = table_url(page)
    page.evaluate("() => { window.__before_move = true; }")
    with page.expect_navigation():
        button.click()
    assert page.url == url
    assert page.evaluate("() => window.__before_move") is None, "the page was not loaded again"
    expect(page.locator(".board-error")).to_have_count(0)
    assert version(page) > seen, "the move was not made"


def table_url(page: Page) -> str:
    """The address of the table whose page (or refused move's answer) is shown."""
    match = re.match(r"(.*/t/[0-9a-f-]+/)", page.url)
    assert match is not None, page.url
    return match.group(1)


def is_my_turn(page: Page) -> bool:
    return page.locator(".status-line .your-turn").count() > 0


def mover_of(ann: Page, ben: Page) -> tuple[Page, Page]:
    """Load both pages again; return (the player to move, the other)."""
    for page in (ann, ben):
        page.reload()
    movers = [page for page in (ann, ben) if is_my_turn(page)]
    assert len(movers) == 1, "exactly one player is to move"
    return movers[0], ben if movers[0] is ann else ann


def hand_over(url: str, mover: Page, watcher: Page, moves_before: int) -> None:
    """After the mover's turn: the table moved on, the log names the mover, and the other
    player's page, loaded again, says it is their turn."""
    table = table_of(url)
    assert table.move_count > moves_before
    name = mover.locator(".seat.me .seat-name").inner_text()
    watcher.reload()
    # One log per board: the platform's, or the game's own (Terraforming Mars).
    expect(
        watcher.locator(".game-log li:first-child, .tm-log li:first-child").first
    ).to_contain_text(name)
    expect(watcher.locator(".status-line .your-turn")).to_be_visible()
    expect(mover.locator(".status-line .your-turn")).to_have_count(0)


def screenshots(e2e, slug: str, ann: Page, ben: Page) -> None:
    ann.screenshot(path=str(e2e / f"nojs_{slug}_desktop.png"), full_page=True)
    ben.screenshot(path=str(e2e / f"nojs_{slug}_phone.png"), full_page=True)


def close(contexts: list[BrowserContext], errors: list[str], *, refused: int = 0) -> None:
    """Close the contexts; the pages logged no error but the `refused` moves' 4xx."""
    for ctx in contexts:
        ctx.close()
    answers = [e for e in errors if "the server responded with a status of 4" in e]
    assert len(answers) == refused, errors
    assert [e for e in errors if e not in answers] == []


def test_lost_cities_without_javascript(asgi_server, browser, e2e):
    base = asgi_server
    contexts, ann, ben, errors = two_players(browser, base)
    url = open_and_join(ann, ben, base, "lost_cities", opt_rounds="1")
    for _ in range(4):
        mover, watcher = mover_of(ann, ben)
        before = table_of(url).move_count
        hand = mover.locator(".lc-hand [data-card]").count()
        press(mover, mover.locator(".lc-hand-card button", has_text="Discard").first)
        expect(mover.locator(".lc-hand [data-card]")).to_have_count(hand - 1)
        press(mover, mover.locator("button.lc-draw"))
        expect(mover.locator(".lc-hand [data-card]")).to_have_count(hand)
        hand_over(url, mover, watcher, before + 1)
    assert table_of(url).move_count == 8
    screenshots(e2e, "lost_cities", ann, ben)
    close(contexts, errors)


def relative_space_turn(page: Page) -> None:
    """Choose a card (a radio button: CSS shows its pods' buttons), then a pod; the extra
    play that may follow the same way, or pass it."""
    for _ in range(6):
        if not is_my_turn(page):
            return
        if (
            page.locator(".rs-board [data-phase=extra]").count()
            and page.locator("button.rs-pass").count()
        ):
            press(page, page.locator("button.rs-pass"))
            continue
        cards = page.locator("label.rs-pickable")
        assert cards.count(), "no card to choose"
        expect(page.locator("button.rs-go:visible")).to_have_count(0)
        chosen = None
        for index in range(cards.count()):
            cards.nth(index).click()
            if page.locator("button.rs-go[data-result=loads]:visible").count():
                chosen = page.locator("button.rs-go[data-result=loads]:visible").first
                break
        if chosen is None:
            cards.first.click()
            chosen = page.locator("button.rs-go:visible").first
        press(page, chosen)
    raise AssertionError("the turn never ended")


def test_relative_space_without_javascript(asgi_server, browser, e2e):
    base = asgi_server
    contexts, ann, ben, errors = two_players(browser, base)
    url = open_and_join(ann, ben, base, "relative_space")
    for _ in range(4):
        mover, watcher = mover_of(ann, ben)
        before = table_of(url).move_count
        relative_space_turn(mover)
        hand_over(url, mover, watcher, before)
    expect(ann.locator(".rs-pod .rs-card").first).to_be_visible()
    screenshots(e2e, "relative_space", ann, ben)
    close(contexts, errors)


def reworld_turn(page: Page) -> None:
    """Buy a space and pay for it card by card (each card a step of its own, kept in the
    state), choosing the top card last; or drop out of the round when nothing is left."""
    buy = page.locator("button.rw-buy")
    if not buy.count():
        press(page, page.locator("button.rw-drop"))
        return
    press(page, buy.first)
    for _ in range(8):
        if page.locator(".rw-board .rw-info").get_attribute(
            "data-phase"
        ) != "pay" or not is_my_turn(page):
            return
        top = page.locator("button.rw-top")
        press(page, top.last if top.count() else page.locator("button.rw-pay").first)
    raise AssertionError("the payment never ended")


def test_reworld_without_javascript(asgi_server, browser, e2e):
    base = asgi_server
    contexts, ann, ben, errors = two_players(browser, base)
    url = open_and_join(ann, ben, base, "reworld")
    for _ in range(4):
        mover, watcher = mover_of(ann, ben)
        before = table_of(url).move_count
        claimed = mover.locator(".rw-arm.rw-claimed").count()
        reworld_turn(mover)
        hand_over(url, mover, watcher, before)
        expect(watcher.locator(".rw-arm.rw-claimed")).to_have_count(claimed + 1)
    screenshots(e2e, "reworld", ann, ben)
    close(contexts, errors)


def mondo_place_a_tile(page: Page) -> None:
    """Take a tile from the pool, turn it, place it on a highlighted space of your world."""
    placed = page.locator(".mo-me .mo-cell.mo-filled").count()
    press(page, page.locator("button.mo-slot").first)
    held = page.locator(".mo-held")
    expect(held).to_be_visible()
    rotation = int(held.get_attribute("data-rotation") or "0")
    press(page, page.locator(".mo-controls button", has_text="Right"))
    expect(page.locator(".mo-held")).to_have_attribute("data-rotation", str((rotation + 1) % 4))
    press(page, page.locator(".mo-me button.mo-legal").first)
    expect(page.locator(".mo-held")).to_have_count(0)
    expect(page.locator(".mo-me .mo-cell.mo-filled")).to_have_count(placed + 1)


def test_mondo_without_javascript(asgi_server, browser, e2e):
    """Mondo is played by everybody at once against the clock: both build at the same
    time, each page loaded again after every click, and each sees the other's world."""
    base = asgi_server
    contexts, ann, ben, errors = two_players(browser, base)
    url = open_and_join(ann, ben, base, "mondo", mode="live", opt_time="7")
    for page in (ann, ben):
        assert is_my_turn(page), "in Mondo both build at once"
        expect(page.locator(".phase-timer .clock")).to_be_visible()
    # Ben's page was loaded before Ann took the first tile of the pool: his click on it
    # is refused with words (a 4xx page showing the board as it is now), and he goes on
    # from that page.
    mondo_place_a_tile(ann)
    gone = ben.locator("button.mo-slot").first
    with ben.expect_navigation():
        gone.click()
    expect(ben.locator(".board-error")).to_contain_text("That tile is no longer in the pool")
    expect(ben.locator(".mo-held")).to_have_count(0)
    mondo_place_a_tile(ben)
    ann.reload()
    mondo_place_a_tile(ann)
    ben.reload()
    mondo_place_a_tile(ben)
    ann.reload()
    expect(ann.locator(".mo-others .mo-cell.mo-filled")).to_have_count(2)
    expect(ben.locator(".mo-others .mo-cell.mo-filled")).to_have_count(2)
    table = table_of(url)
    assert table.move_count == 12
    assert table.phase_key == "round-1"
    screenshots(e2e, "mondo", ann, ben)
    # Jumping out ends the round for Ann; she is not to move any more, Ben still is.
    press(ann, ann.locator("button.mo-stop"))
    expect(ann.locator(".status-line .your-turn")).to_have_count(0)
    ben.reload()
    expect(ben.locator(".status-line .your-turn")).to_be_visible()
    close(contexts, errors, refused=1)


def test_terraforming_mars_without_javascript(asgi_server, browser, e2e):
    """The setup is a sequence of choices kept in the state (a corporation, the cards to
    keep, confirm), each a form of its own; then the first player's first action."""
    base = asgi_server
    contexts, ann, ben, errors = two_players(browser, base)
    url = open_and_join(ann, ben, base, "terraforming_mars")
    for page in (ann, ben):
        page.reload()  # the other player's choices made the table move on
        expect(page.locator(".tm-selection")).to_contain_text("Choose your corporation")
        press(page, page.locator(".tm-selection button", has_text="Choose").first)
        for kept in (1, 2):
            press(page, page.locator(".tm-selection button", has_text="Keep").first)
            expect(page.locator(".tm-selection")).to_contain_text(f"Kept: {kept} card(s)")
        press(page, page.get_by_role("button", name="Confirm my choice"))
    mover, watcher = mover_of(ann, ben)
    assert mover.locator(".tm-board [data-phase]").get_attribute("data-phase") == "action"
    expect(mover.locator(".tm-hand")).to_contain_text("Your hand (2 cards)")
    before = table_of(url).move_count
    for _ in range(8):
        if not is_my_turn(mover):
            break
        hexes = mover.locator(".tm-hex-btn")
        prompt = mover.locator(".tm-prompt")
        if hexes.count():
            press(mover, hexes.first)
        elif prompt.count():
            press(mover, prompt.locator("button").first)
        elif mover.locator("button.tm-first-action").count():
            press(mover, mover.locator("button.tm-first-action"))
        elif mover.locator(".tm-actions button", has_text="End turn").count():
            press(mover, mover.locator(".tm-actions button", has_text="End turn"))
        else:
            press(mover, mover.locator(".tm-projects button", has_text="Use").last)
    hand_over(url, mover, watcher, before)
    screenshots(e2e, "terraforming_mars", ann, ben)
    close(contexts, errors)
