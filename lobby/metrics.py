"""What operators watch, as Prometheus metrics: moves, push lag, board renders, sockets.

The rest of the code calls the small functions below; none of them ever raises, since a
metrics failure must not break a move. `GET /metrics` (lobby/metrics_view.py) serves them
with the figures computed at scrape time (overdue deadlines, Celery's queue lag).

Several processes on one host (N daphne, M Celery workers) share their figures through
prometheus_client's multiprocess mode when PROMETHEUS_MULTIPROC_DIR names a directory:
each process writes its own files there and a scrape sums them, whichever process answers
it. Without the variable (the one-command mode), a scrape reads this process's registry.
"""

from __future__ import annotations

import atexit
import logging
import math
import os
import time
from collections.abc import Callable, Iterable, Iterator
from functools import wraps
from typing import Any, ParamSpec

from celery.signals import worker_process_shutdown
from django.core.cache import cache
from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.metrics_core import Metric
from prometheus_client.multiprocess import MultiProcessCollector, mark_process_dead

logger = logging.getLogger(__name__)

_P = ParamSpec("_P")

#: The kinds of socket: a table's board ("table") and a player's own channel ("me").
SOCKET_KINDS = ("table", "me")

MOVES = Counter(
    "playtable_moves_total",
    "Moves recorded (a player's, a bot's or the clock's), per game.",
    ["game"],
)
PUSH_LAG = Histogram(
    "playtable_push_lag_seconds",
    "From the commit of a table change until the last socket of that table was sent.",
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0),
)
BOARD_RENDER = Histogram(
    "playtable_board_render_seconds",
    "Time to render one board for one viewer, per game.",
    ["game"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0),
)
# livesum: the sum over the processes that are alive; a process's files go when it
# exits (_process_exit), so a stopped daphne's sockets stop counting.
OPEN_SOCKETS = Gauge(
    "playtable_open_sockets",
    "WebSockets open now, per kind (table: a table's board; me: a player's own channel).",
    ["kind"],
    multiprocess_mode="livesum",
)

#: The cache key of the last Celery probe: {"lag": seconds in the queue, "at": epoch seconds}.
PROBE_KEY = "metrics:celery-probe"
#: Kept a day: a worker dead for longer shows as a probe of unknown age (+Inf).
PROBE_KEEP_SECONDS = 86400

_failed: set[str] = set()


def _never_raises(function: Callable[_P, None]) -> Callable[_P, None]:
    """Log a failure of `function` (once per function and process) instead of raising it."""

    @wraps(function)
    def wrapper(*args: _P.args, **kwargs: _P.kwargs) -> None:
        try:
            function(*args, **kwargs)
        except Exception:
            if function.__name__ not in _failed:
                _failed.add(function.__name__)
                logger.warning("metrics: %s failed", function.__name__, exc_info=True)

    return wrapper


def _seconds(value: float) -> float:
    """Return a duration to observe: finite and not below zero (clocks may step back)."""
    seconds = float(value)
    if not math.isfinite(seconds):
        raise ValueError(f"not a duration: {value!r}")
    return max(0.0, seconds)


@_never_raises
def move_counted(game: str) -> None:
    """Count one recorded move of `game` (a slug)."""
    MOVES.labels(game=game).inc()


@_never_raises
def render_observed(game: str, seconds: float) -> None:
    """Record how long one board of `game` took to render."""
    BOARD_RENDER.labels(game=game).observe(_seconds(seconds))


@_never_raises
def push_lag_observed(seconds: float) -> None:
    """Record the time from a table change's commit to the last of its sockets sent."""
    PUSH_LAG.observe(_seconds(seconds))


@_never_raises
def socket_opened(kind: str) -> None:
    """Count a socket of `kind` ("table" or "me") as open."""
    OPEN_SOCKETS.labels(kind=_socket_kind(kind)).inc()


@_never_raises
def socket_closed(kind: str) -> None:
    """Count a socket of `kind` ("table" or "me") as closed."""
    OPEN_SOCKETS.labels(kind=_socket_kind(kind)).dec()


def _socket_kind(kind: str) -> str:
    if kind not in SOCKET_KINDS:
        # A label value per typo would be a new series for ever.
        raise ValueError(f"unknown socket kind: {kind!r}")
    return kind


@_never_raises
def labels_prepare(games: Iterable[str]) -> None:
    """Give every game and socket kind its series from 0, so rate() sees the first move."""
    for game in games:
        MOVES.labels(game=game)
        BOARD_RENDER.labels(game=game)
    for kind in SOCKET_KINDS:
        OPEN_SOCKETS.labels(kind=kind)


def celery_probe_recorded(*, sent: float, now: float | None = None) -> float:
    """Store how long the probe sent at `sent` (epoch seconds) waited; return that lag."""
    now = time.time() if now is None else now
    lag = max(0.0, now - sent)
    cache.set(PROBE_KEY, {"lag": lag, "at": now}, PROBE_KEEP_SECONDS)
    return lag


def celery_probe_read(*, now: float | None = None) -> tuple[float, float] | None:
    """Return the last probe's queue lag and its age in seconds, or None if none ran."""
    now = time.time() if now is None else now
    probe = cache.get(PROBE_KEY)
    if not isinstance(probe, dict):
        return None
    return float(probe["lag"]), max(0.0, now - float(probe["at"]))


def multiprocess_dir() -> str:
    """Return the directory of the processes' metric files, or "" in single-process mode."""
    # prometheus_client chose its mode from this variable when it was imported;
    # config/settings.py removes an empty one, so the two always agree.
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


class _ThisProcess:
    """This process's own registry, as a collector of another registry."""

    def collect(self) -> Iterator[Metric]:
        return iter(REGISTRY.collect())


def process_registry() -> CollectorRegistry:
    """Return a new registry with the metrics of every process (or of this one alone)."""
    registry = CollectorRegistry()
    path = multiprocess_dir()
    if path:
        MultiProcessCollector(registry, path=path)  # type: ignore[no-untyped-call]
    else:
        registry.register(_ThisProcess())
    return registry


def _process_exit(**_: Any) -> None:
    """Take this process's live gauges (open sockets) out of the sums when it ends."""
    path = multiprocess_dir()
    if path:
        try:
            mark_process_dead(os.getpid(), path)  # type: ignore[no-untyped-call]
        except OSError:
            logger.warning("metrics: could not remove this process's gauge files", exc_info=True)


# daphne and `manage.py serve` end through the interpreter's exit; Celery's pool
# processes end without it, so the worker's own signal covers them.
atexit.register(_process_exit)
worker_process_shutdown.connect(_process_exit, weak=False)
