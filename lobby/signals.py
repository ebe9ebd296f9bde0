"""Signals other apps listen to: the lobby knows nothing of them."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent by `game_finish` once per finished table, inside its transaction and under the
#: table's row lock, just after `scored_at` is set: a receiver runs exactly once per table
#: (a retried task or the sweep finds it scored and sends nothing). Argument: `table`.
table_scored = Signal()

#: Sent by `turn_notices` inside the change's transaction when it becomes these seats' turn
#: at a table played a move a day (after their notices are posted). Arguments: `table`,
#: `seats` (the human seats now to move).
turn_started = Signal()
