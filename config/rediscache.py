"""The Redis client behind Django's cache, for what takes one round trip as a script."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache


def cache_redis(of: Any = None) -> Any:
    """Return django-redis's client of `of` (default: the default cache), or None when it
    is another cache (or a stand-in a test put in its place).

    Its `make_key` names a key as the cache does (so `cache.get` reads what a script
    wrote), `decode` reads a value the cache wrote, and `get_client()` is the Redis
    connection to run a script on.
    """
    client = getattr(cache if of is None else of, "client", None)
    if client is None or not hasattr(client, "get_client") or not hasattr(client, "make_key"):
        return None
    return client
