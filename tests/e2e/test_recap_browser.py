""" "Since your last move" in real Chromium: the other player moves, the viewer opens the table."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

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


def test_the_viewer_sees_what_the_other_player_did_with_the_changed_regions_outlined(
    asgi_server, browser, e2e
):
    base = asgi_server
    ann_ctx = browser.new_context(viewport=DESKTOP)
    ben_ctx = browser.new_context(viewport=DESKTOP)
    ann, ben = ann_ctx.new_page(), ben_ctx.new_page()
    errors: list[str] = []
    for page in (ann, ben):
        watch_errors(page, errors)
    sign_up(ann, base, "ann")
    sign_up(ben, base, "ben")
    url = create_table(ann, base, "lost_cities", opt_rounds="1")  # asynchronous by default
    ben.goto(url)
    ben.get_by_role("button", name="Join this table").click()
    expect(ben.locator(".lc-board")).to_be_visible()
    ann.goto(url)
    pages = {"ann": ann, "ben": ben}
    first = next(name for name, page in pages.items() if page.locator(".your-turn").count())
    second = "ben" if first == "ann" else "ann"
    viewer, other = pages[first], pages[second]

    # The first player moves, then the other one; no recap before a move of one's own.
    expect(viewer.locator("[data-recap]")).to_have_count(0)
    play_lost_cities_turn(viewer)
    other.goto(url)
    expect(other.locator(".your-turn")).to_be_visible()
    play_lost_cities_turn(other)

    # The viewer opens the table on their turn.
    viewer.goto(url)
    panel = viewer.locator("[data-recap]")
    expect(panel).to_be_visible()
    expect(panel.get_by_role("heading")).to_have_text("Since your last move")
    expect(panel).to_contain_text(f"{second}: discarded")
    expect(panel).to_contain_text("drew a card")
    expect(panel).to_contain_text("2 moves since yours.")
    changed = viewer.locator(".recap-changed")
    expect(changed).to_have_count(2)
    ids = changed.evaluate_all("e => e.map(x => x.id.split('-board-')[1])")
    assert sorted(ids) == ["deck", "discards"]
    expect(viewer.locator(".recap-changed .sr-only").first).to_have_text(
        "Changed since your last move:"
    )
    viewer.screenshot(path=str(e2e / "recap_desktop.png"), full_page=True)
    viewer.set_viewport_size(PHONE)
    viewer.screenshot(path=str(e2e / "recap_phone.png"), full_page=True)
    viewer.set_viewport_size(DESKTOP)

    # Dismissed, the panel and the outlines go.
    viewer.get_by_role("button", name="Dismiss").click()
    expect(panel).to_have_count(0)
    expect(changed).to_have_count(0)

    # Opened again, it is back; once the viewer moved, it goes by itself.
    viewer.goto(url)
    expect(viewer.locator("[data-recap]")).to_be_visible()
    seen = version(viewer)
    play_lost_cities_turn(viewer)
    wait_past(viewer, seen)
    expect(viewer.locator("[data-recap]")).to_have_count(0)

    # My games: the other player now sees the one-line summary of the viewer's turn.
    other.goto(f"{base}/tables/mine/")
    expect(other.locator(".recap-line")).to_contain_text(f"{first}: discarded")
    expect(other.locator(".recap-line")).to_contain_text("2 moves")
    assert errors == []
    ann_ctx.close()
    ben_ctx.close()
