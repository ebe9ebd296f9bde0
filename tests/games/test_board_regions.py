"""Every game's board is cut into regions so that a push carries what a move changed.

For each game, a live two-player table is played with random legal moves; before and
after each move every viewer's board is drawn (lobby.rendering.board_render). The
skeleton (what lies outside every region) must not change with a move, or every push
would be the whole board; and a typical move must leave some region unchanged for each
viewer, or the regions would save nothing.
"""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games.registry import engines, get_engine
from lobby.models import Table
from lobby.rendering import board_message, board_render
from lobby.services import move_submit
from tests.factories import UserFactory
from tests.lobby.helpers import live_table

pytestmark = pytest.mark.django_db

MOVES = 12


def _table(game: str) -> tuple[Table, list]:
    table = live_table(game, UserFactory(), UserFactory())
    users = {seat.position: seat.user for seat in table.seats.select_related("user")}
    return table, [users[0], users[1]]


@pytest.mark.parametrize("game", sorted(engine.slug for engine in engines()))
def test_a_move_keeps_the_skeleton_and_pushes_only_some_regions(game):
    table, users = _table(game)
    engine = get_engine(game)
    viewers = [*users, AnonymousUser()]
    rng = random.Random(7)
    boards = [board_render(table, viewer) for viewer in viewers]
    assert all(len(board.regions) >= 6 for board in boards), [len(b.regions) for b in boards]
    partial = 0
    for _ in range(MOVES):
        state = engine.load(table.state)
        seat = rng.choice(sorted(engine.to_move(state)))
        action = rng.choice(engine.legal_actions(state, seat))
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        after = [board_render(table, viewer) for viewer in viewers]
        for before, now in zip(boards, after, strict=True):
            assert now.skeleton == before.skeleton, f"{game}: a move changed the skeleton"
            _, sent = board_message(before, None)
            message, _ = board_message(now, sent)
            assert message.startswith(f'<div id="{now.board_id}-meta" hidden')
            unchanged = [n for n in now.regions if now.hashes[n] == before.hashes.get(n)]
            partial += bool(unchanged)
            assert len(message) < len(now.html)
        boards = after
    # Most pushes leave some region of the viewer's board as it was.
    assert partial >= 2 * MOVES, f"{game}: {partial} pushes left a region unchanged"
