"""The Redis client behind Django's cache, for what takes one round trip as a script."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache


def cache_redis() -> Any:
    """Return django-redis's client of the default cache, or None for another cache.

    Its `make_key` names a key as the cache does (so `cache.get` reads what a script
    wrote), `decode` reads a value the cache wrote, and `get_client()` is the Redis
    connection to run a script on.
    """
    client = getattr(cache, "client", None)
    if client is None or not hasattr(client, "get_client") or not hasattr(client, "make_key"):
        return None
    return client
