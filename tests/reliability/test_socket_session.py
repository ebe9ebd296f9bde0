"""A player's open sockets end with their session: log-out, suspension and ban close them."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.moderation import user_ban, user_suspend
from tests.factories import UserFactory
from tests.lobby.helpers import started_table
from tests.lobby.test_consumers import connect, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def _closed_with(socket, code: int) -> bool:
    output = await socket.receive_output(timeout=5)
    return output == {"type": "websocket.close", "code": code}


def test_logging_out_closes_every_socket_of_that_player_and_no_other(alice, bob):
    table = started_table(alice, bob)
    client = Client()
    client.force_login(alice)

    alice_headers, bob_headers = session_cookie(alice), session_cookie(bob)

    async def scenario():
        mine = [await connect(table, alice_headers) for _ in range(2)]
        theirs = await connect(table, bob_headers)
        for socket in [*mine, theirs]:
            await socket.receive_from(timeout=5)  # the board on connect
        response = await sync_to_async(client.post)(reverse("accounts:logout"))
        assert response.status_code == 302
        for socket in mine:
            assert await _closed_with(socket, 4401)
        # Bob's socket stays open and quiet.
        assert await theirs.receive_nothing(timeout=0.3)
        await theirs.disconnect()

    asyncio.run(scenario())


@pytest.mark.parametrize("action", ["suspend", "ban"])
def test_a_suspension_or_ban_closes_the_players_sockets_at_once(alice, bob, action):
    table = started_table(alice, bob)
    moderator = UserFactory(username="mod", is_staff=True, is_superuser=True)

    headers = session_cookie(bob)

    async def scenario():
        socket = await connect(table, headers)
        await socket.receive_from(timeout=5)
        if action == "suspend":
            until = timezone.now() + timedelta(days=1)
            await sync_to_async(user_suspend)(
                moderator=moderator, user_id=bob.id, until=until, reason="abuse"
            )
        else:
            await sync_to_async(user_ban)(moderator=moderator, user_id=bob.id, reason="abuse")
        assert await _closed_with(socket, 4401)

    asyncio.run(scenario())


def test_a_log_out_while_the_channel_layer_is_down_still_logs_out(alice, monkeypatch):
    import lobby.sockets

    def layer_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(lobby.sockets, "group_send", layer_down)
    client = Client()
    client.force_login(alice)
    response = client.post(reverse("accounts:logout"))
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
