"""The load bench's table sockets (picows) against a real WebSocket server on this machine:
the handshake's headers, boards fed as they arrive, a message in several frames, the
`resync` sent back, the table's waiters woken, and a socket the server closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from bench._load_client import BoardClient
from bench.load import Signal, _connect

CODE = "ABC123"


def board(version: int, inner: str = "") -> str:
    return (
        f'<div id="table-{CODE}-board" class="board-wrap" data-version="{version}" '
        f'data-status="active">{inner}</div>'
    )


def push(version: int, base: int) -> str:
    return (
        f'<div id="table-{CODE}-board-meta" hidden data-version="{version}" '
        f'data-base="{base}" data-status="active"></div>'
    )


async def _exchange() -> dict[str, Any]:
    from websockets.asyncio.server import serve

    seen: dict[str, Any] = {"received": []}
    go_on = asyncio.Event()

    async def handler(ws: Any) -> None:
        seen["origin"] = ws.request.headers.get("Origin")
        seen["cookie"] = ws.request.headers.get("Cookie")
        await ws.send(board(1))
        # A push on a base this socket does not hold: it asks for the whole board.
        await ws.send(push(3, 2))
        seen["received"].append(await ws.recv())
        # The whole board, in three frames.
        text = board(3, '<button name="action" value="{&quot;type&quot;: &quot;draw&quot;}">')
        await ws.send([text[:10], text[10:50], text[50:]])
        seen["received"].append(await ws.recv())
        await go_on.wait()
        await ws.close()

    signal = Signal()
    client = BoardClient(CODE)
    async with serve(handler, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        origin = seen["expected origin"] = f"http://127.0.0.1:{port}"
        url = f"ws://127.0.0.1:{port}/ws/table/{CODE}/"
        socket = await _connect(url, "sessionid=abc", origin, client, signal)
        # Each message wakes the table's waiters; the whole board arrives in pieces.
        seen["whole"] = await signal.wait_for(lambda: client.version == 3, 5)
        seen["actions"] = [json.loads(a) for a in client.actions()]
        seen["sent"] = socket.send(json.dumps({"action": "x", "ref": "b1"}))
        go_on.set()
        seen["closed"] = await signal.wait_for(
            lambda: socket.transport is not None and socket.transport.is_disconnected, 5
        )
        seen["sent after close"] = socket.send("late")
        await socket.close()  # nothing left to close: returns at once
    seen["client"] = client
    # A wait with nothing to wake it ends when its time is up.
    seen["timed out"] = await signal.wait_for(lambda: False, 0.05)
    return seen


def test_a_table_socket_feeds_its_board_asks_for_resync_and_knows_when_it_closed() -> None:
    seen = asyncio.run(_exchange())
    # The handshake carries the page's origin and the player's session, as a browser's.
    assert seen["origin"] == seen["expected origin"] and seen["cookie"] == "sessionid=abc"
    assert seen["whole"] is True and seen["actions"] == [{"type": "draw"}]
    client = seen["client"]
    assert (client.version, client.resyncs, client.messages) == (3, 1, 3)
    # What the socket sent: the resync, then the move.
    assert seen["received"] == ["resync", json.dumps({"action": "x", "ref": "b1"})]
    assert seen["sent"] is True
    assert seen["closed"] is True and seen["sent after close"] is False
    assert seen["timed out"] is False
