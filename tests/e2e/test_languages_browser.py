"""Terraforming Mars in German, Dutch and Italian, in Chromium: the board a player sees.

A mid-game Terraforming Mars table (played through the platform to the action phase) is
opened by a seated player whose browser asks for each language. The page says it is in
that language, the board's headings, map, hand and log read in it (no English sentence of
the English board is left on the page), no script error occurs, and screenshots are saved
at 1280x800 and 390x844 as terraforming_mars_<lang>_<viewport>.png.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import move_submit, seat_join, table_create
from tests.e2e.conftest import PHONE, watch_errors
from tests.factories import UserFactory
from tests.i18n.marking import WORD

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != "en"]
HEADINGS = ["Temperature", "Oxygen", "Standard projects", "Your hand"]


def _mid_game() -> tuple[Table, Any]:
    ana, bo = UserFactory(username="ana"), UserFactory(username="bo")
    table = table_create(user=ana, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=bo)
    table.refresh_from_db()
    engine, rng, users = get_engine("terraforming_mars"), random.Random(5), [ana, bo]
    bot = engine.bots["heuristic"]
    for _ in range(200):
        # The heuristic bot's choices: through the setup, then a few actions, to ana's turn.
        table.refresh_from_db()
        state = engine.load(table.state)
        to_move = sorted(engine.to_move(state))
        if state.phase == "action" and table.move_count >= 16 and to_move == [0]:
            break
        seat = to_move[-1]
        action = bot.choose(engine, state, seat, rng)
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
    assert table.state["phase"] == "action", table.state["phase"]
    return table, ana


def _english_sentences(table: Table, user: Any) -> set[str]:
    """Sentences (four words or more) of the board as an English reader gets it."""
    with translation.override("en"):
        html = board_html(table, user)
    text = re.sub(r"<[^>]+>", "\n", html)
    return {
        " ".join(line.split())
        for line in text.splitlines()
        if len(WORD.findall(line)) >= 4 and not re.search(r"[{}<>]", line)
    }


def test_the_terraforming_mars_board_reads_in_each_language(asgi_server, browser, e2e) -> None:
    base = asgi_server
    table, ana = _mid_game()
    english = _english_sentences(table, ana)
    assert len(english) > 20
    client = Client()
    client.force_login(ana)
    session = client.cookies["sessionid"].value
    errors: list[str] = []
    left: dict[str, list[str]] = {}
    for lang in LANGUAGES:
        with translation.override(lang):
            headings = [gettext(h) for h in HEADINGS]
        assert all(h != e for h, e in zip(headings, HEADINGS, strict=True)), headings
        for name, viewport in VIEWPORTS.items():
            context = browser.new_context(viewport=viewport)
            context.add_cookies(
                [
                    {"name": "sessionid", "value": session, "url": base},
                    {"name": settings.LANGUAGE_COOKIE_NAME, "value": lang, "url": base},
                ]
            )
            page = context.new_page()
            watch_errors(page, errors)
            page.goto(base + table.get_absolute_url())
            expect(page.locator("html")).to_have_attribute("lang", lang)
            board = page.locator(".tm-board")
            expect(board).to_be_visible()
            for heading in headings:
                expect(board).to_contain_text(heading)
            shown = " ".join(page.locator("body").inner_text().split())
            left[f"{lang} {name}"] = sorted(s for s in english if s in shown)
            page.screenshot(
                path=str(e2e / f"terraforming_mars_{lang}_{name}.png"), full_page=name == "desktop"
            )
            context.close()
    assert not errors, errors
    assert not any(left.values()), {k: v for k, v in left.items() if v}
