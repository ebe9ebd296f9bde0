"""ratings_apply on real tables: what counts, once per table, places, K, peak, games."""

from __future__ import annotations

import random
import threading
from datetime import timedelta

import pytest
from django.db import connections
from django.utils import timezone

from ladder.models import Rating, RatingChange
from ladder.services import ratings_apply
from lobby.models import Seat, Table
from lobby.services import move_submit, seat_add_bot, seat_leave, table_concede, table_create
from tests.factories import UserFactory
from tests.ladder.helpers import finish, finished_table
from tests.lobby.helpers import random_legal, seat_to_move, started_table

pytestmark = pytest.mark.django_db


def rating_of(user, game="lost_cities"):
    return Rating.objects.get(user=user, game=game)


def test_a_finished_rated_table_moves_both_ratings_and_records_why(alice, bob):
    table = finished_table([alice, bob], [1, 2])
    assert ratings_apply(table_id=table.id) is True
    # Both new (K 60), level at 1500: 60 × (1 − 0.5) = +30 and −30.
    assert rating_of(alice).rating == pytest.approx(1530)
    assert rating_of(bob).rating == pytest.approx(1470)
    change = RatingChange.objects.get(table=table, user=alice)
    assert (change.rating_before, change.rating_after, change.change) == (1500, 1530, 30)
    assert change.k == 60
    assert change.place == 1
    assert change.game == "lost_cities"
    assert change.pairs == [
        {
            "opponent_id": bob.id,
            "opponent_name": "bob",
            "opponent_rating": 1500,
            "expected": 0.5,
            "actual": 1.0,
            "contribution": 30.0,
        }
    ]


def test_applying_a_table_twice_changes_nothing_the_second_time(alice, bob):
    table = finished_table([alice, bob], [1, 2])
    assert ratings_apply(table_id=table.id) is True
    before = list(Rating.objects.order_by("id").values())
    assert ratings_apply(table_id=table.id) is False
    assert list(Rating.objects.order_by("id").values()) == before
    assert RatingChange.objects.filter(table=table).count() == 2
    assert rating_of(alice).games == 1


def test_an_unrated_table_changes_nothing(alice, bob):
    table = finished_table([alice, bob], [1, 2], rated=False)
    assert ratings_apply(table_id=table.id) is False
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_an_aborted_table_changes_nothing(alice, bob):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    seat_leave(code=table.code, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED
    assert ratings_apply(table_id=table.id) is False
    assert not Rating.objects.exists()


def test_a_table_still_in_play_changes_nothing(alice, bob):
    table = started_table(alice, bob)
    assert ratings_apply(table_id=table.id) is False
    assert not Rating.objects.exists()


def test_a_table_with_a_bot_changes_nothing(alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    seat_add_bot(code=table.code, user=alice, kind=Seat.Bot.RANDOM)
    finish(table, [1, 2])
    assert ratings_apply(table_id=table.id) is False
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


def test_an_unknown_table_changes_nothing(db):
    assert ratings_apply(table_id=123456) is False


def test_a_finished_table_without_places_is_not_rated(alice, bob):
    table = finished_table([alice, bob], [None, None])
    assert ratings_apply(table_id=table.id) is False
    assert not Rating.objects.exists()


def test_a_player_who_concedes_through_the_lobby_loses(alice, bob):
    table = started_table(alice, bob)
    table_concede(code=table.code, user=alice)
    assert ratings_apply(table_id=table.id) is True
    assert rating_of(alice).rating == pytest.approx(1470)
    assert rating_of(bob).rating == pytest.approx(1530)


def test_the_end_of_game_task_rates_the_table_once_it_is_over(
    alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        table_concede(code=table.code, user=alice)
    assert rating_of(bob).rating == pytest.approx(1530)
    assert RatingChange.objects.filter(table=table).count() == 2


def test_a_conceder_ranks_last_whatever_place_the_seat_holds(countdown, alice, bob, carol):
    # Carol's seat says first, but she conceded: she ranks below both others.
    table = finished_table([alice, bob, carol], [2, 3, 1], conceded=[carol])
    assert ratings_apply(table_id=table.id) is True
    places = dict(RatingChange.objects.values_list("user__username", "place"))
    assert places == {"alice": 1, "bob": 2, "carol": 3}
    # K 60 over 2 opponents, all at 1500: +30, 0, −30.
    assert rating_of(alice, "countdown").rating == pytest.approx(1530)
    assert rating_of(bob, "countdown").rating == pytest.approx(1500)
    assert rating_of(carol, "countdown").rating == pytest.approx(1470)


@pytest.mark.skipif(not hasattr(Seat, "abandoned"), reason="Seat has no abandoned field")
def test_a_player_who_abandons_ranks_last_and_a_bot_taking_over_keeps_the_game_rated(
    countdown, alice, bob, carol
):
    table = finished_table([alice, bob, carol], [3, 1, 2])
    seat = table.seats.get(user=bob)
    seat.abandoned, seat.bot = True, Seat.Bot.RANDOM
    seat.save(update_fields=["abandoned", "bot"])
    assert ratings_apply(table_id=table.id) is True
    places = dict(RatingChange.objects.values_list("user__username", "place"))
    assert places == {"carol": 1, "alice": 2, "bob": 3}


def test_tied_players_share_a_place(countdown, alice, bob, carol):
    table = finished_table([alice, bob, carol], [1, 1, 3])
    ratings_apply(table_id=table.id)
    places = dict(RatingChange.objects.values_list("user__username", "place"))
    assert places == {"alice": 1, "bob": 1, "carol": 3}
    # Tied winners: 30 × (0 + 0.5) = +15 each; last: 30 × (−0.5 − 0.5) = −30.
    assert rating_of(alice, "countdown").rating == pytest.approx(1515)
    assert rating_of(carol, "countdown").rating == pytest.approx(1470)


def test_k_is_60_for_ten_games_then_40_for_ten_then_20(alice, bob):
    for _ in range(25):
        ratings_apply(table_id=finished_table([alice, bob], [1, 2]).id)
    ks = list(RatingChange.objects.filter(user=alice).order_by("id").values_list("k", flat=True))
    assert ks == [60] * 10 + [40] * 10 + [20] * 5
    assert rating_of(alice).games == 25
    assert rating_of(bob).games == 25


def test_a_newcomer_moves_faster_than_an_established_player(alice, bob, carol):
    for _ in range(20):
        ratings_apply(table_id=finished_table([alice, bob], [1, 1]).id)
    table = finished_table([alice, carol], [2, 1])
    ratings_apply(table_id=table.id)
    established = RatingChange.objects.get(table=table, user=alice)
    newcomer = RatingChange.objects.get(table=table, user=carol)
    assert (established.k, newcomer.k) == (20, 60)
    assert established.change == pytest.approx(-10)
    assert newcomer.change == pytest.approx(30)


def test_peak_keeps_the_best_rating_and_last_played_the_latest_game(alice, bob):
    first = timezone.now() - timedelta(days=2)
    ratings_apply(table_id=finished_table([alice, bob], [1, 2], finished_at=first).id)
    # Bob has only lost: the 1500 he started from is his peak.
    assert rating_of(bob).peak == pytest.approx(1500)
    assert rating_of(bob).last_played == first
    ratings_apply(table_id=finished_table([alice, bob], [2, 1]).id)
    # Bob at 1470 beats Alice at 1530: E = 1 / (1 + 10^(60/400)) = 0.414501,
    # so he gains 60 × (1 − 0.414501) = 35.13 and she loses as much.
    alice_rating, bob_rating = rating_of(alice), rating_of(bob)
    assert alice_rating.rating == pytest.approx(1494.87, abs=0.01)
    assert alice_rating.peak == pytest.approx(1530)
    assert bob_rating.rating == pytest.approx(1505.13, abs=0.01)
    assert bob_rating.peak == bob_rating.rating
    assert bob_rating.last_played > first
    assert alice_rating.games == bob_rating.games == 2


def test_a_game_played_to_the_end_is_rated_from_its_outcome(alice, bob):
    table = started_table(alice, bob)
    rng = random.Random(3)
    while table.status == Table.Status.ACTIVE:
        seat = seat_to_move(table)
        user = table.seats.get(position=seat).user
        table = move_submit(
            code=table.code, user=user, action=random_legal(table, seat, rng), seen_version=None
        )
    assert ratings_apply(table_id=table.id) is True
    place = {seat.user_id: seat.place for seat in table.seats.all()}
    mine, theirs = (RatingChange.objects.get(table=table, user=user) for user in (alice, bob))
    assert (mine.place, theirs.place) == (place[alice.id], place[bob.id])
    # Level at 1500 with K 60: the winner +30, the loser −30, a tie 0 each.
    won = (mine.place < theirs.place) - (mine.place > theirs.place)
    assert (mine.change, theirs.change) == pytest.approx((30 * won, -30 * won))


def race(table_ids):
    """Apply every table at once, each from its own thread; return the results."""
    barrier = threading.Barrier(len(table_ids))
    results = []

    def apply(table_id):
        barrier.wait()
        try:
            results.append(ratings_apply(table_id=table_id))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=apply, args=(table_id,)) for table_id in table_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return sorted(results)


@pytest.mark.django_db(transaction=True)
def test_two_runs_of_the_same_table_at_once_rate_it_once():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    table = finished_table([alice, bob], [1, 2])
    assert race([table.id, table.id]) == [False, True]
    assert RatingChange.objects.count() == 2
    assert rating_of(alice).games == 1


@pytest.mark.django_db(transaction=True)
def test_two_tables_of_the_same_players_finishing_at_once_both_count():
    alice, bob = UserFactory(username="alice"), UserFactory(username="bob")
    # Opposite seat orders: locking in seat order could deadlock; user-id order cannot.
    first = finished_table([alice, bob], [1, 2])
    second = finished_table([bob, alice], [1, 2])
    assert race([first.id, second.id]) == [True, True]
    assert rating_of(alice).games == rating_of(bob).games == 2
    # One win each at K 60: +30 − 30 from level, then the other way round from 1530/1470.
    assert rating_of(alice).rating + rating_of(bob).rating == pytest.approx(3000)
