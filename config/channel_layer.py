"""The channel layer on Redis: channels_redis's pub/sub layer, which says when Redis is back.

Why pub/sub (`channels_redis.pubsub`) and not channels_redis's default layer: a doorbell
(`group_send`) is one PUBLISH, and Redis hands it once to each process whose sockets
joined the group; the default layer keeps each group's members in a sorted set and
pushes a copy onto a list per socket, three to five commands a send, and each process
pops them back. A live move rings one doorbell per table and one per seat's turn count:
in `bench.load` the other players' boards arrive in 1.5-1.8 ms instead of 5.2 and daphne
spends about a tenth less CPU per Lost Cities move (bench/README.md, twenty-fourth
session).

What pub/sub does not do is keep a message for a socket that was not listening: while
Redis is away every doorbell is lost, and channels_redis's receiver reconnects and
subscribes again by itself, silently, so an open page would keep a stale board until the
next change (the default layer's receiver failed instead, closing every socket). Here the
receiver notes the loss once, and when Redis answers again it hands every socket of this
process a `layer.reconnected` message: the consumers close with 4012 (`lobby.consumers.
LayerReconnected`), and the page connects again (static/js/playtable.js) and is sent what
is current.

It also notes, for each group this process rings, how many other processes heard the
last message (Redis' PUBLISH answers with its number of receivers): `heard_elsewhere`.
A move's drawings are kept in Redis for other processes' sockets (lobby.rendering); when
the table's last doorbell reached no other process (deploy/nginx.conf routes a table's
sockets to one), nobody would read them.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection

logger = logging.getLogger(__name__)

#: What every socket of a process hears when the layer's connection to Redis came back.
RECONNECTED = {"type": "layer.reconnected"}

#: How long the receiver waits between tries while Redis does not answer (seconds).
RETRY_SECONDS = 1.0

#: For the channels this process published to last (at most HEARD_SIZE): how many other
#: processes' receivers the last message reached.
_HEARD: OrderedDict[str, int] = OrderedDict()
HEARD_SIZE = 8192
_heard_lock = threading.Lock()


def _heard(channel: str, others: int) -> None:
    with _heard_lock:
        _HEARD[channel] = others
        _HEARD.move_to_end(channel)
        while len(_HEARD) > HEARD_SIZE:
            _HEARD.popitem(last=False)


def heard_elsewhere(group: str, layer: Any = None) -> bool:
    """Whether another process may hold a socket of `group`: True unless this process rang
    the group last (lately) on this layer and no other process's receiver heard it.

    From any thread; `layer`: the process's default one unless given. A process whose
    socket joined the group since that message is not known yet: it finds nothing kept
    and draws for itself, once; the next message counts it.
    """
    from channels.layers import get_channel_layer

    layer = layer or get_channel_layer()
    if not isinstance(layer, ChannelLayer):
        return True
    channel = f"{layer._kwargs.get('prefix', 'asgi')}__group__{group}"
    with _heard_lock:
        return _HEARD.get(channel, 1) > 0


class _Shard(RedisSingleShardConnection):  # type: ignore[misc]  # channels_redis has no hints
    """channels_redis's connection to one Redis, whose receiver tells the sockets when it
    lost Redis and found it again (channels_redis's own logs each failed try, every
    second, and says nothing when it is back)."""

    lost = False

    async def _do_receiving(self) -> None:
        while True:
            try:
                if self._pubsub and self._pubsub.subscribed:
                    message = await self._pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=0.1
                    )
                    if self.lost:
                        self._back()
                    self._receive_message(message)
                else:
                    await asyncio.sleep(0.1)
            except (asyncio.CancelledError, GeneratorExit):
                raise
            except Exception:
                if not self.lost:
                    logger.warning(
                        "channel layer: lost Redis; the sockets hear nothing until it is back",
                        exc_info=True,
                    )
                self.lost = True
                await asyncio.sleep(RETRY_SECONDS)

    async def publish(self, channel: str, message: bytes) -> None:
        """Publish as channels_redis does, and note how many other processes heard it."""
        async with self._lock:
            self._ensure_redis()
            receivers = await self._redis.publish(channel, message)
        own = 1 if channel in self._subscribed_to else 0
        _heard(channel, int(receivers) - own)

    def _back(self) -> None:
        """Hand `RECONNECTED` to every socket (channel) of this process on this loop."""
        self.lost = False
        layer = self.channel_layer
        data = layer.channel_layer.serialize(RECONNECTED)
        for queue in list(layer.channels.values()):
            queue.put_nowait(data)
        logger.warning(
            "channel layer: Redis is back; %d socket(s) told to start afresh", len(layer.channels)
        )


class ChannelLayer(RedisPubSubChannelLayer):  # type: ignore[misc]  # channels_redis has no hints
    """channels_redis's pub/sub layer whose receivers say when Redis is back (`_Shard`)."""

    def _get_layer(self) -> Any:
        layer = super()._get_layer()
        if not getattr(layer, "playtable_shards", False):
            # Made just now, before any connection: its shards are replaced by ours.
            layer._shards = [_Shard(shard.host, layer) for shard in layer._shards]
            layer.playtable_shards = True
        return layer
