"""The viewer's hand on the Lost Cities board (`lc_hand`): each card with its play and
discard buttons while the viewer places a card, in the viewer's language; each card's
item kept per process while the card, its buttons and the language stay."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.utils import translation

from games.lost_cities.templatetags import lost_cities_cards
from games.registry import get_engine
from lobby.rendering import board_html
from tests.factories import UserFactory
from tests.lobby.helpers import seat_to_move, started_table

pytestmark = pytest.mark.django_db

BUTTON = re.compile(
    r'<button type="submit" name="action" value="([^"]+)"[^>]*aria-label="([^"]+)">'
)


def _hand(board: str) -> str:
    start = board.index('<ul class="lc-hand-cards">')
    return board[start : board.index("</ul>", start)]


def test_the_player_placing_a_card_sees_a_play_and_a_discard_button_per_card():
    alice, bob = UserFactory(), UserFactory()
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    mover, other = (alice, bob) if seat == 0 else (bob, alice)
    engine = get_engine("lost_cities")
    state = engine.load(table.state)
    legal = {
        json.dumps(a, separators=(",", ":"), sort_keys=True)
        for a in engine.legal_actions(state, seat)
    }
    hand = _hand(board_html(table, mover))
    buttons = BUTTON.findall(hand)
    values = {html.unescape(value) for value, _label in buttons}
    # Every card's discard, every playable card's play: each a legal action, none missing.
    assert values == {v for v in legal if '"place"' in v or '"play"' in v or '"discard"' in v}
    assert hand.count('<li class="lc-hand-card">') == len(state.hands[seat])
    labels = [label for _value, label in buttons]
    assert any(label.startswith("Play ") for label in labels)
    assert sum(label.startswith("Discard ") for label in labels) == len(state.hands[seat])
    with translation.override("de"):
        german = BUTTON.findall(_hand(board_html(table, mover)))
    assert {v for v, _ in german} == {v for v, _ in buttons}
    assert all(label.endswith(("ausspielen", "abwerfen")) for _v, label in german)
    # The other player is not placing a card: their hand has no buttons.
    assert BUTTON.findall(_hand(board_html(table, other))) == []


def test_a_cards_item_is_kept_while_the_card_its_buttons_and_the_language_stay():
    alice, bob = UserFactory(), UserFactory()
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    mover = alice if seat == 0 else bob
    lost_cities_cards._HAND.clear()
    first = _hand(board_html(table, mover))
    kept = len(lost_cities_cards._HAND)
    assert kept == first.count('<li class="lc-hand-card">')
    assert _hand(board_html(table, mover)) == first
    assert len(lost_cities_cards._HAND) == kept
    with translation.override("it"):
        _hand(board_html(table, mover))
    assert len(lost_cities_cards._HAND) == 2 * kept
