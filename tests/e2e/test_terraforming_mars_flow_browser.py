"""Terraforming Mars' turn flow in real Chromium (README "Turn flow"): ben passes in advance
while ann acts; ann ends her turn and confirms it beside Undo; ben's seat passes at once.
Screenshots of the action bar at 1280x800 and 390x844 (tests/e2e/screenshots/tm_flow_*.png)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import in_thread, version, wait_past, watch_errors

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP_800 = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def _table() -> tuple[Any, Any, Any]:
    """A two-player table (default options: confirm on) in its action phase, ann to act."""
    from games.registry import get_engine
    from lobby.models import Seat
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = table_create(user=ann, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    assert table.options["confirm_turn"] is True  # the lobby's default
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    bot = engine.bots["heuristic"]
    rng = random.Random(2)
    while state.phase != "action":
        seat = min(engine.to_move(state))
        state = engine.apply(state, seat, bot.choose(engine, state, seat, rng))
    # ann (seat 0) acts first, with money for a standard project; nothing pending.
    st = state.clone()
    st.active = st.first = 0
    for seat in (0, 1):
        player = st.pw(seat)
        player.first_action = ""
        player.stock[0] = 60
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])
    Seat.objects.filter(table=table).update(is_to_move=False)
    Seat.objects.filter(table=table, position=0).update(is_to_move=True)
    return table, ann, ben


def _page(browser: Any, server: str, user: Any) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=DESKTOP_800)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": server}]
    )
    return context.new_page()


def _shots(page: Page, folder: Any, name: str) -> None:
    """The action bar at 1280x800 and at 390x844 (the page's top, where the bar sticks)."""
    for size, label in ((DESKTOP_800, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        expect(page.locator(".tm-actionbar")).to_be_visible()
        page.screenshot(path=str(folder / f"tm_flow_{name}_{label}.png"))
    page.set_viewport_size(DESKTOP_800)


def test_pass_in_advance_and_confirm_the_turn(asgi_server, browser, e2e) -> None:
    table, ann, ben = in_thread(_table)
    anns, bens = _page(browser, asgi_server, ann), _page(browser, asgi_server, ben)
    errors = watch_errors(anns)
    watch_errors(bens, errors)
    anns.goto(asgi_server + table.get_absolute_url())
    bens.goto(asgi_server + table.get_absolute_url())

    # Ben waits: his bar offers "Pass in advance" (and his confirm setting), no turn buttons.
    bar = bens.locator(".tm-actionbar")
    expect(bar.locator("button.tm-pass-ahead")).to_have_text("Pass in advance")
    expect(bar.locator(".tm-turn-end")).to_have_count(0)
    expect(bar.locator("button.tm-confirm-toggle")).to_be_visible()
    _shots(bens, e2e, "pass_ahead")
    seen = version(bens)
    bar.locator("button.tm-pass-ahead").click()
    wait_past(bens, seen)
    expect(bar.locator("button.tm-cancel-ahead")).to_have_text("Cancel pass in advance")
    expect(bar.locator(".tm-ahead-note")).to_have_text("You will pass when your turn comes.")
    _shots(bens, e2e, "cancel_ahead")

    # Ann's board moved on too (the version), and tells her nothing of Ben's choice.
    wait_past(anns, seen)
    expect(anns.locator(".tm-actionbar .tm-actions")).to_be_visible()
    expect(anns.locator(".tm-board")).not_to_contain_text("pass in advance")

    # Ann: a standard project, then End turn: the turn waits for her Confirm, Undo beside it.
    seen = version(anns)
    anns.locator(".tm-projects tr", has_text="Power Plant").locator("button").click()
    wait_past(anns, seen)
    seen = version(anns)
    anns.locator(".tm-actionbar .tm-turn-end button", has_text="End turn").click()
    wait_past(anns, seen)
    prompt = anns.locator(".tm-actionbar .tm-prompt")
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Your turn is over.")
    confirm = prompt.locator("button.tm-confirm")
    expect(confirm).to_have_text("Confirm")
    expect(prompt.locator(".tm-options button.undo")).to_be_visible()
    _shots(anns, e2e, "confirm")
    # Still Ann's turn: Ben's board says so and still offers to cancel.
    expect(bar.locator("button.tm-cancel-ahead")).to_be_visible()

    seen = version(anns)
    confirm.click()
    wait_past(anns, seen)
    # Ben passed at once when his turn came: the log says so, his seat shows "passed",
    # and it is Ann's turn again (Ben is out of this generation).
    log_line = "passed (in advance)."
    expect(bens.locator(".tm-board")).to_contain_text(log_line)
    expect(anns.locator(".tm-board")).to_contain_text(log_line)
    expect(bens.locator(".tm-actionbar button.tm-pass-ahead")).to_have_count(0)
    expect(anns.locator(".tm-actionbar .tm-actions")).to_be_visible()

    def passed() -> bool:
        from games.registry import get_engine

        table.refresh_from_db()
        state = get_engine("terraforming_mars").load(table.state)
        seats = {seat.position: seat.is_to_move for seat in table.seats.all()}
        return state.players[1].passed and state.active == 0 and not seats[1]

    assert in_thread(passed)
    assert errors == []
    anns.context.close()
    bens.context.close()
