"""Undo through the platform: the moves leave the log and the rest is replayed from the seed.

Terraforming Mars offers undo (rules §12.4); Lost Cities does not.
"""

from __future__ import annotations

import random

import pytest

from games.registry import get_engine
from lobby.models import Move, Table
from lobby.rendering import board_html
from lobby.services import replay_states, seat_join, table_create
from tests.lobby.helpers import post_move, seat_to_move, started_table

pytestmark = pytest.mark.django_db
UNDO = {"type": "undo"}


def _clients(client, table: Table, *users):
    clients = {}
    for user in users:
        c = type(client)()
        c.force_login(user)
        clients[table.seats.get(user=user).position] = c
    return clients


def _mid_turn(table: Table, clients, rng: random.Random) -> int:
    """Play random moves over HTTP until a player is in the middle of their turn."""
    engine = get_engine(table.game)
    for _ in range(400):
        table.refresh_from_db()
        state = engine.load(table.state)
        seat = min(engine.to_move(state))
        if engine.undo_steps(state, seat) >= 2:
            return seat
        action = rng.choice(engine.legal_actions(state, seat))
        response = post_move(clients[seat], table, action, table.version, HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content.decode()[:300]
    raise AssertionError("nobody was ever two steps into a turn")


def test_the_active_player_takes_back_their_turn_and_the_log_is_replayed(
    client, alice, bob
) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    clients = _clients(client, table, alice, bob)
    seat = _mid_turn(table, clients, random.Random(4))
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    steps = engine.undo_steps(state, seat)
    moves, version = table.move_count, table.version
    expected = replay_states(engine=engine, table=table, upto=moves - steps)[-1]
    other = 1 - seat

    # The button is on the mover's board only.
    assert 'value=\'{"type":"undo"}\'' in board_html(table, table.seats.get(position=seat).user)
    assert "undo" not in board_html(table, table.seats.get(position=other).user).lower()

    # The other player cannot take anything back, and a stale page is refused.
    refused = post_move(clients[other], table, UNDO, version, HTTP_HX_REQUEST="true")
    assert refused.status_code == 409 and "not your turn" in refused.content.decode()
    stale = post_move(clients[seat], table, UNDO, version - 1, HTTP_HX_REQUEST="true")
    assert stale.status_code == 409

    response = post_move(clients[seat], table, UNDO, version, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, response.content.decode()[:300]
    table.refresh_from_db()
    assert table.move_count == moves - steps == Move.objects.filter(table=table).count()
    assert table.version == version + 1
    assert engine.load(table.state) == expected
    assert engine.undo_steps(expected, seat) == 0  # back at the start of the turn

    # Nothing is left to take back; the refusal changes nothing.
    again = post_move(clients[seat], table, UNDO, table.version, HTTP_HX_REQUEST="true")
    assert again.status_code == 409 and "nothing you can take back" in again.content.decode()
    table.refresh_from_db()
    assert table.move_count == moves - steps and table.version == version + 1

    # Play goes on from the rebuilt state, and the log still replays to it.
    state = engine.load(table.state)
    action = engine.legal_actions(state, seat)[0]
    assert post_move(clients[seat], table, action, table.version).status_code in (200, 302)
    table.refresh_from_db()
    assert replay_states(engine=engine, table=table)[-1] == engine.load(table.state)


def test_a_game_without_undo_refuses_it_in_words(client, alice, bob) -> None:
    table = started_table(alice, bob)
    c = _clients(client, table, alice, bob)[seat_to_move(table)]
    response = post_move(c, table, UNDO, table.version, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "nothing you can take back" in response.content.decode()
    table.refresh_from_db()
    assert table.move_count == 0
