"""Side effects of a table change: notices now, and after commit socket doorbells,
bot turns, timers and end-of-game scoring.

Every after-commit callback is `robust`: a broker or channel layer that is down is
logged and never turns a committed change into an error. Nothing is lost by that:
what must happen is recorded in the committed rows themselves (a seat's deadline, a
bot seat to move since `Table.updated_at`, a finished table's NULL `scored_at`, an
OutboundMail), and the sweep (`lobby.services.sweeps`) re-drives whatever a lost
callback or a dead worker left undone. A socket that missed its doorbell gets the
current board when it reconnects.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.words import msg
from lobby.embedded import group_send, group_send_many
from lobby.models import Seat, Table
from lobby.selectors import turn_counts
from lobby.signals import turn_started
from lobby.sockets import turns_group

logger = logging.getLogger(__name__)


_held = threading.local()


@contextmanager
def rings_held(hand_over: list[tuple[str, dict[str, object]]] | None = None) -> Iterator[None]:
    """Hold the socket messages this thread's commits send until the block ends.

    A move's HTTP answer reads and draws the table right after the commit; holding the
    table's doorbell until then lets this process's sockets use that read and drawing
    (lobby.pushes.prime) instead of doing the same work again. The doorbell and the
    players' turn counts then go in one hand-off to the event loop
    (`lobby.embedded.group_send_many`) when the block ends, however it ends.

    `hand_over`: a list that takes the held messages instead, when the block ends without
    an error; its caller, back on the event loop, sends them itself after the mover's own
    answer (lobby.consumers.TableConsumer._move): no hand-off back to the loop from this
    thread, and the mover's board goes out before the others'.
    """
    _held.sends = []
    finished = False
    try:
        yield
        finished = True
    finally:
        sends, _held.sends = _held.sends, None
        if sends and finished and hand_over is not None:
            hand_over.extend(sends)
        elif sends:
            try:
                group_send_many(sends)
            except Exception:
                logger.warning("held socket messages could not be sent", exc_info=True)


def _send_or_hold(group: str, message: dict[str, object]) -> None:
    held = getattr(_held, "sends", None)
    if held is not None:
        held.append((group, message))
    else:
        group_send(group, message)


def table_updated_notify(*, table: Table) -> None:
    """After commit, ring every socket of the table (lobby.pushes draws each view once).

    The doorbell carries the moment of the commit, for the push-lag metric.
    """
    group, version = table.group_name, table.version

    def ring_or_hold() -> None:
        at = time.time()  # the commit, for the push-lag metric
        _send_or_hold(group, {"type": "table.updated", "version": version, "at": at})

    transaction.on_commit(ring_or_hold, robust=True)


def turns_changed_notify(*, table: Table, seats: Sequence[Seat]) -> None:
    """After commit, send each player whose "your turn" number changed their new number.

    One query counts them all; their per-user sockets (lobby.consumers.MeConsumer) update
    the navigation, the tab title and the favicon, and alert the player when the turn
    came to them (the message then names the table).
    """
    changed = [seat for seat in seats if seat.user_id is not None and seat.turn_changed]
    if not changed:
        return
    came = {seat.user_id for seat in changed if seat.counts_as_turn}
    user_ids = sorted({seat.user_id for seat in changed if seat.user_id is not None})
    url, key = table.get_absolute_url(), f"{table.code}:{table.version}"
    for seat in changed:
        seat.turn_notified = seat.counts_as_turn

    def send() -> None:
        counts = turn_counts(user_ids=user_ids)
        for user_id in user_ids:
            message: dict[str, object] = {"type": "turns.changed", "count": counts[user_id]}
            if user_id in came:
                message.update(url=url, key=key)
            _send_or_hold(turns_group(user_id), message)

    transaction.on_commit(send, robust=True)


def bots_schedule(*, table: Table, bot_to_move: bool) -> None:
    """After commit, let a Celery task play for the bot seats that are to move."""
    if not bot_to_move or table.status != Table.Status.ACTIVE:
        return
    table_id, version = table.id, table.version
    delay = settings.BOT_MOVE_DELAY

    def enqueue() -> None:
        from lobby.tasks import bot_play as bot_play_task

        bot_play_task.apply_async((table_id, version), countdown=delay)

    transaction.on_commit(enqueue, robust=True)


#: A queued timer this close to firing is not counted on to hand over to a later point:
#: it may be running already, and the processes' clocks differ a little.
TIMER_SLACK_SECONDS = 2.0


def timer_key(kind: str, seat_id: int) -> str:
    """Return the cache key that holds when the seat's queued `kind` timer fires (epoch s)."""
    return f"timer:{kind}:{seat_id}"


def timers_queue(timers: Sequence[tuple[str, int, datetime]], *, after: float = 0.0) -> int:
    """Queue the seat timers (`kind` "timeout" or "warning", seat id, when) that need a task.

    A live move starts the next player's turn, with a deadline and a warning point that
    are later than the ones its previous turn queued (the clock only runs while it is to
    move). So a timer is not queued when the same seat already has a task of that kind
    queued that fires at or before it and not within TIMER_SLACK_SECONDS (or before
    `after`, the ETA of the task that hands over): that task, when it fires and finds the
    point moved on, queues the next one (`lobby.services.timers.timer_relay`). Live play
    then queues one task per seat and kind for a whole game instead of one per turn.

    The cache (Redis) remembers what is queued. Without it every timer is queued, as
    before; a task that was queued and lost is what the sweep (`deadlines_sweep`, the
    consequences sweep's warnings) was always there for. The services act once per
    deadline and warning whoever fires them. Returns the number of tasks queued.
    """
    from django.core.cache import cache

    from lobby.tasks import clock_warning as clock_warning_task
    from lobby.tasks import seat_timeout as seat_timeout_task

    if not timers:
        return 0
    floor = max(time.time(), after) + TIMER_SLACK_SECONDS
    keys = [timer_key(kind, seat_id) for kind, seat_id, _at in timers]
    try:
        queued = cache.get_many(keys)
    except Exception:
        logger.warning("queued timers unknown (cache down): queueing them all", exc_info=True)
        queued = {}
    recorded: dict[str, float] = {}
    for (kind, seat_id, at), key in zip(timers, keys, strict=True):
        fires = queued.get(key)
        if isinstance(fires, int | float) and floor < fires <= at.timestamp():
            continue  # an earlier task of the seat hands over to this point
        task = seat_timeout_task if kind == "timeout" else clock_warning_task
        task.apply_async((seat_id, at.isoformat()), eta=at)
        recorded[key] = at.timestamp()
    if recorded:
        ttl = max(recorded.values()) - time.time() + 60
        try:
            cache.set_many(recorded, timeout=max(60, int(ttl)))
        except Exception:
            logger.warning("queued timers not remembered (cache down)", exc_info=True)
    return len(recorded)


def timers_schedule(*, table: Table, seats: Sequence[Seat], phase_started: bool) -> None:
    """After commit, queue the ETA tasks the new deadlines need (the sweep is the safety net).

    Only deadlines within TIMER_ETA_HORIZON get a task: a task that waits for its ETA
    longer than the broker's visibility timeout would be handed out again. The sweep
    fires the others, within SWEEP_SECONDS of their deadline. A seat whose earlier
    task of the same kind is still queued gets none (`timers_queue`).
    """
    horizon = timezone.now() + timedelta(seconds=settings.TIMER_ETA_HORIZON)
    timers: list[tuple[str, int, datetime]] = [
        ("timeout", seat.id, seat.deadline)
        for seat in seats
        if seat.deadline is not None and seat.deadline <= horizon
    ]
    # A player with a human at the seat is warned at the warning point: on time, not at the
    # sweep's next pass (which would be most of a one-minute live clock).
    timers += [
        ("warning", seat.id, seat.warning_at)
        for seat in seats
        if seat.warning_at is not None
        and seat.warning_at <= horizon
        and seat.user_id is not None
        and not seat.bot
    ]
    phase = None
    if phase_started and table.phase_deadline is not None and table.phase_deadline <= horizon:
        phase = (table.id, table.phase_key, table.phase_deadline)
    if not timers and phase is None:
        return

    def enqueue() -> None:
        from lobby.tasks import phase_time_up as phase_time_up_task

        timers_queue(timers)
        if phase is not None:
            phase_time_up_task.apply_async((phase[0], phase[1]), eta=phase[2])

    transaction.on_commit(enqueue, robust=True)


def game_finish_schedule(*, table: Table) -> None:
    """After commit, run end-of-game scoring as a task."""
    table_id = table.id

    def enqueue() -> None:
        from lobby.tasks import game_finish as game_finish_task

        game_finish_task.delay(table_id)

    transaction.on_commit(enqueue, robust=True)


def turn_notices(*, table: Table, seats: Sequence[Seat]) -> None:
    """Tell the people whose turn it now is, for tables played a move a day."""
    if table.mode != Table.Mode.ASYNC or table.status != Table.Status.ACTIVE:
        return
    from accounts.services import notification_post
    from games.registry import get_engine

    name = get_engine(table.game).name
    humans = [seat for seat in seats if seat.is_human]
    for seat in humans:
        notification_post(
            user=seat.user,
            kind="your_turn",
            text=msg("Your turn at %(game)s.", game=name),
            url=table.get_absolute_url(),
            subject=str(table.code),
        )
    if humans:
        turn_started.send(sender=Table, table=table, seats=humans)


def after_change(
    *,
    table: Table,
    seats: Sequence[Seat],
    newly_to_move: Sequence[Seat] = (),
    phase_started: bool = False,
) -> None:
    """Schedule everything that follows a committed change of the table."""
    table_updated_notify(table=table)
    turns_changed_notify(table=table, seats=seats)
    if table.status == Table.Status.FINISHED:
        game_finish_schedule(table=table)
    if table.status != Table.Status.ACTIVE:
        return  # finished, aborted or still open: no turns, timers or bots to start
    turn_notices(table=table, seats=newly_to_move)
    timers_schedule(table=table, seats=newly_to_move, phase_started=phase_started)
    bots_schedule(table=table, bot_to_move=any(s.is_bot and s.is_to_move for s in seats))
