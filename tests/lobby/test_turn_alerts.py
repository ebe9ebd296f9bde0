"""Turn alerts: the "your turn" number in the navigation, and its per-user socket.

The number counts the tables in play where the player's own seat (not a bot's) is to
move. Every page renders it; after a change commits, each player whose number changed
gets it on the group `turns-<id>`, which their per-user socket (/ws/me/) passes on.
"""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import lobby.services.notify
from config.asgi import application
from games.registry import get_engine
from lobby.models import Seat, Table
from lobby.selectors import turn_count
from lobby.services import move_submit, table_concede
from lobby.services.tables import seat_add_bot, table_create
from tests.lobby.helpers import seat_to_move, started_table
from tests.lobby.test_consumers import ANON, session_cookie

TURN_ITEM = re.compile(r'<li class="turn-item"( hidden)?><a [^>]*data-turns="(\d+)"')


def _mover_and_other(table: Table):
    seats = {s.position: s.user for s in table.seats.all()}
    mover = seat_to_move(table)
    return seats[mover], seats[1 - mover]


def _action(table: Table, kind: str) -> dict:
    engine = get_engine(table.game)
    state = engine.load(table.state)
    legal = engine.legal_actions(state, seat_to_move(table))
    return next(a for a in legal if a["type"] == kind)


def _nav(client: Client) -> tuple[bool, int, str]:
    html = client.get(reverse("home")).content.decode()
    match = TURN_ITEM.search(html)
    assert match, "no turn counter in the navigation"
    title = re.search(r"<title>(.*?)</title>", html, re.S).group(1)
    return match.group(1) is None, int(match.group(2)), title


@pytest.fixture
def sent(monkeypatch) -> list[tuple[str, dict]]:
    """Record what notify sends to channel groups (the layer itself is not needed)."""
    messages: list[tuple[str, dict]] = []
    monkeypatch.setattr(
        lobby.services.notify,
        "group_send",
        lambda group, message: messages.append((group, message)),
    )
    # What a move's answer holds goes in one hand-off (lobby.services.notify.rings_held).
    monkeypatch.setattr(lobby.services.notify, "group_send_many", messages.extend)
    return messages


def _turns(sent: list[tuple[str, dict]]) -> dict[str, dict]:
    return {group: message for group, message in sent if message["type"] == "turns.changed"}


@pytest.mark.django_db
def test_every_page_shows_the_player_their_turns_and_puts_them_in_the_tab_title(alice, bob):
    table = started_table(alice, bob)
    mover, other = _mover_and_other(table)
    clients = {}
    for user in (mover, other):
        clients[user] = Client()
        clients[user].force_login(user)

    shown, count, title = _nav(clients[mover])
    assert (shown, count) == (True, 1)
    assert title.startswith("(1) Your turn · ")
    shown, count, title = _nav(clients[other])
    assert (shown, count) == (False, 0)
    assert not title.startswith("(")
    # Anonymous visitors have no counter and no socket script.
    html = Client().get(reverse("home")).content.decode()
    assert "turn-alert" not in html and "turn-alerts.js" not in html
    # A finished table counts no more.
    table_concede(code=table.code, user=other)
    assert _nav(clients[mover])[:2] == (False, 0)


@pytest.mark.django_db
def test_the_counter_and_the_unread_count_cost_one_query_together(alice, bob):
    started_table(alice, bob)
    client = Client()
    client.force_login(alice)
    client.get(reverse("lobby:games"))  # warm the session
    with CaptureQueriesContext(connection) as ctx:
        client.get(reverse("lobby:games"))
    counting = [q["sql"] for q in ctx.captured_queries if "COUNT(" in q["sql"].upper()]
    assert len(counting) == 1, counting


@pytest.mark.django_db
def test_a_bots_seat_and_a_finished_table_do_not_count(alice, bob):
    vs_bot = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
    seat_add_bot(code=vs_bot.code, user=alice)
    vs_bot.refresh_from_db()
    assert vs_bot.status == Table.Status.ACTIVE
    # The bot's seat is to move or alice's is: either way, at most alice's own counts.
    bot_seat = vs_bot.seats.get(user__isnull=True)
    assert turn_count(user_id=alice.id) == (0 if bot_seat.is_to_move else 1)
    # A seat whose player is out and a bot plays for is not the player's turn.
    table = started_table(alice, bob)
    mover, _ = _mover_and_other(table)
    before = turn_count(user_id=mover.id)
    Seat.objects.filter(table=table, user=mover).update(bot=Seat.Bot.RANDOM)
    assert turn_count(user_id=mover.id) == before - 1


@pytest.mark.django_db
def test_a_move_that_passes_the_turn_sends_both_players_their_new_number(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    mover, other = _mover_and_other(table)
    # Lost Cities: playing or discarding a card leaves the turn with the same player.
    with django_capture_on_commit_callbacks(execute=True):
        move_submit(
            code=table.code, user=mover, action=_action(table, "discard"), seen_version=None
        )
    assert _turns(sent) == {}
    table.refresh_from_db()
    # Drawing ends the turn: the mover's number drops, the other's rises.
    with django_capture_on_commit_callbacks(execute=True):
        move_submit(code=table.code, user=mover, action=_action(table, "draw"), seen_version=None)
    table.refresh_from_db()
    turns = _turns(sent)
    assert turns[f"turns-{mover.id}"] == {"type": "turns.changed", "count": 0}
    assert turns[f"turns-{other.id}"] == {
        "type": "turns.changed",
        "count": 1,
        "url": table.get_absolute_url(),
        "key": f"{table.code}:{table.version}",
    }


@pytest.mark.django_db
def test_a_concede_sends_the_player_to_move_a_lower_number(
    alice, bob, sent, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    mover, other = _mover_and_other(table)
    with django_capture_on_commit_callbacks(execute=True):
        table_concede(code=table.code, user=other)
    # Only the seat to move changed: the other player's number stays as it was.
    assert _turns(sent) == {f"turns-{mover.id}": {"type": "turns.changed", "count": 0}}


@pytest.mark.django_db
def test_the_players_count_is_sent_only_after_the_commit(alice, bob, sent):
    table = started_table(alice, bob)
    mover, _ = _mover_and_other(table)
    # pytest-django's test transaction never commits, so nothing may be sent.
    move_submit(code=table.code, user=mover, action=_action(table, "discard"), seen_version=None)
    table.refresh_from_db()
    move_submit(code=table.code, user=mover, action=_action(table, "draw"), seen_version=None)
    assert _turns(sent) == {}


# The per-user socket.


async def _me(headers) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, "/ws/me/", headers=headers)
    connected, _ = await socket.connect(timeout=5)
    assert connected
    return socket


async def _turns_message(socket) -> dict:
    return json.loads(await socket.receive_from(timeout=5))


@pytest.mark.django_db(transaction=True)
def test_the_players_socket_says_their_number_on_connect_and_after_each_change(alice, bob):
    table = started_table(alice, bob)
    mover, other = _mover_and_other(table)
    headers = {mover: session_cookie(mover), other: session_cookie(other)}

    async def scenario():
        mine, theirs = await _me(headers[mover]), await _me(headers[other])
        assert await _turns_message(mine) == {"type": "turns", "count": 1}
        assert await _turns_message(theirs) == {"type": "turns", "count": 0}
        for kind in ("discard", "draw"):
            action = await sync_to_async(_action)(table, kind)
            await sync_to_async(move_submit)(
                code=table.code, user=mover, action=action, seen_version=None
            )
            await sync_to_async(table.refresh_from_db)()
        assert await _turns_message(mine) == {"type": "turns", "count": 0}
        got = await _turns_message(theirs)
        assert got["count"] == 1 and got["url"] == table.get_absolute_url()
        # Only one message each: the step within the turn sent nothing.
        assert await mine.receive_nothing(timeout=0.2)
        assert await theirs.receive_nothing(timeout=0.2)
        for socket in (mine, theirs):
            await socket.disconnect()

    asyncio.run(scenario())


@pytest.mark.django_db(transaction=True)
def test_an_anonymous_socket_is_closed_at_once_and_told_nothing():
    async def scenario():
        socket = await _me(ANON)
        output = await socket.receive_output(timeout=5)
        assert output == {"type": "websocket.close", "code": 4401}

    asyncio.run(scenario())


@pytest.mark.django_db(transaction=True)
def test_logging_out_closes_the_players_socket(alice):
    client = Client()
    client.force_login(alice)
    headers = session_cookie(alice)

    async def scenario():
        socket = await _me(headers)
        assert await _turns_message(socket) == {"type": "turns", "count": 0}
        response = await sync_to_async(client.post)(reverse("accounts:logout"))
        assert response.status_code == 302
        output = await socket.receive_output(timeout=5)
        assert output == {"type": "websocket.close", "code": 4401}

    asyncio.run(scenario())


@pytest.mark.django_db(transaction=True)
def test_the_table_socket_of_the_same_player_ignores_the_number_and_stays_up(alice, bob):
    table = started_table(alice, bob)
    mover, other = _mover_and_other(table)
    headers = session_cookie(other)

    async def scenario():
        board = WebsocketCommunicator(application, f"/ws/table/{table.code}/", headers=headers)
        assert (await board.connect(timeout=5))[0]
        await board.receive_from(timeout=5)  # the board on connect
        for kind in ("discard", "draw"):
            action = await sync_to_async(_action)(table, kind)
            await sync_to_async(move_submit)(
                code=table.code, user=mover, action=action, seen_version=None
            )
            await sync_to_async(table.refresh_from_db)()
        # The board updated to the last move (a doorbell that finds the table where the
        # socket already left it sends nothing), and no crash on the turns.changed.
        await sync_to_async(table.refresh_from_db)()
        seen = 0
        while seen < table.version:
            message = await board.receive_from(timeout=5)
            assert message.startswith(f'<div id="table-{table.code}-board')
            seen = int(re.search(r'data-version="(\d+)"', message).group(1))
        assert seen == table.version
        assert await board.receive_nothing(timeout=0.2)
        await board.disconnect()

    asyncio.run(scenario())
