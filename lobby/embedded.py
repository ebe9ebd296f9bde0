"""Run a Celery worker and beat inside the current process (the one-command mode).

With the default memory broker a separate worker process could not see the queue,
so `manage.py serve` starts both here, in threads, next to the web server.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from celery import Celery
from celery.beat import EmbeddedService
from celery.worker import WorkController
from channels.layers import InMemoryChannelLayer, get_channel_layer

logger = logging.getLogger(__name__)


# Celery has no type hints, so WorkController is Any to mypy.
class _Worker(WorkController):  # type: ignore[misc]
    """A worker that tells when its consumer is ready."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        self.ready = threading.Event()
        super().__init__(*args, **kwargs)

    def on_consumer_ready(self, consumer: object) -> None:
        self.ready.set()


@dataclass
class EmbeddedCelery:
    """A running in-process worker and beat."""

    worker: _Worker
    thread: threading.Thread
    beat: EmbeddedService

    def stop(self, timeout: float = 10.0) -> None:
        """Stop beat and the worker and wait for the worker thread."""
        self.beat.stop()
        self.worker.stop(in_sighandler=False)
        self.thread.join(timeout)


def start(app: Celery, *, concurrency: int = 4, loglevel: str = "WARNING") -> EmbeddedCelery:
    """Start a worker (thread pool) and beat in daemon threads; return once they serve."""
    app.finalize()
    app.set_current()
    app.set_default()
    worker = _Worker(
        app=app,
        pool_cls="threads",
        concurrency=concurrency,
        loglevel=loglevel,
        hostname="embedded@playtable",
        without_heartbeat=True,
        without_mingle=True,
        without_gossip=True,
    )
    thread = threading.Thread(target=worker.start, name="celery-worker", daemon=True)
    thread.start()
    if not worker.ready.wait(30):
        raise RuntimeError("The embedded Celery worker did not start within 30 seconds.")
    # The in-memory scheduler: beat's entries come from settings on every start.
    beat = EmbeddedService(app, thread=True, scheduler_cls="celery.beat:Scheduler")
    beat.start()
    return EmbeddedCelery(worker=worker, thread=thread, beat=beat)


_server_loop: asyncio.AbstractEventLoop | None = None


def server_loop_set(loop: asyncio.AbstractEventLoop | None) -> None:
    """Remember the event loop that serves this process's sockets (daphne's)."""
    global _server_loop
    _server_loop = loop


def group_send(group: str, message: dict[str, object]) -> None:
    """Send to a channel group from any thread of this process.

    The in-memory channel layer's queues belong to the loop that serves the sockets.
    A thread with no link to that loop (an embedded Celery worker) would wake its
    readers from a foreign loop, which asyncio does not notice; hand the send to the
    serving loop instead. Redis layers, and threads that already run on behalf of the
    serving loop, just send.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    _run(layer, lambda: layer.group_send(group, message))


def group_send_many(sends: Sequence[tuple[str, dict[str, object]]]) -> None:
    """Send several group messages in one hand-off to the event loop, all at once.

    A move's doorbell and its players' turn counts go together: each `group_send` from a
    worker thread is a hand-off to the event loop and back (asgiref), and a socket move
    made three. A send that fails is logged; the others still go.
    """
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    _run(layer, lambda: _send_all(layer, sends))


async def group_send_many_async(sends: Sequence[tuple[str, dict[str, object]]]) -> None:
    """`group_send_many` for a caller on the serving event loop (a consumer): no hand-off."""
    layer = get_channel_layer()
    if layer is None or not sends:
        return
    await _send_all(layer, sends)


async def _send_all(layer: Any, sends: Sequence[tuple[str, dict[str, object]]]) -> None:
    """Send every message at once; log those that fail (the others still go)."""
    results = await asyncio.gather(
        *(layer.group_send(group, message) for group, message in sends),
        return_exceptions=True,
    )
    for (group, message), result in zip(sends, results, strict=True):
        if isinstance(result, BaseException):
            logger.warning(
                "a %s message to %s could not be sent",
                message.get("type"),
                group,
                exc_info=result,
            )


def _run(layer: Any, make: Callable[[], Coroutine[Any, Any, Any]]) -> Any:
    """Run the coroutine `make()` on the loop that may touch `layer`; return its result."""
    loop = _server_loop
    if (
        isinstance(layer, InMemoryChannelLayer)
        and loop is not None
        and loop.is_running()
        and threading.current_thread() is not _loop_thread(loop)
    ):
        return asyncio.run_coroutine_threadsafe(make(), loop).result(10)

    async def run() -> Any:
        return await make()

    return async_to_sync(run)()


def _loop_thread(loop: asyncio.AbstractEventLoop) -> threading.Thread | None:
    thread_id = getattr(loop, "_thread_id", None)
    return next((t for t in threading.enumerate() if t.ident == thread_id), None)
