"""The recent log kept per process (lobby.pushes.RecentMoves): a move made here extends the
log it kept, anything else reads the database, and what it gives is always what the
database holds for that version."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.registry import get_engine
from lobby import pushes
from lobby.models import Move, Table
from lobby.selectors import move_list_recent
from lobby.services import move_submit
from lobby.services.moves import UNDO
from lobby.socket_moves import socket_move
from tests.lobby.helpers import live_table, seat_to_move, started_table
from tests.lobby.test_socket_moves import SOCKET_MOVE_QUERIES, SOCKET_MOVE_QUERIES_POSTGRESQL

pytestmark = pytest.mark.django_db(transaction=True)


def as_read(moves: list[Move]) -> list[tuple[Any, ...]]:
    return [
        (m.pk, m.n, m.kind, m.seat, m.action, m.texts, m.by_timeout, m.created_at) for m in moves
    ]


def send(table: Table, user: Any, action: dict[str, Any]) -> None:
    text = json.dumps({"action": json.dumps(action), "version": str(table.version)})
    board = socket_move(code=str(table.code), user=user, text=text, language="en", zone=None)
    assert not isinstance(board, str), board
    table.refresh_from_db()


def users_of(table: Table) -> dict[int, Any]:
    return {seat.position: seat.user for seat in table.seats.select_related("user")}


@pytest.fixture(autouse=True)
def _fresh() -> None:
    pushes.RECENT.clear()
    pushes.RECENT.enabled = True


def test_moves_made_here_extend_the_kept_log_and_it_equals_the_database(alice, bob):
    table = started_table(alice, bob)
    users, engine, rng = users_of(table), get_engine(table.game), random.Random(3)
    for _ in range(40):
        if table.status != Table.Status.ACTIVE:
            break
        seat = seat_to_move(table)
        send(table, users[seat], rng.choice(engine.legal_actions(engine.load(table.state), seat)))
        kept = pushes.RECENT.get(table)
        assert as_read(kept) == as_read(move_list_recent(table=table))
        assert len(kept) == min(30, table.move_count)
    # A kept move holds no table (nor its state): only its own fields.
    assert all("table" not in move._state.fields_cache for move in kept)
    # The first move read the log; every later one extended it (no read of the log).
    assert pushes.RECENT.misses == 1
    assert pushes.RECENT.hits >= 2 * 39


def test_a_warm_socket_move_reads_no_log(alice, bob):
    """Pinned: with the previous version's log kept, a socket move costs one query less
    than tests/lobby/test_socket_moves.py pins (that test runs inside a transaction)."""
    table = started_table(alice, bob)
    users, engine = users_of(table), get_engine(table.game)
    for _ in range(2):  # a whole turn (place, then take): the log of its end is kept
        seat = seat_to_move(table)
        send(table, users[seat], engine.legal_actions(engine.load(table.state), seat)[0])
    seat = seat_to_move(table)
    action = engine.legal_actions(engine.load(table.state), seat)[0]  # within the turn
    users[seat].is_authenticated  # noqa: B018  # loaded, as the socket's scope user is
    with CaptureQueriesContext(connection) as queries:
        send(table, users[seat], action)
    # Outside a test's transaction the move's own BEGIN and COMMIT are seen too; the last
    # statement is the test's refresh.
    sql = [q["sql"] for q in queries][:-1]
    assert not any('FROM "lobby_move"' in q for q in sql), sql
    pinned = (
        SOCKET_MOVE_QUERIES_POSTGRESQL if connection.vendor == "postgresql" else SOCKET_MOVE_QUERIES
    )
    assert len(sql) == 2 + pinned - 1, [q[:60] for q in sql]


def test_a_change_made_elsewhere_or_an_undo_reads_the_database_again(alice, bob):
    table = live_table("terraforming_mars", alice, bob)
    users, engine, rng = users_of(table), get_engine(table.game), random.Random(5)
    undone = elsewhere = 0
    for _ in range(400):
        if table.status != Table.Status.ACTIVE or (undone >= 2 and elsewhere >= 2):
            break
        state = engine.load(table.state)
        seat = rng.choice(sorted(engine.to_move(state)))
        if engine.undo_steps(state, seat) > 0 and undone < 2:
            send(table, users[seat], UNDO)
            undone += 1
        elif rng.random() < 0.1 and elsewhere < 2:
            # Another process's move: this process keeps nothing of it.
            action = rng.choice(engine.legal_actions(state, seat))
            move_submit(code=table.code, user=users[seat], action=action, seen_version=None)
            table.refresh_from_db()
            elsewhere += 1
        else:
            send(table, users[seat], rng.choice(engine.legal_actions(state, seat)))
        assert as_read(pushes.RECENT.get(table)) == as_read(move_list_recent(table=table))
    assert undone == 2 and elsewhere == 2


def test_inside_a_transaction_nothing_is_kept(alice, bob):
    from django.db import transaction

    table = started_table(alice, bob)
    with transaction.atomic():
        pushes.RECENT.get(table)
    assert pushes.RECENT.misses == 1
    with CaptureQueriesContext(connection) as queries:
        pushes.RECENT.get(table)
    assert len(queries) == 1  # read again: the first read was not kept
