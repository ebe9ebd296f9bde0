"""Fixed-window rate limits in Django's cache (Redis across processes, else per process).

When the cache cannot be reached (Redis down), a limit fails in the direction its caller
chose: `fail_open=True` lets the event through (moves and chat: a player's committed
game must not stop because a counter is out of reach; the row lock and version checks
still guard the move itself), `fail_open=False` raises `Unavailable`, which views answer
with a 503 in words (sign-up: an unmetered door is what an attacker waits for).
"""

from __future__ import annotations

import hashlib
import logging

from django.core.cache import cache

from config.rediscache import cache_redis

logger = logging.getLogger(__name__)


class Unavailable(Exception):
    """The rate-limit store cannot be reached and the limit fails closed."""


def _cache_key(key: str) -> str:
    """A cache key safe for any backend: `key` may hold whatever a visitor typed."""
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16)
    return f"rate:{digest.hexdigest()}"


#: One round trip to Redis: count, and open the window (its expiry) at the first event.
_COUNT_SCRIPT = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n
"""


def _count(full_key: str, window: int) -> int:
    """Count one event under the cache key `full_key` in its window; return the count."""
    client = cache_redis(cache)
    if client is not None:
        # The key as django-redis names it, so `cache.get` reads the same counter.
        name = str(client.make_key(full_key))
        return int(client.get_client(write=True).eval(_COUNT_SCRIPT, 1, name, window))
    cache.add(full_key, 0, timeout=window)
    try:
        return int(cache.incr(full_key))
    except ValueError:  # the window closed between add and incr
        cache.set(full_key, 1, timeout=window)
        return 1


def hit(key: str, *, limit: int, window: int, fail_open: bool) -> bool:
    """Count one event under `key`; return whether it is within `limit` per `window` seconds.

    The window opens at the first event, which sets its expiry; the count is atomic (on
    Redis one script, one round trip; elsewhere `add`, then `incr`). If the store is
    unreachable: True when `fail_open`, else `Unavailable` is raised.
    """
    full_key = _cache_key(key)
    try:
        count = _count(full_key, window)
    except Exception as error:  # the store is down: redis.ConnectionError, timeouts...
        logger.warning(
            "rate limit store unreachable (%s): failing %s",
            error,
            "open" if fail_open else "closed",
        )
        if fail_open:
            return True
        raise Unavailable(str(error)) from error
    return count <= limit
