"""The channel layer on a real Redis of the test's own, killed and started again.

config.channel_layer is channels_redis's pub/sub layer whose receiver, once Redis answers
again after it was lost, hands every channel of the process `layer.reconnected` (the
sockets then close to start afresh: tests/lobby/test_layer_reconnected.py; the whole
stack: tests/reliability/test_faults.py).
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest
import redis.exceptions
from channels.layers import InMemoryChannelLayer

from config.channel_layer import RECONNECTED, ChannelLayer, heard_elsewhere
from tests.reliability.live import RedisServer

pytestmark = pytest.mark.live


async def _receive(layer: ChannelLayer, channel: str) -> dict[str, object]:
    return await asyncio.wait_for(layer.receive(channel), 5)


async def _nothing_for(layer: ChannelLayer, channel: str, seconds: float) -> bool:
    try:
        await asyncio.wait_for(layer.receive(channel), seconds)
    except TimeoutError:
        return True
    return False


def test_when_redis_is_back_every_channel_hears_it_once_and_groups_work_again(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    server = RedisServer(tmp_path)
    server.start()

    async def scenario() -> None:
        layer = ChannelLayer(hosts=[server.url], prefix="layer-test")
        a, b = await layer.new_channel(), await layer.new_channel()
        await layer.group_add("table", a)
        await layer.group_add("table", b)
        await layer.group_send("table", {"type": "table.updated", "version": 1})
        assert await _receive(layer, a) == {"type": "table.updated", "version": 1}
        assert await _receive(layer, b) == {"type": "table.updated", "version": 1}

        waiting = asyncio.ensure_future(layer.receive(a))
        server.kill()
        await asyncio.sleep(2.5)  # the receiver tries again every second meanwhile
        with pytest.raises(redis.exceptions.ConnectionError):
            await layer.group_send("table", {"type": "table.updated", "version": 2})
        assert not waiting.done()
        server.start()

        assert await asyncio.wait_for(waiting, 5) == RECONNECTED
        assert await _receive(layer, b) == RECONNECTED
        await layer.group_send("table", {"type": "table.updated", "version": 3})
        assert await _receive(layer, a) == {"type": "table.updated", "version": 3}
        assert await _receive(layer, b) == {"type": "table.updated", "version": 3}
        # Told once, not again on each later read.
        assert await _nothing_for(layer, a, 0.5)
        await layer.flush()

    caplog.set_level(logging.WARNING, logger="config.channel_layer")
    try:
        asyncio.run(scenario())
    finally:
        server.kill()
    said = [record.getMessage() for record in caplog.records]
    # The loss is said once (channels_redis's own receiver logs every try, each second).
    assert sum("lost Redis" in line for line in said) == 1, said
    assert sum("Redis is back; 2 socket(s)" in line for line in said) == 1, said


def test_each_group_notes_whether_another_process_heard_its_last_message(tmp_path: Path) -> None:
    """Two layers on one Redis stand for two processes: PUBLISH counts each one's receiver."""
    server = RedisServer(tmp_path)
    server.start()

    async def scenario() -> list[bool]:
        here = ChannelLayer(hosts=[server.url], prefix="heard-test")
        there = ChannelLayer(hosts=[server.url], prefix="heard-test")
        seen = [heard_elsewhere("table", here)]  # never rung: maybe
        a = await here.new_channel()
        await here.group_add("table", a)
        await here.group_send("table", {"type": "table.updated", "version": 1})
        assert await _receive(here, a) == {"type": "table.updated", "version": 1}
        seen.append(heard_elsewhere("table", here))  # only this process listens
        b = await there.new_channel()
        await there.group_add("table", b)
        await here.group_send("table", {"type": "table.updated", "version": 2})
        assert await _receive(there, b) == {"type": "table.updated", "version": 2}
        seen.append(heard_elsewhere("table", here))  # the other one listens too
        await there.group_discard("table", b)
        await here.group_send("table", {"type": "table.updated", "version": 3})
        seen.append(heard_elsewhere("table", here))  # it left again
        # Rung from a process without a socket of its own in the group.
        await there.group_add("other", b)
        await here.group_send("other", {"type": "table.updated", "version": 1})
        seen.append(heard_elsewhere("other", here))
        await here.flush()
        await there.flush()
        return seen

    try:
        seen = asyncio.run(scenario())
    finally:
        server.kill()
    assert seen == [True, False, True, False, True]
    # Not on Redis (the embedded in-memory layer): always maybe.
    assert heard_elsewhere("table", InMemoryChannelLayer()) is True
