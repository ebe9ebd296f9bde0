"""Celery tasks of the lobby: fetch by id, call a service, safe to run twice."""

from __future__ import annotations

from datetime import datetime

from config.celery import task


@task()
def ping(token: str) -> str:
    """Answer a health check: prove that a worker picks up tasks (lobby.health)."""
    from django.core.cache import cache

    from lobby.health import pong_key

    cache.set(pong_key(token), 1, 60)
    return f"pong:{token}"


@task(acks_late=True)
def bot_play(table_id: int, version: int) -> bool:
    """Play the bot seats' turn if the table is still at `version`."""
    from lobby.services import bot_play as bot_play_service

    return bot_play_service(table_id=table_id, version=version)


@task(acks_late=True)
def seat_timeout(seat_id: int, deadline: str) -> bool:
    """Fire a seat's turn timer; does nothing unless that deadline is still current."""
    from lobby.services import seat_timeout as seat_timeout_service
    from lobby.services.timers import timer_relay

    fired = datetime.fromisoformat(deadline)
    done = seat_timeout_service(seat_id=seat_id, deadline=fired)
    timer_relay(kind="timeout", seat_id=seat_id, fired=fired)  # the clock moved on
    return done


@task(acks_late=True)
def clock_warning(seat_id: int, at: str | None = None) -> int:
    """Warn a player whose turn clock reached its warning point; once per turn, like the sweep.

    `at` is the warning point the task was queued for (absent in tasks queued before it
    was passed): if the seat's point moved on since, the next task is queued for it.
    """
    from lobby.services.timers import clock_warning_send, timer_relay

    sent = clock_warning_send(seat_id=seat_id)
    if at is not None:
        timer_relay(kind="warning", seat_id=seat_id, fired=datetime.fromisoformat(at))
    return sent


@task(acks_late=True)
def phase_time_up(table_id: int, phase_key: str) -> bool:
    """End a timed phase when its time is up; does nothing for a phase already over."""
    from lobby.services import phase_time_up as phase_time_up_service

    return phase_time_up_service(table_id=table_id, phase_key=phase_key)


@task(acks_late=True)
def deadlines_sweep() -> int:
    """Handle every passed deadline: the guarantee behind the ETA timers."""
    from lobby.services import deadlines_sweep as deadlines_sweep_service

    return deadlines_sweep_service()


@task(acks_late=True)
def reminders_send() -> int:
    """Send due play reminders."""
    from lobby.services import reminders_send as reminders_send_service

    return reminders_send_service()


@task(acks_late=True)
def game_finish(table_id: int) -> bool:
    """Score a finished table once (notices, ladder)."""
    from lobby.services import game_finish as game_finish_service

    return game_finish_service(table_id=table_id)


@task(acks_late=True)
def consequences_sweep() -> dict[str, int]:
    """Re-drive what committed changes left undone: scoring, bot turns, mails, warnings."""
    from lobby.services.sweeps import consequences_sweep as consequences_sweep_service

    return consequences_sweep_service()


@task(acks_late=True)
def mail_send(mail_id: int) -> bool:
    """Send one queued e-mail unless it went out already."""
    from lobby.services.mail import mail_send as mail_send_service

    return mail_send_service(mail_id=mail_id)


@task()
def celery_probe(sent: float | None = None) -> float | None:
    """Measure how long a task waits in the broker before a worker starts it.

    Beat sends it without `sent`; the worker then sends it again stamped with the time,
    and the stamped probe stores its wait for `GET /metrics` (lobby.metrics).
    """
    import time

    from lobby import metrics

    if sent is None:
        celery_probe.delay(sent=time.time())
        return None
    return metrics.celery_probe_recorded(sent=sent)
