"""Timers: turn deadlines, timed phases, the sweep that misses none, and reminders."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from games.registry import get_engine
from games.words import Msg, msg, nmsg
from lobby import clocks
from lobby.models import Move, Seat, Table
from lobby.services.commit import seats_save, table_commit
from lobby.services.mail import mail_queue
from lobby.services.moves import game_end_forfeit, move_play, move_record, state_settle
from lobby.services.notify import timers_queue, timers_schedule

logger = logging.getLogger(__name__)

# A turn the clock plays for a seat never takes more actions than this.
MAX_TIMEOUT_STEPS = 50


@transaction.atomic
def seat_timeout(
    *, seat_id: int, deadline: datetime | None = None, now: datetime | None = None
) -> bool:
    """Act on a seat whose deadline passed; do nothing if that deadline is no longer current.

    `deadline` is the one the caller saw (an ETA task); None means the seat's current
    one (the sweep). On timeout the engine's timeout action is played for the seat;
    a seat that is out (live flag, or too many async timeouts) ends a two-player game
    with the opponent winning, or is handed to a bot in a larger game.
    """
    now = now or timezone.now()
    table_id = Seat.objects.filter(id=seat_id).values_list("table_id", flat=True).first()
    if table_id is None:
        return False
    table = Table.objects.select_for_update().get(id=table_id)
    seats = list(table.seats.select_related("user"))
    seat = next(s for s in seats if s.id == seat_id)
    current = seat.deadline
    if table.status != Table.Status.ACTIVE or current is None or current > now:
        return False
    if deadline is not None and abs((current - deadline).total_seconds()) > 0.001:
        return False
    engine = get_engine(table.game)
    assert table.state is not None  # a game in play has its state
    state = engine.load(table.state)
    seat.timeouts += 1
    if not clocks.is_out_after_timeout(table, seat):
        # The whole turn is played for the seat (a turn may take several actions);
        # its clock stops at the end, with the bank spent.
        for _step in range(MAX_TIMEOUT_STEPS):
            if seat.position not in engine.to_move(state) or table.status != Table.Status.ACTIVE:
                break
            action = engine.timeout_action(state, seat.position)
            state = move_play(
                table=table,
                seats=seats,
                engine=engine,
                state=state,
                seat=seat.position,
                action=action,
                by_timeout=True,
                now=now,
            )
        seats_save([seat])  # the count of timeouts, if no move above wrote it
        return True
    seat_out(table=table, seats=seats, seat=seat, engine=engine, state=state, now=now)
    return True


def seat_out(
    *, table: Table, seats: list[Seat], seat: Seat, engine: Any, state: Any, now: datetime
) -> None:
    """Put a seat out of the game by the clock: it ranks last; a bot plays on if others remain."""
    seat.abandoned = True
    clocks.turn_stop(table, seat, now, moved=False)
    table.version += 1
    remaining = [s for s in seats if not (s.abandoned or s.conceded)]
    if len(remaining) <= 1:
        reason = msg("%(name)s ran out of time.", name=seat.display_name)
        game_end_forfeit(table=table, seats=seats, reason=reason, now=now)
        table_commit(table=table, seats=seats)
        return
    # A bot plays the seat from now on; the player will rank last (game_end).
    seat.bot = Seat.Bot.RANDOM
    seat.time_left = None
    seat.is_to_move = False
    state_settle(table=table, seats=seats, engine=engine, state=state, acted=None, now=now)


@transaction.atomic
def phase_time_up(*, table_id: int, phase_key: str, now: datetime | None = None) -> bool:
    """End the timed phase `phase_key` if it is still running and its time has passed."""
    now = now or timezone.now()
    table = Table.objects.select_for_update().filter(id=table_id).first()
    if (
        table is None
        or table.status != Table.Status.ACTIVE
        or table.phase_key != phase_key
        or table.phase_deadline is None
        or table.phase_deadline > now
    ):
        return False
    seats = list(table.seats.select_related("user"))
    engine = get_engine(table.game)
    assert table.state is not None  # a game in play has its state
    state = engine.load(table.state)
    after = engine.time_up(state, phase_key)
    move_record(
        table=table,
        seats=seats,
        engine=engine,
        before=state,
        after=after,
        seat=None,
        action={"type": "time_up", "phase": phase_key},
        kind=Move.Kind.TIME_UP,
        now=now,
    )
    return True


def timer_relay(*, kind: str, seat_id: int, fired: datetime) -> int:
    """After a seat's ETA timer fired for `fired`: queue its next one if the point moved on.

    A live turn's timers are queued once per seat and kind (`timers_queue`): when the task
    for an earlier point fires, the seat's turn clock has usually moved on to a later
    deadline or warning point, and that is where this sends the next task. Nothing is
    queued for a seat that is not to move, whose point has not moved later, or that lies
    beyond TIMER_ETA_HORIZON (the sweep's). Returns the number of tasks queued (0 or 1).
    """
    seat = (
        Seat.objects.filter(id=seat_id, is_to_move=True, table__status=Table.Status.ACTIVE)
        .only("id", "deadline", "warning_at", "user_id", "bot", "turn_started_at", "warned_turn_at")
        .first()
    )
    if seat is None:
        return 0
    if kind == "timeout":
        point = seat.deadline
    elif seat.user_id is None or seat.bot or seat.warned_turn_at == seat.turn_started_at:
        point = None  # nobody to warn, or this turn was warned already
    else:
        point = seat.warning_at
    horizon = timezone.now() + timedelta(seconds=settings.TIMER_ETA_HORIZON)
    if point is None or point <= fired or point > horizon:
        return 0
    return timers_queue([(kind, seat.id, point)], after=fired.timestamp())


def deadlines_sweep(*, now: datetime | None = None) -> int:
    """Handle every deadline that has passed, also ones missed while no worker ran."""
    now = now or timezone.now()
    handled = 0
    seat_ids = Seat.objects.filter(
        deadline__lte=now, table__status=Table.Status.ACTIVE
    ).values_list("id", flat=True)
    for seat_id in list(seat_ids):
        handled += seat_timeout(seat_id=seat_id, now=now)
    tables = Table.objects.filter(phase_deadline__lte=now, status=Table.Status.ACTIVE).values_list(
        "id", "phase_key"
    )
    for table_id, phase_key in list(tables):
        handled += phase_time_up(table_id=table_id, phase_key=phase_key, now=now)
    return handled


def reminders_send(*, now: datetime | None = None) -> int:
    """E-mail "your turn" after a while, once per turn; then send the clock warnings due.

    The clock warnings are also sent by the sweep every SWEEP_SECONDS (live clocks need
    that); each is sent once per turn whoever sends it.
    """
    now = now or timezone.now()
    after = timedelta(hours=settings.REMINDER_AFTER_HOURS)
    due = Seat.objects.filter(
        is_to_move=True,
        table__status=Table.Status.ACTIVE,
        table__mode=Table.Mode.ASYNC,
        user__isnull=False,
        bot="",
        turn_started_at__lte=now - after,
    ).filter(Q(reminded_turn_at__isnull=True) | ~Q(reminded_turn_at=F("turn_started_at")))
    sent = 0
    for seat in due:
        sent += _remind(seat, "reminder", now)
    return sent + clock_warnings_send(now=now)


def clock_warning_send(*, seat_id: int, now: datetime | None = None) -> int:
    """Send one seat's clock warning if it is due now (the ETA task of its warning point).

    The sweep (`clock_warnings_send`) sends the same warnings within its period; this
    makes a short live clock's warning come on time. Either way a turn is warned once.
    """
    now = now or timezone.now()
    seat = _warnings_due(now).filter(id=seat_id).only("id", "turn_started_at").first()
    return _remind(seat, "deadline", now) if seat is not None else 0


def _warnings_due(now: datetime) -> QuerySet[Seat]:
    return Seat.objects.filter(
        warning_at__lte=now,
        deadline__gt=now,
        is_to_move=True,
        table__status=Table.Status.ACTIVE,
        user__isnull=False,
        bot="",
        turn_started_at__isnull=False,
    ).filter(Q(warned_turn_at__isnull=True) | ~Q(warned_turn_at=F("turn_started_at")))


def clock_warnings_send(*, now: datetime | None = None) -> int:
    """Tell each player whose turn clock reached its warning point that time runs out.

    Once per turn (`warned_turn_at`), live and async alike: a notice in the site, and
    for async tables an e-mail to players who keep e-mail on. A turn whose deadline
    has passed is the timers' business, not a warning's.
    """
    now = now or timezone.now()
    due = _warnings_due(now).only("id", "turn_started_at")
    sent = 0
    for seat in list(due[:500]):
        try:
            sent += _remind(seat, "deadline", now)
        except Exception:  # one broken table must not keep the others' warnings back
            logger.exception("clock warning for seat %s failed", seat.id)
    return sent


def on_pauses_changed(
    sender: Any, *, user: Any, before: dict[str, Any], now: datetime, **kw: Any
) -> None:
    """Receive accounts.signals.pauses_changed: move the player's deadlines (same transaction)."""
    deadlines_repause(user_id=user.pk, before=before, now=now)


def deadlines_repause(*, user_id: int, before: dict[str, Any], now: datetime) -> int:
    """Move the running deadlines of a player's async seats to their new pauses.

    Called inside the transaction that changed the pauses. Each table is locked as a move
    locks it; an ETA timer queued for an old deadline finds it changed and does nothing,
    a new one is queued after the commit, and the sweep watches the column either way.
    """
    old = clocks.schedule_of(before)
    table_ids = (
        Seat.objects.filter(
            user_id=user_id,
            bot="",
            deadline__isnull=False,
            table__status=Table.Status.ACTIVE,
            table__mode=Table.Mode.ASYNC,
        )
        .values_list("table_id", flat=True)
        .order_by("table_id")
        .distinct()
    )
    moved = 0
    for table_id in list(table_ids):
        table = Table.objects.select_for_update().get(id=table_id)
        seats = [
            seat
            for seat in table.seats.select_related("user")
            if seat.user_id == user_id and not seat.bot
        ]
        for seat in seats:
            if clocks.deadline_move(table, seat, now, old, clocks.seat_schedule(table, seat)):
                seat.save(update_fields=["deadline", "warning_at"])
                timers_schedule(table=table, seats=[seat], phase_started=False)
                moved += 1
    return moved


@transaction.atomic
def _remind(seat: Seat, kind: str, now: datetime) -> int:
    """Send one reminder for the seat's current turn, unless it was sent or the turn moved on.

    `kind` "reminder" is "still your turn" (async); "deadline" is the clock warning.
    """
    from accounts.services import notification_post

    fresh = (
        Seat.objects.select_for_update(of=("self",)).select_related("user", "table").get(id=seat.id)
    )
    field = "reminded_turn_at" if kind == "reminder" else "warned_turn_at"
    if not fresh.is_to_move or fresh.turn_started_at != seat.turn_started_at:
        return 0
    if getattr(fresh, field) == fresh.turn_started_at:
        return 0
    if _paused(fresh, now):
        return 0  # held: the next pass after the pause sends it (it is still unmarked)
    setattr(fresh, field, fresh.turn_started_at)
    fresh.save(update_fields=[field])
    table, user = fresh.table, fresh.user
    assert user is not None  # reminders go to seats that a player holds
    url = table.get_absolute_url()
    left = (fresh.deadline - now).total_seconds() if fresh.deadline else 0.0
    wording = reminder_wording(kind=kind, mode=table.mode, game=table.game, seconds_left=left)
    text = notification_post(user=user, kind=kind, text=wording, url=url, subject=str(table.code))
    if table.mode == Table.Mode.ASYNC and user.reminders_enabled and user.email:
        body = f"{text}\n\n{settings.SITE_URL.rstrip('/')}{url}\n"
        mail_queue(to=user.email, subject=f"Playtable: {text}", body=body)
    return 1


def _paused(seat: Seat, now: datetime) -> bool:
    """Return whether the seat's player is in quiet hours or on vacation now (async only)."""
    schedule = clocks.seat_schedule(seat.table, seat)
    return schedule is not None and schedule.paused_until(now) is not None


def reminder_wording(*, kind: str, mode: str, game: str, seconds_left: float) -> Msg:
    """Word a reminder or clock warning: a sentence said in its reader's language."""
    name = get_engine(game).name
    if kind == "reminder":
        return msg("It is still your turn at %(game)s.", game=name)
    if mode == Table.Mode.LIVE:
        minutes, secs = divmod(max(0, int(seconds_left)), 60)
        return msg(
            "Hurry: your clock at %(game)s is down to %(time)s.",
            game=name,
            time=f"{minutes}:{secs:02d}",
        )
    hours = max(1, round(seconds_left / 3600))
    return nmsg(
        "Less than %(n)s hour left for your move at %(game)s.",
        "Less than %(n)s hours left for your move at %(game)s.",
        hours,
        game=name,
    )
