"""Every kind of socket closes with 4012 when the channel layer found Redis again.

config.channel_layer hands `layer.reconnected` to every socket of a process once Redis
answers again after it was lost: what was pushed meanwhile is gone, so each socket
closes with the code on which the page connects again and is sent what is current
(static/js/playtable.js; the browser side: tests/e2e/test_push_browser.py). Here the
message reaches each consumer through a group it joined, as the layer's would.
"""

from __future__ import annotations

import asyncio

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator

from config.asgi import application
from lobby.consumers import START_AFRESH_CODE
from lobby.sockets import user_group
from tests.lobby.helpers import started_table
from tests.lobby.test_consumers import ANON, session_cookie
from tournaments.models import LIST_GROUP

pytestmark = pytest.mark.django_db(transaction=True)


async def _closed_by(path: str, headers: list[tuple[bytes, bytes]], group: str) -> int | None:
    socket = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await socket.connect(timeout=5)
    assert connected
    while not await socket.receive_nothing(timeout=0.3):  # what it sends on connect
        await socket.receive_output(timeout=1)
    await get_channel_layer().group_send(group, {"type": "layer.reconnected"})
    closed = await socket.receive_output(timeout=5)
    assert closed["type"] == "websocket.close", closed
    await socket.disconnect()
    return closed.get("code")


def test_a_table_socket_closes_to_start_afresh(alice, bob):
    table = started_table(alice, bob)
    code = asyncio.run(
        _closed_by(f"/ws/table/{table.code}/", session_cookie(alice), f"table-{table.code}")
    )
    assert code == START_AFRESH_CODE == 4012


def test_a_spectators_table_socket_closes_to_start_afresh(alice, bob):
    table = started_table(alice, bob)
    code = asyncio.run(_closed_by(f"/ws/table/{table.code}/", ANON, f"table-{table.code}"))
    assert code == START_AFRESH_CODE


def test_the_turn_alert_socket_closes_to_start_afresh(alice):
    code = asyncio.run(_closed_by("/ws/me/", session_cookie(alice), user_group(alice.pk)))
    assert code == START_AFRESH_CODE


def test_the_tournament_list_socket_closes_to_start_afresh():
    code = asyncio.run(_closed_by("/ws/tournaments/", ANON, LIST_GROUP))
    assert code == START_AFRESH_CODE
