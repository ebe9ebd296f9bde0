"""Chat over the table's socket: each socket renders a new message for its own user."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import Relationship
from accounts.services import relationship_add
from config.asgi import application
from lobby.models import ChatMessage
from lobby.services.chat import chat_hide
from tests.factories import UserFactory
from tests.lobby.helpers import started_table
from tests.moderation.helpers import session_headers

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(table, headers) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


def test_another_players_socket_receives_the_chat_partial(alice, bob, carol):
    table = started_table(alice, bob)
    relationship_add(user=carol, other=alice, kind=Relationship.Kind.MUTE)
    headers = {user.username: session_headers(user) for user in (alice, bob, carol)}
    poster = Client()
    poster.force_login(alice)
    url = reverse("lobby:chat", args=[table.code])

    async def scenario():
        sockets = {name: await connect(table, h) for name, h in headers.items()}
        for socket in sockets.values():
            await socket.receive_from(timeout=5)  # the board on connect
        response = await sync_to_async(poster.post)(
            url, {"text": "<b>gl hf</b>"}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200
        pushed = {name: await sockets[name].receive_from(timeout=5) for name in ("alice", "bob")}
        muted_nothing = await sockets["carol"].receive_nothing(timeout=0.5)
        for socket in sockets.values():
            await socket.disconnect()
        return pushed, muted_nothing

    pushed, muted_nothing = asyncio.run(scenario())
    message = ChatMessage.objects.get()
    for html in pushed.values():
        assert f'<div id="chat-{table.code}-list" hx-swap-oob="beforeend">' in html
        assert f'id="chat-msg-{message.id}"' in html
        assert "&lt;b&gt;gl hf&lt;/b&gt;" in html and "<b>gl hf" not in html
    # Bob's copy offers to mute alice; alice's own copy does not.
    assert "mute" in pushed["bob"] and 'value="mute"' not in pushed["alice"]
    # Carol muted alice: her socket got nothing.
    assert muted_nothing is True


def test_a_hidden_message_is_removed_from_every_socket(alice, bob):
    table = started_table(alice, bob)
    message = ChatMessage.objects.create(table=table, user=alice, text="rude")
    staff = UserFactory(username="staffer", is_staff=True)
    headers = session_headers(bob)

    async def scenario():
        socket = await connect(table, headers)
        await socket.receive_from(timeout=5)
        await sync_to_async(chat_hide)(moderator=staff, message_id=message.id, reason="Rude")
        html = await socket.receive_from(timeout=5)
        await socket.disconnect()
        return html

    html = asyncio.run(scenario())
    assert f'id="chat-msg-{message.id}"' in html and 'hx-swap-oob="delete"' in html


def test_a_suspended_players_socket_is_closed_on_connect(alice, bob):
    table = started_table(alice, bob)
    headers = session_headers(bob)
    bob.suspended_until = timezone.now() + timedelta(days=1)
    bob.save()

    async def scenario():
        communicator = WebsocketCommunicator(
            application, f"/ws/table/{table.code}/", headers=headers
        )
        connected, code = await communicator.connect(timeout=5)
        return connected, code

    connected, code = asyncio.run(scenario())
    assert connected is False
    assert code == 4403
