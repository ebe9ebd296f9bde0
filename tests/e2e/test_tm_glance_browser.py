"""Terraforming Mars: every player's TR, resources and production at a glance beside the
map, in real Chromium: in the first screen of a desktop without scrolling (with two players
and with five), no sideways scrolling on a phone, and a move of the other player shows in it
without a reload. The map's disc of Mars is whole: nothing of it cut off at the top."""

from __future__ import annotations

import math
from typing import Any

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from games.registry import get_engine
from tests.e2e.conftest import PHONE, in_thread, version, wait_past
from tests.e2e.test_last_move_browser import _page

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP_800 = {"width": 1280, "height": 800}
#: The other player's M€ before their move: a number seen nowhere else in the summary.
THEIR_MC = 47
POWER_PLANT = {"type": "project", "project": "power_plant"}


def _ben_acting(table: Any) -> Any:
    """Random moves (stored on the table) until generation 2 or later, ben (seat 1) alone
    to act with nothing asked; return that state."""
    from tests.games.terraforming_mars.test_board_bga import _play_until

    engine = get_engine("terraforming_mars")
    return _play_until(
        table,
        lambda st: (
            st.gen >= 2 and st.phase == "action" and not st.queue and engine.to_move(st) == {1}
        ),
        seed=11,
    )


def _mid_game() -> tuple[Any, Any, Any]:
    """A two-player table in generation 2 or later, seat 1 (ben) about to act, with
    THEIR_MC M€; return the table, ann (seat 0, the viewer) and ben."""
    from tests.factories import UserFactory
    from tests.games.terraforming_mars.test_board_bga import _table

    ann, ben = UserFactory(username="ann"), UserFactory(username="ben")
    table = _table(ann, ben)
    engine = get_engine("terraforming_mars")
    state = _ben_acting(table)
    state.players[1].stock[0] = THEIR_MC
    assert POWER_PLANT in engine.legal_actions(state, 1)
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    return table, ann, ben


def _five_players() -> tuple[Any, list[Any]]:
    """A five-player table in generation 2 or later, ben (seat 1) to move and ann (seat 0,
    the viewer) waiting; return the table and the users in seat order."""
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory

    users = [UserFactory(username=name) for name in ("ann", "ben", "cat", "dan", "eve")]
    table = table_create(user=users[0], game="terraforming_mars", players=5, options={})
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    engine = get_engine("terraforming_mars")
    state = _ben_acting(table)
    # The seat bar and the status line say whose turn it is, as after a move.
    for seat in table.seats.all():
        seat.is_to_move = seat.position in engine.to_move(state)
        seat.save(update_fields=["is_to_move"])
    return table, users


def _power_plant(table: Any, ben: Any) -> int:
    """Ben builds a power plant (11 M€), answering any question it raises; return his M€."""
    from lobby.services import move_submit

    engine = get_engine("terraforming_mars")
    move_submit(code=table.code, user=ben, action=POWER_PLANT, seen_version=None)
    for _ in range(10):
        table.refresh_from_db()
        state = engine.load(table.state)
        if not state.queue or 1 not in engine.to_move(state):
            break
        action = engine.legal_actions(state, 1)[0]
        move_submit(code=table.code, user=ben, action=action, seen_version=None)
    return int(state.players[1].stock[0])


def _their_mc(page: Page) -> str:
    cell = page.locator('.tm-glance-player[data-seat="1"] .tm-r-mc .tm-glance-stock')
    return cell.inner_text()


def _in_first_screen(page: Page, seats: list[str]) -> Any:
    """Check that every block of the summary, in the order of `seats` (the viewer's first),
    is whole in the first 1280×800 screen, beside the map; return the blocks."""
    blocks = page.locator(".tm-glance-player")
    expect(blocks).to_have_count(len(seats))
    assert page.evaluate("() => window.scrollY") == 0
    assert [blocks.nth(i).get_attribute("data-seat") for i in range(len(seats))] == seats
    map_box = page.locator(".tm-map").bounding_box()
    assert map_box is not None
    for i in range(len(seats)):
        box = blocks.nth(i).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= DESKTOP_800["height"], box
        assert box["x"] >= map_box["x"] + map_box["width"] - 1  # beside the map, not under it
        expect(blocks.nth(i).locator(".tm-glance-res li")).to_have_count(6)
    return blocks


def test_every_player_at_a_glance_beside_the_map(asgi_server, browser, e2e) -> None:
    table, ann, ben = in_thread(_mid_game)
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    page = _page(browser, asgi_server, ann, url, errors, viewport=DESKTOP_800)

    # Desktop 1280×800: both blocks whole in the first screen, right of the map, no scrolling,
    # for the player waiting (ann) and for the one to move (ben: the action bar above).
    theirs = _page(browser, asgi_server, ben, url, errors, viewport=DESKTOP_800)
    expect(theirs.locator(".tm-actionbar .tm-actions")).to_be_visible()
    _in_first_screen(theirs, ["1", "0"])
    theirs.screenshot(path=str(e2e / "tm-glance-desktop-to-move.png"))
    theirs.context.close()
    blocks = _in_first_screen(page, ["0", "1"])
    assert _their_mc(page) == str(THEIR_MC)
    expect(blocks.nth(1).locator(".tm-acting-badge")).to_have_text("to move")
    page.screenshot(path=str(e2e / "tm-glance-desktop.png"))

    # Phone 390×844: in the Map tab, under the globals, and no sideways scrolling.
    page.set_viewport_size(PHONE)
    expect(page.locator(".tm-tabs")).to_be_visible()
    expect(page.locator(".tm-glance")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    for i in range(2):
        box = blocks.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.locator(".tm-glance").scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / "tm-glance-phone.png"))

    # Ben's move changes his M€: the summary shows the new number, the page not reloaded.
    page.set_viewport_size(DESKTOP_800)
    page.evaluate("() => { window.__sameDocument = true; }")
    seen = version(page)
    left = in_thread(lambda: _power_plant(table, ben))
    assert left == THEIR_MC - 11
    wait_past(page, seen)
    expect(page.locator('.tm-glance-player[data-seat="1"] .tm-r-mc .tm-glance-stock')).to_have_text(
        str(left)
    )
    assert page.evaluate("() => window.__sameDocument") is True
    assert errors == []
    page.context.close()


def test_five_players_at_a_glance_in_the_first_screen(asgi_server, browser, e2e) -> None:
    table, users = in_thread(_five_players)
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()

    # Desktop 1280×800: all five blocks whole in the first screen beside the map, for the
    # player to move (ben: the turn's action bar above the board) and for one waiting (ann).
    theirs = _page(browser, asgi_server, users[1], url, errors, viewport=DESKTOP_800)
    expect(theirs.locator(".tm-actionbar .tm-actions")).to_be_visible()
    _in_first_screen(theirs, ["1", "2", "3", "4", "0"])
    # In Dutch too, whose "to move" badge is the longest ("aan de beurt"): on one line.
    theirs.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "nl", "url": asgi_server}]
    )
    theirs.reload()
    expect(theirs.locator(".tm-glance .tm-acting-badge")).to_have_text("aan de beurt")
    _in_first_screen(theirs, ["1", "2", "3", "4", "0"])
    theirs.screenshot(path=str(e2e / "tm-glance-5p-desktop-nl.png"))
    theirs.context.close()
    page = _page(browser, asgi_server, users[0], url, errors, viewport=DESKTOP_800)
    blocks = _in_first_screen(page, ["0", "1", "2", "3", "4"])
    # No block overlaps another nor runs out of the column beside the map.
    boxes = [blocks.nth(i).bounding_box() for i in range(5)]
    side = page.locator(".tm-side").bounding_box()
    assert side is not None
    for i, a in enumerate(boxes):
        assert a is not None
        assert a["x"] + a["width"] <= side["x"] + side["width"] + 0.5, a
        for b in boxes[i + 1 :]:
            assert b is not None
            apart = (
                a["x"] + a["width"] <= b["x"] + 0.5
                or b["x"] + b["width"] <= a["x"] + 0.5
                or a["y"] + a["height"] <= b["y"] + 0.5
                or b["y"] + b["height"] <= a["y"] + 0.5
            )
            assert apart, (a, b)
    # Still readable: every name and number at least 10 px high, the globals above them.
    assert (
        page.evaluate(
            """() => Math.min(...Array.from(document.querySelectorAll(
             '.tm-glance-name, .tm-glance-stock, .tm-glance-tr strong, .tm-track-value'))
           .map(e => parseFloat(getComputedStyle(e).fontSize)))"""
        )
        >= 10
    )
    expect(page.locator(".tm-globals .tm-track")).to_have_count(3)
    page.screenshot(path=str(e2e / "tm-glance-5p-desktop.png"))

    # Phone 390×844: one block under the other, no sideways scrolling.
    page.set_viewport_size(PHONE)
    expect(page.locator(".tm-glance")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    for i in range(5):
        box = blocks.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        expect(blocks.nth(i).locator(".tm-glance-res li")).to_have_count(6)
    page.locator(".tm-glance").scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / "tm-glance-5p-phone.png"))
    assert errors == []
    page.context.close()


#: The map's boxes: the <svg>, the disc of Mars in it, and every hex (the top one first).
MAP_BOXES = """() => {
  const box = e => { const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; };
  const disc = document.querySelector('.tm-map svg .tm-disc');
  const hexes = Array.from(document.querySelectorAll('.tm-map svg .tm-space .tm-h')).map(box);
  hexes.sort((a, b) => a.y - b.y);
  return {map: box(document.querySelector('.tm-map')),
          svg: box(document.querySelector('.tm-map svg')), disc: disc && box(disc), hexes: hexes,
          bar: box(document.querySelector('.tm-actionbar'))};
}"""


def _whole_map(page: Page) -> None:
    """The map's top hex and its disc are whole inside the map's box, below the action bar,
    and every hex lies on the disc."""
    boxes = page.evaluate(MAP_BOXES)
    outer, svg, disc, top = boxes["map"], boxes["svg"], boxes["disc"], boxes["hexes"][0]
    assert disc is not None, "no disc of Mars on the map"
    for inner in (top, disc):
        assert inner["x"] >= outer["x"] - 0.5 and inner["right"] <= outer["right"] + 0.5, inner
        assert inner["y"] >= outer["y"] - 0.5 and inner["bottom"] <= outer["bottom"] + 0.5, inner
        assert inner["x"] >= svg["x"] - 0.5 and inner["y"] >= svg["y"] - 0.5, (inner, svg)
    assert top["y"] >= boxes["bar"]["bottom"], (top, boxes["bar"])  # not under the sticky bar
    cx, cy = (disc["x"] + disc["right"]) / 2, (disc["y"] + disc["bottom"]) / 2
    radius = (disc["right"] - disc["x"]) / 2
    for hex_box in boxes["hexes"]:
        mid_x, mid_y = (hex_box["x"] + hex_box["right"]) / 2, (hex_box["y"] + hex_box["bottom"]) / 2
        # Its top and bottom tips and the middles of its sides, all on the disc.
        for x, y in (
            (mid_x, hex_box["y"]),
            (mid_x, hex_box["bottom"]),
            (hex_box["x"], mid_y),
            (hex_box["right"], mid_y),
        ):
            assert math.hypot(x - cx, y - cy) <= radius + 0.5, (hex_box, disc)


def test_the_disc_of_mars_is_whole(asgi_server, browser, e2e) -> None:
    table, users = in_thread(_five_players)
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    for name, viewport in (("desktop", DESKTOP_800), ("phone", PHONE)):
        page = _page(browser, asgi_server, users[1], url, errors, viewport=viewport)
        expect(page.locator(".tm-actionbar")).to_be_visible()
        _whole_map(page)
        page.locator(".tm-map").scroll_into_view_if_needed()
        page.screenshot(path=str(e2e / f"tm-map-disc-{name}.png"))
        page.context.close()
    assert errors == []
