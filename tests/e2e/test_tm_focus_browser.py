"""Terraforming Mars with the keyboard, in real Chromium: the focus stays on the control it
was on when the other player's move arrives by push and replaces that control's region (as
test_keyboard_browser.py checks for the other games). Ann waits with the focus on a button of
her own hand; Ben builds a power plant and ends his turn: Ann's hand is drawn again (her
cards playable now), and the focus is on the same button of the new hand."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.conftest import in_thread, version
from tests.e2e.test_keyboard_browser import focused, tab_to
from tests.e2e.test_last_move_browser import _page

pytestmark = pytest.mark.django_db(transaction=True)

CAMP, ALLOYS = "001", "071"  # Colonizer Training Camp, Advanced Alloys
POWER_PLANT = {"type": "project", "project": "power_plant"}


def _table() -> tuple[Any, Any, Any]:
    """A two-player table in its action phase, Ben (seat 1) to act; Ann holds two cards."""
    from games.registry import get_engine
    from lobby.models import Seat
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory
    from tests.games.terraforming_mars.helpers import game, give, ready

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = table_create(user=ann, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    st = game(2, mc=80, first=1, options=dict(table.options))
    give(st, 0, CAMP, ALLOYS)
    table.state = get_engine("terraforming_mars").dump(ready(st))
    table.save(update_fields=["state"])
    Seat.objects.filter(table=table).update(is_to_move=False)
    Seat.objects.filter(table=table, position=1).update(is_to_move=True)
    return table, ann, ben


def _bens_turn(table: Any, ben: Any) -> int:
    """Ben builds a power plant and ends his turn (confirming it when asked); return the
    table's version once it is Ann's turn."""
    from games.registry import get_engine
    from lobby.services import move_submit

    engine = get_engine("terraforming_mars")
    move_submit(code=table.code, user=ben, action=POWER_PLANT, seen_version=None)
    for _ in range(5):
        table.refresh_from_db()
        state = engine.load(table.state)
        if 1 not in engine.to_move(state):
            break
        legal = engine.legal_actions(state, 1)
        action = next(a for a in legal if a["type"] in ("end_turn", "confirm"))
        move_submit(code=table.code, user=ben, action=action, seen_version=None)
    assert engine.to_move(state) == {0}
    return int(table.version)


def test_the_focus_stays_on_a_hand_button_across_the_other_players_move(
    asgi_server, browser, e2e
) -> None:
    from tests.games.terraforming_mars.helpers import card

    table, ann, ben = in_thread(_table)
    errors: list[str] = []
    page = _page(browser, asgi_server, ann, asgi_server + table.get_absolute_url(), errors)
    camp = f'.tm-hand-card[data-card="{card(CAMP)}"]'
    # Not her turn: no card of Ann's can be played yet.
    expect(page.locator(".tm-hand-card")).to_have_count(2)
    expect(page.locator(".tm-hand-card button", has_text="Play")).to_have_count(0)
    # Her own order of the hand: each card gets buttons to move it; reach one with Tab.
    page.locator("select[data-tm-sort]").select_option("manual")
    target = f'{camp} button[data-tm-move="1"]'
    expect(page.locator(target)).to_be_visible()
    page.locator("select[data-tm-sort]").focus()
    tab_to(page, target, limit=20)
    before = focused(page)
    assert before is not None and before["text"] == "Move Colonizer Training Camp right", before
    page.evaluate("() => { window.__focusedBefore = document.activeElement; }")

    seen = version(page)
    now = in_thread(lambda: _bens_turn(table, ben))
    assert now > seen
    page.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) === v", arg=now
    )
    # Ann's hand was drawn again (her cards playable now): the old button is gone ...
    expect(page.locator(f"{camp} button", has_text="Play")).to_be_visible()
    assert page.evaluate("() => window.__focusedBefore.isConnected") is False
    # ... and the focus is on the same control of the new hand, by its stable attributes.
    page.wait_for_function("s => !!document.activeElement?.matches(s)", arg=target)
    page.wait_for_timeout(300)  # a later push of the same move must not take it away
    assert page.evaluate("s => document.activeElement.matches(s)", target)
    after = focused(page)
    assert after == before, (before, after)
    page.screenshot(path=str(e2e / "tm-focus-kept-desktop.png"))
    assert errors == []
    page.context.close()
