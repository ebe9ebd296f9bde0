"""The sweep that re-drives what a committed change left to do.

After a commit, callbacks queue tasks (bot turns, scoring, mails). A callback can fail
(Redis down) and a task can die with its worker (a SIGKILL while it was reserved). So
what must happen is recorded in the committed rows, and this sweep, run by beat every
SWEEP_SECONDS, does what is overdue:

- a finished table whose `scored_at` is still NULL is scored (`game_finish` is
  idempotent under the table's row lock);
- a bot seat that has been to move for BOT_STALL_SECONDS plays (`bot_play` is
  idempotent per table version);
- an e-mail still unsent a minute after it was queued is sent;
- a player whose turn clock passed its warning point (`Seat.warning_at`) is told, once
  per turn (live clocks need this every few seconds; async ones get an e-mail too);
- a tournament whose `deadline` passed starts, or starts its next round.

Turn and phase deadlines have their own sweep (`deadlines_sweep`), run by the same beat.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from lobby.models import Seat, Table
from lobby.services.finish import game_finish
from lobby.services.mail import mails_resend
from lobby.services.moves import bot_play
from lobby.services.timers import clock_warnings_send

logger = logging.getLogger(__name__)

#: A finished table is left to its own scoring task for this long before the sweep scores it.
SCORE_GRACE = timedelta(seconds=10)


def consequences_sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Score finished tables, move stalled bots, send stuck mails and clock warnings."""
    now = now or timezone.now()
    return {
        "scored": tables_unscored_finish(now=now),
        "bot_turns": bots_stalled_play(now=now),
        "mails": mails_resend(now=now),
        "clock_warnings": clock_warnings_send(now=now),
        "tournaments": tournaments_due(now=now),
    }


def tournaments_due(*, now: datetime) -> int:
    """Start the tournaments and rounds that are due (the tournaments app is optional)."""
    try:
        from tournaments.services import tournaments_due_tick
    except ImportError:
        return 0
    return tournaments_due_tick(now=now)


def tables_unscored_finish(*, now: datetime) -> int:
    """Score every table that finished a while ago and was never scored."""
    table_ids = Table.objects.filter(
        status=Table.Status.FINISHED,
        scored_at__isnull=True,
        finished_at__lte=now - SCORE_GRACE,
    ).values_list("id", flat=True)
    return _each(list(table_ids[:100]), lambda table_id: game_finish(table_id=table_id), "scoring")


def bots_stalled_play(*, now: datetime) -> int:
    """Play for every bot seat that has been to move for too long (its task was lost)."""
    stall = timedelta(seconds=settings.BOT_STALL_SECONDS)
    tables = (
        Seat.objects.filter(
            is_to_move=True,
            table__status=Table.Status.ACTIVE,
            table__updated_at__lte=now - stall,
        )
        .exclude(bot="")
        .values_list("table_id", "table__version")
        .distinct()
    )
    versions = dict(tables[:100])
    return _each(
        list(versions),
        lambda table_id: bot_play(table_id=table_id, version=versions[table_id]),
        "bot turn",
    )


def _each(table_ids: list[int], work: Callable[[int], bool], what: str) -> int:
    """Run `work` for each table; one broken table must not stop the sweep for the others."""
    done = 0
    for table_id in table_ids:
        try:
            done += work(table_id)
        except Exception:
            logger.exception("sweep: %s at table %s failed", what, table_id)
    return done
