"""Socket moves run on threads of their own (lobby.consumers.move_runner): one move that
waits (for PostgreSQL's commit, for Redis) no longer holds up the moves of other tables."""

from __future__ import annotations

import asyncio
import threading

import pytest

from lobby import consumers, services
from lobby.models import Table
from tests.factories import UserFactory
from tests.lobby import test_socket_moves
from tests.lobby.helpers import started_table
from tests.lobby.test_consumers import connect, session_cookie
from tests.lobby.test_socket_moves import discard, fields, players

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_move_that_waits_does_not_hold_up_another_tables_move(monkeypatch):
    """Table A's move stops inside its hand-off until told to go on; table B's move is
    played and answered meanwhile. On Channels' one database thread B would wait for A."""
    alice, bob, carol, dave = (UserFactory() for _ in range(4))
    first, second = started_table(alice, bob), started_table(carol, dave)
    (mover_a, _, seat_a), (mover_b, _, seat_b) = (
        players(first, alice, bob),
        players(second, carol, dave),
    )
    action_a, action_b = discard(first, seat_a), discard(second, seat_b)
    headers_a, headers_b = session_cookie(mover_a), session_cookie(mover_b)
    inside, go_on = threading.Event(), threading.Event()
    threads: dict[str, str] = {}
    real = services.move_submit

    def move_submit(*, code: str, **kwargs):
        threads[code] = threading.current_thread().name
        if code == str(first.code):
            inside.set()
            assert go_on.wait(timeout=10), "table A's move was never let go on"
        return real(code=code, **kwargs)

    monkeypatch.setattr(services, "move_submit", move_submit)

    async def scenario():
        socket_a, socket_b = await connect(first, headers_a), await connect(second, headers_b)
        await socket_a.receive_from(timeout=5)
        await socket_b.receive_from(timeout=5)
        await socket_a.send_to(text_data=fields(action_a, first.version))
        assert await asyncio.to_thread(inside.wait, 5), "table A's move never started"
        await socket_b.send_to(text_data=fields(action_b, second.version))
        try:
            answer_b = await socket_b.receive_from(timeout=5)
            waiting_a = await socket_a.receive_nothing(timeout=0.1)
        finally:
            go_on.set()
        answer_a = await socket_a.receive_from(timeout=5)
        await socket_a.disconnect()
        await socket_b.disconnect()
        return answer_a, answer_b, waiting_a

    answer_a, answer_b, waiting_a = asyncio.run(scenario())
    assert waiting_a, "table A answered before its move was let go on"
    for table, answer in ((first, answer_a), (second, answer_b)):
        before = table.version
        table.refresh_from_db()
        assert table.version == before + 1 and table.move_count == 1
        assert f'data-version="{table.version}"' in answer
    assert all(name.startswith("moves") for name in threads.values()), threads


def test_a_second_move_of_one_table_waits_its_turn_outside_the_threads(alice, bob, monkeypatch):
    """The mover's page sends the same move twice (a double click) while the first is
    still being played: the second takes no thread until the first is done (it would only
    wait there for the row lock, and Mondo's four players act at once), then is refused in
    words; the table moves on by exactly one version."""
    table = started_table(alice, bob)
    mover, _, seat = players(table, alice, bob)
    action = discard(table, seat)
    headers = session_cookie(mover)
    inside, go_on = threading.Event(), threading.Event()
    entered: list[str] = []
    real = services.move_submit

    def move_submit(**kwargs):
        entered.append(threading.current_thread().name)
        if len(entered) == 1:
            inside.set()
            assert go_on.wait(timeout=10), "the first move was never let go on"
        return real(**kwargs)

    monkeypatch.setattr(services, "move_submit", move_submit)

    async def scenario():
        one, two = await connect(table, headers), await connect(table, headers)
        await one.receive_from(timeout=5)
        await two.receive_from(timeout=5)
        message = fields(action, table.version)
        await one.send_to(text_data=message)
        assert await asyncio.to_thread(inside.wait, 5), "the first move never started"
        await two.send_to(text_data=message)
        try:
            await two.receive_nothing(timeout=0.3)
            while_first_plays = list(entered)
        finally:
            go_on.set()
        answers = [await one.receive_from(timeout=5), await two.receive_from(timeout=5)]
        await one.disconnect()
        await two.disconnect()
        return answers, while_first_plays

    answers, while_first_plays = asyncio.run(scenario())
    assert len(while_first_plays) == 1, while_first_plays
    assert len(entered) == 2
    assert str(table.code) not in consumers._table_turns  # nothing kept once both are done
    before = table.version
    table.refresh_from_db()
    assert table.version == before + 1 and table.move_count == 1
    assert Table.objects.get(pk=table.pk).moves.count() == 1
    refused = [a for a in answers if 'role="alert"' in a]
    assert len(refused) == 1, answers
    assert "board-error" in refused[0]


def test_a_moves_thread_gives_its_database_connection_back_after_the_move(alice, bob):
    """Each move's connection goes back (to psycopg's pool on PostgreSQL) when the move is
    done: a thread that kept one would hold it between moves, and the test database could
    not be dropped."""
    from django.db import connections

    test_socket_moves.test_a_move_sent_over_the_socket_is_played_and_answered_on_that_socket(
        alice, bob
    )
    runner = consumers._move_threads
    assert runner is not None
    count = runner._max_workers
    together = threading.Barrier(count, timeout=5)

    def holds_a_connection() -> tuple[str, bool]:
        together.wait()  # every thread of the pool answers, not one thread twice
        return threading.current_thread().name, connections["default"].connection is not None

    answers = [runner.submit(holds_a_connection) for _ in range(count)]
    held = dict(future.result(timeout=10) for future in answers)
    assert len(held) == count and not any(held.values()), held
