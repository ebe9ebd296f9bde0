"""Games played with the keyboard alone (JavaScript on) in real Chromium.

Every press is `page.keyboard`: Tab or Shift+Tab to reach a button, Enter or Space to
press it. Each focused control must show where the focus is (an outline or a ring), and
after a move, whether the answer to it or the other player's move replaced the board,
the focus stays in the board, on or near the next thing to do, never dropped to the top
of the page.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import (
    DESKTOP,
    create_table,
    sign_up,
    table_of,
    version,
    wait_past,
    watch_errors,
)

pytestmark = pytest.mark.django_db(transaction=True)

# Reads the focused element: its tag, text and where it is; whether it shows a ring.
FOCUSED = """() => {
    const e = document.activeElement;
    if (!e || e === document.body || e === document.documentElement) return null;
    const s = getComputedStyle(e);
    const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0;
    const ring = s.boxShadow && s.boxShadow !== "none";
    return {
        tag: e.tagName,
        text: (e.getAttribute("aria-label") || e.textContent || "").trim(),
        inBoard: !!e.closest(".board-wrap"),
        visible: outline || !!ring,
    };
}"""


def focused(page: Page) -> dict | None:
    return page.evaluate(FOCUSED)


def tab_to(page: Page, selector: str, *, limit: int = 400) -> int:
    """Move the focus with Tab (or Shift+Tab when the target lies before the focus) until
    a control matching `selector` has it; return how many presses that took (0: it had
    the focus already). Every control passed on the way must show its focus."""
    backwards = page.evaluate(
        """s => {
            const target = document.querySelector(s);
            const here = document.activeElement;
            if (!target || !here || here === document.body) return false;
            return !!(here.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_PRECEDING);
        }""",
        selector,
    )
    key = "Shift+Tab" if backwards else "Tab"
    if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
        return 0
    for presses in range(1, limit + 1):
        page.keyboard.press(key)
        now = focused(page)
        if now is not None:
            assert now["visible"], f"no visible focus on {now}"
        if page.evaluate("s => !!document.activeElement?.matches(s)", selector):
            return presses
    raise AssertionError(f"{selector} never took the focus")


def focus_kept(page: Page) -> dict:
    """The focus after a move: on a control in the board, showing a ring."""
    page.wait_for_timeout(300)  # a push of the other player's move may still arrive
    expect(page.locator(".board-wrap")).to_be_visible()
    now = focused(page)
    assert now is not None, "the focus was dropped to the top of the page"
    assert now["inBoard"], f"the focus left the board: {now}"
    assert now["visible"], f"no visible focus on {now}"
    return now


def wait_turn(page: Page) -> None:
    expect(page.locator(".status-line .your-turn")).to_be_visible(timeout=20_000)


def test_lost_cities_with_the_keyboard_alone(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "keys")
    url = create_table(page, base, "lost_cities", opt_rounds="1")
    tab_to(page, ".table-actions button.secondary")  # "Seat a bot"
    page.keyboard.press("Enter")
    expect(page.locator(".lc-board")).to_be_visible()
    table = table_of(url)
    for turn in range(3):
        wait_turn(page)
        hand = page.locator(".lc-hand [data-card]").count()
        # Discard a card: reach its button and press Enter.
        tab_to(page, ".lc-hand-card button.secondary")
        label = focused(page)["text"]
        assert label.startswith("Discard"), label
        page.keyboard.press("Enter")
        expect(page.locator(".lc-board [data-phase=take]")).to_be_visible()
        expect(page.locator(".lc-hand [data-card]")).to_have_count(hand - 1)
        focus_kept(page)
        # The draw is a few presses away from where the focus landed.
        assert tab_to(page, "button.lc-draw", limit=15) <= 15
        if turn == 0:
            page.screenshot(path=str(e2e / "keyboard_lost_cities_desktop.png"))
        page.keyboard.press("Space")
        # The bot answers at once; its move replaces the board under the focus.
        wait_turn(page)
        expect(page.locator(".lc-hand [data-card]")).to_have_count(hand)
        focus_kept(page)
    table.refresh_from_db()
    assert table.move_count >= 6
    # A mouse player's focus is left alone: after a click the focus is on no move, so
    # Space scrolls the page and presses nothing.
    seen = version(page)
    page.locator(".lc-hand-card button", has_text="Discard").first.click()
    wait_past(page, seen)
    page.wait_for_timeout(300)
    assert page.evaluate("() => !document.activeElement?.closest('.board-wrap')")
    seen = version(page)
    page.keyboard.press("Space")
    page.wait_for_timeout(500)
    assert version(page) == seen
    assert errors == []
    ctx.close()


def test_reworld_with_the_keyboard_alone(asgi_server, browser, e2e):
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "keys")
    url = create_table(page, base, "reworld", players="2")
    tab_to(page, ".table-actions button.secondary")  # "Seat a bot"
    page.keyboard.press("Enter")
    expect(page.locator(".rw-board")).to_be_visible()
    table = table_of(url)
    for _ in range(2):
        wait_turn(page)
        claimed = page.locator(".rw-arm.rw-claimed").count()
        tab_to(page, "button.rw-buy")
        seen = version(page)
        page.keyboard.press("Enter")
        wait_past(page, seen)
        # Paying is a step per card: each next step is close to where the focus is.
        for _ in range(8):
            if not page.locator(".rw-board .rw-prompt[data-phase=pay]").count():
                break
            focus_kept(page)
            target = "button.rw-top" if page.locator("button.rw-top").count() else "button.rw-pay"
            assert tab_to(page, target, limit=15) <= 15
            seen = version(page)
            page.keyboard.press("Enter")
            wait_past(page, seen)
        expect(page.locator(".rw-arm.rw-claimed")).not_to_have_count(claimed)
        wait_turn(page)
        focus_kept(page)
    page.screenshot(path=str(e2e / "keyboard_reworld_desktop.png"))
    table.refresh_from_db()
    assert table.move_count >= 4
    assert errors == []
    ctx.close()


def test_relative_space_with_the_keyboard_alone(asgi_server, browser, e2e):
    """A card is a radio button (Space chooses it, and the stylesheet shows its pods'
    buttons); a pod is a button (Enter loads it)."""
    base = asgi_server
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    errors = watch_errors(page)
    sign_up(page, base, "keys")
    url = create_table(page, base, "relative_space", players="2")
    tab_to(page, ".table-actions button.secondary")  # "Seat a bot"
    page.keyboard.press("Enter")
    expect(page.locator(".rs-board")).to_be_visible()
    table = table_of(url)
    for _ in range(2):
        wait_turn(page)
        for _ in range(6):
            if not page.locator(".rs-board .rs-your-turn").count():
                break
            seen = version(page)
            if page.locator(".rs-board [data-phase=extra] button.rs-pass").count():
                tab_to(page, "button.rs-pass")
                page.keyboard.press("Enter")
            else:
                tab_to(page, "input.rs-pick")
                page.keyboard.press("Space")
                chosen = page.evaluate(
                    "() => ({slot: document.activeElement.value,"
                    " checked: document.activeElement.checked})"
                )
                assert chosen["checked"], "Space did not choose the card"
                slot = chosen["slot"]
                go = page.locator(f"button.rs-go-{slot}")
                expect(go.first).to_be_visible()
                tab_to(page, f"button.rs-go-{slot}")
                page.keyboard.press("Enter")
            wait_past(page, seen)
            focus_kept(page)
        # The bot answers at once; a two-player game may already be over.
        expect(page.locator(".status-line .your-turn, .end-panel").first).to_be_visible()
        focus_kept(page)
        if page.locator(".end-panel").count():
            break
    page.screenshot(path=str(e2e / "keyboard_relative_space_desktop.png"))
    table.refresh_from_db()
    assert table.move_count >= 4
    assert errors == []
    ctx.close()
