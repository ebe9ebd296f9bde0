"""A table socket shows times in the zone of the page behind it: its `tz` cookie."""

from __future__ import annotations

import asyncio
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator

from config.asgi import application
from games.registry import get_engine
from lobby.services import move_submit
from lobby.services.chat import chat_post
from tests.lobby.helpers import seat_to_move, started_table

pytestmark = pytest.mark.django_db(transaction=True)

STAMP = re.compile(r'<time datetime="[^"]+([+-]\d\d:\d\d)" title="[^"]+ \((\w+)\)">')


def test_the_board_and_a_chat_line_pushed_over_a_socket_read_in_its_cookies_zone(alice, bob):
    from tests.lobby.test_consumers import session_cookie

    table = started_table(alice, bob)
    headers = [
        (name, value + b"; tz=Asia/Tokyo" if name == b"cookie" else value)
        for name, value in session_cookie(alice)
    ]

    async def scenario():
        socket = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
        connected, _ = await socket.connect(timeout=5)
        assert connected
        await socket.receive_from(timeout=5)  # the board on connect
        seat = await sync_to_async(seat_to_move)(table)
        mover = alice if seat == 0 else bob
        engine = get_engine("lost_cities")
        action = next(
            a
            for a in engine.legal_actions(engine.load(table.state), seat)
            if a["type"] == "discard"
        )
        await sync_to_async(move_submit)(
            code=table.code, user=mover, action=action, seen_version=None
        )
        board = await socket.receive_from(timeout=5)
        await sync_to_async(chat_post)(code=table.code, user=bob, text="gg")
        chat = await socket.receive_from(timeout=5)
        await socket.disconnect()
        return board, chat

    board, chat = asyncio.run(scenario())
    log = board[board.index('class="game-log"') :]
    assert STAMP.search(log).groups() == ("+09:00", "JST")
    assert "gg" in chat
    assert STAMP.search(chat).groups() == ("+09:00", "JST")
