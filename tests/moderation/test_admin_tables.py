"""Tables in the admin: abort with a reason, and hand a player's seat to a bot."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import ModerationLog, Notification
from ladder.models import Rating, RatingChange
from ladder.services import ratings_apply
from lobby.models import Move, Seat, Table
from lobby.services import game_finish, table_create
from tests.lobby.helpers import post_move, started_table
from tests.moderation.helpers import action_page, action_run

pytestmark = pytest.mark.django_db


def test_a_moderator_aborts_a_game_and_no_rating_changes(
    mod_client, moderator, alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        response = action_run(
            mod_client, "lobby_table", "abort", [table.id], reason="Both players colluded"
        )
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED
    assert "Both players colluded" in table.end_reason
    assert table.finished_at is not None
    assert not table.seats.filter(is_to_move=True).exists()
    assert not table.seats.filter(deadline__isnull=False).exists()
    # The ladder rates finished tables only: scoring and rating do nothing.
    assert game_finish(table_id=table.id) is False
    assert ratings_apply(table_id=table.id) is False
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    notices = Notification.objects.filter(kind=Notification.Kind.MODERATION)
    assert {n.user for n in notices} == {alice, bob}
    assert all("Both players colluded" in n.text for n in notices)
    entry = ModerationLog.objects.get()
    assert (entry.moderator, entry.action, entry.table) == (moderator, "table_abort", table)
    assert entry.reason == "Both players colluded"
    assert entry.details["players"] == ["alice", "bob"]


def test_the_players_see_the_abort_and_can_no_longer_move(mod_client, alice, bob):
    table = started_table(alice, bob)
    action_run(mod_client, "lobby_table", "abort", [table.id], reason="Server trouble")
    client = Client()
    client.force_login(alice)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "This table was cancelled." in page and "Server trouble" in page
    response = post_move(client, table, {"type": "draw"}, None, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "not in play" in response.content.decode()
    assert table.moves.count() == 0


def test_a_finished_table_cannot_be_aborted(mod_client, alice, bob):
    table = started_table(alice, bob)
    Table.objects.filter(id=table.id).update(status=Table.Status.FINISHED)
    action_run(mod_client, "lobby_table", "abort", [table.id], reason="Too late")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert not ModerationLog.objects.exists()
    shown = mod_client.get(reverse("admin:lobby_table_changelist")).content.decode()
    assert "is already over." in shown


def test_an_open_table_can_be_aborted_too(mod_client, alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    action_run(mod_client, "lobby_table", "abort", [table.id], reason="Offensive options")
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED


def test_removing_a_player_hands_the_seat_to_a_bot_that_plays_on(
    mod_client, moderator, alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    seat = table.seats.get(is_to_move=True)
    other = table.seats.exclude(id=seat.id).get()
    page = action_page(mod_client, "lobby_table", "remove_player", [table.id]).content.decode()
    assert seat.user.username in page and other.user.username in page
    with django_capture_on_commit_callbacks(execute=True):
        response = action_run(
            mod_client,
            "lobby_table",
            "remove_player",
            [table.id],
            player=seat.user_id,
            reason="Stalls every game",
        )
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.bot == Seat.Bot.RANDOM and seat.abandoned
    assert seat.user is not None  # still their seat: they rank last at the end
    # The platform moved on: the bot played the whole turn, now the other player moves.
    moves = list(Move.objects.filter(table=table).order_by("n"))
    assert moves and all(move.seat == seat.position for move in moves)
    other.refresh_from_db()
    assert other.is_to_move and not seat.is_to_move
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    notice = Notification.objects.get(user=seat.user, kind=Notification.Kind.MODERATION)
    assert "Stalls every game" in notice.text
    entry = ModerationLog.objects.get()
    assert entry.action == "seat_remove" and entry.target_user == seat.user
    assert entry.table == table and entry.moderator == moderator
    assert entry.reason == "Stalls every game"


def test_a_removed_player_cannot_move_any_more(mod_client, alice, bob):
    table = started_table(alice, bob)
    seat = table.seats.get(user=alice)
    action_run(
        mod_client, "lobby_table", "remove_player", [table.id], player=alice.id, reason="Abuse"
    )
    client = Client()
    client.force_login(alice)
    response = post_move(client, table, {"type": "draw"}, None, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    assert "a bot plays your seat" in response.content.decode()
    seat.refresh_from_db()
    assert seat.abandoned


def test_remove_player_works_on_one_table_at_a_time(mod_client, alice, bob, carol):
    first = started_table(alice, bob)
    second = started_table(carol, bob)
    response = action_page(mod_client, "lobby_table", "remove_player", [first.id, second.id])
    assert response.status_code == 302
    shown = mod_client.get(reverse("admin:lobby_table_changelist")).content.decode()
    assert "Choose exactly one table" in shown
    assert not Seat.objects.filter(abandoned=True).exists()


def test_a_moderator_reads_the_move_log_but_cannot_change_a_table(mod_client, alice, bob):
    table = started_table(alice, bob)
    page = mod_client.get(reverse("admin:lobby_table_change", args=[table.id])).content.decode()
    assert 'name="status"' not in page and 'name="options"' not in page
    mod_client.post(
        reverse("admin:lobby_table_change", args=[table.id]),
        {"status": "finished", "game": "lost_cities", "players": 2},
    )
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    assert mod_client.get(reverse("admin:lobby_move_changelist")).status_code == 200
    assert mod_client.get(reverse("admin:lobby_move_add")).status_code == 403
