"""My games and the home page: each table's mode, whose turn, time left; most urgent first."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from lobby import selectors
from lobby.models import Seat, Table
from lobby.services import seat_join, table_create
from tests.lobby.test_clock_warnings import play_turn

pytestmark = pytest.mark.django_db


def table_for(alice, bob, *, to_move, minutes: int | None = None) -> Table:
    """Start a Lost Cities table (live with `minutes`, else async) where `to_move` moves."""
    clock = {}
    if minutes:
        clock = {"mode": Table.Mode.LIVE, "time_control": {"base_seconds": minutes * 60}}
    table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1}, **clock)
    seat_join(code=table.code, user=bob)
    mover = Seat.objects.select_related("user").get(table=table, is_to_move=True)
    if mover.user != to_move:
        play_turn(table, mover)
    table.refresh_from_db()
    return table


def test_my_turn_comes_first_then_the_least_time_left(alice, bob):
    # Made in an order unlike the urgency, so recency alone cannot pass.
    mine_short = table_for(alice, bob, to_move=alice, minutes=5)
    mine_async = table_for(alice, bob, to_move=alice)
    mine_long = table_for(alice, bob, to_move=alice, minutes=15)
    theirs_live = table_for(alice, bob, to_move=bob, minutes=30)
    theirs_async = table_for(alice, bob, to_move=bob)
    lists = selectors.table_list_mine(user=alice)
    assert [t.id for t in lists["my_turn"]] == [mine_short.id, mine_long.id, mine_async.id]
    assert [t.id for t in lists["waiting"]] == [theirs_live.id, theirs_async.id]
    short = lists["my_turn"][0]
    assert short.my_turn and 4 * 60 < short.seconds_left <= 5 * 60
    assert lists["waiting"][0].to_move_names == "bob"


def test_the_page_shows_mode_whose_turn_and_time_left(client, alice, bob):
    table_for(alice, bob, to_move=alice, minutes=5)
    table_for(alice, bob, to_move=bob)
    client.force_login(alice)
    for url in (reverse("lobby:mine"), reverse("home")):
        html = client.get(url).content.decode()
        mine, theirs = re.findall(r"<li( class=\"my-turn\")?><a href=\"/t/.*?</li>", html, re.S)
        items = re.findall(r"<li(?: class=\"my-turn\")?><a href=\"/t/.*?</li>", html, re.S)
        assert mine == ' class="my-turn"' and theirs == ""
        assert "Live" in items[0] and '<strong class="your-turn">your turn</strong>' in items[0]
        assert re.search(r'class="clock running" data-left="(2\d\d|300)\.\d"', items[0])
        assert "Asynchronous" in items[1] and "bob to move" in items[1]
        assert re.search(r">3d 23h<|>4d 0h<", items[1])


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def test_the_pages_query_count_does_not_grow_with_the_tables(client, alice, bob, carol):
    # Someone else's open table, so the home page's list of open tables is never empty.
    table_create(user=carol, game="lost_cities", players=2, options={})
    # Asynchronous and alice's turn: My games reads what happened since her last move
    # (lobby.recap.recap_lines), one query for all such tables.
    table_for(alice, bob, to_move=alice)
    client.force_login(alice)
    client.get(reverse("home"))  # warm the session
    one = {url: queries(client, reverse(url)) for url in ("home", "lobby:mine")}
    table_for(alice, bob, to_move=bob, minutes=10)
    table_for(alice, bob, to_move=alice, minutes=5)
    table_for(alice, bob, to_move=bob)
    table_create(user=alice, game="lost_cities", players=2, options={})  # open, waiting
    assert sum(map(len, selectors.table_list_mine(user=alice).values())) == 5
    five = {url: queries(client, reverse(url)) for url in ("home", "lobby:mine")}
    assert five == one
