"""The last move, marked (lobby.marks): after another player's move, every board carries
`data-last-move` on what it touched; the mover's own board carries none."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from games.registry import get_engine
from lobby.marks import last_move
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import move_submit
from tests.lobby.helpers import live_table, random_move

pytestmark = pytest.mark.django_db


def _pattern(key: str) -> str:
    """Return a regex for the start tag that must carry the mark of `key`."""
    kind, *rest = key.split(":")
    tags = {
        "deck": r'class="lc-pile lc-deck"',
        "pile": rf'class="lc-pile lc-col-{rest[-1] if rest else ""}[^"]*"',
        "column": rf'class="lc-column lc-col-{rest[-1] if rest else ""}[^"]*"',
        "pod": rf'data-pod="{rest[0] if rest else ""}"',
        "place": rf'class="rs-slot[^"]*" data-slot="{rest[-1] if rest else ""}"',
        "out": r'class="rs-out"',
        "row": r'class="rw-row[^"]*"',
        "city": r'class="rw-city[^"]*"',
        "shield": r'class="rw-shield[^"]*"',
        "arm": rf'data-arm="{rest[0] if rest else ""}"',
        "marker": r'class="rw-marker-holder"',
        "seat": r'class="rw-h"',
        "jettisoned": r'class="muted rw-small"',
        "world": rf'class="mo-world[^"]*" data-seat="{rest[0] if rest else ""}"',
        "cell": rf'data-cell="{rest[-1] if rest else ""}"',
        "task": rf'data-task="{rest[0] if rest else ""}"',
        "pool": rf'class="mo-slot mo-gone"[^>]*data-slot="{rest[0] if rest else ""}"',
        "status": r'class="mo-status"',
        "round-end": r'class="mo-round-end[^"]*"[^>]*',
        "player": rf'class="tm-player tm-b{rest[0] if rest else ""}[^"]*"',
        "space": rf'class="tm-space[^"]*" data-space="{rest[0] if rest else ""}"',
        "param": rf'class="tm-track tm-track-{rest[0] if rest else ""}"',
        "card": r'class="tm-stack-card"',
        "milestone": r"tr",
        "award": r"tr",
    }
    return tags[kind]


def _play_until_marked(table: Table, rng: random.Random, limit: int = 400) -> tuple[int, Any]:
    """Play random legal moves until one of them marks something; return (seat, its mark)."""
    engine = get_engine(table.game)
    users = {seat.position: seat.user for seat in table.seats.select_related("user")}
    for _ in range(limit):
        seat, _ = random_move(table, users, rng)
        other = 1 - seat
        view = engine.view(engine.load(table.state), other)
        mark = last_move(engine, view, list(table.moves.order_by("n")), other)
        if mark is not None and mark.seat == seat:
            return seat, mark
    raise AssertionError("no move marked anything")


@pytest.mark.parametrize(
    "game", ["lost_cities", "relative_space", "reworld", "mondo", "terraforming_mars"]
)
@pytest.mark.parametrize("seed", [1, 2])
def test_the_other_players_board_marks_what_the_move_touched(alice, bob, game, seed):
    table = live_table(game, alice, bob)
    seat, mark = _play_until_marked(table, random.Random(seed))
    users = {0: alice, 1: bob}
    html = board_html(table, users[1 - seat])
    marked = re.findall(r"<[a-z][a-z0-9]* ([^>]*)data-last-move=\"(\d+)\"", html)
    assert marked, "nothing carries the mark"
    assert {n for _, n in marked} == {str(mark.n)}
    for key in mark.keys:
        assert re.search(_pattern(key) + rf'[^>]*data-last-move="{mark.n}"', html), key
    # The mover sees their own result, unmarked.
    assert "data-last-move" not in board_html(table, users[seat])


def test_a_spectator_sees_the_mark_too(alice, bob, carol):
    table = live_table("lost_cities", alice, bob)
    _play_until_marked(table, random.Random(3))
    assert "data-last-move" in board_html(table, carol)


def test_the_lost_cities_turn_marks_both_its_moves(alice, bob):
    """A turn is a card placed, then one drawn: the pile and the deck both light up."""
    table = live_table("lost_cities", alice, bob)
    engine = get_engine("lost_cities")
    state = engine.load(table.state)
    seat = min(engine.to_move(state))
    users = {0: alice, 1: bob}
    card = next(a["card"] for a in engine.legal_actions(state, seat) if a["type"] == "discard")
    for action in ({"type": "discard", "card": card}, {"type": "draw"}):
        move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
    table.refresh_from_db()
    html = board_html(table, users[1 - seat])
    assert re.search(r'class="lc-pile lc-deck" data-last-move="2"', html)
    colour = re.search(r"lc-col-(\w+)[^\"]*\" data-last-move=\"2\"", html)
    assert colour is not None
    assert len(re.findall(r'data-last-move="2"', html)) == 2


def test_a_move_that_shows_nothing_does_not_light_the_turn_again(alice, bob):
    """Mondo: Bob takes a tile, then turns it in his hand (which only he sees). The marks of
    the take stay under the take's number, so Alice's page does not light them again."""
    table = live_table("mondo", alice, bob)
    for action in ({"type": "take", "slot": 4}, {"type": "rotate", "dir": "left"}):
        move_submit(code=table.code, user=bob, action=action, seen_version=None)
    table.refresh_from_db()
    engine = get_engine("mondo")
    view = engine.view(engine.load(table.state), 0)
    moves = list(table.moves.order_by("n"))
    mark = last_move(engine, view, moves, 0)
    assert mark is not None and mark.keys == {"pool:4", "status:1"}
    take = next(move.n for move in moves if move.action.get("type") == "take")
    assert mark.n == take < moves[-1].n
    assert f'data-last-move="{take}"' in board_html(table, alice)
