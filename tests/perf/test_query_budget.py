"""SQL queries per page do not grow with the data (issue 13's query budget).

Each page is requested with a small and a larger data set; the count must be the
same, and equal to the budget pinned here (see bench/README.md for the table).
"""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ladder.models import Rating
from ladder.services import ratings_apply
from lobby.models import Table
from lobby.services import move_submit, table_concede
from tests.factories import UserFactory
from tests.lobby.helpers import post_move, random_legal, seat_to_move, started_table

pytestmark = pytest.mark.django_db

BUDGET = {
    "home": 7,
    # +1: what happened since alice's last move at her asynchronous tables (lobby.recap).
    "my games": 7,
    # The games in progress too: the tables, their seats, the players' ratings.
    "open tables": 7,
    # The table and its seats in one statement (one snapshot: lobby.selectors.table_get).
    # +1 when it is the viewer's turn at an asynchronous table: the log, for the recap
    # of the moves since their last one (lobby.recap).
    "table page": 8,
    # A step within the turn: no seat changes. The locked table, its seats and players
    # are one statement (lobby.statements.table_with_seats).
    "move": 6,
    # Both seats' clocks and turn flags change, and the next player's "your turn"
    # notification replaces any unread one (delete + insert).
    # +1: is the table a tournament game (its players who take reminders are mailed)?
    "move ending the turn": 11,
    "leaderboard": 7,
    # The last rated games' opponents, by their names and pictures now: one query for all.
    # +1: the reputation, from the player's last 100 finished tables (lobby.reputation).
    "profile": 12,
}
if connection.vendor == "postgresql":
    # The move's row, its seats and the table are one statement there
    # (lobby.statements.rows_write): one write instead of two, and of four when the turn
    # passes (both seats change).
    BUDGET |= {"move": 5, "move ending the turn": 8}


def populate(alice, size: int) -> Table:
    """Give alice `size` tables (some finished and rated), with moves, and other players."""
    rng = random.Random(size)
    last = None
    for i in range(size):
        other = UserFactory()
        table = started_table(alice, other)
        for _ in range(6):
            seat = seat_to_move(table)
            user = table.seats.get(position=seat).user
            move_submit(
                code=table.code, user=user, action=random_legal(table, seat, rng), seen_version=None
            )
            table.refresh_from_db()
        if i % 2:
            table_concede(code=table.code, user=other)
            ratings_apply(table_id=table.id)
        last = table
    # More players on the ladder too.
    Rating.objects.bulk_create(
        Rating(user=UserFactory(), game="lost_cities", rating=1400 + i, games=5, peak=1500)
        for i in range(size * 10)
    )
    return last


def count(client, method: str, url: str, **data) -> int:
    with CaptureQueriesContext(connection) as ctx:
        response = getattr(client, method)(
            url, data, **({"HTTP_HX_REQUEST": "true"} if method == "post" else {})
        )
    assert response.status_code in (200, 302), (url, response.status_code)
    # Savepoints of the test's own transaction are not the page's work.
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def measure(client, alice, table: Table) -> dict[str, int]:
    client.force_login(alice)
    client.get(reverse("home"))  # warm the session
    active = Table.objects.filter(seats__user=alice, status=Table.Status.ACTIVE).first()
    seat = seat_to_move(active)
    mover = active.seats.get(position=seat).user
    pages = {
        "home": count(client, "get", reverse("home")),
        "my games": count(client, "get", reverse("lobby:mine")),
        "open tables": count(client, "get", reverse("lobby:tables")),
        "table page": count(client, "get", reverse("lobby:table", args=[active.code])),
        "leaderboard": count(client, "get", reverse("ladder:detail", args=["lost_cities"])),
        "profile": count(client, "get", reverse("accounts:profile", args=["alice"])),
    }
    client.force_login(mover)
    client.get(reverse("home"))
    action = random_legal(active, seat, random.Random(0))
    with CaptureQueriesContext(connection) as ctx:
        response = post_move(client, active, action, active.version, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    pages["move"] = sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])
    # Lost Cities: after playing or discarding, the same player draws and the turn passes.
    active.refresh_from_db()
    assert seat_to_move(active) == seat
    action = random_legal(active, seat, random.Random(0))
    with CaptureQueriesContext(connection) as ctx:
        response = post_move(client, active, action, active.version, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    active.refresh_from_db()
    assert seat_to_move(active) != seat
    pages["move ending the turn"] = sum(
        1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"]
    )
    return pages


@pytest.mark.parametrize("size", [6, 14])
def test_each_page_stays_within_its_query_budget_whatever_the_data(client, alice, size):
    table = populate(alice, size)
    assert measure(client, alice, table) == BUDGET
