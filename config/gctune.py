"""The web process's garbage collector, set for a long-lived server.

CPython collects its youngest objects every 700 allocations and, every hundred of those,
may look at every object the process holds (modules, the URLconf, compiled templates,
the kept drawings and views). Under load that full pass ran every few seconds in daphne
and cost 60-150 ms each time, all of it with the GIL held: several per cent of its CPU,
and a stall that every move in flight waited out (`bench.load`; bench/README.md, "The
garbage collector").

`server_gc` is called once the application is built: what exists then (code, settings,
the URLconf) is moved out of the collector's sight for good (`gc.freeze`; objects frozen
are still freed when nothing refers to them, only a cycle among them would stay), and
the thresholds (GC_THRESHOLDS) make collections rarer: most short-lived objects (a
drawing's context, a move's rows) are freed by reference counting before a collection
looks at them. Cycles are still collected, only later.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def server_gc(thresholds: Sequence[int] | None = None) -> tuple[int, ...]:
    """Freeze what exists now and set the collector's thresholds; return the thresholds.

    `thresholds`: one to three counts as for `gc.set_threshold` (default: the
    GC_THRESHOLDS setting); a first count of 0 or less leaves Python's settings alone
    and freezes nothing.
    """
    wanted = tuple(settings.GC_THRESHOLDS if thresholds is None else thresholds)
    if not 1 <= len(wanted) <= 3:
        raise ImproperlyConfigured(f"GC_THRESHOLDS={wanted!r}: give one to three counts.")
    if wanted[0] <= 0:
        return tuple(gc.get_threshold())
    if any(count <= 0 for count in wanted):
        raise ImproperlyConfigured(f"GC_THRESHOLDS={wanted!r}: every count must be positive.")
    gc.collect()
    gc.freeze()
    gc.set_threshold(*wanted)
    return tuple(gc.get_threshold())
