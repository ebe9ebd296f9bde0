"""Fixed-window rate limits in Django's cache (Redis across processes, else per process)."""

from __future__ import annotations

import hashlib

from django.core.cache import cache


def _cache_key(key: str) -> str:
    """A cache key safe for any backend: `key` may hold whatever a visitor typed."""
    digest = hashlib.blake2b(key.encode("utf-8", "surrogatepass"), digest_size=16)
    return f"rate:{digest.hexdigest()}"


def hit(key: str, *, limit: int, window: int) -> bool:
    """Count one event under `key`; return whether it is within `limit` per `window` seconds.

    The window opens at the first event: `add` sets it with its expiry and `incr`
    counts atomically.
    """
    full_key = _cache_key(key)
    cache.add(full_key, 0, timeout=window)
    try:
        count = cache.incr(full_key)
    except ValueError:  # the window closed between add and incr
        cache.set(full_key, 1, timeout=window)
        count = 1
    return count <= limit


def exceeded(key: str, *, limit: int) -> bool:
    """Return whether `key` has already used up its window, without counting an event."""
    return (cache.get(_cache_key(key)) or 0) >= limit


def reset(key: str) -> None:
    """Forget the events counted under `key`."""
    cache.delete(_cache_key(key))
