"""The move path's statements (lobby.statements) give what the ORM gives, field for field.

They run on whichever database the suite runs on: SQLite by default, PostgreSQL in CI's
second pass (where the converters differ: native UUID and JSON, time zones).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.db import DatabaseError, connection, connections, transaction
from django.db.models import Model
from django.db.models.signals import post_save, pre_save
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from lobby import statements
from lobby.models import Move, Seat, Table
from lobby.selectors import table_get
from lobby.services import seat_add_bot, table_concede, table_create
from lobby.services.commit import TABLE_FIELDS
from tests.factories import UserFactory
from tests.lobby.finished import finished_table
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def fields_of(instance: Model) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in instance._meta.concrete_fields}


def orm_read(code: Any) -> tuple[Table, list[Seat]]:
    table = Table.objects.get(code=code)
    return table, list(table.seats.select_related("user").order_by("position"))


def assert_same_as_orm(table: Table) -> None:
    want, want_seats = orm_read(table.code)
    got = statements.table_with_seats(table.code)
    assert got is not None
    assert fields_of(got) == fields_of(want)
    assert got._state.adding is False and got._state.db == "default"
    with CaptureQueriesContext(connection) as queries:
        seats = list(got.seats.all())
        names = [seat.display_name for seat in seats]
        tables = {id(seat.table) for seat in seats}
    assert len(queries) == 0, "seats, their players and table come with the one statement"
    assert tables <= {id(got)}
    assert [fields_of(s) for s in seats] == [fields_of(s) for s in want_seats]
    assert names == [s.display_name for s in want_seats]
    for seat, wanted in zip(seats, want_seats, strict=True):
        assert seat._loaded == wanted._loaded
        assert seat.turn_notified == wanted.turn_notified
        if wanted.user is None:
            assert seat.user is None
        else:
            assert fields_of(seat.user) == fields_of(wanted.user)


def test_a_table_in_play_reads_as_the_orm_reads_it(alice, bob):
    assert_same_as_orm(started_table(alice, bob))


def test_a_query_asked_of_the_read_seats_still_names_their_table(alice, bob, carol):
    """The seats are attached as prefetch_related leaves them (the filter on the table
    built only when asked): a further query still narrows to this table's seats."""
    table, other = started_table(alice, bob), started_table(carol, bob)
    got = statements.table_with_seats(table.code)
    assert got is not None
    assert list(got.seats.all().values_list("user__username", flat=True)) == ["alice", "bob"]
    assert got.seats.filter(position=1).get().table_id == table.pk
    assert got.seats.count() == 2 and got.seats.all().ordered
    assert [s.position for s in got.seats.all()] == [0, 1]
    assert other.seats.count() == 2


def test_a_finished_table_reads_as_the_orm_reads_it(alice, bob):
    table = finished_table(alice, bob)
    table.refresh_from_db()
    assert table.result is not None and table.finished_at is not None
    assert_same_as_orm(table)
    conceded = started_table(alice, bob)
    table_concede(code=conceded.code, user=bob)
    assert_same_as_orm(conceded)


def test_an_open_table_with_a_bot_and_an_empty_seat_reads_as_the_orm_reads_it(alice):
    table = table_create(user=alice, game="relative_space", players=3, options={})
    assert_same_as_orm(table)
    seat_add_bot(code=table.code, user=alice)
    table.refresh_from_db()
    assert any(seat.user is None for seat in table.seats.all())
    assert_same_as_orm(table)


def test_a_table_without_seats_reads_with_none(alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    Seat.objects.filter(table=table).delete()
    got = statements.table_with_seats(table.code)
    assert got is not None and got.pk == table.pk
    assert list(got.seats.all()) == []


@pytest.mark.parametrize(
    "code",
    ["not-a-code", "\x00", "", None, 12, "0f4e1d52-8c1a-4bde-9d5e-3f6a2b7c9e10", uuid.UUID(int=7)],
    ids=["words", "nul", "empty", "none", "number", "unknown-text", "unknown-uuid"],
)
def test_a_code_that_is_no_tables_reads_none(code, alice, bob):
    started_table(alice, bob)
    assert statements.table_with_seats(code) is None
    assert table_get(code=code) is None


def test_the_locked_read_locks_the_tables_row_alone(alice, bob):
    table = started_table(alice, bob)
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        got = statements.table_with_seats(table.code, lock=True)
    assert got is not None and got.version == table.version
    (sql,) = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    if connection.features.has_select_for_update_of:
        assert sql.endswith("FOR UPDATE OF t")
    else:
        assert "FOR UPDATE" not in sql  # SQLite: writers are serialised


def test_a_row_update_writes_what_a_save_of_those_fields_writes(alice, bob):
    table = started_table(alice, bob)
    before = Table.objects.get(pk=table.pk)
    table.state = {**(table.state or {}), "note": "ünïcode ✓", "nested": [1, None, {"a": True}]}
    table.version += 1
    table.phase_key, table.phase_deadline = "bidding", timezone.now() + timedelta(seconds=90)
    table.end_words = None
    with CaptureQueriesContext(connection) as queries:
        statements.row_update(table, TABLE_FIELDS)
    assert len(queries) == 1
    after = Table.objects.get(pk=table.pk)
    assert after.state == table.state
    assert after.version == before.version + 1
    assert (after.phase_key, after.phase_deadline) == ("bidding", table.phase_deadline)
    assert after.updated_at > before.updated_at, "auto_now runs as in a save"
    assert after.updated_at == table.updated_at
    assert fields_of(after) == fields_of(table)
    assert after.created_at == before.created_at  # a field not named is not written


def test_a_row_update_of_seats_writes_only_the_named_fields(alice, bob):
    table = started_table(alice, bob)
    seat = Seat.objects.get(table=table, position=0)
    seat.time_left, seat.is_to_move, seat.score = 12.5, False, 7
    statements.row_update(seat, ("time_left", "is_to_move"))
    fresh = Seat.objects.get(pk=seat.pk)
    assert (fresh.time_left, fresh.is_to_move) == (12.5, False)
    assert fresh.score is None


def test_a_row_update_of_a_row_that_is_gone_fails_as_a_save_does(alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    Table.objects.filter(pk=table.pk).delete()
    with pytest.raises(DatabaseError, match="did not affect any rows"):
        statements.row_update(table, ("version",))


def test_a_row_insert_writes_what_a_first_save_writes(alice, bob):
    table = started_table(alice, bob)
    texts = {"spectator": {"m": "took %(card)s", "a": {"card": "Gelb 7 ✓"}}, "0": {"m": "x"}}
    before = timezone.now()
    made = Move(table=table, n=1, kind=Move.Kind.ACTION, seat=1, action={"type": "x"}, texts=texts)
    with CaptureQueriesContext(connection) as queries:
        statements.row_insert(made)
    assert len(queries) == 1
    assert made.pk is not None and made._state.adding is False and made._state.db == "default"
    assert made.created_at >= before, "auto_now_add runs as in a save"
    stored = Move.objects.get(pk=made.pk)
    assert fields_of(stored) == fields_of(made)
    second = Move(table=table, n=2, kind=Move.Kind.TIME_UP, seat=None, action={}, by_timeout=True)
    statements.row_insert(second)
    assert second.pk != made.pk
    assert fields_of(Move.objects.get(pk=second.pk)) == fields_of(second)
    assert second.texts == {}, "a field's default as the ORM gives it"


def test_rows_write_writes_what_the_single_writes_write_in_one_statement_on_postgresql(alice, bob):
    """A new row, then updates, in order: each as `row_insert` and `row_update` write it; on
    PostgreSQL all in one statement, elsewhere one each."""
    table = started_table(alice, bob)
    before = Table.objects.get(pk=table.pk)
    seats = list(table.seats.order_by("position"))
    texts = {"spectator": {"m": "took %(card)s", "a": {"card": "Gelb 7 ✓"}}}
    made = Move(table=table, n=1, kind=Move.Kind.ACTION, seat=0, action={"type": "x"}, texts=texts)
    seats[0].time_left, seats[0].is_to_move = 41.5, False
    seats[1].is_to_move = True
    table.version += 1
    table.state = {**(table.state or {}), "note": "ünïcode ✓"}
    writes = [
        (made, None),
        (seats[0], ("time_left", "is_to_move")),
        (seats[1], ("is_to_move",)),
        (table, TABLE_FIELDS),
    ]
    with CaptureQueriesContext(connection) as queries:
        statements.rows_write(writes)
    sql = [q["sql"] for q in queries if "SAVEPOINT" not in q["sql"]]
    assert len(sql) == (1 if connection.vendor == "postgresql" else 4), sql
    assert made.pk is not None and made._state.adding is False
    assert fields_of(Move.objects.get(pk=made.pk)) == fields_of(made)
    fresh = [Seat.objects.get(pk=seat.pk) for seat in seats]
    assert (fresh[0].time_left, fresh[0].is_to_move, fresh[1].is_to_move) == (41.5, False, True)
    after = Table.objects.get(pk=table.pk)
    assert fields_of(after) == fields_of(table) and after.updated_at > before.updated_at
    # A row that is gone fails the whole write, as a save of it does.
    Seat.objects.filter(pk=seats[1].pk).delete()
    gone = Move(table=table, n=2, kind=Move.Kind.ACTION, seat=0, action={}, texts={})
    with pytest.raises(DatabaseError, match="did not affect any rows"), transaction.atomic():
        statements.rows_write([(gone, None), (seats[1], ("is_to_move",)), (table, ("version",))])
    assert not Move.objects.filter(n=2, table=table).exists()


def test_turn_counts_count_the_tables_in_play_where_it_is_a_players_turn(alice, bob):
    carol, dave = UserFactory(), UserFactory()
    tables = [started_table(alice, bob) for _ in range(3)]
    started_table(carol, alice)
    # A seat marked to move at a table no longer in play does not count.
    Seat.objects.filter(table=finished_table(alice, bob)).update(is_to_move=True)
    Seat.objects.filter(table=tables[2], user=alice).update(bot=Seat.Bot.HEURISTIC)
    ids = [alice.id, bob.id, carol.id, dave.id]
    want = {
        user_id: Seat.objects.filter(
            user_id=user_id, is_to_move=True, bot="", table__status=Table.Status.ACTIVE
        ).count()
        for user_id in ids
    }
    assert sum(want.values()) >= 3
    assert statements.turn_counts(ids) == want
    assert statements.turn_counts([dave.id]) == {dave.id: 0}
    assert statements.turn_counts([]) == {}


def test_nothing_listens_to_the_saves_these_writes_skip():
    """row_update and row_insert send no pre_save/post_save: if a receiver is ever
    connected for a table, a seat or a move, the move path's writes must go through save
    again."""
    for signal in (pre_save, post_save):
        for model in (Table, Seat, Move):
            assert not signal.has_listeners(model), model


def test_on_postgresql_the_statements_are_bound_and_prepared_on_the_server(alice, bob):
    """On PostgreSQL each of these statements is prepared once per connection and then
    only executed (its values bound by the server, not quoted into the text); Django's
    query log still reads each with its values. Elsewhere, Django's own cursor."""
    from games.registry import get_engine
    from lobby.prepared import PreparedCursor
    from lobby.services import move_submit
    from tests.lobby.helpers import seat_to_move

    table = started_table(alice, bob)
    with statements._cursor(connection) as cursor:
        prepared = isinstance(cursor.cursor, PreparedCursor)
    assert prepared == (connection.vendor == "postgresql")
    engine = get_engine(table.game)
    for _ in range(3):
        table.refresh_from_db()
        seat = seat_to_move(table)
        action = engine.legal_actions(engine.load(table.state), seat)[0]
        with CaptureQueriesContext(connection) as queries:
            move_submit(
                code=table.code,
                user=alice if seat == 0 else bob,
                action=action,
                seen_version=table.version,
            )
        logged = [q["sql"] for q in queries]
        assert any(
            sql.startswith('SELECT t."id"') and table.code.hex in sql.replace("-", "")
            for sql in logged
        ), logged
        written = 'WITH w0 AS (INSERT INTO "lobby_move"' if prepared else 'INSERT INTO "lobby_move"'
        assert any(sql.startswith(written) for sql in logged), logged
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement, generic_plans + custom_plans FROM pg_prepared_statements")
        runs = cursor.fetchall()
    # The locked read, and the move's row written with the table's (one statement for a
    # step within the turn, one for a step that passes it): prepared once, run each move.
    for start, shapes in (('SELECT t."id"', 1), ('WITH w0 AS (INSERT INTO "lobby_move"', 2)):
        found = [n for sql, n in runs if sql.startswith(start)]
        assert sum(found) >= 3 and 1 <= len(found) <= shapes, (start, found)


def _postgresql_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's plans and storage (CI's second pass runs this)")


def test_on_postgresql_the_turn_count_reads_only_the_seats_to_move_even_when_prepared(alice, bob):
    """The "your turn" count runs after every move that passes the turn. Prepared, its
    plan may be the generic one (no values known): it must still start from the players'
    seats to move (the partial index `seat_to_move`), not walk every table in play."""
    _postgresql_only()
    started_table(alice, bob)
    counts = statements.turn_counts([alice.id, bob.id])
    assert sorted(counts.values()) == [0, 1]
    sql = connections["default"].__dict__["_statements"][("turns", 2)]
    for n in range(1, 5):
        sql = sql.replace("%s", f"${n}", 1)
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = force_generic_plan")
        cursor.execute(f"PREPARE turns_generic AS {sql}")
        cursor.execute(
            "EXPLAIN EXECUTE turns_generic(%s, %s, %s, %s)", [alice.id, bob.id, "", "active"]
        )
        plan = "\n".join(row[0] for row in cursor.fetchall())
        cursor.execute("DEALLOCATE turns_generic")
    assert "seat_to_move" in plan and "lobby_table_pkey" in plan, plan
    assert "lobby_table_status" not in plan, plan


def test_on_postgresql_a_moves_writes_touch_only_the_indexes_the_site_needs():
    """A turn's seat update changes indexed columns (its deadline), so PostgreSQL adds an
    entry to every index of the seat for each seat a move writes; the table's update
    changes none, and its pages keep room for the new row (a HOT update, no index entry).
    Pinned: an index added here costs every move."""
    _postgresql_only()
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT tablename, indexname FROM pg_indexes"
            " WHERE tablename IN ('lobby_seat', 'lobby_move')"
        )
        indexes: dict[str, set[str]] = {}
        for table, index in cursor.fetchall():
            indexes.setdefault(table, set()).add(index)
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = 'lobby_table'")
        (options,) = cursor.fetchone()
    seat = {name for name in indexes["lobby_seat"] if not name.startswith("lobby_seat_pkey")}
    assert sorted(
        name.rsplit("_", 1)[0] if name.startswith("lobby_") else name for name in seat
    ) == [
        "lobby_seat_deadline",
        "lobby_seat_user_id",
        "lobby_seat_warning_at",
        "seat_to_move",
        "seat_unique_position",
        "seat_unique_user",
    ]
    assert sorted(indexes["lobby_move"]) == ["lobby_move_pkey", "move_unique_n"]
    assert "fillfactor=50" in (options or [])
