"""Health checks for operators: the database and the Celery worker answer."""

from __future__ import annotations

import contextlib
import logging
import time
import uuid
from typing import Any

from django.core.cache import cache
from django.db import connection

logger = logging.getLogger(__name__)

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

    The worker answers by writing the ping's token into the cache (Redis across
    processes), not through Celery's result backend: tasks here keep no results, so a
    Redis outage never leaves the web process with a result listener that gave up.
    The cache also keeps a flood of health requests from flooding the task queue.
    """
    cached = _cache_get()
    if cached is not None:
        return cached
    from lobby.tasks import ping as ping_task

    token = uuid.uuid4().hex
    started = time.monotonic()
    ok = False
    try:
        ping_task.delay(token)
        deadline = started + timeout
        while not ok and time.monotonic() < deadline:
            ok = cache.get(pong_key(token)) == 1
            if not ok:
                time.sleep(0.05)
    except Exception:  # the broker or the cache is down (redis.ConnectionError...)
        logger.warning("health: the Celery ping failed", exc_info=True)
        ok = False
    result: dict[str, object] = {"ok": ok, "ms": round((time.monotonic() - started) * 1000, 1)}
    with contextlib.suppress(Exception):  # cache_ok() reports a cache that is down
        cache.set(_CACHE_KEY, result, _CACHE_SECONDS if ok else 1)
    return result


def pong_key(token: str) -> str:
    """The cache key a worker sets to answer the ping `token`."""
    return f"health:pong:{token}"


def _cache_get() -> dict[str, object] | None:
    try:
        cached: dict[str, object] | None = cache.get(_CACHE_KEY)
    except Exception:
        return None
    return cached


def cache_ok() -> bool:
    """Return whether the cache (Redis in production: rate limits, shared boards) answers."""
    try:
        cache.set("health:cache", 1, 5)
        return bool(cache.get("health:cache") == 1)
    except Exception:
        return False
