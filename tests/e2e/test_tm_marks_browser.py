"""Terraforming Mars in real Chromium, mid-game: the other player's move is marked precisely
on the viewer's page (not reloaded): the raised parameter and the card played into their
tableau, then the hex of the tile placed, rather than their whole panel; the marks fade; the
viewer's scroll offset stays. A log line naming a space lights it, and on focus brings it
into view. Screenshots: tm-mark-*.png."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE
from tests.e2e.conftest import in_thread as _in_thread
from tests.e2e.test_last_move_browser import _page
from tests.e2e.test_tm_cards_browser import _card, _table

pytestmark = pytest.mark.django_db(transaction=True)

SPONSORS = "Sponsors"  # 6 M€, +2 M€ production: no question asked


def _ben_ready(table: Any) -> None:
    """Ben (seat 1, to act) gets 60 M€ and Sponsors in hand."""
    from games.registry import get_engine

    engine = get_engine("terraforming_mars")
    table.refresh_from_db()
    st = engine.load(table.state).clone()
    card = _card(SPONSORS)
    st.deck = tuple(c for c in st.deck if c != card)
    st.pw(1).hand = (*st.players[1].hand, card)
    st.pw(1).stock = (60, *st.players[1].stock[1:])
    st.freeze()
    table.state = engine.dump(st)
    table.save(update_fields=["state"])


def _submit(table: Any, user: Any, seat: int, action: dict[str, Any]) -> None:
    """Send `action` for `seat`, then its Confirm of the turn's end if the table asks one."""
    from games.registry import get_engine
    from lobby.services import move_submit

    engine = get_engine("terraforming_mars")
    table.refresh_from_db()
    move_submit(code=table.code, user=user, action=action, seen_version=table.version)
    table.refresh_from_db()
    if engine.legal_actions(engine.load(table.state), seat) == [{"type": "confirm"}]:
        move_submit(
            code=table.code, user=user, action={"type": "confirm"}, seen_version=table.version
        )


def _legal(table: Any, seat: int) -> list[dict[str, Any]]:
    from games.registry import get_engine

    engine = get_engine("terraforming_mars")
    table.refresh_from_db()
    return engine.legal_actions(engine.load(table.state), seat)


def _wait_for(page: Page, table: Any) -> None:
    table.refresh_from_db()
    page.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) === v",
        arg=table.version,
    )


#: The element's own glow (an animation of the site's, or the hex's ring): its name, how long
#: it runs (ms, a few seconds, once), and the outline / stroke once it has run its course.
FADE = """(el) => {
  const target = el.matches('.tm-space') ? el.querySelector('.tm-h') : el;
  const anims = target.getAnimations();
  const a = anims[0];
  const timing = a.effect.getComputedTiming();
  const before = getComputedStyle(target);
  const lit = [before.outlineColor, before.stroke, before.strokeWidth];
  a.finish();
  const after = getComputedStyle(target);
  return {name: a.animationName, duration: timing.duration, iterations: timing.iterations,
          lit, after: [after.outlineColor, after.stroke, after.strokeWidth], count: anims.length};
}"""


def test_marks_are_precise_and_fade_and_the_log_reveals_its_space(
    asgi_server, browser, e2e
) -> None:
    table, ann, ben = _in_thread(_table)
    _in_thread(lambda: _ben_ready(table))
    errors: list[str] = []
    page = _page(browser, asgi_server, ann, asgi_server + table.get_absolute_url(), errors)
    context = page.context
    page.add_style_tag(content="* { overflow-anchor: none !important; }")  # the script keeps it
    page.evaluate("() => window.scrollTo(0, 500)")
    before = page.evaluate("() => window.scrollY")
    assert before == 500

    # Ben's turn: an asteroid (the temperature), then Sponsors (a green card), which ends his
    # turn (Ann's bar then grows: the offset is checked after the asteroid alone).
    sponsors = _card(SPONSORS)
    _in_thread(lambda: _submit(table, ben, 1, {"type": "project", "project": "asteroid"}))
    _wait_for(page, table)
    temp = page.locator(".tm-track-temp.last-move")
    expect(temp).to_have_count(1)
    expect(page.locator(".board-wrap .last-move")).to_have_count(1)
    assert abs(page.evaluate("() => window.scrollY") - before) <= 2
    _in_thread(lambda: _submit(table, ben, 1, {"type": "play", "card": sponsors}))
    _wait_for(page, table)
    expect(temp).to_have_count(1)
    card = page.locator(
        f'.tm-player.tm-b1 .tm-stack-card.last-move:has(> [data-card="{sponsors}"])'
    )
    expect(card).to_have_count(1)
    expect(page.locator(".tm-player.tm-b1 .tm-stack-green > summary.last-move")).to_have_count(1)
    # Precise: not Ben's whole panel, nothing of Ann's, no other track.
    expect(page.locator(".tm-player.last-move")).to_have_count(0)
    expect(page.locator(".tm-player.tm-b0 .last-move")).to_have_count(0)
    expect(page.locator(".tm-track.last-move")).to_have_count(1)
    temp.scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / "tm-mark-desktop-card-param.png"))
    faded = temp.evaluate(FADE)
    assert faded["name"] == "last-move-glow" and faded["iterations"] == 1, faded
    assert 2000 <= faded["duration"] <= 6000, faded
    assert faded["after"][0] in ("rgba(0, 0, 0, 0)", "transparent"), faded
    page.evaluate("() => window.scrollTo(0, 500)")

    # Ann passes; Ben builds a city: its hex is marked (a ring on the hex, then gone).
    pass_action = next(a for a in _in_thread(lambda: _legal(table, 0)) if a["type"] == "pass")
    _in_thread(lambda: _submit(table, ann, 0, pass_action))
    _wait_for(page, table)  # (her own move: her bar changes; the offset is taken after it)
    before = page.evaluate("() => window.scrollY")
    _in_thread(lambda: _submit(table, ben, 1, {"type": "project", "project": "city"}))
    space = next(a for a in _in_thread(lambda: _legal(table, 1)) if a["type"] == "space")
    _in_thread(lambda: _submit(table, ben, 1, space))
    _wait_for(page, table)
    hexagon = page.locator(f'.tm-space.last-move[data-space="{space["space"]}"]')
    expect(hexagon).to_have_count(1)
    expect(page.locator(".tm-space.last-move")).to_have_count(1)
    expect(page.locator(".tm-player.last-move")).to_have_count(0)
    assert abs(page.evaluate("() => window.scrollY") - before) <= 2
    hexagon.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.screenshot(path=str(e2e / "tm-mark-desktop-hex.png"))
    faded = hexagon.evaluate(FADE)
    assert faded["name"] == "tm-mark-hex" and faded["iterations"] == 1, faded
    assert 2000 <= faded["duration"] <= 6000, faded
    assert faded["lit"][2] != faded["after"][2], faded  # the thick ring is gone

    # The log line of the city: hovering lights the space without scrolling; focus scrolls
    # the space into view (the map is far above the log).
    line = page.locator(f'.tm-log li[data-space="{space["space"]}"]').first
    line.scroll_into_view_if_needed()
    space_box = f'.tm-mars .tm-space[data-space="{space["space"]}"]'
    in_view = """s => { const b = document.querySelector(s).getBoundingClientRect();
      const bar = document.querySelector('.tm-actionbar');
      const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
      return b.width > 0 && b.top >= top - 1 && b.bottom <= innerHeight + 1; }"""
    assert page.evaluate(in_view, space_box) is False
    still = page.evaluate("() => window.scrollY")
    line.hover()
    expect(page.locator(".tm-mars .tm-lit-ring.tm-on")).to_have_count(1)
    assert page.evaluate("() => window.scrollY") == still
    page.mouse.move(0, 0)
    line.focus()
    page.wait_for_function(in_view, arg=space_box)
    expect(page.locator(".tm-mars .tm-lit-ring.tm-on")).to_have_count(1)
    page.screenshot(path=str(e2e / "tm-mark-desktop-log-focus.png"))

    # The phone: the map's tab shows the marked hex.
    page.set_viewport_size(PHONE)
    page.locator('.tm-tabs [data-tab="map"]').click()
    page.locator(".tm-mars").scroll_into_view_if_needed()
    page.screenshot(path=str(e2e / "tm-mark-phone-map.png"))
    assert errors == []
    context.close()
