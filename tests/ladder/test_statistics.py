"""Statistics per player and game, and per game, from finished tables (hand-computed)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from ladder.charts import histogram
from ladder.models import Rating
from ladder.statistics import game_statistics, player_statistics
from lobby.models import Move, Seat, Table
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def table(game: str, seats, *, first: int | None, status=Table.Status.FINISHED) -> Table:
    """A table of `game`: `seats` is [(user, score, place)] by position; `first` made move 1."""
    made = Table.objects.create(
        game=game,
        players=len(seats),
        seed=1,
        status=status,
        created_by=seats[0][0],
        finished_at=timezone.now() if status == Table.Status.FINISHED else None,
    )
    for position, (user, score, place) in enumerate(seats):
        Seat.objects.create(table=made, position=position, user=user, score=score, place=place)
    if first is not None:
        Move.objects.create(table=made, n=1, seat=first, action={"type": "x"})
        Move.objects.create(table=made, n=2, seat=1 - first, action={"type": "x"})
    return made


@pytest.fixture
def results(alice, bob, carol):
    lc = "lost_cities"
    table(lc, [(alice, 50, 1), (bob, 30, 2)], first=0)  # the first player won
    table(lc, [(alice, 20, 2), (bob, 45, 1)], first=0)  # the first player lost
    table(lc, [(carol, 10, 1), (alice, 10, 1)], first=1)  # a shared first place: a win
    # Not finished: never counted.
    table(lc, [(alice, 100, 1), (bob, 0, 2)], first=0, status=Table.Status.ABORTED)
    table(lc, [(alice, 99, None), (bob, 1, None)], first=1, status=Table.Status.ACTIVE)
    table("reworld", [(alice, 7, 1), (carol, 3, 2)], first=1)  # the first player lost
    Rating.objects.create(user=alice, game=lc, rating=1510, games=3, peak=1532.4)


def test_a_players_record_per_game(results, alice):
    rows = {row.game: row for row in player_statistics(user=alice)}
    lc = rows["lost_cities"]
    # Three finished tables: won 50-30, lost 20-45, shared first 10-10.
    assert (lc.games, lc.wins, lc.best, lc.peak, lc.win_rate) == (3, 2, 50, 1532, 66)
    assert lc.average == pytest.approx((50 + 20 + 10) / 3)
    rw = rows["reworld"]
    assert (rw.games, rw.wins, rw.average, rw.best, rw.peak) == (1, 1, 7, 7, None)
    assert list(rows) == ["lost_cities", "reworld"]  # most played first


def test_a_games_scores_and_first_player_win_rate(results):
    stats = game_statistics(game="lost_cities")
    assert stats.scores == {50: 1, 30: 1, 20: 1, 45: 1, 10: 2}
    assert (stats.tables, stats.first_player_wins, stats.first_player_rate) == (3, 2, 66)
    assert stats.average == pytest.approx(165 / 6)
    reworld = game_statistics(game="reworld")
    assert (reworld.tables, reworld.first_player_wins, reworld.first_player_rate) == (1, 0, 0)
    assert game_statistics(game="mondo").first_player_rate is None


def test_the_histogram_groups_scores_into_at_most_twelve_bars():
    chart = histogram({50: 1, 30: 1, 20: 1, 45: 1, 10: 2})
    # 10..50 is 41 scores: bars 4 wide (ceil(41 / 12)), so 11 bars, 10-13 the first.
    assert len(chart.bars) == 11
    assert [(b.low, b.high, b.count) for b in chart.bars if b.count] == [
        (10, 13, 2),
        (18, 21, 1),
        (30, 33, 1),
        (42, 45, 1),
        (50, 53, 1),
    ]
    tallest = chart.bars[0]
    assert (tallest.y, tallest.height) == (chart.top, chart.bottom - chart.top)
    assert chart.bars[2].height == pytest.approx(tallest.height / 2)
    assert (chart.most, chart.total) == (2, 6)
    with pytest.raises(ValueError, match="at least one"):
        histogram({})


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_game_page_shows_the_chart_and_the_rate(client, results):
    html = client.get(reverse("ladder:game-stats", args=["lost_cities"])).content.decode()
    assert "The player who made the first move won 2 of 3 finished games (66 %)." in html
    svg = re.search(r'<svg class="score-chart".*?</svg>', html, re.S).group(0)
    assert svg.count("<rect ") == 11
    assert "10 to 13 points: 2 times" in svg
    assert "Lost Cities: 6 final scores from 10 to 50." in svg
    assert "Average: 27.5 points." in html


def test_the_player_page_shows_each_games_row(client, results, alice):
    html = client.get(reverse("ladder:player-stats", args=["alice"])).content.decode()
    rows = [text(row) for row in re.findall(r"<tr>\s*<th scope=\"row\">.*?</tr>", html, re.S)]
    assert " ".join(rows[0].split()) == "Lost Cities 3 2 (66 %) 26.7 50 1532"
    assert " ".join(rows[1].split()) == "Reworld 1 1 (100 %) 7.0 7 –"


def test_the_pages_are_linked_from_the_game_the_ladder_and_the_profile(client, results):
    page = reverse("ladder:game-stats", args=["lost_cities"])
    assert page in client.get(reverse("lobby:game", args=["lost_cities"])).content.decode()
    assert page in client.get(reverse("ladder:detail", args=["lost_cities"])).content.decode()
    profile = client.get(reverse("accounts:profile", args=["alice"])).content.decode()
    assert reverse("ladder:player-stats", args=["alice"]) in profile


def test_unknown_games_and_players_are_a_404(client):
    assert client.get(reverse("ladder:game-stats", args=["chess"])).status_code == 404
    assert client.get(reverse("ladder:player-stats", args=["nobody"])).status_code == 404


def queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


#: The pages' queries (anonymous visitor): the game page counts scores and first-player wins;
#: the player page reads the player, their record per game and their rating peaks.
BUDGET = {"game": 2, "player": 3}


@pytest.mark.parametrize("size", [2, 12])
def test_the_pages_cost_the_same_queries_whatever_the_number_of_tables(client, alice, size):
    for i in range(size):
        other = UserFactory()
        table("lost_cities", [(alice, 10 + i, 1 + i % 2), (other, 20, 2 - i % 2)], first=i % 2)
        table("reworld", [(other, i, 1), (alice, 0, 2)], first=0)
    counts = {
        "game": queries(client, reverse("ladder:game-stats", args=["lost_cities"])),
        "player": queries(client, reverse("ladder:player-stats", args=["alice"])),
    }
    assert counts == BUDGET
