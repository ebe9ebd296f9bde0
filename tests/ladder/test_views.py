"""Ladder pages, the profile's ratings and the end-of-game panel, through HTTP."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from ladder.models import Rating, RatingChange
from ladder.services import ratings_apply
from tests.ladder.helpers import finished_table

pytestmark = pytest.mark.django_db

LADDER = reverse("ladder:detail", args=["lost_cities"])


def ladder_of(size, *, first=0, games=5, game="lost_cities"):
    """Create `size` players rated 2000, 1990, … at `game`; return them best first.

    `first` continues a ladder: players `first` to `first + size − 1`.
    """
    users = User.objects.bulk_create(
        User(username=f"p{i:03}", email=f"p{i:03}@example.com") for i in range(first, first + size)
    )
    Rating.objects.bulk_create(
        Rating(
            user=user,
            game=game,
            rating=2000 - 10 * i,
            games=games,
            peak=2000,
            last_played=timezone.now() - timedelta(days=i),
        )
        for i, user in enumerate(users, start=first)
    )
    return users


def rows(response):
    """Return the leaderboard's rows as lists of cell texts (tags stripped)."""
    body = response.content.decode()
    table = body[body.rindex('<table class="list ladder">') :]
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
        if "<td>" in row
    ]


def test_the_ladder_list_links_every_game_with_its_number_of_players(client):
    ladder_of(4)
    response = client.get(reverse("ladder:list"))
    assert response.status_code == 200
    body = response.content.decode()
    assert f'href="{LADDER}"' in body
    assert "Lost Cities" in body
    assert "<td>4</td>" in body


def test_the_leaderboard_lists_rank_player_rating_games_and_last_played(client):
    best = ladder_of(3)[0]
    Rating.objects.filter(user=best).update(rating=2000.4)
    response = client.get(LADDER)
    assert response.status_code == 200
    body = response.content.decode()
    assert f'href="{best.get_absolute_url()}"' in body
    first = rows(response)[0]
    assert first[:4] == ["1", "p000", "2000", "5"]
    assert first[4]  # the date of the last rated game
    assert [row[0] for row in rows(response)] == ["1", "2", "3"]


def test_equal_ratings_share_a_rank(client):
    users = ladder_of(4)
    Rating.objects.filter(user__in=users[1:3]).update(rating=1990)
    assert [row[0] for row in rows(client.get(LADDER))] == ["1", "2", "2", "4"]


def test_the_leaderboard_shows_50_players_a_page_with_their_true_ranks(client):
    ladder_of(120)
    first = rows(client.get(LADDER))
    assert len(first) == 50
    assert first[0][1] == "p000"
    last = client.get(LADDER, {"page": 3})
    assert [row[0] for row in rows(last)] == [str(rank) for rank in range(101, 121)]
    assert "Page 3 of 3" in last.content.decode()
    # A page past the end shows the last one rather than an error.
    assert rows(client.get(LADDER, {"page": 99})) == rows(last)


def test_players_with_too_few_rated_games_are_left_off(client):
    ladder_of(2)
    newcomer = User.objects.create(username="newcomer", email="newcomer@example.com")
    Rating.objects.create(user=newcomer, game="lost_cities", rating=2500, games=2)
    assert "newcomer" not in client.get(LADDER).content.decode()


def test_the_minimum_of_games_can_be_set_in_settings(client, settings):
    settings.LADDER_MIN_GAMES = 1
    newcomer = User.objects.create(username="newcomer", email="newcomer@example.com")
    Rating.objects.create(user=newcomer, game="lost_cities", rating=2500, games=1)
    assert rows(client.get(LADDER))[0][1] == "newcomer"


def test_my_own_row_is_highlighted(client):
    me = ladder_of(10)[4]
    client.force_login(me)
    body = client.get(LADDER).content.decode()
    assert body.count('class="me"') == 1
    highlighted = body[body.index('class="me"') :]
    assert highlighted.index("p004") < highlighted.index("</tr>")
    assert "Your rank" not in body


def test_my_rank_and_row_show_above_the_table_when_i_am_on_another_page(client):
    me = ladder_of(120)[74]
    client.force_login(me)
    response = client.get(LADDER)
    body = response.content.decode()
    assert "Your rank: 75" in body
    assert '<a href="?page=2">' in body
    assert body.index("Your rank") < body.index("p000")
    # The row above the table is mine; page 1 itself lists p000 to p049.
    assert rows(response)[0][:2] == ["1", "p000"]
    assert 'class="me"' in body


def test_a_tie_across_a_page_break_sends_me_to_the_page_my_row_is_on(client):
    players = ladder_of(60)
    # p048, p049 and p050 share rank 49; listed by id, p050 is 51st: on page 2.
    Rating.objects.filter(user__in=players[49:51]).update(rating=2000 - 10 * 48)
    client.force_login(players[50])
    body = client.get(LADDER).content.decode()
    assert "Your rank: 49" in body
    assert '<a href="?page=2">' in body
    page_2 = client.get(LADDER, {"page": 2})
    assert rows(page_2)[0][:2] == ["49", "p050 you"]
    assert "Your rank" not in page_2.content.decode()


def test_a_player_below_the_minimum_is_told_how_many_games_to_go(client, alice):
    Rating.objects.create(user=alice, game="lost_cities", rating=1530, games=1)
    client.force_login(alice)
    body = client.get(LADDER).content.decode()
    assert "Play 2 more rated games to appear on this ladder." in body


def test_an_unknown_game_has_no_ladder(client):
    assert client.get(reverse("ladder:detail", args=["chess"])).status_code == 404


@pytest.mark.parametrize("logged_in", [False, True], ids=["anonymous", "logged-in"])
def test_the_leaderboard_runs_the_same_queries_for_5_players_as_for_120(
    client, django_assert_num_queries, logged_in
):
    players = ladder_of(5)
    if logged_in:
        client.force_login(players[-1])
    with CaptureQueriesContext(connection) as small:
        assert client.get(LADDER).status_code == 200
    ladder_of(115, first=5)
    with django_assert_num_queries(len(small)):
        assert client.get(LADDER, {"page": 2}).status_code == 200
    # The ladder's own: the count, the page's ranks, its rows with their players, and
    # for a player their own row. (The rest: session, user, other apps' context processors.)
    own = [query for query in small.captured_queries if "ladder_rating" in query["sql"]]
    assert len(own) == (4 if logged_in else 3)


def test_the_profile_shows_each_games_rating_rank_and_a_history_chart(client, alice, bob):
    ladder_of(3)
    for places in ([1, 2], [1, 2], [2, 1]):
        ratings_apply(table_id=finished_table([alice, bob], places).id)
    response = client.get(alice.get_absolute_url())
    assert response.status_code == 200
    body = response.content.decode()
    section = body[body.index('class="ladder-profile"') :]
    alice_rating = Rating.objects.get(user=alice)
    assert f"<td>{round(alice_rating.rating)}</td>" in section
    assert f"<td>{round(alice_rating.peak)}</td>" in section
    # Three players at 1980 and above, then Alice.
    assert "<td>4</td>" in section
    assert "<svg" in section
    assert "<polyline" in section
    assert "rating over 3 rated games: from 1500 to" in section


def test_the_profile_lists_the_last_rated_games_with_links_and_changes(client, alice, bob):
    tables = [finished_table([alice, bob], [1, 2]) for _ in range(12)]
    for table in tables:
        ratings_apply(table_id=table.id)
    body = client.get(alice.get_absolute_url()).content.decode()
    recent = body[body.index('class="list recent-rated"') :]
    assert recent.count("<tr>") == 1 + 10  # header and ten games
    assert f'href="{tables[-1].get_absolute_url()}"' in recent
    assert f'href="{tables[1].get_absolute_url()}"' not in recent
    last = RatingChange.objects.filter(user=alice).latest("id")
    assert f"<td>+{round(last.rating_after) - round(last.rating_before)}</td>" in recent
    assert f"<td>{round(last.rating_after)}</td>" in recent


def test_a_profile_without_rated_games_says_so(client, alice):
    body = client.get(alice.get_absolute_url()).content.decode()
    assert "No rated games yet." in body
    assert "<svg" not in body


def test_the_end_panel_explains_each_players_rating_change(client, alice, bob):
    table = finished_table([alice, bob], [1, 2])
    ratings_apply(table_id=table.id)
    client.force_login(alice)
    body = client.get(table.get_absolute_url()).content.decode()
    panel = body[body.index('class="end-panel"') :]
    assert "alice 1500 → 1530 (+30)" in panel
    assert "vs bob (1500): expected 0.50, scored 1 → +30" in panel
    assert "bob 1500 → 1470 (\u221230)" in panel
    assert "vs alice (1500): expected 0.50, scored 0 → \u221230" in panel
    assert panel.count('class="me"') == 1


def test_the_end_panel_shows_no_ratings_before_they_are_applied(client, alice, bob):
    table = finished_table([alice, bob], [1, 2])
    client.force_login(alice)
    body = client.get(table.get_absolute_url()).content.decode()
    assert 'class="end-panel"' in body
    assert "Rating changes" not in body


def test_the_end_panel_shows_no_ratings_for_an_unrated_table(client, alice, bob):
    table = finished_table([alice, bob], [1, 2], rated=False)
    ratings_apply(table_id=table.id)
    client.force_login(alice)
    assert "Rating changes" not in client.get(table.get_absolute_url()).content.decode()
