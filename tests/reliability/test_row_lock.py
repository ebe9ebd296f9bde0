"""The table's row lock: two moves sent for the same version at once, exactly one commits.

SQLite lets one writer in at a time (the project opens its transactions IMMEDIATE), so
two racing submissions queue up there whether or not `locked_table` locks the row.
PostgreSQL runs both transactions side by side; only the row lock makes the second
one wait and then see that the table has moved on.
"""

from __future__ import annotations

import threading
import time

import pytest
from django.db import connection, connections

from games.registry import get_engine
from lobby.errors import Conflict
from lobby.services import move_submit, moves, replay_states
from tests.lobby.helpers import seat_to_move, started_table

pytestmark = pytest.mark.django_db(transaction=True)

# How long a submission holds the table between loading it and saving the move: long
# enough for the other thread to reach the row lock (or, without it, to load the same row).
HOLD_SECONDS = 0.3


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip(
            "SQLite serialises writers (transaction_mode IMMEDIATE), so a missing row lock "
            "cannot show there; the row lock is exercised on PostgreSQL"
        )


@pytest.fixture
def slow_save(monkeypatch):
    """Make every submission wait between its checks (row locked) and recording the move."""
    real = moves.move_record

    def held(**kwargs):
        time.sleep(HOLD_SECONDS)
        real(**kwargs)

    monkeypatch.setattr(moves, "move_record", held)


def submit_at_once(table, user, actions, version) -> list[object]:
    """Submit every action from its own thread and connection at the same moment.

    Return, per action, "committed" or the exception it raised.
    """
    barrier = threading.Barrier(len(actions))
    results: list[object] = [None] * len(actions)

    def submit(index: int) -> None:
        try:
            barrier.wait(10)
            move_submit(code=table.code, user=user, action=actions[index], seen_version=version)
            results[index] = "committed"
        except Exception as error:
            results[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(len(actions))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


def test_two_moves_on_the_same_version_commit_once_and_the_other_is_told_it_is_stale(
    alice, bob, slow_save
):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    user = table.seats.get(position=seat).user
    engine = get_engine("lost_cities")
    legal = engine.legal_actions(engine.load(table.state), seat)
    actions = [legal[0], legal[-1]]  # two tabs, two different moves
    version = table.version

    results = submit_at_once(table, user, actions, version)

    assert results.count("committed") == 1, results
    (refused,) = [r for r in results if r != "committed"]
    assert isinstance(refused, Conflict), repr(refused)
    assert "moved on" in refused.message
    table.refresh_from_db()
    assert table.version == version + 1
    assert table.move_count == 1
    (move,) = table.moves.all()
    assert move.n == 1 and move.seat == seat
    assert move.action == actions[results.index("committed")]
    # The stored state is the replay of that one move, not of the other.
    assert engine.dump(replay_states(engine=engine, table=table)[-1]) == table.state
