"""Every change of a game in play, and every way one ends, is written by `table_commit`.

Each service below changes a Lost Cities table the way players, bots, the clock and
moderators do; every table save it makes writes the one field list (TABLE_FIELDS), no
service writes seats with a hand-made `bulk_update`, the version moves on, `scored_at`
is left to the scoring, and the consequences are scheduled for after the commit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from lobby import clocks, statements
from lobby.models import Seat, Table
from lobby.services import (
    bot_play,
    move_submit,
    seat_join,
    seat_leave,
    seat_timeout,
    table_concede,
    table_create,
)
from lobby.services.commit import TABLE_FIELDS
from lobby.services.moderation import seat_remove, table_abort
from tests.factories import UserFactory
from tests.lobby.helpers import random_legal, seat_to_move, started_table


def _move(table: Table, alice: Any, bob: Any) -> None:
    seat = seat_to_move(table)
    user = alice if seat == 0 else bob
    action = random_legal(table, seat, random.Random(0))
    move_submit(code=table.code, user=user, action=action, seen_version=table.version)


def _timeout(table: Table, alice: Any, bob: Any, *, out: bool = False) -> None:
    seat = table.seats.get(position=seat_to_move(table))
    deadline = timezone.now() - timedelta(seconds=1)
    timeouts = clocks.MAX_ASYNC_TIMEOUTS - 1 if out else 0
    Seat.objects.filter(pk=seat.pk).update(deadline=deadline, timeouts=timeouts)
    assert seat_timeout(seat_id=seat.pk, deadline=deadline)


def _bot_turn(table: Table, alice: Any, bob: Any) -> None:
    # A bot takes over a seat (a moderator's removal), then plays its turn.
    moderator = UserFactory(is_staff=True)
    seat = table.seats.get(position=seat_to_move(table))
    seat_remove(moderator=moderator, table_id=table.id, user_id=seat.user_id, reason="test")
    table.refresh_from_db()
    assert bot_play(table_id=table.id, version=table.version)


CHANGES: dict[str, Callable[[Table, Any, Any], None]] = {
    "a player's move": _move,
    "the clock's move": _timeout,
    "a seat out on time": lambda table, alice, bob: _timeout(table, alice, bob, out=True),
    "a concession": lambda table, alice, bob: table_concede(code=table.code, user=bob),
    "a moderator's abort": lambda table, alice, bob: table_abort(
        moderator=UserFactory(is_staff=True), table_id=table.id, reason="test"
    ),
    "a seat handed to a bot, and its turn": _bot_turn,
}


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Record the fields of every table write (a save's update_fields, or the fields
    `lobby.statements.row_update` writes); refuse seats' bulk updates."""
    saved: list[Any] = []
    real_save, real_update = Table.save, statements.row_update

    def save(self: Table, *args: Any, **kwargs: Any) -> None:
        saved.append(kwargs.get("update_fields"))
        real_save(self, *args, **kwargs)

    inside: list[bool] = []

    def row_update(instance: Any, names: Any, **kwargs: Any) -> None:
        if isinstance(instance, Table) and not inside:
            saved.append(tuple(names))
        real_update(instance, names, **kwargs)

    real_writes = statements.rows_write

    def rows_write(writes: Any, **kwargs: Any) -> None:
        # The table's write with the seats' and the move's (on PostgreSQL one statement).
        saved.extend(tuple(names) for instance, names in writes if isinstance(instance, Table))
        inside.append(True)
        try:
            real_writes(writes, **kwargs)
        finally:
            inside.pop()

    def bulk_update(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("seats are written by table_commit, not by a bulk_update")

    monkeypatch.setattr(Table, "save", save)
    monkeypatch.setattr(statements, "row_update", row_update)
    monkeypatch.setattr(statements, "rows_write", rows_write)
    monkeypatch.setattr(Seat.objects, "bulk_update", bulk_update)
    return saved


@pytest.mark.django_db
@pytest.mark.parametrize("change", list(CHANGES))
def test_a_table_change_is_written_by_the_one_write_path(
    change, alice, bob, writes, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    version = table.version
    writes.clear()
    with django_capture_on_commit_callbacks() as callbacks:
        CHANGES[change](table, alice, bob)
    table.refresh_from_db()
    assert writes and all(fields == TABLE_FIELDS for fields in writes), writes
    assert table.version > version
    assert table.scored_at is None
    assert callbacks, "the consequences are scheduled for after the commit"


@pytest.mark.django_db
def test_a_table_its_creator_cancels_is_written_by_the_one_write_path(alice, writes):
    table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
    writes.clear()
    seat_leave(code=table.code, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED
    assert writes == [TABLE_FIELDS]


@pytest.mark.django_db
def test_a_player_taking_a_seat_is_written_by_the_one_write_path(alice, bob, countdown, writes):
    table = table_create(user=alice, game="countdown", players=3, options={})
    writes.clear()
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.seats.count() == 2
    assert writes == [TABLE_FIELDS]
