"""Read settings from the environment through helpers that fail loudly."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "on", "yes"}
_FALSE = {"0", "false", "off", "no", ""}


def env_str(name: str, default: str = "") -> str:
    """Return the variable as a string, or the default when unset."""
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    """Return the variable as a boolean; raise on anything but a clear yes or no."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use true/false, 1/0, on/off).")


def env_int(name: str, default: int) -> int:
    """Return the variable as an integer; raise when it is not one."""
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer.") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """Return a comma-separated variable as a list of non-empty items."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_ints(name: str, default: list[int]) -> list[int]:
    """Return a comma-separated variable of integers; raise when an item is not one."""
    items = env_list(name, [str(n) for n in default])
    try:
        return [int(item) for item in items]
    except ValueError:
        raise ImproperlyConfigured(
            f"{name}={os.environ.get(name)!r} is not a comma-separated list of integers."
        ) from None


def channels_prefix(redis_url: str) -> str:
    """Return the channel layer's default prefix for `redis_url`: "playtable", followed by
    the Redis database's number when the URL names one other than 0. Pub/sub channels are
    not kept apart by database (config.channel_layer): two sites on one Redis, one on
    database 0 and one on database 1, would otherwise hear each other's doorbells."""
    path = urlsplit(redis_url).path.strip("/")
    return f"playtable-db{int(path)}" if path.isdigit() and int(path) else "playtable"
