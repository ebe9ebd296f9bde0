"""Terraforming Mars in real Chromium: several of a player's effects trigger at once, and the
prompt asks which resolves first ("order", flow.py). "Whatever" resolves them in the usual
(tableau) order; a card's own button resolves that card first, and the rest follow. Ann holds
Mars University and Olympus Conference in play and plays Advanced Alloys (a science tag)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import in_thread, version, wait_past
from tests.e2e.test_last_move_browser import _page

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP_800 = {"width": 1280, "height": 800}
MARS_UNIVERSITY, OLYMPUS, ADVANCED_ALLOYS, TRAINING_CAMP = "073", "185", "071", "001"


def _table() -> tuple[Any, Any]:
    """A two-player table, ann (seat 0) to act with Mars University and Olympus Conference
    (one science resource) in play and Advanced Alloys and Colonizer Training Camp in hand."""
    from games.registry import get_engine
    from lobby.models import Seat
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory
    from tests.games.terraforming_mars.helpers import game, give, in_play, ready

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = table_create(user=ann, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    st = game(2, mc=80, options=dict(table.options))
    in_play(st, 0, MARS_UNIVERSITY, OLYMPUS, res=1)
    give(st, 0, ADVANCED_ALLOYS, TRAINING_CAMP)
    table.state = get_engine("terraforming_mars").dump(ready(st))
    table.save(update_fields=["state"])
    Seat.objects.filter(table=table).update(is_to_move=False)
    Seat.objects.filter(table=table, position=0).update(is_to_move=True)
    return table, ann


def _click(page: Page, locator: Any) -> None:
    seen = version(page)
    locator.click()
    wait_past(page, seen)


def _card_id(number: str) -> str:
    from tests.games.terraforming_mars.helpers import card

    return card(number)


def _the_order_asked(asgi_server: str, browser: Any, errors: list[str]) -> tuple[Page, Any]:
    """Open Ann's board and play Advanced Alloys from her hand; return her page and the
    prompt that asks for the order of her effects."""
    table, ann = in_thread(_table)
    url = asgi_server + table.get_absolute_url()
    page = _page(browser, asgi_server, ann, url, errors, viewport=DESKTOP_800)
    alloys = page.locator(f'.tm-hand-card[data-card="{_card_id(ADVANCED_ALLOYS)}"] button')
    _click(page, alloys.filter(has_text="Play"))
    prompt = page.locator(".tm-actionbar .tm-prompt")
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Several of your effects")
    expect(prompt.locator(".tm-options button")).to_have_text(
        ["Mars University first", "Olympus Conference first", "Whatever"]
    )
    return page, prompt


def _science(page: Page) -> str:
    """The science resources on Ann's Olympus Conference, as her tableau shows them."""
    res = page.locator(f'.tm-player.tm-b0 [data-card="{_card_id(OLYMPUS)}"] .tm-card-res > b')
    return (res.text_content() or "").strip()


def test_whatever_resolves_the_effects_in_the_usual_order(asgi_server, browser, e2e) -> None:
    errors: list[str] = []
    page, prompt = _the_order_asked(asgi_server, browser, errors)
    assert _science(page) == "1"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(e2e / "tm-effect-order.png"))

    _click(page, prompt.get_by_role("button", name="Whatever"))
    # The prompt moved on: Mars University first (the tableau's order), no order asked again.
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Mars University")
    expect(prompt.get_by_role("button", name="Whatever")).to_have_count(0)
    _click(page, prompt.get_by_role("button", name="Discard Colonizer Training Camp"))
    # Then Olympus Conference: a science resource on it.
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Olympus Conference")
    _click(page, prompt.get_by_role("button", name="Add 1 science resource here"))
    expect(page.locator(".tm-actionbar .tm-prompt")).to_have_count(0)
    expect(page.locator(".tm-actionbar .tm-actions")).to_be_visible()  # the turn goes on
    assert _science(page) == "2"
    hand = page.locator(".tm-hand-card")
    expect(hand).to_have_count(1)  # the camp discarded, a new card drawn, the alloys played
    assert hand.first.get_attribute("data-card") not in {
        _card_id(TRAINING_CAMP),
        _card_id(ADVANCED_ALLOYS),
    }
    assert errors == []
    page.context.close()


def test_a_chosen_order_resolves_that_card_first(asgi_server, browser, e2e) -> None:
    errors: list[str] = []
    page, prompt = _the_order_asked(asgi_server, browser, errors)

    # Olympus Conference first: its resource off to draw a card, which Mars University
    # (after it) may then discard: the order changed what can be done.
    _click(page, prompt.get_by_role("button", name="Olympus Conference first"))
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Olympus Conference")
    _click(page, prompt.get_by_role("button", name="Remove 1 science resource here to draw 1 card"))
    assert _science(page) == "0"
    expect(prompt.locator(".tm-prompt-text")).to_contain_text("Mars University")
    drawn = page.locator(".tm-hand-card").nth(1)
    assert drawn.get_attribute("data-card") != _card_id(TRAINING_CAMP)
    name = (drawn.locator(".tm-card-name").text_content() or "").strip()
    # Mars University may discard the camp or the card just drawn.
    expect(prompt.locator(".tm-options button", has_text="Discard")).to_have_count(2)
    expect(prompt.get_by_role("button", name=f"Discard {name}", exact=False)).to_have_count(1)
    page.screenshot(path=str(e2e / "tm-effect-order-chosen.png"))
    _click(page, prompt.get_by_role("button", name="Nobody / nothing"))
    expect(page.locator(".tm-actionbar .tm-prompt")).to_have_count(0)
    expect(page.locator(".tm-hand-card")).to_have_count(2)
    assert errors == []
    page.context.close()
