"""The lobby's lists: open tables to join and public games in progress to watch."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ladder.models import Rating
from lobby.models import Table
from lobby.services import seat_join, table_create
from tests.factories import UserFactory
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def section(html: str, anchor: str) -> str:
    """Return the part of the tables page inside the section with id `anchor`."""
    start = html.index(f'id="{anchor}"')
    return html[start : html.index("</section>", start)]


def test_a_public_game_in_play_is_listed_with_its_players_and_ratings(client, alice, bob):
    Rating.objects.create(user=alice, game="lost_cities", rating=1712.4)
    table = started_table(alice, bob)
    html = client.get(reverse("lobby:tables")).content.decode()
    live = section(html, "in-progress")
    assert table.get_absolute_url() in live
    assert "alice" in live and "(1712)" in live
    assert "bob" in live and "(1500)" in live  # no rated game yet: the start rating
    assert "Asynchronous: 1 day a move, 3 days reserve" in live
    # Not among the tables waiting for players.
    assert table.get_absolute_url() not in section(html, "open")


def test_a_spectator_opens_a_listed_game_and_sees_the_board(client, alice, bob):
    table = started_table(alice, bob)
    page = client.get(table.get_absolute_url())
    assert page.status_code == 200
    assert "lc-board" in page.content.decode()


def test_a_private_game_in_play_is_not_listed(client, alice, bob):
    table = table_create(
        user=alice, game="lost_cities", players=2, options={}, visibility="private"
    )
    seat_join(code=table.code, user=bob, invited=True)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    html = client.get(reverse("lobby:tables")).content.decode()
    assert str(table.code) not in html
    assert "No public game is being played right now." in html


def test_the_game_filter_applies_to_games_in_progress(client, alice, bob, carol):
    lost_cities = started_table(alice, bob)
    reworld = table_create(user=carol, game="reworld", players=2, options={})
    seat_join(code=reworld.code, user=UserFactory())
    live = section(
        client.get(reverse("lobby:tables") + "?game=reworld").content.decode(), "in-progress"
    )
    assert reworld.get_absolute_url() in live
    assert lost_cities.get_absolute_url() not in live
    live = section(client.get(reverse("lobby:tables")).content.decode(), "in-progress")
    assert reworld.get_absolute_url() in live and lost_cities.get_absolute_url() in live


def test_an_open_table_shows_its_hosts_rating_time_control_and_options(client, alice):
    Rating.objects.create(user=alice, game="lost_cities", rating=1444)
    table = table_create(
        user=alice,
        game="lost_cities",
        players=2,
        options={"rounds": 1},
        mode="live",
        time_control={"base_seconds": 15 * 60, "increment_seconds": 10},
    )
    rows = section(client.get(reverse("lobby:tables")).content.decode(), "open")
    assert table.get_absolute_url() in rows
    assert "alice <span" in rows and "(1444)" in rows
    assert "Live: 15 min + 10 s a move" in rows
    assert "Rounds: 1" in rows
    assert "Expeditions" not in rows  # left at its default: not worth a word


def test_a_table_of_the_games_defaults_says_so(client, alice):
    table_create(user=alice, game="lost_cities", players=2, options={})
    rows = section(client.get(reverse("lobby:tables")).content.decode(), "open")
    assert "Standard options" in rows and "Rounds" not in rows


def _tables(count: int) -> None:
    for _ in range(count):
        host, guest = UserFactory(), UserFactory()
        Rating.objects.create(user=host, game="lost_cities", rating=1600)
        started_table(host, guest)
        table_create(user=UserFactory(), game="lost_cities", players=2, options={})


@pytest.mark.parametrize("count", [1, 6])
def test_the_tables_page_costs_the_same_queries_for_one_table_or_six(client, count):
    _tables(count)
    client.get(reverse("lobby:tables"))  # warm the session
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(reverse("lobby:tables"))
    assert response.content.decode().count(">Watch</a>") == count
    # Open tables, their seats, the players' ratings, the seated players' finish rates
    # (lobby.reputation); tables, seats and ratings for the games in progress.
    assert len(ctx.captured_queries) == 7
