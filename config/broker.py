"""Celery's Redis transport, with one fix: a worker survives a Redis restart.

Celery 5.7 closes the broker connection after a connection loss, and kombu's Redis
channel then tries to hand its unacknowledged tasks back over that connection, which
the loss already tore down (`connection.client` is None). kombu raised AttributeError,
which is not a connection error, so the worker stopped for good ("Unrecoverable error:
AttributeError: 'NoneType' object has no attribute 'hostname'"). Here that case raises
the connection error it is: Celery ignores it while closing, reconnects, and the tasks
come back after the visibility timeout (and the sweep re-drives what cannot wait).

Selected by `CELERY_BROKER_TRANSPORT` when the broker is Redis; checked by the fault
test that restarts Redis under a worker (tests/reliability/test_faults.py).
"""

from __future__ import annotations

from typing import Any

from kombu.transport import redis
from redis.exceptions import ConnectionError as RedisConnectionError


class Channel(redis.Channel):
    """kombu's Redis channel; asking it for connection parameters after its connection was
    torn down is a connection error, not an AttributeError."""

    def _connparams(self, asynchronous: bool = False) -> Any:
        if self.connection.client is None:
            raise RedisConnectionError("The broker connection is already closed.")
        return super()._connparams(asynchronous=asynchronous)  # type: ignore[no-untyped-call]


class Transport(redis.Transport):
    """kombu's Redis transport with the channel above."""

    Channel = Channel
