"""Which time zone a page is shown in: the player's saved one, else the browser's.

static/js/timezone.js puts the browser's zone (`Intl...timeZone`) in the `tz` cookie.
A saved preference wins; a cookie naming no known zone (forged, or from a newer tz
database) is ignored and the page stays in UTC. Used by the middleware for pages and by
the lobby's sockets, so a pushed chat message reads the same time as the page.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Mapping
from functools import cache
from typing import Any

COOKIE = "tz"


@cache
def known_zones() -> frozenset[str]:
    """Return every IANA zone name this machine knows."""
    return frozenset(zoneinfo.available_timezones())


def zone_named(name: Any) -> zoneinfo.ZoneInfo | None:
    """Return the zone called `name`, or None for anything that is not a known zone."""
    if not isinstance(name, str) or name not in known_zones():
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def saved_zone(user: Any) -> zoneinfo.ZoneInfo | None:
    """Return the zone a logged-in player saved in their preferences, or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return zone_named(getattr(user, "time_zone", ""))


def zone_for(user: Any, cookies: Mapping[str, str]) -> zoneinfo.ZoneInfo | None:
    """Return the zone to show times in: the saved one, else the cookie's, else None (UTC)."""
    return saved_zone(user) or zone_named(cookies.get(COOKIE))
