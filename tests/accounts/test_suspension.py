"""Suspended and banned players: logged out, kept out, and unable to play."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from lobby.errors import NotAllowed
from lobby.models import ChatMessage
from lobby.services import seat_join, table_create
from lobby.services.chat import chat_post
from tests.factories import PASSWORD
from tests.lobby.helpers import post_move, seat_to_move, started_table

pytestmark = pytest.mark.django_db

UNTIL = datetime(2099, 3, 4, 15, 30, tzinfo=UTC)


def suspend(user, until=UNTIL, reason="Insulting other players"):
    user.suspended_until = until
    user.suspension_reason = reason
    user.save()


def test_a_suspended_player_is_logged_out_on_the_next_request(client, alice):
    client.force_login(alice)
    assert client.get(reverse("home")).context["user"] == alice
    suspend(alice)
    response = client.get(reverse("home"))
    assert not response.context["user"].is_authenticated
    assert "_auth_user_id" not in client.session
    assert "Your account is suspended until" in response.content.decode()


def test_a_suspended_player_cannot_log_in_and_is_told_until_when(client, alice):
    suspend(alice)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 200
    body = response.content.decode()
    assert "Your account is suspended until March 4, 2099, 3:30 p.m. (UTC)." in body
    assert "Reason: Insulting other players" in body
    assert "_auth_user_id" not in client.session


def test_the_end_of_a_suspension_is_shown_in_the_players_time_zone(client, alice):
    alice.time_zone = "Europe/Amsterdam"
    suspend(alice)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert "March 4, 2099, 4:30 p.m. (CET)" in response.content.decode()


def test_a_wrong_password_does_not_reveal_a_suspension(client, alice):
    suspend(alice)
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": "nope"})
    body = response.content.decode()
    assert "suspended" not in body and "Please enter a correct username" in body


def test_a_banned_player_cannot_log_in(client, alice):
    alice.banned = True
    alice.suspension_reason = "Cheating"
    alice.save()
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert "Your account is banned. Reason: Cheating" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_after_the_suspension_ends_the_player_logs_in_again(client, alice):
    suspend(alice, until=timezone.now() - timedelta(minutes=1))
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.id)


def test_a_suspended_player_cannot_join_a_table(alice, bob):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    suspend(bob)
    with pytest.raises(NotAllowed, match="suspended"):
        seat_join(code=table.code, user=bob)
    assert table.seats.count() == 1


def test_a_suspended_player_cannot_chat(alice, bob):
    table = started_table(alice, bob)
    suspend(bob)
    with pytest.raises(NotAllowed, match="suspended"):
        chat_post(code=table.code, user=bob, text="hello")
    assert not ChatMessage.objects.exists()


def test_a_suspended_players_move_is_refused_and_their_game_goes_on(client, alice, bob):
    table = started_table(alice, bob)
    seat = table.seats.get(position=seat_to_move(table))
    client.force_login(seat.user)
    suspend(seat.user)
    response = post_move(client, table, {"type": "draw"}, table.version)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    assert table.moves.count() == 0
    seat.refresh_from_db()
    # Their clock still runs: the timeout rules decide the game, as for anyone away.
    assert seat.is_to_move and seat.deadline is not None
