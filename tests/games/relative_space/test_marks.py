"""The other player's move, marked (games/relative_space/marks.py): a pod launched or
blocked leaves the board, so what lights up is where its cards went."""

from __future__ import annotations

import re

import pytest

from lobby.rendering import board_html
from tests.factories import UserFactory
from tests.games.marks_helpers import keys_for, marked_tags, play_from
from tests.games.relative_space.helpers import build_state

pytestmark = pytest.mark.django_db

OTHER = {"A1": "9", "A2": "9", "A3": "10", "A4": "10"}
#: Eight cards; A2 and B2 are empty since the start of the turn (a block refills them).
BLOCKER = {
    "A1": "2", "A3": "6", "A4": "7", "B1": "3", "B3": "9", "C1": "~4", "C2": "~10", "D1": "~2",
}  # fmt: skip


@pytest.fixture
def users():
    return [UserFactory(username="ann"), UserFactory(username="ben")]


def _supply(html: str, seat: int) -> str:
    """Return the HTML of `seat`'s supply on a board."""
    start = re.search(rf'<section class="rs-supply[^"]*"[^>]*data-seat="{seat}"', html)
    assert start is not None
    return html[start.start() : html.index("</section>", start.start())]


def test_a_launch_marks_the_removed_cards_not_a_pod_that_left(users):
    state = build_state(supplies=[{"A1": "START", "A2": "5"}, OTHER], pods=["3 7", "2"])
    table = play_from("relative_space", state, users, 0, [{"type": "play", "slot": "A1", "pod": 1}])
    assert keys_for(table, 1) == {"out"}
    html = board_html(table, users[1])
    assert 'data-pod="1"' not in html  # launched: gone from the board
    (tag,) = marked_tags(table, users[1])
    assert tag.startswith('<details class="rs-out" data-last-move=')
    assert marked_tags(table, users[0]) == []  # the mover sees their own result, unmarked


def test_a_launch_of_the_last_pod_marks_the_new_one_too(users):
    state = build_state(supplies=[{"A1": "START", "A2": "5"}, OTHER], pods=["3 7"])
    table = play_from("relative_space", state, users, 0, [{"type": "play", "slot": "A1", "pod": 1}])
    assert keys_for(table, 1) == {"out", "pod:2"}
    tags = marked_tags(table, users[1])
    assert len(tags) == 2
    assert any('class="rs-out"' in tag for tag in tags)
    assert any(re.search(r'class="rs-pod[^"]*" data-pod="2"', tag) for tag in tags)


def test_a_block_marks_the_places_refilled_the_pod_left_empty_and_the_removed_cards(users):
    state = build_state(supplies=[BLOCKER, OTHER], pods=["1 5 8"])
    table = play_from("relative_space", state, users, 0, [{"type": "play", "slot": "A3", "pod": 1}])
    assert keys_for(table, 1) == {"pod:1", "place:0:A2", "place:0:B2", "out"}
    html = board_html(table, users[1])
    mine, theirs = _supply(html, 0), _supply(html, 1)
    for place in ("A2", "B2"):  # on the mover's supply, not the viewer's same places
        assert re.search(rf'class="rs-slot[^"]*" data-slot="{place}" data-last-move=', mine)
    assert "data-last-move" not in theirs
    assert re.search(r'data-pod="1" data-last-move=', html)
    assert re.search(r'<details class="rs-out" data-last-move=', html)
    assert len(marked_tags(table, users[1])) == 4


def test_a_block_that_removes_the_pod_marks_where_its_cards_went(users):
    state = build_state(supplies=[BLOCKER, OTHER], pods=["1 5 8", "4"])
    table = play_from("relative_space", state, users, 0, [{"type": "play", "slot": "A3", "pod": 1}])
    assert keys_for(table, 1) == {"place:0:A2", "place:0:B2", "out"}
    assert 'data-pod="1"' not in board_html(table, users[1])
    assert len(marked_tags(table, users[1])) == 3


def test_an_extra_play_and_the_pass_after_it_mark_the_turn(users):
    """A pass changes nothing itself: the turn's run (card and pass) marks the pod."""
    state = build_state(supplies=[{"A1": "DOUBLE", "A2": "5"}, OTHER], pods=["3"])
    actions = [{"type": "play", "slot": "A1", "pod": 1}, {"type": "pass"}]
    table = play_from("relative_space", state, users, 0, actions)
    assert keys_for(table, 1) == {"pod:1"}
    (tag,) = marked_tags(table, users[1])
    assert 'data-pod="1"' in tag
