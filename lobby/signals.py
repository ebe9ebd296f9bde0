"""Signals other apps listen to: the lobby knows nothing of them."""

from __future__ import annotations

from django.dispatch import Signal

#: Sent by `game_finish` once per finished table, inside its transaction and under the
#: table's row lock, just after `scored_at` is set: a receiver runs exactly once per table
#: (a retried task or the sweep finds it scored and sends nothing). Argument: `table`.
table_scored = Signal()
