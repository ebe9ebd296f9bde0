"""Health checks for operators: the database and the Celery worker answer."""

from __future__ import annotations

import time
import uuid
from typing import Any

from celery.exceptions import TimeoutError as CeleryTimeout
from celery.result import allow_join_result
from django.core.cache import cache
from django.db import connection

_CACHE_KEY = "health:celery"
_CACHE_SECONDS = 5


def database_ok() -> bool:
    """Return whether a trivial query succeeds."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            row: tuple[Any, ...] | None = cursor.fetchone()
            return row == (1,)
    except Exception:
        return False


def celery_ok(timeout: float = 5.0) -> dict[str, object]:
    """Send a ping task and wait for a worker's answer; cache the answer for a few seconds.

    The cache keeps a flood of health requests from flooding the task queue.
    """
    cached: dict[str, object] | None = cache.get(_CACHE_KEY)
    if cached is not None:
        return cached
    from lobby.tasks import ping as ping_task

    token = uuid.uuid4().hex
    started = time.monotonic()
    try:
        # The web thread may share its process with the embedded worker, which marks
        # joins as blocking; this wait is bounded by the timeout.
        with allow_join_result():
            answer = ping_task.delay(token).get(timeout=timeout)
        ok = answer == f"pong:{token}"
    except (CeleryTimeout, OSError, ConnectionError):
        ok = False
    result = {"ok": ok, "ms": round((time.monotonic() - started) * 1000, 1)}
    cache.set(_CACHE_KEY, result, _CACHE_SECONDS if ok else 1)
    return result
