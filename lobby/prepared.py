"""A PostgreSQL cursor for the move path's fixed statements (lobby.statements): values
bound on the server, each statement prepared once per connection.

Django's psycopg 3 cursor binds values on the client: it writes every value into the
SQL text as a quoted literal (a move's whole game state, quoted afresh) and PostgreSQL
parses and plans the text each time (Django leaves psycopg's automatic preparing off,
for the sake of connection poolers in transaction mode). The move path's statements are
written once with parameters only, so here they go as psycopg's server-side binding
does, prepared on the first use on each connection (psycopg keeps the prepared names
per connection and forgets them when the connection goes; Playtable's pool keeps its
connections to PostgreSQL itself, no pooler in between).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]
from django.db.backends.postgresql.psycopg_any import register_tzloader
from django.db.backends.utils import CursorWrapper
from psycopg import ClientCursor
from psycopg.pq import Format

#: psycopg's own default: a statement run this often is prepared (ours ask at once).
PREPARE_THRESHOLD = 5
#: PostgreSQL's type id of `timestamp with time zone`.
TIMESTAMPTZ_OID = 1184


class PreparedCursor(ServerBindingCursor):  # type: ignore[misc]
    """psycopg's server-binding cursor, preparing every statement it executes.

    `logged`: Django is logging queries (DEBUG, a test counting them): a prepared
    execution leaves psycopg no query text, so the statement with its values is written
    out for the log, as Django's own server-binding setting writes it.
    """

    logged = False

    def execute(
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: Any = None
    ) -> Any:
        result = super().execute(
            query, params, prepare=True if prepare is None else prepare, binary=binary
        )
        if self.logged:
            text = ClientCursor(self.connection).mogrify(query, params)
            self._query = SimpleNamespace(query=text.encode())
        return result


def prepared_cursor(connection: BaseDatabaseWrapper) -> CursorWrapper:
    """Return a Django cursor (logged and wrapped as Django's own) over a `PreparedCursor`."""
    connection.close_if_health_check_failed()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        psycopg_connection = connection.connection
        if psycopg_connection.prepare_threshold is None:
            # Django turns psycopg's preparing off (None); any number turns it on. Only
            # this module's cursors bind on the server, so only their statements are
            # prepared (they ask for it on first use: `PreparedCursor`).
            psycopg_connection.prepare_threshold = PREPARE_THRESHOLD
        raw = PreparedCursor(psycopg_connection)
        raw.logged = connection.queries_logged
        # As Django's own cursor: read times in the connection's time zone.
        loader = connection.connection.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
        if connection.timezone != loader.timezone:
            register_tzloader(connection.timezone, raw)
        wrapped: CursorWrapper = connection._prepare_cursor(raw)  # type: ignore[attr-defined]
    return wrapped
