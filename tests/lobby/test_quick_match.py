"""Play now: a seat at a fitting open table of the game, or a new table for the next player."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.registry import get_engine
from ladder.models import Rating
from lobby.models import Table
from lobby.services import table_create
from lobby.services.matching import RATING_WINDOW, default_time_control, seat_quick_match
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def rated(user, rating: float):
    Rating.objects.create(user=user, game="lost_cities", rating=rating)
    return user


def play_now(client: Client):
    return client.post(reverse("lobby:play-now", args=["lost_cities"]))


def test_it_joins_the_oldest_table_whose_host_is_near_in_rating(client, alice, bob, carol):
    rated(alice, 1600)
    rated(bob, 1600 + RATING_WINDOW)  # at the edge: still fits
    rated(carol, 1610)
    oldest = table_create(user=bob, game="lost_cities", players=2, options={})
    table_create(user=carol, game="lost_cities", players=2, options={})
    client.force_login(alice)
    response = play_now(client)
    assert response.status_code == 302
    assert response["Location"] == oldest.get_absolute_url()
    oldest.refresh_from_db()
    assert oldest.status == Table.Status.ACTIVE
    assert {seat.user for seat in oldest.seats.all()} == {alice, bob}
    assert Table.objects.count() == 2


def test_a_newcomer_counts_as_1500(alice, bob):
    table = table_create(user=bob, game="lost_cities", players=2, options={})
    match = seat_quick_match(user=alice, game="lost_cities")
    assert (match.how, match.table.pk) == ("joined", table.pk)


def test_a_host_too_far_in_rating_is_passed_over_and_a_new_table_opened(client, alice, bob):
    rated(alice, 1500)
    rated(bob, 1500 + RATING_WINDOW + 1)
    far = table_create(user=bob, game="lost_cities", players=2, options={})
    client.force_login(alice)
    response = play_now(client)
    new = Table.objects.exclude(pk=far.pk).get()
    assert response["Location"] == new.get_absolute_url()
    assert new.created_by == alice and new.status == Table.Status.OPEN
    assert new.is_public and new.rated
    default = default_time_control(get_engine("lost_cities"))
    assert {field: getattr(new, field) for field in default} == default
    assert far.seats.count() == 1


def test_a_table_of_another_time_control_or_a_private_one_is_passed_over(alice, bob, carol):
    live = table_create(user=bob, game="lost_cities", players=2, options={}, mode="live")
    slow = table_create(
        user=carol,
        game="lost_cities",
        players=2,
        options={},
        time_control={"move_seconds": 7 * 86400, "bank_seconds": 0},
    )
    private = table_create(
        user=UserFactory(), game="lost_cities", players=2, options={}, visibility="private"
    )
    match = seat_quick_match(user=alice, game="lost_cities")
    assert match.how == "opened"
    assert match.table.pk not in (live.pk, slow.pk, private.pk)
    assert live.seats.count() == slow.seats.count() == private.seats.count() == 1


def test_a_second_press_while_waiting_opens_nothing_new(alice):
    first = seat_quick_match(user=alice, game="lost_cities")
    second = seat_quick_match(user=alice, game="lost_cities")
    assert (first.how, second.how) == ("opened", "waiting")
    assert second.table.pk == first.table.pk
    assert Table.objects.count() == 1


def test_the_next_player_to_press_play_now_joins_the_table_it_opened(alice, bob):
    opened = seat_quick_match(user=alice, game="lost_cities").table
    joined = seat_quick_match(user=bob, game="lost_cities")
    assert (joined.how, joined.table.pk) == ("joined", opened.pk)
    opened.refresh_from_db()
    assert opened.status == Table.Status.ACTIVE


def test_play_now_is_a_post_for_players_only(client, alice):
    assert client.get(reverse("lobby:play-now", args=["lost_cities"])).status_code in (302, 405)
    response = play_now(client)
    assert response.status_code == 302 and "/login" in response["Location"]
    assert not Table.objects.exists()
    client.force_login(alice)
    assert client.get(reverse("lobby:play-now", args=["lost_cities"])).status_code == 405
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(alice)
    assert play_now(csrf).status_code == 403
    assert not Table.objects.exists()


def test_the_game_page_offers_play_now(client, alice):
    client.force_login(alice)
    html = client.get(reverse("lobby:game", args=["lost_cities"])).content.decode()
    assert f'action="{reverse("lobby:play-now", args=["lost_cities"])}"' in html
    assert "Play now" in html


def test_an_unknown_game_is_a_404(client, alice):
    client.force_login(alice)
    assert client.post(reverse("lobby:play-now", args=["no_such_game"])).status_code == 404
    assert not Table.objects.exists()
