"""Changes you can see, in real Chromium, on every board: after the other player's move the
viewer's page lights up what it touched, and the page did not jump (scroll offset kept)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, version, watch_errors
from tests.e2e.conftest import in_thread as _in_thread

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]

#: The element each key of lobby.marks names, as a CSS selector.
SELECTORS = {
    "deck": ".lc-deck",
    "pile": ".lc-pile.lc-col-{0}",
    "column": '.lc-expeditions[data-seat="{0}"] .lc-column.lc-col-{1}',
    "pod": '.rs-pod[data-pod="{0}"]',
    "place": '.rs-supply[data-seat="{0}"] .rs-slot[data-slot="{1}"]',
    "out": ".rs-out",
    "row": '.rw-seat[data-seat="{0}"] .rw-row[data-row="{1}"]',
    "city": '.rw-seat[data-seat="{0}"] .rw-city[data-city="{1}"]',
    "shield": '.rw-seat[data-seat="{0}"] .rw-shield',
    "arm": '.rw-arm[data-arm="{0}"]',
    "marker": ".rw-marker-holder",
    "seat": '.rw-seat[data-seat="{0}"] > .rw-h',
    "jettisoned": '.rw-seat[data-seat="{0}"] .rw-small',
    "world": '.mo-world[data-seat="{0}"]',
    "cell": '.mo-world[data-seat="{0}"] .mo-cell[data-cell="{1}"]',
    "task": '.mo-task[data-task="{0}"]',
    "pool": '.mo-slot.mo-gone[data-slot="{0}"]',
    "status": '.mo-other-player:has(.mo-world[data-seat="{0}"]) .mo-status',
    "round-end": ".mo-round-end",
    "player": ".tm-player.tm-b{0}",
    "space": '.tm-space[data-space="{0}"]',
    "param": ".tm-track-{0}",
    "card": '.tm-player.tm-b{0} .tm-stack-card:has(> [data-card="{1}"])',
    "milestone": ".tm-milestones tr",
    "award": ".tm-awards tr",
}


def _table(game: str, host: Any = None) -> tuple[Any, Any, Any]:
    """A live two-player table of `game`: Ann (or `host`, then against Cal) and Ben."""
    from lobby.models import Table
    from lobby.services import seat_join, table_create
    from tests.factories import UserFactory

    ann = host or UserFactory(username="ann")
    ben = UserFactory(username="cal" if host else "ben")
    table = table_create(
        user=ann,
        game=game,
        players=2,
        options={},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": 3600, "increment_seconds": 0},
    )
    seat_join(code=table.code, user=ben)
    table.refresh_from_db()
    return table, ann, ben


def _play(table: Any, users: dict[int, Any], rng: random.Random, *, until_marked: bool) -> Any:
    """Play random legal moves: a few (until_marked False), or until one of the other
    player's (seat 1's) moves marks something on the viewer's (seat 0's) board; return it."""
    from games.registry import get_engine
    from lobby.marks import last_move
    from lobby.services import move_submit

    engine = get_engine(table.game)
    for count in range(400):
        table.refresh_from_db()
        state = engine.load(table.state)
        if not until_marked and count >= 6 and 1 in engine.to_move(state):
            return None
        seat = rng.choice(sorted(engine.to_move(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
        if until_marked and seat == 1:
            table.refresh_from_db()
            view = engine.view(engine.load(table.state), 0)
            mark = last_move(engine, view, list(table.moves.order_by("n")), 0)
            if mark is not None:
                return mark
    raise AssertionError("no move of the other player marked anything")


EYE = """() => {
  const pinned = el => { for (; el && el !== document.body; el = el.parentElement) {
    const p = getComputedStyle(el).position; if (p === "fixed" || p === "sticky") return true; }
    return false; };
  for (let y = innerHeight / 3; y < innerHeight; y += 24) {
    for (const x of [innerWidth / 2, innerWidth / 4, innerWidth * 3 / 4]) {
      const el = document.elementFromPoint(x, y);
      if (!el || el === document.body || el.closest(".region") || pinned(el)) continue;
      window.__eye = el; window.__eyeTop = el.getBoundingClientRect().top;
      return el.tagName + "." + el.className;
    }
  }
  return null;
}"""


#: Replace the first lit element by an unlit copy, as a region push does, and let the page
#: handle the message; return whether the copy is lit, and its animation delay in ms.
REDRAW = """() => {
  const el = document.querySelector(".board-wrap .last-move");
  const copy = el.cloneNode(true);
  copy.classList.remove("last-move");
  el.replaceWith(copy);
  const message = {bubbles: true, detail: {message: ""}};
  document.body.dispatchEvent(new CustomEvent("htmx:wsAfterMessage", message));
  return {lit: copy.classList.contains("last-move"), delay: parseFloat(copy.style.animationDelay)};
}"""


def _page(
    browser: Any,
    base: str,
    user: Any,
    url: str,
    errors: list[str],
    motion: str = "no-preference",
    viewport: dict[str, int] = DESKTOP,
) -> Page:
    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport=viewport, reduced_motion=motion)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": base}]
    )
    page = context.new_page()
    watch_errors(page, errors)
    page.add_init_script(
        "document.addEventListener('htmx:wsOpen', () => { window.__tableSocketOpen = true; });"
    )
    page.goto(url)
    page.wait_for_function("() => window.__tableSocketOpen === true")
    return page


@pytest.mark.parametrize("game", GAMES)
def test_the_other_players_move_lights_up_and_the_page_does_not_jump(
    asgi_server, browser, e2e, game
):
    table, ann, ben = _in_thread(lambda: _table(game))
    users = {0: ann, 1: ben}
    rng = random.Random(7)
    _in_thread(lambda: _play(table, users, rng, until_marked=False))
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    viewer = _page(browser, asgi_server, ann, url, errors)
    mover = _page(browser, asgi_server, ben, url, errors)

    # Chromium's own scroll anchoring is turned off (Safari has none): what keeps the page
    # still is the page's script (static/js/playtable.js).
    viewer.add_style_tag(content="* { overflow-anchor: none !important; }")
    # The viewer reads further down the page: well past its top.
    height = viewer.evaluate("() => document.documentElement.scrollHeight - innerHeight")
    assert height > 300, f"the {game} page is too short to scroll"
    # Not at the very bottom: a page that gets shorter there must pull the view up (no
    # script can keep it), so leave room below for the board to shrink.
    viewer.evaluate("y => window.scrollTo(0, y)", min(height - 120, 600))
    before = viewer.evaluate("() => window.scrollY")
    assert before > 150
    # What the viewer's eye rests on: an element in view that no push replaces (outside
    # every region, not a fixed or sticky bar). It must stay where it is on the screen.
    eye = viewer.evaluate(EYE)
    assert eye is not None, f"nothing steady in view on the {game} page"

    seen = version(viewer)
    mark = _in_thread(lambda: _play(table, users, rng, until_marked=True))
    table.refresh_from_db()
    for page in (viewer, mover):
        page.wait_for_function(
            "v => Number(document.querySelector('.board-wrap').dataset.version) === v",
            arg=table.version,
        )
    assert version(viewer) > seen

    # What the move touched carries the mark and is lit; nothing else is.
    lit = viewer.locator(".board-wrap .last-move")
    expect(lit.first).to_be_attached()  # lit as the push that carries the marks lands
    assert set(lit.evaluate_all("els => els.map(e => e.dataset.lastMove)")) == {str(mark.n)}
    for key in mark.keys:
        kind, *rest = key.split(":")
        selector = SELECTORS[kind].format(*rest) + f'.last-move[data-last-move="{mark.n}"]'
        assert viewer.locator(selector).count() >= 1, (key, selector)
    # It glows, then fades (an animation of about four seconds).
    assert lit.first.evaluate("el => getComputedStyle(el).animationName") == "last-move-glow"
    # A region sent again for another reason (a later push of the same move) replaces the
    # lit element: the new one is lit too, in the same course of the glow (not restarted).
    count = lit.count()
    redrawn = viewer.evaluate(REDRAW)
    assert redrawn["lit"] and redrawn["delay"] < 0, redrawn
    assert lit.count() == count
    # The mover sees their own result, unlit.
    assert mover.locator(".board-wrap [data-last-move]").count() == 0
    # The page did not jump: the scroll offset is kept relative to what the eye rests
    # on (equal to the plain offset when nothing above the view changed height).
    moved = viewer.evaluate("() => window.__eye.getBoundingClientRect().top - window.__eyeTop")
    assert viewer.evaluate("() => window.__eye.isConnected")
    assert abs(moved) <= 3, (eye, moved)
    above = viewer.evaluate("() => window.scrollY") - before
    print(f"{game}: scrollY {before} -> {before + above}, eye moved {moved} px")

    # The picture shows the light while it is on: the touched element brought into view.
    lit.first.evaluate("el => el.scrollIntoView({block: 'center'})")
    viewer.screenshot(path=str(e2e / f"{game}_last_move_desktop.png"))
    assert errors == []
    for page in (viewer, mover):
        page.context.close()


def test_without_motion_the_last_move_has_a_still_outline(asgi_server, browser, e2e):
    table, ann, ben = _in_thread(lambda: _table("lost_cities"))
    users = {0: ann, 1: ben}
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    viewer = _page(browser, asgi_server, ann, url, errors, motion="reduce")
    mark = _in_thread(lambda: _play(table, users, random.Random(5), until_marked=True))
    lit = viewer.locator(f'.last-move[data-last-move="{mark.n}"]').first
    lit.wait_for()
    style = lit.evaluate(
        "el => { const s = getComputedStyle(el); return [s.animationName, s.outlineColor]; }"
    )
    assert style[0] == "none"
    assert style[1] not in ("transparent", "rgba(0, 0, 0, 0)")
    assert errors == []
    viewer.context.close()


def play_until_redrawn(
    page: Any, table: Any, users: dict[int, Any], rng: random.Random, selector: str, tries: int
) -> None:
    """The other player makes marked moves until a push draws `selector` anew on `page`."""
    page.locator(selector).evaluate("el => { window.__panel = el; }")
    for _ in range(tries):
        _in_thread(lambda: _play(table, users, rng, until_marked=True))
        table.refresh_from_db()
        page.wait_for_function(
            "v => Number(document.querySelector('.board-wrap').dataset.version) === v",
            arg=table.version,
        )
        if page.evaluate(f"() => window.__panel !== document.querySelector('{selector}')"):
            return
    raise AssertionError(f"no push drew {selector} anew")


def test_a_panel_the_player_opened_stays_open_when_a_push_draws_it_anew(asgi_server, browser, e2e):
    table, ann, ben = _in_thread(lambda: _table("reworld"))
    users = {0: ann, 1: ben}
    rng = random.Random(7)
    _in_thread(lambda: _play(table, users, rng, until_marked=False))
    errors: list[str] = []
    viewer = _page(browser, asgi_server, ann, asgi_server + table.get_absolute_url(), errors)
    panel = viewer.locator("details.rw-breakdown")
    assert panel.evaluate("el => el.open") is False
    panel.locator("summary").click()
    viewer.wait_for_function("() => document.querySelector('details.rw-breakdown').open")
    # Until a push carries the breakdown's region (the scores moved): most marked moves
    # (a space chosen, a card laid, the marker) move no score.
    play_until_redrawn(viewer, table, users, rng, "details.rw-breakdown", tries=60)
    # The push drew the panel anew (closed, as the server draws it), and it is open.
    assert panel.evaluate("el => el.open") is True
    assert errors == []
    viewer.context.close()


def _mondo_place(table: Any, user: Any, cell: str) -> None:
    """Seat 1 takes the first tile of the pool and places it on `cell` of their world."""
    from games.registry import get_engine
    from lobby.services import move_submit

    table.refresh_from_db()
    pool = get_engine("mondo").load(table.state).pool
    slot = next(slot for slot, code in enumerate(pool) if code != -1)
    for action in ({"type": "take", "slot": slot}, {"type": "place", "cell": cell}):
        move_submit(code=table.code, user=user, action=action, seen_version=None)


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, PHONE], ids=["desktop", "phone"]
)
def test_mondo_lights_the_space_the_other_player_filled_then_lets_it_go(
    asgi_server, browser, e2e, viewport
):
    """Not the whole world: the one space of Ben's world where his tile went glows on Ann's
    page (not reloaded) for a few seconds, then goes out; her page did not scroll."""
    table, ann, ben = _in_thread(lambda: _table("mondo"))
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    viewer = _page(browser, asgi_server, ann, url, errors, viewport=viewport)
    viewer.add_style_tag(content="* { overflow-anchor: none !important; }")
    viewer.evaluate("() => { window.__sameDocument = true; }")
    world = viewer.locator('.mo-world[data-seat="1"]')
    # Ann reads with Ben's world in view, below the top of the page.
    world.evaluate("el => el.scrollIntoView({block: 'center'})")
    before = viewer.evaluate("() => window.scrollY")
    assert before > 100
    seen = version(viewer)
    _in_thread(lambda: _mondo_place(table, ben, "r3c4"))
    viewer.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) >= v", arg=seen + 2
    )
    lit = viewer.locator(".board-wrap .last-move")
    expect(lit).to_have_count(1)
    cell = world.locator('.mo-cell[data-cell="r3c4"]')
    assert cell.evaluate("el => el.classList.contains('last-move')")
    assert cell.evaluate("el => el.classList.contains('mo-filled')")
    assert world.evaluate("el => !el.hasAttribute('data-last-move')")
    assert cell.evaluate("el => getComputedStyle(el).animationName") == "last-move-glow"
    glow = cell.evaluate("el => getComputedStyle(el).outlineColor")
    assert glow not in ("transparent", "rgba(0, 0, 0, 0)")
    viewer.screenshot(path=str(e2e / f"mondo_last_move_cell_{viewport['width']}.png"))
    # The light goes out by itself (the glow's course ends), and nothing else lit up.
    faded = cell.evaluate(
        """el => Promise.all(el.getAnimations().map(a => a.finished))
             .then(() => getComputedStyle(el).outlineColor)"""
    )
    assert faded in ("transparent", "rgba(0, 0, 0, 0)"), faded
    assert viewer.evaluate("() => window.__sameDocument") is True  # no reload
    assert abs(viewer.evaluate("() => window.scrollY") - before) <= 3
    assert errors == []
    viewer.context.close()


def _mondo_take(table: Any, user: Any, slot: int) -> None:
    """Seat 1 takes the tile at `slot` of the pool (and holds it)."""
    from lobby.services import move_submit

    move_submit(
        code=table.code, user=user, action={"type": "take", "slot": slot}, seen_version=None
    )


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, PHONE], ids=["desktop", "phone"]
)
def test_mondo_lights_the_pool_place_the_other_player_took_a_tile_from(
    asgi_server, browser, e2e, viewport
):
    """Ben takes a tile: on Ann's page the gap it left in the pool glows, and so does Ben's
    "holds a tile"; the tile itself is nowhere on her page; her page did not scroll."""
    table, ann, ben = _in_thread(lambda: _table("mondo"))
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    viewer = _page(browser, asgi_server, ann, url, errors, viewport=viewport)
    viewer.add_style_tag(content="* { overflow-anchor: none !important; }")
    pool = viewer.locator(".mo-pool")
    gap = pool.locator('.mo-slot[data-slot="7"]')
    assert gap.count() == 0  # a full pool: no gap yet (a gap carries its place)
    # Ann reads below the top of the page, the pool's first rows still in view.
    viewer.evaluate(
        """() => { const top = document.querySelector(".mo-pool").getBoundingClientRect().top;
                   window.scrollTo(0, Math.max(120, scrollY + top - 40)); }"""
    )
    before = viewer.evaluate("() => window.scrollY")
    assert before >= 100
    seen = version(viewer)
    _in_thread(lambda: _mondo_take(table, ben, 7))
    viewer.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) > v", arg=seen
    )
    gap = pool.locator('.mo-slot.mo-gone[data-slot="7"]')
    expect(gap).to_have_class(re.compile(r"\blast-move\b"))
    assert gap.evaluate("el => getComputedStyle(el).animationName") == "last-move-glow"
    assert gap.evaluate("el => el.childElementCount") == 0  # a gap: no tile drawn in it
    status = viewer.locator(SELECTORS["status"].format(1))
    expect(status).to_have_class(re.compile(r"\blast-move\b"))
    expect(status).to_contain_text("holds a tile")
    expect(viewer.locator(".board-wrap .last-move")).to_have_count(2)
    assert viewer.locator("[data-mo-held]").count() == 0  # Ben's tile is his alone
    assert abs(viewer.evaluate("() => window.scrollY") - before) <= 3
    viewer.screenshot(path=str(e2e / f"mondo_last_move_pool_{viewport['width']}.png"))
    assert errors == []
    viewer.context.close()


def test_mondo_keeps_the_keyboard_focus_when_the_other_players_take_redraws_the_pool(
    asgi_server, browser, e2e
):
    """Ann has a pool tile's button focused with the keyboard; Ben takes another tile, and
    the push draws the pool anew: the focus is on the same tile's new button, not lost."""
    table, ann, ben = _in_thread(lambda: _table("mondo"))
    errors: list[str] = []
    url = asgi_server + table.get_absolute_url()
    viewer = _page(browser, asgi_server, ann, url, errors)
    mine = viewer.locator(".mo-pool button.mo-slot").nth(3)  # a full pool: slot 3
    value = mine.get_attribute("value")
    assert value is not None and json.loads(value) == {"type": "take", "slot": 3}
    mine.focus()
    viewer.keyboard.press("Tab")  # a keyboard player's focus: away and back
    viewer.keyboard.press("Shift+Tab")
    assert viewer.evaluate("() => document.activeElement.value") == value
    viewer.evaluate("() => { window.__focused = document.activeElement; }")
    seen = version(viewer)
    _in_thread(lambda: _mondo_take(table, ben, 9))
    viewer.wait_for_function(
        "v => Number(document.querySelector('.board-wrap').dataset.version) > v", arg=seen
    )
    # The pool was drawn anew (the button Ann focused is gone), and its gap is lit.
    expect(viewer.locator('.mo-slot.mo-gone[data-slot="9"].last-move')).to_have_count(1)
    assert viewer.evaluate("() => !window.__focused.isConnected")
    viewer.wait_for_function(
        "v => document.activeElement && document.activeElement.value === v", arg=value
    )
    assert viewer.evaluate("() => !!document.activeElement.closest('.board-wrap .mo-pool')")
    assert errors == []
    viewer.context.close()
