"""Players grabbing from the shared pool at the same instant, through the real endpoint
and over real sockets: the table's row lock makes the engine the referee, so no tile is
ever held twice or lost."""

from __future__ import annotations

import asyncio
import random
import re
import threading

import pytest
from asgiref.sync import sync_to_async
from django.db import connections
from django.test import Client

from games.registry import get_engine
from lobby.models import Table
from lobby.services import replay_states, seat_join, table_create
from tests.factories import UserFactory
from tests.lobby.helpers import post_move
from tests.lobby.test_consumers import connect, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)

ENGINE = get_engine("mondo")
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def players(alice, bob, carol):
    return [alice, bob, carol, UserFactory(username="dora")]


@pytest.fixture
def table(players):
    table = table_create(user=players[0], game="mondo", players=4, options={}, mode="live")
    for user in players[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def race(table: Table, jobs: list[tuple[object, list[dict]]]) -> list[list[tuple[int, str]]]:
    """Run each (user, actions) job in its own thread and client, all starting together.

    Returns, per job, the (status, error text) of each POST, in order.
    """
    barrier = threading.Barrier(len(jobs))
    results: list[list[tuple[int, str]]] = [[] for _ in jobs]

    def submit(index: int, user, actions) -> None:
        client = Client()
        client.force_login(user)
        barrier.wait()
        try:
            for action in actions:
                if callable(action):
                    action = action()
                response = post_move(client, table, action, None, **HTMX)
                body = response.content.decode()
                error = re.search(r'class="board-error" role="alert">([^<]*)<', body)
                results[index].append((response.status_code, error.group(1) if error else ""))
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=submit, args=(i, user, actions))
        for i, (user, actions) in enumerate(jobs)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def check_pool(table: Table):
    """Every tile is in exactly one place; the stored state replays from the log."""
    table.refresh_from_db()
    state = ENGINE.load(table.state)
    places = [code >> 3 for code in state.pool if code != -1]
    for player in state.seats:
        places += [code >> 3 for code in player.board if code != -1]
        if player.held is not None:
            places.append(player.held[0] >> 3)
            assert state.pool[player.held[1]] == -1
    assert sorted(places) == list(range(136)), "a tile was lost or is in two places"
    assert ENGINE.dump(replay_states(engine=ENGINE, table=table)[-1]) == table.state
    return state


def test_four_players_reaching_for_one_tile_at_once_give_one_winner(table, players) -> None:
    state = ENGINE.load(table.state)
    slot = next(s for s, code in enumerate(state.pool) if code != -1)
    take = {"type": "take", "slot": slot}
    results = race(table, [(user, [take]) for user in players])
    statuses = sorted(status for result in results for status, _error in result)
    assert statuses == [200, 400, 400, 400]
    errors = [error for result in results for status, error in result if status == 400]
    assert errors == ["Another player took that tile just before you. Pick another one."] * 3
    state = check_pool(table)
    holders = [seat for seat, player in enumerate(state.seats) if player.held is not None]
    assert len(holders) == 1 and state.seats[holders[0]].held[1] == slot
    assert table.move_count == 1


def test_many_simultaneous_takes_places_and_returns_never_lose_or_double_a_tile(
    table, players
) -> None:
    """Each player fires a burst of actions at once, many aimed at the same few tiles."""
    hot = list(range(6))  # everybody goes for the first places of the pool

    def burst(seed: int) -> list:
        pick = random.Random(seed)
        actions: list = []
        for _ in range(8):
            actions.append({"type": "take", "slot": pick.choice(hot)})
            actions.append({"type": "rotate", "dir": "right"})
            actions.append(pick.choice([{"type": "return"}, {"type": "place", "cell": "r2c2"}]))
            actions.append({"type": "return"})
        return actions

    results = race(table, [(user, burst(seat)) for seat, user in enumerate(players)])
    statuses = {status for result in results for status, _error in result}
    assert statuses <= {200, 400}
    assert any(status == 200 for result in results for status, _error in result)
    state = check_pool(table)
    # Every accepted move is in the log, every refused one is not.
    accepted = sum(1 for result in results for status, _error in result if status == 200)
    assert table.moves.count() == accepted
    assert all(player.board.count(-1) >= 23 for player in state.seats)


def test_the_sockets_of_all_players_see_one_holder_after_a_race(table, players) -> None:
    """Over real sockets: each player's pushed board shows the held tile only to its holder."""
    state = ENGINE.load(table.state)
    slot = next(s for s, code in enumerate(state.pool) if code != -1)
    headers = [session_cookie(user) for user in players]

    async def scenario():
        sockets = [await connect(table, h) for h in headers]
        for socket in sockets:
            await socket.receive_from(timeout=5)  # the board on connect
        await sync_to_async(race, thread_sensitive=False)(
            table, [(user, [{"type": "take", "slot": slot}]) for user in players]
        )
        pushed = [await socket.receive_from(timeout=10) for socket in sockets]
        for socket in sockets:
            await socket.disconnect()
        return pushed

    pushed = asyncio.run(scenario())
    state = check_pool(table)
    holder = next(seat for seat, player in enumerate(state.seats) if player.held is not None)
    for seat, html in enumerate(pushed):
        # The whole board or, as the board has regions, the regions this move changed.
        assert f'id="table-{table.code}-board' in html
        assert ("data-mo-held" in html) == (seat == holder)
        assert "holds a tile" in html or seat == holder
        assert "MO-" not in html
