"""The table socket: each connection receives its own board; spectators see no hand."""

from __future__ import annotations

import asyncio
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from config.asgi import application
from games.registry import get_engine
from lobby.models import Table
from lobby.services import move_submit, table_create
from tests.lobby.helpers import seat_to_move, started_table

pytestmark = pytest.mark.django_db(transaction=True)

CARD = re.compile(r'data-card="(LC-[A-Z]+\d+)"')


def session_cookie(user) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    return [
        (b"cookie", f"{settings.SESSION_COOKIE_NAME}={cookie}".encode()),
        (b"origin", b"http://testserver"),
        (b"host", b"testserver"),
    ]


ANON = [(b"origin", b"http://testserver")]


async def connect(table: Table, headers: list[tuple[bytes, bytes]]) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
    connected, _ = await communicator.connect(timeout=5)
    assert connected
    return communicator


def hand_ids(table: Table, position: int) -> set[str]:
    engine = get_engine("lost_cities")
    return {card["id"] for card in engine.view(engine.load(table.state), position)["hand"]}


def test_each_socket_gets_its_own_hand_and_a_spectator_none(alice, bob, carol):
    table = started_table(alice, bob)
    seat_of = {s.user: s.position for s in table.seats.all()}
    headers = {u.username: session_cookie(u) for u in (alice, bob, carol)}
    headers["anon"] = ANON

    async def scenario():
        sockets = {name: await connect(table, h) for name, h in headers.items()}
        # On connect each socket receives the current board.
        first = {name: await s.receive_from(timeout=5) for name, s in sockets.items()}
        # A move by whoever is to move.
        mover_seat = await sync_to_async(seat_to_move)(table)
        mover = alice if seat_of[alice] == mover_seat else bob
        engine = get_engine("lost_cities")
        state = engine.load(table.state)
        action = next(a for a in engine.legal_actions(state, mover_seat) if a["type"] == "discard")
        await sync_to_async(move_submit)(
            code=table.code, user=mover, action=action, seen_version=None
        )
        after = {name: await s.receive_from(timeout=5) for name, s in sockets.items()}
        for s in sockets.values():
            await s.disconnect()
        return first, after

    first, after = asyncio.run(scenario())
    first_hands = {
        name: hand_ids(table, seat_of[user]) for name, user in (("alice", alice), ("bob", bob))
    }
    table.refresh_from_db()
    alice_hand, bob_hand = hand_ids(table, seat_of[alice]), hand_ids(table, seat_of[bob])
    # On connect: the whole board, with the viewer's own hand and no other.
    for name, other in (("alice", "bob"), ("bob", "alice")):
        assert f'id="table-{table.code}-board"' in first[name]
        cards = set(CARD.findall(first[name]))
        assert first_hands[name] <= cards and not (first_hands[other] & cards)
    # After the move: only what changed for each viewer, never a card of another hand.
    for name, others in (("alice", bob_hand), ("bob", alice_hand)):
        assert after[name].startswith(f'<div id="table-{table.code}-board-meta" hidden')
        assert not (set(CARD.findall(after[name])) & others)
    for spectator in ("carol", "anon"):
        for html in (first, after):
            assert not (set(CARD.findall(html[spectator])) & (alice_hand | bob_hand))
            assert "Your hand" not in html[spectator]
    assert "Your hand" in first["alice"]
    assert f'value="{table.version}"' in after["alice"]


def test_a_stranger_cannot_open_the_socket_of_a_private_table(alice, carol):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    headers = session_cookie(carol)

    async def scenario():
        communicator = WebsocketCommunicator(
            application, f"/ws/table/{table.code}/", headers=headers
        )
        connected, _ = await communicator.connect(timeout=5)
        return connected

    assert asyncio.run(scenario()) is False


def test_a_socket_from_another_origin_is_refused(alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})

    async def scenario():
        communicator = WebsocketCommunicator(
            application, f"/ws/table/{table.code}/", headers=[(b"origin", b"http://evil.example")]
        )
        connected, _ = await communicator.connect(timeout=5)
        return connected

    assert asyncio.run(scenario()) is False


def test_client_messages_are_ignored_and_the_socket_stays_up(alice, bob):
    """Text that is not a move (a JSON object, lobby.socket_moves) nor "resync" is ignored;
    a JSON object that is no readable move is refused in words (tests/lobby/test_socket_moves)."""
    table = started_table(alice, bob)
    headers = session_cookie(alice)

    async def scenario():
        socket = await connect(table, headers)
        await socket.receive_from(timeout=5)
        for junk in ["x" * 100_000, "move", "[1, 2]"]:
            await socket.send_to(text_data=junk)
        assert await socket.receive_nothing(timeout=0.3)
        for junk in ["{", '{"type": "move"}']:
            await socket.send_to(text_data=junk)
            assert "could not be read" in await socket.receive_from(timeout=5)
        await socket.disconnect()

    asyncio.run(scenario())


def test_a_table_socket_holds_its_user_itself_not_the_lazy_stand_in(alice, bob, monkeypatch):
    """Channels hands the consumer a lazy stand-in for the user, whose every attribute read
    (a seat lookup per move and drawing) runs Python code of its own: the table socket
    keeps the user it stands for, and an anonymous visitor as such."""
    from django.contrib.auth.models import AnonymousUser
    from django.utils.functional import LazyObject

    from accounts.models import User
    from lobby import pushes
    from lobby.consumers import scope_user

    table = started_table(alice, bob)
    watched: list[object] = []
    real = pushes.watch

    def watch(code, socket, user, *rest):
        watched.append(user)
        return real(code, socket, user, *rest)

    monkeypatch.setattr(pushes, "watch", watch)

    logged_in = session_cookie(alice)

    async def scenario():
        for headers in (logged_in, ANON):
            socket = await connect(table, headers)
            await socket.receive_from(timeout=5)
            await socket.disconnect()

    asyncio.run(scenario())
    mine, anonymous = watched
    assert type(mine) is User and mine.pk == alice.pk
    assert type(anonymous) is AnonymousUser
    assert not any(isinstance(user, LazyObject) for user in watched)
    assert scope_user({"user": alice}) is alice and scope_user({}) is None
