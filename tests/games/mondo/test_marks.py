"""The other player's move, marked (games/mondo/marks.py): a tile taken from the pool shows
as the gap it left and the taker's "holds a tile", never as the tile, which is theirs alone."""

from __future__ import annotations

import re

import pytest

from games.mondo.engine import ENGINE
from lobby.rendering import board_html
from lobby.services import move_submit
from tests.factories import UserFactory
from tests.games.marks_helpers import keys_for, marked_tags
from tests.lobby.helpers import live_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_users():
    users = [UserFactory(username="ann"), UserFactory(username="ben")]
    return live_table("mondo", users[0], users[1]), users


def _moves(table, user, *actions):
    for action in actions:
        move_submit(code=table.code, user=user, action=action, seen_version=None)
    table.refresh_from_db()


def _head(html: str, seat: int) -> str:
    """Return the head of `seat`'s world on another player's board: name and status line."""
    world = re.search(rf'<div class="mo-world[^"]*" data-seat="{seat}"', html)
    assert world is not None
    head = html.rfind('class="mo-other-player"', 0, world.start())
    assert head >= 0
    return html[head : world.start()]


def _status(html: str, seat: int) -> str:
    """Return the start tag of `seat`'s status line on another player's board."""
    found = re.search(r'<span class="mo-status"[^>]*>', _head(html, seat))
    assert found is not None
    return found.group(0)


def test_a_tile_taken_lights_the_gap_it_left_and_the_takers_status(table_users):
    table, (ann, ben) = table_users
    _moves(table, ben, {"type": "take", "slot": 5})
    assert keys_for(table, 0) == {"pool:5", "status:1"}
    html = board_html(table, ann)
    tags = marked_tags(table, ann)
    assert len(tags) == 2
    gap = re.search(
        r'<span class="mo-slot mo-gone"[^>]*data-slot="5" data-last-move="\d+"></span>', html
    )
    assert gap is not None  # an empty place: the tile itself is nowhere on Ann's board
    assert "data-last-move" in _status(html, 1)
    assert "holds a tile" in _head(html, 1)
    assert "data-mo-held" not in html  # Ann holds nothing: no held tile is drawn for her
    assert marked_tags(table, ben) == []


def test_turning_the_held_tile_marks_nothing_of_its_own(table_users):
    table, (ann, ben) = table_users
    _moves(table, ben, {"type": "take", "slot": 5})
    view = ENGINE.view(ENGINE.load(table.state), 0)
    for action in ({"type": "rotate", "dir": "left"}, {"type": "flip"}):
        assert list(ENGINE.marker(view, 1, action)) == []


def test_a_tile_taken_and_placed_lights_only_the_space(table_users):
    table, (ann, ben) = table_users
    _moves(table, ben, {"type": "take", "slot": 5})
    cell = next(
        a["cell"] for a in ENGINE.legal_actions(ENGINE.load(table.state), 1) if a["type"] == "place"
    )
    _moves(table, ben, {"type": "place", "cell": cell})
    assert keys_for(table, 0) == {f"cell:1:{cell}"}
    (tag,) = marked_tags(table, ann)
    assert f'data-cell="{cell}"' in tag


def test_a_tile_put_back_lights_the_status_only(table_users):
    table, (ann, ben) = table_users
    _moves(table, ben, {"type": "take", "slot": 5}, {"type": "return"})
    assert keys_for(table, 0) == {"status:1"}
    html = board_html(table, ann)
    assert "data-last-move" in _status(html, 1)
    assert "choosing a tile" in _head(html, 1)
    assert len(marked_tags(table, ann)) == 1
