"""Who is who at a table: one colour per seat on the board, in the move log and the chat,
pictures beside the names; and the profile's games with their opponents and replays."""

from __future__ import annotations

import random
import re

import pytest

from accounts.templatetags.identity import avatar_url
from ladder.services import ratings_apply
from lobby.models import Move
from lobby.services.chat import chat_post
from tests.ladder.helpers import finished_table
from tests.lobby.helpers import post_move, random_legal, seat_to_move, started_table

pytestmark = pytest.mark.django_db


def test_each_seat_has_one_colour_on_the_board_in_the_log_and_in_the_chat(client, alice, bob):
    table = started_table(alice, bob)
    players = {0: alice, 1: bob}
    rng = random.Random(1)
    for _ in range(3):
        table.refresh_from_db()
        seat = seat_to_move(table)
        client.force_login(players[seat])
        response = post_move(client, table, random_legal(table, seat, rng), table.version)
        assert response.status_code in (200, 302)
    chat_post(code=table.code, user=alice, text="hello")
    chat_post(code=table.code, user=bob, text="hi")
    client.force_login(alice)
    body = client.get(table.get_absolute_url()).content.decode()
    # The board's players: a colour class, a picture and a link to the profile.
    for position, player in players.items():
        seat = re.search(rf'<li class="seat seat-{position}[ "].*?</li>', body, re.S)
        assert seat is not None, position
        assert f'src="{avatar_url(player)}"' in seat.group()
        assert f'href="{player.get_absolute_url()}"' in seat.group()
    # Each log line is in its seat's colour.
    log = body[body.index('class="game-log"') :]
    for move in Move.objects.filter(table=table):
        line = re.search(rf'<li value="{move.n}"[^>]*><strong class="seat-(\d)">', log)
        assert line is not None and int(line.group(1)) == move.seat
    # The chat's authors too, with their pictures.
    chat = body[body.index('class="chat"') :]
    assert re.search(r'class="chat-author seat-0" href="/accounts/u/alice/"><img', chat)
    assert re.search(r'class="chat-author seat-1" href="/accounts/u/bob/"><img', chat)


def test_a_spectator_in_the_chat_has_no_seat_colour(client, alice, bob, carol):
    table = started_table(alice, bob)
    chat_post(code=table.code, user=carol, text="nice game", invited=True)
    client.force_login(alice)
    chat = client.get(table.get_absolute_url()).content.decode()
    assert re.search(r'class="chat-author " href="/accounts/u/carol/"', chat)


def test_the_profile_names_the_opponents_and_links_to_each_game_and_its_replay(
    client, alice, bob, carol
):
    first = finished_table([alice, bob], [1, 2])
    second = finished_table([alice, carol], [2, 1])
    for table in (first, second):
        ratings_apply(table_id=table.id)
    body = client.get(alice.get_absolute_url()).content.decode()
    recent = body[body.index('class="list recent-rated"') :]
    rows = re.findall(r"<tr>(.*?)</tr>", recent, re.S)[1:]
    assert len(rows) == 2
    for row, (table, opponent) in zip(rows, [(second, carol), (first, bob)], strict=True):
        assert f'href="{table.get_absolute_url()}"' in row
        assert f'href="/t/{table.code}/replay/"' in row
        assert f'<a href="{opponent.get_absolute_url()}"><img' in row
        assert f">{opponent.username}</a>" in row
        assert "alice</a>" not in row
        assert "ago</time>" in row or "now</time>" in row
