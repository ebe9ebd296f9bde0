"""The move path's busiest statements, their SQL written once per database connection.

A live move reads the table with its seats and players, appends its Move, writes the
seats that changed and the table, and counts the players' turns. Built through the ORM,
each of these cost more of the web process's CPU than the database spent on it: the
query, its compiler and SQL (0.3–0.9 ms a statement on our 2-core machines; profiled
under `bench.load`, the ORM was a third of a socket move's CPU, more than its two board
drawings). Here the SQL of each is written once per connection from the models' own
field lists, values go in through each field's `get_db_prep_save` and come out through
the converters the ORM applies (the field's and the backend's) and `Model.from_db`; so
the instances are the ORM's own, field for field (`tests/lobby/test_statements.py`
compares them on SQLite and PostgreSQL), and the statements still pass through Django's
cursor (query logging, execute wrappers, `CaptureQueriesContext`).

On PostgreSQL they run through a cursor that binds the values on the server and
prepares each statement once per pooled connection (`lobby.prepared`), and a move's row,
its seats and its table go in one statement (`rows_write`).

Writes bypass `Model.save`, so no `pre_save`/`post_save` signal fires for them: nothing
listens to those of `Table`, `Seat` or `Move` (a test fails if something starts to), and
the fields' own `pre_save` (`auto_now`, `auto_now_add`) still runs.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DatabaseError, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.utils import CursorWrapper
from django.db.models import Field, Model

from accounts.models import User
from lobby.models import Seat, Table


@dataclass(frozen=True)
class _Columns:
    """One model's concrete columns as a SELECT lists them, and how to read them back."""

    model: type[Model]
    attnames: tuple[str, ...]
    select: str
    #: (position in this model's columns, converters, the column expression) for the
    #: columns that have converters, as `SQLCompiler.get_converters` finds them.
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]

    def instance(self, db: str, values: list[Any], connection: BaseDatabaseWrapper) -> Any:
        for position, converters, expression in self.converters:
            value = values[position]
            for converter in converters:
                value = converter(value, expression, connection)
            values[position] = value
        return self.model.from_db(db, self.attnames, values)


def _cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Return Django's cursor for one of these statements; on PostgreSQL (psycopg 3), one
    that binds the values on the server and prepares each statement once per connection.

    Django's own cursor binds values into the SQL text on the client (quoting the whole
    game state of every move) and PostgreSQL parses and plans each statement anew. These
    statements' SQL is fixed (written once, values only as parameters), so the server
    may keep them; the pool keeps the connections. The cursor is still wrapped as
    Django wraps its own (query logging, execute wrappers).
    """
    if connection.vendor != "postgresql":
        return connection.cursor()
    from lobby.prepared import prepared_cursor

    return prepared_cursor(connection)


def _quoted(connection: BaseDatabaseWrapper, model: type[Model], name: str) -> str:
    """Return the quoted column of `model`'s field `name` ("pk": its primary key)."""
    field = model._meta.pk if name == "pk" else model._meta.get_field(name)
    return str(connection.ops.quote_name(str(field.column)))  # type: ignore[union-attr]


def _columns(model: type[Model], alias: str, connection: BaseDatabaseWrapper) -> _Columns:
    quote = connection.ops.quote_name
    fields: list[Field[Any, Any]] = list(model._meta.concrete_fields)
    converters = []
    for position, field in enumerate(fields):
        expression = field.get_col(alias)
        found = connection.ops.get_db_converters(expression) + expression.get_db_converters(
            connection
        )
        if found:
            converters.append((position, tuple(found), expression))
    return _Columns(
        model=model,
        attnames=tuple(field.attname for field in fields),
        select=", ".join(f"{alias}.{quote(field.column)}" for field in fields),
        converters=tuple(converters),
    )


@dataclass(frozen=True)
class _TableRead:
    sql: str
    table: _Columns
    seat: _Columns
    user: _Columns


def _once(connection: BaseDatabaseWrapper, key: tuple[Any, ...], write: Callable[[], Any]) -> Any:
    """Return what `write` made for `key` on this connection, made on first use.

    Kept on the connection object (each thread has its own): the converters are bound to
    that connection's operations.
    """
    written: dict[tuple[Any, ...], Any] = connection.__dict__.setdefault("_statements", {})
    found = written.get(key)
    if found is None:
        found = written[key] = write()
    return found


def _table_read(connection: BaseDatabaseWrapper, lock: bool) -> _TableRead:
    def write() -> _TableRead:
        quote, column = connection.ops.quote_name, partial(_quoted, connection)
        table = _columns(Table, "t", connection)
        seat = _columns(Seat, "s", connection)
        user = _columns(User, "u", connection)
        sql = (
            f"SELECT {table.select}, {seat.select}, {user.select}"
            f" FROM {quote(Table._meta.db_table)} t"
            f" LEFT OUTER JOIN {quote(Seat._meta.db_table)} s"
            f" ON s.{column(Seat, 'table')} = t.{column(Table, 'pk')}"
            f" LEFT OUTER JOIN {quote(User._meta.db_table)} u"
            f" ON u.{column(User, 'pk')} = s.{column(Seat, 'user')}"
            f" WHERE t.{column(Table, 'code')} = %s"
            f" ORDER BY s.{column(Seat, 'position')}"
        )
        if lock and connection.features.has_select_for_update:
            # Only the table's row: its seats' and players' rows stay free (on a database
            # that cannot say which, every row read is locked).
            of = connection.features.has_select_for_update_of
            sql += " FOR UPDATE OF t" if of else " FOR UPDATE"
        return _TableRead(sql=sql, table=table, seat=seat, user=user)

    result: _TableRead = _once(connection, ("table_read", lock), write)
    return result


def table_with_seats(code: Any, *, lock: bool = False, using: str = "default") -> Table | None:
    """Return the table whose code is `code`, its seats (with their players) attached as
    `prefetch_related` would attach them, or None; in one statement.

    `lock` locks the table's row (not its seats' or players') until the transaction
    ends, where the database can (PostgreSQL: `FOR UPDATE OF`); the caller is inside
    `transaction.atomic` then. A code that is no table's code (not a UUID, a NUL byte…)
    is None, as the ORM's `ValidationError` was.
    """
    from lobby.selectors import seats_attach

    connection = connections[using]
    try:
        value = code if isinstance(code, uuid.UUID) else uuid.UUID(str(code))
        param = Table._meta.get_field("code").get_db_prep_value(value, connection)
    except (ValueError, ValidationError, TypeError, AttributeError):
        return None
    read = _table_read(connection, lock)
    with _cursor(connection) as cursor:
        cursor.execute(read.sql, [param])
        rows = cursor.fetchall()
    if not rows:
        return None
    first = len(read.table.attnames)
    second = first + len(read.seat.attnames)
    table: Table = read.table.instance(using, list(rows[0][:first]), connection)
    seats: list[Seat] = []
    user_field = Seat._meta.get_field("user")
    for row in rows:
        if row[first] is None:  # a table without seats: one row, its seat columns NULL
            continue
        seat: Seat = read.seat.instance(using, list(row[first:second]), connection)
        user = (
            read.user.instance(using, list(row[second:]), connection)
            if row[second] is not None
            else None
        )
        user_field.set_cached_value(seat, user)
        seats.append(seat)
    seats_attach(table, seats)
    return table


def row_update(instance: Model, names: Sequence[str], *, using: str | None = None) -> None:
    """Write the fields `names` of `instance` as `save(update_fields=names)` would.

    Each field's `pre_save` runs first (an `auto_now` field takes the time); a row that
    is gone raises DatabaseError, as such a save does.
    """
    model = type(instance)
    db = using or instance._state.db or "default"
    connection = connections[db]
    fields = tuple(model._meta.get_field(name) for name in names)

    def write() -> str:
        sets = ", ".join(f"{_quoted(connection, model, name)} = %s" for name in names)
        return (
            f"UPDATE {connection.ops.quote_name(model._meta.db_table)} SET {sets}"
            f" WHERE {_quoted(connection, model, 'pk')} = %s"
        )

    sql: str = _once(connection, ("update", model, tuple(names)), write)
    params = [
        field.get_db_prep_save(field.pre_save(instance, False), connection)  # type: ignore[union-attr]
        for field in fields
    ]
    params.append(instance.pk)
    with _cursor(connection) as cursor:
        cursor.execute(sql, params)
        if cursor.rowcount == 0:
            raise DatabaseError("Save with update_fields did not affect any rows.")


def row_insert(instance: Model, *, using: str = "default") -> None:
    """Insert `instance` as a first `save()` inserts it, and read its primary key back.

    Each field's `pre_save` runs first (an `auto_now_add` field takes the time).
    """
    model = type(instance)
    connection = connections[using]
    pk = model._meta.pk
    fields = tuple(field for field in model._meta.concrete_fields if field is not pk)
    returning = connection.features.can_return_columns_from_insert

    def write() -> str:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(field.column) for field in fields)
        places = ", ".join(["%s"] * len(fields))
        sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({places})"
        if returning:
            sql += f" RETURNING {_quoted(connection, model, 'pk')}"
        return sql

    sql: str = _once(connection, ("insert", model), write)
    params = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    with _cursor(connection) as cursor:
        cursor.execute(sql, params)
        instance.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
    instance._state.adding, instance._state.db = False, using


def rows_write(
    writes: Sequence[tuple[Model, Sequence[str] | None]], *, using: str = "default"
) -> None:
    """Write rows in order: `(instance, None)` inserts it (as `row_insert`), `(instance,
    names)` writes those fields (as `row_update`; a row that is gone raises DatabaseError).

    On PostgreSQL all of them go in one statement (each write a data-modifying `WITH`
    part, and one row back: the inserted keys and how many rows each update found): a
    move's new row, its seats and its table in one round trip and one prepared statement
    instead of three or four. Elsewhere, one statement each.
    """
    connection = connections[using]
    if connection.vendor != "postgresql" or len(writes) < 2:
        for instance, names in writes:
            if names is None:
                row_insert(instance, using=using)
            else:
                row_update(instance, names, using=using)
        return
    shape = tuple(
        (type(instance), None if names is None else tuple(names)) for instance, names in writes
    )

    def write() -> str:
        quote = connection.ops.quote_name
        parts, reads = [], []
        for n, (model, names) in enumerate(shape):
            if names is None:
                fields = [f for f in model._meta.concrete_fields if f is not model._meta.pk]
                columns = ", ".join(quote(f.column) for f in fields)
                places = ", ".join(["%s"] * len(fields))
                parts.append(
                    f"w{n} AS (INSERT INTO {quote(model._meta.db_table)} ({columns})"
                    f" VALUES ({places}) RETURNING {_quoted(connection, model, 'pk')})"
                )
                reads.append(f"(SELECT {_quoted(connection, model, 'pk')} FROM w{n})")
            else:
                sets = ", ".join(f"{_quoted(connection, model, name)} = %s" for name in names)
                parts.append(
                    f"w{n} AS (UPDATE {quote(model._meta.db_table)} SET {sets}"
                    f" WHERE {_quoted(connection, model, 'pk')} = %s RETURNING 1)"
                )
                reads.append(f"(SELECT COUNT(*) FROM w{n})")
        return f"WITH {', '.join(parts)} SELECT {', '.join(reads)}"

    sql: str = _once(connection, ("writes", shape), write)
    params: list[Any] = []
    for instance, names in writes:
        model = type(instance)
        if names is None:
            params.extend(
                field.get_db_prep_save(field.pre_save(instance, True), connection)
                for field in model._meta.concrete_fields
                if field is not model._meta.pk
            )
        else:
            params.extend(
                field.get_db_prep_save(field.pre_save(instance, False), connection)  # type: ignore[union-attr]
                for field in (model._meta.get_field(name) for name in names)
            )
            params.append(instance.pk)
    with _cursor(connection) as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    for (instance, names), value in zip(writes, row, strict=True):
        if names is None:
            instance.pk = value
            instance._state.adding, instance._state.db = False, using
        elif value == 0:
            raise DatabaseError("Save with update_fields did not affect any rows.")


def turn_counts(user_ids: Sequence[int], *, using: str = "default") -> dict[int, int]:
    """Return, for each of `user_ids`, at how many tables in play it is their turn."""
    if not user_ids:
        return {}
    connection = connections[using]

    def write() -> str:
        quote, column = connection.ops.quote_name, partial(_quoted, connection)
        places = ", ".join(["%s"] * len(user_ids))
        # The player's seats to move first (the partial index `seat_to_move`, its
        # condition written out so that a prepared statement's generic plan may use it),
        # then each one's table by its key. Joined instead, a planner that thinks few
        # tables are in play (fresh statistics) walks them all and looks for the players
        # at each: after every move, a cost that grows with the site.
        return (
            f"SELECT s.{column(Seat, 'user')}, COUNT(*) FROM {quote(Seat._meta.db_table)} s"
            f" WHERE s.{column(Seat, 'user')} IN ({places})"
            f" AND s.{column(Seat, 'is_to_move')}"
            f" AND s.{column(Seat, 'bot')} = %s"
            f" AND (SELECT t.{column(Table, 'status')} FROM {quote(Table._meta.db_table)} t"
            f" WHERE t.{column(Table, 'pk')} = s.{column(Seat, 'table')}) = %s"
            f" GROUP BY s.{column(Seat, 'user')}"
        )

    sql: str = _once(connection, ("turns", len(user_ids)), write)
    with _cursor(connection) as cursor:
        cursor.execute(sql, [*user_ids, "", str(Table.Status.ACTIVE)])
        found = {int(user_id): int(n) for user_id, n in cursor.fetchall()}
    return {user_id: found.get(user_id, 0) for user_id in user_ids}
