"""The four boards of issue 22 part E mid-game, in real Chromium: one log, their symbols,
and screenshots at 1280x800 and 390x844 (tests/e2e/screenshots/<game>_board_*.png)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.registry import get_engine
from lobby.models import Table
from lobby.services import move_submit, seat_join, table_create
from tests.e2e.conftest import in_thread, watch_errors
from tests.e2e.tour import MOVES_MID_GAME, _play
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: What each board must show mid-game: a selector of its drawn look.
LOOKS = {
    "lost_cities": ".lc-column.lc-started .lc-fan .lc-card",
    "relative_space": ".rs-slot.rs-covered .rs-card",
    "reworld": ".rw-mod svg.icon",
    "mondo": ".mo-legend svg.icon-mo-water",
}


def _lay_out(table: Table, users: list[Any]) -> Table:
    """Play Lost Cities as a player would, mid-round: lay a card whenever one fits, else
    discard; draw from the deck. The columns fill up, wagers first."""
    engine = get_engine("lost_cities")
    for _ in range(28):
        table.refresh_from_db()
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        actions = engine.legal_actions(state, seat)
        action = next((a for a in actions if a["type"] == "play"), None)
        action = action or next((a for a in actions if a["type"] == "draw"), actions[0])
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
    table.refresh_from_db()
    return table


def mid_game(game: str) -> tuple[Table, Any]:
    def work() -> tuple[Table, Any]:
        ana, bo = UserFactory(), UserFactory()
        table = table_create(user=ana, game=game, players=2, options={})
        seat_join(code=table.code, user=bo)
        if game == "lost_cities":
            table = _lay_out(table, [ana, bo])
        else:
            table = _play(table, [ana, bo], random.Random(22), MOVES_MID_GAME, stop_at=0)
        assert table.status == Table.Status.ACTIVE
        return table, ana

    return in_thread(work)


def session_of(user: Any) -> str:
    def work() -> str:
        client = Client()
        client.force_login(user)
        return client.cookies["sessionid"].value

    return in_thread(work)


@pytest.mark.parametrize("game", list(LOOKS))
def test_a_board_mid_game_reads_well_on_desktop_and_phone(asgi_server, browser, e2e, game):
    table, ana = mid_game(game)
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=viewport)
        context.add_cookies([{"name": "sessionid", "value": session_of(ana), "url": asgi_server}])
        page = context.new_page()
        errors = watch_errors(page)
        page.goto(asgi_server + table.get_absolute_url())
        expect(page.locator(LOOKS[game]).first).to_be_visible()
        # One log (the platform's Moves list) and one status line.
        expect(page.locator("details.game-log")).to_have_count(1)
        expect(page.locator(".rs-recent, .rw-recent, .tm-log")).to_have_count(0)
        expect(page.locator(".status-line")).to_have_count(1)
        page.screenshot(path=str(e2e / f"{game}_board_{size}.png"), full_page=True)
        assert errors == []
        context.close()
