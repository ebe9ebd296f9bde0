"""Turn clocks: start and stop a seat's turn, and the deadline that the timers watch.

Async tables give each turn `move_seconds` plus what is left of the seat's reserve
bank; time beyond `move_seconds` is taken from the bank. Live tables run one clock
per seat for the whole game (`base_seconds`), with `increment_seconds` added after
each move (Fischer). The deadline column is the single record of truth; Celery
timers and the sweep only act on a deadline that is still the current one.

An async seat held by a player stands still during that player's pauses (quiet hours
and vacation, lobby.pauses): its deadline is where its time runs out outside them, and
what a turn costs is its time outside them. Live tables and bots never pause.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime, time, timedelta
from typing import Any

from django.conf import settings

from accounts.timezones import zone_named
from games.engine import Game
from lobby.models import Seat, Table
from lobby.pauses import Schedule, deadline_after, running_seconds

# House rules (README "Clocks"): an async seat is out at its third timeout; a live
# seat is out when its clock runs out, as in live play everywhere.
MAX_ASYNC_TIMEOUTS = 3

ASYNC_MOVE_CHOICES = (12 * 3600, 86400, 2 * 86400, 3 * 86400, 5 * 86400, 7 * 86400)
ASYNC_BANK_CHOICES = (0, 86400, 3 * 86400, 7 * 86400)
LIVE_MINUTE_CHOICES = (1, 3, 5, 10, 15, 30, 60, 90, 120)
LIVE_INCREMENT_CHOICES = (0, 2, 5, 10, 30)


# House rule (README "Clocks"): a live seat is warned once a turn when a fifth of its
# minutes per player are left; an async seat DEADLINE_WARNING_HOURS before its deadline.
LIVE_WARNING_FRACTION = 0.2


def time_control_defaults(engine: Game[Any], mode: str) -> dict[str, int]:
    """Return the clock fields a new table of `engine` in `mode` gets unless a player chose."""
    clock = engine.clock
    if mode == Table.Mode.LIVE:
        return {
            "base_seconds": clock.live_base_seconds,
            "increment_seconds": clock.live_increment_seconds,
        }
    return {"move_seconds": clock.async_move_seconds, "bank_seconds": clock.async_bank_seconds}


def is_timed(table: Table) -> bool:
    """Return whether the table runs turn clocks."""
    if table.mode == Table.Mode.LIVE:
        return table.base_seconds is not None
    return table.move_seconds is not None


def initial_time_left(table: Table) -> float | None:
    """Return a seat's clock (live) or reserve bank (async) at the start of the game."""
    if not is_timed(table):
        return None
    if table.mode == Table.Mode.LIVE:
        return float(table.base_seconds or 0)
    return float(table.bank_seconds)


def schedule_of(fields: Mapping[str, Any]) -> Schedule | None:
    """Return the pauses that `User.pause_fields()` describe, or None if there are none."""
    zone = zone_named(fields.get("time_zone"))
    if zone is None:
        return None  # quiet hours and vacation days are kept in a saved zone
    quiet_start, quiet_end = fields.get("quiet_start"), fields.get("quiet_end")
    quiet = None
    if isinstance(quiet_start, time) and isinstance(quiet_end, time) and quiet_start != quiet_end:
        quiet = (quiet_start, quiet_end)
    spans = []
    for pair in fields.get("vacation_spans") or []:
        try:
            start, end = (datetime.fromisoformat(x).astimezone(UTC) for x in pair)
        except (TypeError, ValueError):
            continue
        spans.append((start, end))
    schedule = Schedule(zone=zone, quiet=quiet, vacations=tuple(sorted(spans)))
    return None if schedule.empty else schedule


def _may_pause(table: Table, seat: Seat) -> bool:
    """Return whether the seat's clock follows a player's pauses (async, not a bot)."""
    return table.mode == Table.Mode.ASYNC and not seat.bot and seat.user_id is not None


def seat_schedule(table: Table, seat: Seat) -> Schedule | None:
    """Return the pauses of the seat's clock: its player's, at an async table; else None."""
    if not _may_pause(table, seat):
        return None
    return schedule_of(seat.user.pause_fields())  # type: ignore[union-attr]


def turn_allowance(table: Table, seat: Seat) -> float:
    """Return the running seconds a turn starting now may take (async: move time + bank)."""
    allowance = seat.time_left or 0.0
    if table.mode == Table.Mode.ASYNC:
        allowance += table.move_seconds or 0
    return allowance


def turn_start(table: Table, seat: Seat, now: datetime) -> None:
    """Start the seat's turn clock and set its deadline (after its player's pauses)."""
    seat.turn_started_at = now
    if not is_timed(table) or seat.time_left is None:
        seat.deadline = seat.warning_at = None
        return
    deadline_set(table, seat, now, turn_allowance(table, seat), seat_schedule(table, seat))


def deadline_set(
    table: Table, seat: Seat, now: datetime, left: float, schedule: Schedule | None
) -> None:
    """Set the deadline and warning point of a clock with `left` running seconds from `now`."""
    if schedule is None:
        seat.deadline = now + timedelta(seconds=left)
        seat.warning_at = warning_point(table, seat.deadline, now)
        return
    seat.deadline = deadline_after(now, left, schedule.pauses(now))
    # The warning comes when the running time left reaches the lead: never in a pause.
    lead = 3600 * settings.DEADLINE_WARNING_HOURS
    seat.warning_at = deadline_after(now, left - lead, schedule.pauses(now)) if left > lead else now


def warning_point(table: Table, deadline: datetime, now: datetime) -> datetime:
    """Return when a turn that runs out at `deadline` gets its "running out of time" notice.

    A live turn that starts below the point is warned at once (the player may have left).
    """
    if table.mode == Table.Mode.LIVE:
        lead = LIVE_WARNING_FRACTION * (table.base_seconds or 0)
    else:
        lead = 3600 * settings.DEADLINE_WARNING_HOURS
    return max(now, deadline - timedelta(seconds=lead))


def turn_stop(table: Table, seat: Seat, now: datetime, *, moved: bool = True) -> None:
    """Stop the seat's turn clock: charge the time used, add the increment, clear the deadline."""
    if seat.turn_started_at is not None and seat.time_left is not None and is_timed(table):
        elapsed = max(0.0, (now - seat.turn_started_at).total_seconds())
        if _may_pause(table, seat) and seat.deadline is not None:
            # What the turn cost is what it had less what its deadline still leaves: the
            # pauses it had (even ones the player has removed since) cost nothing.
            schedule = seat_schedule(table, seat)
            if schedule is not None:
                left = running_seconds(now, seat.deadline, schedule.pauses(now))
            else:
                left = max(0.0, (seat.deadline - now).total_seconds())
            elapsed = max(0.0, turn_allowance(table, seat) - left)
        if table.mode == Table.Mode.LIVE:
            seat.time_left = max(0.0, seat.time_left - elapsed)
            if moved and seat.time_left > 0:
                seat.time_left += table.increment_seconds
        else:
            overrun = max(0.0, elapsed - (table.move_seconds or 0))
            seat.time_left = max(0.0, seat.time_left - overrun)
    seat.turn_started_at = None
    seat.deadline = seat.warning_at = None


def seconds_left(table: Table, seat: Seat, now: datetime) -> float | None:
    """Return the seconds the seat has left now (its running or stopped clock)."""
    if seat.deadline is not None:
        schedule = seat_schedule(table, seat)
        if schedule is not None:
            return running_seconds(now, seat.deadline, schedule.pauses(now))
        return max(0.0, (seat.deadline - now).total_seconds())
    if seat.time_left is None:
        return None
    if table.mode == Table.Mode.ASYNC:
        return seat.time_left + (table.move_seconds or 0)
    return seat.time_left


def seat_pause(table: Table, seat: Seat, now: datetime) -> tuple[str, datetime] | None:
    """Return ("vacation" or "quiet", when it ends) if the seat's player is paused now."""
    if table.status != Table.Status.ACTIVE:
        return None
    schedule = seat_schedule(table, seat)
    if schedule is None:
        return None
    until = schedule.paused_until(now)
    if until is None:
        return None
    return ("vacation" if schedule.on_vacation(now) else "quiet"), until


def deadline_move(
    table: Table, seat: Seat, now: datetime, before: Schedule | None, after: Schedule | None
) -> bool:
    """Move a running deadline from the player's old pauses to their new ones; True if moved.

    The running time the old deadline still left is kept; only the pauses ahead change.
    """
    if seat.deadline is None or seat.turn_started_at is None or seat.deadline <= now:
        return False  # a passed deadline is the sweep's, whatever the pauses say now
    if before is None:
        left = max(0.0, (seat.deadline - now).total_seconds())
    else:
        left = running_seconds(now, seat.deadline, before.pauses(now))
    old = seat.deadline
    deadline_set(table, seat, now, left, after)
    return seat.deadline != old


def is_out_after_timeout(table: Table, seat: Seat) -> bool:
    """Return whether a timeout that just happened puts the seat out of the game."""
    return table.mode == Table.Mode.LIVE or seat.timeouts >= MAX_ASYNC_TIMEOUTS
