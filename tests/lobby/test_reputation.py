"""Reputation: finished, abandoned and lost on time over the last 100 games; a minimum to join."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from lobby.errors import BadRequest
from lobby.models import Seat, Table
from lobby.reputation import Reputation, reputation_get, reputation_map
from lobby.services import table_create
from tests.factories import UserFactory
from tests.lobby.test_table_form import _post as post_form

pytestmark = pytest.mark.django_db

#: How a seat ended: (abandoned, timeouts, conceded).
FINISHED, CONCEDED, ABANDONED, ON_TIME = (
    (False, 0, False),
    (False, 0, True),
    (True, 0, False),
    (
        True,
        2,
        False,
    ),
)


def record(user, outcomes, *, status=Table.Status.FINISHED, days_ago: int = 0) -> None:
    """Give `user` one two-seat table per outcome, the first the most recent."""
    now = timezone.now() - timedelta(days=days_ago)
    other = UserFactory()
    tables = Table.objects.bulk_create(
        Table(
            game="lost_cities",
            players=2,
            seed=i,
            status=status,
            created_by=user,
            finished_at=now - timedelta(minutes=i),
        )
        for i in range(len(outcomes))
    )
    seats = []
    for table, (abandoned, timeouts, conceded) in zip(tables, outcomes, strict=True):
        seats.append(
            Seat(
                table=table,
                position=0,
                user=user,
                abandoned=abandoned,
                timeouts=timeouts,
                conceded=conceded,
            )
        )
        seats.append(Seat(table=table, position=1, user=other))
    Seat.objects.bulk_create(seats)


def test_each_way_a_game_ended_is_counted():
    alice = UserFactory()
    record(alice, [FINISHED, FINISHED, CONCEDED, ABANDONED, ON_TIME, FINISHED])
    assert reputation_get(user=alice) == Reputation(finished=4, abandoned=1, lost_on_time=1)
    # 4 of 6: 66.67 %, rounded down.
    assert reputation_get(user=alice).rate == 66


def test_only_the_last_hundred_finished_tables_count():
    alice = UserFactory()
    record(alice, [FINISHED] * 100)
    record(alice, [ON_TIME] * 3, days_ago=10)  # older than the hundred
    record(alice, [ON_TIME] * 2, status=Table.Status.ABORTED)  # cancelled: never counted
    record(alice, [ON_TIME] * 2, status=Table.Status.ACTIVE)  # still in play
    rep = reputation_get(user=alice)
    assert (rep.games, rep.finished, rep.rate) == (100, 100, 100)


def test_the_reputations_of_many_players_cost_one_query():
    players = [UserFactory() for _ in range(4)]
    record(players[0], [FINISHED, ON_TIME])
    record(players[1], [ABANDONED] * 3 + [FINISHED] * 102)
    record(players[2], [CONCEDED])
    with CaptureQueriesContext(connection) as ctx:
        found = reputation_map(user_ids=[p.id for p in players])
    assert len(ctx.captured_queries) == 1
    for player in players:
        assert found[player.id] == reputation_get(user=player)
    assert found[players[1].id] == Reputation(finished=97, abandoned=3)
    assert found[players[3].id].rate is None


@pytest.mark.parametrize(
    ("outcomes", "joins"),
    [
        ([FINISHED] * 3 + [ON_TIME] * 2, False),  # 60 %
        ([FINISHED] * 5 + [ABANDONED] * 2, False),  # 71.4 %: 71, below 75
        ([FINISHED] * 6 + [ON_TIME] * 2, True),  # exactly 75 %
        ([ON_TIME] * 4, True),  # a newcomer: fewer than 5 finished games
    ],
)
def test_joining_needs_the_tables_minimum_finish_rate(client, alice, outcomes, joins):
    bob = UserFactory()
    record(bob, outcomes)
    table = table_create(user=alice, game="lost_cities", players=2, options={}, min_finish_rate=75)
    client.force_login(bob)
    response = client.post(reverse("lobby:join", args=[table.code]), HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    if joins:
        assert response.status_code == 200
        assert table.status == Table.Status.ACTIVE
        return
    assert response.status_code == 403
    rep = reputation_get(user=bob)
    assert (
        f"This table asks for a finish rate of at least 75%; yours is {rep.rate}%"
        f" over your last {rep.games} games."
    ) in response.content.decode()
    assert table.status == Table.Status.OPEN
    assert list(table.seats.values_list("user", flat=True)) == [alice.id]
    assert table.version == 0


ASYNC_FORM = {"mode": "async", "move_seconds": "86400", "bank_seconds": "0"}


def test_a_minimum_off_the_list_is_refused_and_makes_no_table(client, alice):
    with pytest.raises(BadRequest):
        table_create(user=alice, game="lost_cities", players=2, options={}, min_finish_rate=80)
    client.force_login(alice)
    response = post_form(client, "lost_cities", **ASYNC_FORM, min_finish_rate="80")
    assert response.status_code == 400
    assert "Select a valid choice." in response.content.decode()
    assert not Table.objects.exists()
    response = post_form(client, "lost_cities", **ASYNC_FORM, min_finish_rate="90")
    assert response.status_code == 302
    assert Table.objects.get().min_finish_rate == 90


def test_quick_match_passes_over_a_table_the_player_may_not_join(client, alice):
    from lobby.services.matching import seat_quick_match

    bob = UserFactory()
    record(bob, [ON_TIME] * 5)
    strict = table_create(user=alice, game="lost_cities", players=2, options={}, min_finish_rate=50)
    match = seat_quick_match(user=bob, game="lost_cities")
    assert match.table != strict and match.how == "opened"


def test_the_open_tables_show_the_minimum_and_each_players_finish_rate(client, alice, bob):
    record(alice, [FINISHED] * 9 + [ON_TIME])
    strict = table_create(user=alice, game="lost_cities", players=2, options={}, min_finish_rate=95)
    client.force_login(bob)
    page = client.get(strict.get_absolute_url()).content.decode()
    assert "Joining needs a finish rate of 95 % or more." in page
    html = client.get(reverse("lobby:tables")).content.decode()
    assert "finish rate 95 % or more" in html
    badge = re.search(r'<span class="badge rep( warn)?" title="([^"]+)">([^<]+)</span>', html)
    assert badge is not None
    assert badge.group(2) == "Finished 90 % of their last 10 games"
    assert badge.group(3) == "90 % finished" and badge.group(1) is None
    assert "finish rate 95 % or more" in client.get(reverse("home")).content.decode()


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def test_the_badges_cost_one_query_whatever_the_number_of_tables(client, alice):
    client.force_login(alice)
    client.get(reverse("home"))
    host = UserFactory()
    record(host, [FINISHED] * 3)
    table_create(user=host, game="lost_cities", players=2, options={})
    one = queries(client, reverse("lobby:tables"))
    for _ in range(4):
        other = UserFactory()
        record(other, [FINISHED, ON_TIME])
        table_create(user=other, game="lost_cities", players=2, options={}, min_finish_rate=50)
    assert queries(client, reverse("lobby:tables")) == one


def test_the_profile_shows_the_figures(client, alice):
    record(alice, [FINISHED] * 7 + [ABANDONED] + [ON_TIME] * 2)
    html = client.get(reverse("accounts:profile", args=["alice"])).content.decode()
    section = re.search(r'<section class="reputation".*?</section>', html, re.S).group(0)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section))
    assert "70 % finished" in text
    assert "over the last 10 finished games" in text
    assert "Finished 7 Abandoned 1 Lost on time 2" in text


def test_the_user_admin_shows_the_reputation_read_only(client, alice):
    from accounts.models import User

    record(alice, [FINISHED] * 3 + [ON_TIME])
    admin = User.objects.create_superuser("root", "root@example.com", "pw-long-enough-1")
    client.force_login(admin)
    url = reverse("admin:accounts_user_change", args=[alice.pk])
    html = client.get(url).content.decode()
    assert re.search(r"Finish rate:</label>\s*<div class=\"readonly\">75 %</div>", html)
    assert re.search(r"Lost on time \(last 100 games\):</label>\s*<div class=\"readonly\">1<", html)
    # Posting the form changes no figure: they are not fields.
    assert 'name="finished"' not in html


def test_a_refused_join_without_javascript_gets_the_page_with_the_words(client, alice):
    bob = UserFactory()
    record(bob, [ON_TIME] * 5)
    table = table_create(user=alice, game="lost_cities", players=2, options={}, min_finish_rate=50)
    client.force_login(bob)
    response = client.post(reverse("lobby:join", args=[table.code]))
    assert response.status_code == 403
    assert "yours is 0% over your last 5 games." in response.content.decode()
    assert table.seats.count() == 1
