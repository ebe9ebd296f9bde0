"""The one write path of a table change (lila's `Finisher`): seats, table, consequences.

Every change of a game in play and every way a game ends comes through `table_commit`:
a move (a player's, a bot's, the clock's), an undo, a timed phase running out, the start,
a concession, a seat out on time, a moderator's abort or seat removal, a table cancelled
before it started. The caller changes the objects in memory; `table_commit` alone writes
them, with one field list per model, and schedules what follows once the transaction
commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Model

from lobby import statements
from lobby.models import Seat, Table
from lobby.services.notify import after_change

#: The seat fields a table change may alter. The others have their own writers: the
#: player and position (seating, the start's renumbering), the reminder marks (timers).
SEAT_FIELDS = (
    "is_to_move",
    "score",
    "place",
    "time_left",
    "turn_started_at",
    "deadline",
    "warning_at",
    "timeouts",
    "abandoned",
    "conceded",
    "bot",
)

#: The table fields a table change may alter. Never `scored_at`: `game_finish` alone sets
#: it, under the row lock, and the consequences sweep scores a finished table while it is
#: NULL. Nor the options, seed, time control or invitation, fixed when the table opened
#: (the seed's salt and commitment are written once, by the start).
TABLE_FIELDS = (
    "version",
    "move_count",
    "state",
    "status",
    "players",
    "seed_salt",
    "seed_commitment",
    "started_at",
    "finished_at",
    "end_reason",
    "end_words",
    "result",
    "phase_key",
    "phase_deadline",
    "updated_at",
)


def table_commit(
    *,
    table: Table,
    seats: Sequence[Seat],
    newly_to_move: Sequence[Seat] = (),
    phase_started: bool = False,
    insert: Model | None = None,
) -> None:
    """Write the table's change (`insert`, a new row such as the move, if any; its seats;
    then the table) and schedule its consequences.

    The table row is locked by the caller's transaction. The consequences (sockets, turn
    counts, notices, timers, bot turns, end-of-game scoring) run after the commit, each
    robust to a broker that is down, and the rows written here are what the sweeps read
    to re-drive any that was lost (`lobby.services.notify.after_change`).
    """
    changed = _seat_changes(seats)
    writes: list[tuple[Model, Sequence[str] | None]] = [] if insert is None else [(insert, None)]
    writes += [(seat, tuple(changes)) for seat, changes in changed]
    writes.append((table, TABLE_FIELDS))
    statements.rows_write(writes)
    _seats_written(changed)
    after_change(table=table, seats=seats, newly_to_move=newly_to_move, phase_started=phase_started)


def seats_save(seats: Sequence[Seat]) -> None:
    """Write the seats' SEAT_FIELDS that changed since they were loaded: one plain UPDATE
    per changed seat (on PostgreSQL one statement for all), none for an unchanged one (a
    move usually changes one or two seats, and bulk_update's CASE expressions cost more
    CPU than the move itself)."""
    changed = _seat_changes(seats)
    statements.rows_write([(seat, tuple(changes)) for seat, changes in changed])
    _seats_written(changed)


def _seat_changes(seats: Sequence[Seat]) -> list[tuple[Seat, dict[str, Any]]]:
    """Return each seat that changed since it was loaded, with its changed SEAT_FIELDS."""
    found = [(seat, seat.changed_fields(SEAT_FIELDS)) for seat in seats]
    return [(seat, changes) for seat, changes in found if changes]


def _seats_written(changed: Sequence[tuple[Seat, dict[str, Any]]]) -> None:
    """Note what was written as what the seats now hold as loaded."""
    for seat, changes in changed:
        seat._loaded = {**getattr(seat, "_loaded", {}), **changes}
