"""The Moderators group: just the permissions moderation needs; who the admin refuses."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from accounts.models import ModerationLog
from tests.factories import UserFactory
from tests.moderation.helpers import action_apply, action_page, changelist

pytestmark = pytest.mark.django_db

EXPECTED = {
    "accounts.view_user",
    "accounts.suspend_user",
    "accounts.view_report",
    "accounts.change_report",
    "accounts.view_moderationlog",
    "lobby.view_table",
    "lobby.change_table",
    "lobby.view_seat",
    "lobby.view_move",
    "lobby.view_chatmessage",
    "lobby.change_chatmessage",
    "ladder.view_rating",
    "ladder.change_rating",
    "ladder.view_ratingchange",
    "tournaments.view_tournament",
    "tournaments.change_tournament",
    "tournaments.view_entry",
    "tournaments.change_entry",
}


def test_the_migration_creates_the_group_with_just_these_permissions():
    group = Group.objects.get(name="Moderators")
    held = {
        f"{app}.{codename}"
        for app, codename in group.permissions.values_list("content_type__app_label", "codename")
    }
    assert held == EXPECTED


def test_moderators_cannot_add_delete_or_touch_accounts_and_groups(moderator):
    assert not moderator.is_superuser
    for perm in (
        "accounts.change_user",
        "accounts.delete_user",
        "auth.change_group",
        "lobby.delete_table",
        "lobby.delete_chatmessage",
        "accounts.delete_moderationlog",
    ):
        assert not moderator.has_perm(perm), perm


def test_a_moderator_sees_the_moderation_pages(mod_client):
    for model in (
        "accounts_user",
        "accounts_report",
        "accounts_moderationlog",
        "lobby_table",
        "lobby_chatmessage",
        "lobby_move",
        "ladder_rating",
        "tournaments_tournament",
        "tournaments_entry",
    ):
        assert mod_client.get(changelist(model)).status_code == 200, model
    index = mod_client.get(reverse("admin:index")).content.decode()
    assert "Moderation log" in index
    assert "/admin/auth/group/" not in index


def test_a_player_who_is_not_staff_is_sent_to_the_admin_login(client, alice, bob):
    client.force_login(alice)
    response = client.get(changelist("accounts_user"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("admin:login"))
    response = action_apply(client, "accounts_user", "ban", [bob.id], reason="I do not like bob")
    assert response.status_code == 302
    bob.refresh_from_db()
    assert not bob.banned
    assert not ModerationLog.objects.exists()


def test_staff_without_the_permissions_are_refused(client, bob):
    staff = UserFactory(username="intern", is_staff=True)
    client.force_login(staff)
    assert client.get(changelist("accounts_user")).status_code == 403
    assert client.get(changelist("lobby_table")).status_code == 403
    response = action_apply(client, "accounts_user", "ban", [bob.id], reason="just because")
    assert response.status_code == 403
    bob.refresh_from_db()
    assert not bob.banned
    assert not ModerationLog.objects.exists()


def test_staff_who_may_only_view_players_get_no_suspend_action(client, bob):
    staff = UserFactory(username="viewer", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_user"))
    client.force_login(staff)
    page = client.get(changelist("accounts_user"))
    assert page.status_code == 200
    assert 'value="ban"' not in page.content.decode()
    for response in (
        action_page(client, "accounts_user", "ban", [bob.id]),
        action_apply(client, "accounts_user", "ban", [bob.id], reason="just because"),
    ):
        # Without the action the list is shown again; no intermediate page.
        assert response.status_code == 200
        assert 'name="apply"' not in response.content.decode()
    bob.refresh_from_db()
    assert not bob.banned
    assert not ModerationLog.objects.exists()


def test_a_moderator_cannot_edit_a_player_or_set_their_password(mod_client, bob):
    page = mod_client.get(reverse("admin:accounts_user_change", args=[bob.id]))
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    password = reverse("admin:auth_user_password_change", args=[bob.id])
    assert mod_client.get(password).status_code == 403
