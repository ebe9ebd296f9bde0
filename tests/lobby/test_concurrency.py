"""Racing requests for the same turn: exactly one applies (row lock + version check).

On SQLite writers queue for the database anyway; tests/reliability/test_row_lock.py
checks the row lock itself on PostgreSQL.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connections
from django.test import Client

from games.registry import get_engine
from tests.lobby.helpers import post_move, seat_to_move, started_table

pytestmark = pytest.mark.django_db(transaction=True)


def race(table, user, actions, version):
    """POST every action at once from its own thread and client; return the statuses."""
    barrier = threading.Barrier(len(actions))
    statuses: list[int] = []
    lock = threading.Lock()

    def submit(action):
        client = Client()
        client.force_login(user)
        barrier.wait()
        try:
            status = post_move(client, table, action, version).status_code
        finally:
            connections.close_all()
        with lock:
            statuses.append(status)

    threads = [threading.Thread(target=submit, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return sorted(statuses)


@pytest.mark.parametrize("same_action", [True, False], ids=["double-click", "two-tabs"])
def test_two_racing_requests_for_one_turn_apply_exactly_once(alice, bob, same_action):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    user = table.seats.get(position=seat).user
    engine = get_engine("lost_cities")
    legal = engine.legal_actions(engine.load(table.state), seat)
    actions = [legal[0], legal[0]] if same_action else [legal[0], legal[-1]]
    version = table.version
    statuses = race(table, user, actions, version)
    assert statuses == [302, 409], statuses
    table.refresh_from_db()
    assert table.version == version + 1
    assert table.moves.count() == 1
    # The stored state is exactly the replay of the log.
    state = engine.setup(players=2, seed=table.seed, options=table.options)
    for move in table.moves.order_by("n"):
        state = engine.apply(state, move.seat, move.action)
    assert engine.dump(state) == table.state
    # The move kept is one of the two sent, by the seat that sent them.
    move = table.moves.get()
    assert move.seat == seat and move.action in actions
