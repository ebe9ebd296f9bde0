"""The other player's move, marked (games/reworld/marks.py): the start player marker taken,
a player dropping out, a station space chosen to pay for."""

from __future__ import annotations

import re

import pytest

from lobby.rendering import board_html
from tests.factories import UserFactory
from tests.games.marks_helpers import keys_for, marked_tags, play_from
from tests.games.reworld.helpers import chapter_one

pytestmark = pytest.mark.django_db


@pytest.fixture
def users():
    return [UserFactory(username="ann"), UserFactory(username="ben")]


def _state():
    return chapter_one(players=2, hands=["3 4 5", "1 2 5"], start=1, active=0)


def _seat_area(html: str, seat: int) -> str:
    """Return the HTML of `seat`'s freighter and planet."""
    start = re.search(rf'<article class="rw-seat[^"]*" data-seat="{seat}">', html)
    assert start is not None
    return html[start.start() : html.index("</article>", start.start())]


def test_the_start_player_marker_taken_lights_the_marker(users):
    table = play_from("reworld", _state(), users, 0, [{"type": "marker", "number": 3}])
    assert keys_for(table, 1) == {"marker"}
    (tag,) = marked_tags(table, users[1])
    assert tag.startswith('<span class="rw-marker-holder" data-last-move=')
    html = board_html(table, users[1])
    holder = html[html.index('<span class="rw-marker-holder"') :]
    assert "ann" in holder[: holder.index("</span>")]  # the marker now names its taker
    assert marked_tags(table, users[0]) == []


def test_a_player_dropping_out_lights_the_head_of_their_area(users):
    table = play_from("reworld", _state(), users, 0, [{"type": "drop"}])
    assert keys_for(table, 1) == {"seat:0"}
    (tag,) = marked_tags(table, users[1])
    html = board_html(table, users[1])
    area = _seat_area(html, 0)
    assert re.search(r'<h2 class="rw-h" data-last-move="\d+">', area)
    assert "dropped out" in area
    assert "data-last-move" not in _seat_area(html, 1)


def test_a_space_chosen_to_pay_for_lights_on_the_station(users):
    state = _state()
    from games.reworld.engine import ENGINE

    buy = next(a for a in ENGINE.legal_actions(state, 0) if a["type"] == "buy")
    table = play_from("reworld", state, users, 0, [buy])
    assert keys_for(table, 1) == {f"arm:{buy['arm']}"}
    (tag,) = marked_tags(table, users[1])
    assert f'data-arm="{buy["arm"]}" data-last-move=' in tag
