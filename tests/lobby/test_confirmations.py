"""Moves that cannot be taken back ask first (static/js/confirm.js reads the markup).

The browser side (a dialog, Cancel sends nothing) is in tests/e2e/test_turn_alerts_browser.py;
here the pages carry the right questions in the right places.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from lobby.rendering import board_html
from lobby.services import seat_join, table_create
from tests.lobby.helpers import seat_to_move, started_table
from tests.lobby.test_undo import _clients, _mid_turn
from tests.reliability.test_csp_pages import _mid_game

pytestmark = pytest.mark.django_db


class Sections(HTMLParser):
    """Record, for each <button>, the classes of the <section> elements around it."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.buttons: list[tuple[dict[str, str | None], list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "section":
            self.open.append(dict(attrs).get("class") or "")
        elif tag == "button":
            self.buttons.append((dict(attrs), list(self.open)))

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self.open:
            self.open.pop()


def _buttons(html: str) -> list[tuple[dict[str, str | None], list[str]]]:
    parser = Sections()
    parser.feed(html)
    return parser.buttons


def test_the_concede_button_asks_through_data_confirm_and_not_htmx(alice, bob):
    table = started_table(alice, bob)
    client = Client()
    client.force_login(alice)
    html = client.get(reverse("lobby:table", args=[table.code])).content.decode()
    form = re.search(r'<form [^>]*action="[^"]*/concede"[^>]*>', html).group(0)
    assert 'data-confirm="Concede this game? You will rank last."' in form
    assert "hx-confirm" not in html  # htmx would ask a second time


def test_undo_sits_in_the_prompt_where_the_player_acts(client, alice, bob):
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    clients = _clients(client, table, alice, bob)
    seat = _mid_turn(table, clients, random.Random(4))
    html = board_html(table, table.seats.get(position=seat).user)
    buttons = _buttons(html)
    undo = [(attrs, around) for attrs, around in buttons if "undo" in (attrs.get("class") or "")]
    assert len(undo) == 1
    attrs, around = undo[0]
    # In the section where the player acts, not at the foot of the board.
    assert any(c.startswith(("tm-actions", "tm-prompt")) for c in around), around
    assert "data-confirm-skip" in attrs  # taking back needs no "are you sure?"


def test_passing_for_the_generation_asks_first():
    table, users = _mid_game("terraforming_mars", random.Random(7))
    seat = seat_to_move(table)
    passes = [
        attrs
        for attrs, _ in _buttons(board_html(table, users[seat]))
        if "tm-pass" in (attrs.get("class") or "")
    ]
    assert len(passes) == 1
    assert passes[0]["data-confirm"] == "Pass for the rest of this generation?"
    assert not any(name.startswith("on") for name in passes[0])


def test_confirm_every_move_is_off_by_default_and_on_for_who_chose_it(alice, bob):
    table = started_table(alice, bob)
    client = Client()
    client.force_login(alice)
    url = reverse("lobby:table", args=[table.code])
    assert not alice.confirm_moves
    assert "data-confirm-moves" not in client.get(url).content.decode()
    alice.confirm_moves = True
    alice.save(update_fields=["confirm_moves"])
    body = re.search(r"<body [^>]*>", client.get(url).content.decode()).group(0)
    assert 'data-confirm-moves="Send this move?"' in body
