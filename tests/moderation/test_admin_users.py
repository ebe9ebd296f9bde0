"""Suspend, ban and reinstate players through the admin, as a moderator."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import ModerationLog
from tests.factories import UserFactory
from tests.moderation.helpers import action_page, action_run, changelist

pytestmark = pytest.mark.django_db


def local(moment) -> str:
    """Return a datetime as the moderator's datetime-local input sends it."""
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_a_moderator_suspends_a_player_until_a_date_with_a_reason(mod_client, moderator, bob):
    until = (timezone.now() + timedelta(days=3)).replace(second=0, microsecond=0)
    page = action_page(mod_client, "accounts_user", "suspend", [bob.id])
    body = page.content.decode()
    assert "Suspended until" in body and "bob" in body
    response = action_run(
        mod_client, "accounts_user", "suspend", [bob.id], until=local(until), reason="Insults"
    )
    assert response.status_code == 302
    bob.refresh_from_db()
    assert bob.suspended_until == until
    assert bob.suspension_reason == "Insults"
    assert bob.is_suspended
    entry = ModerationLog.objects.get()
    assert entry.moderator == moderator
    assert entry.action == ModerationLog.Action.SUSPEND
    assert entry.target_user == bob
    assert entry.reason == "Insults"
    assert entry.details["suspended_until"] == until.isoformat()
    assert entry.created_at is not None


def test_a_suspension_needs_a_future_date_and_a_reason(mod_client, bob):
    past = timezone.now() - timedelta(hours=1)
    response = action_page(mod_client, "accounts_user", "suspend", [bob.id])
    response = mod_client.post(
        changelist("accounts_user"),
        {"action": "suspend", "apply": "yes", "_selected_action": [bob.id], "until": local(past)},
    )
    assert response.status_code == 200
    body = response.content.decode()
    assert "Choose a moment in the future." in body
    assert "This field is required." in body
    bob.refresh_from_db()
    assert bob.suspended_until is None
    assert not ModerationLog.objects.exists()


def test_a_moderator_bans_and_then_reinstates_a_player(mod_client, moderator, bob):
    action_run(mod_client, "accounts_user", "ban", [bob.id], reason="Cheating bot")
    bob.refresh_from_db()
    assert bob.banned and bob.is_suspended
    action_run(mod_client, "accounts_user", "reinstate", [bob.id], reason="Appeal accepted")
    bob.refresh_from_db()
    assert not bob.banned and not bob.is_suspended and bob.suspension_reason == ""
    log = list(ModerationLog.objects.order_by("id").values_list("action", "reason"))
    assert log == [("ban", "Cheating bot"), ("reinstate", "Appeal accepted")]


def test_a_moderator_cannot_suspend_staff_or_themselves(mod_client, moderator):
    admin_user = UserFactory(username="boss", is_staff=True)
    response = action_run(
        mod_client, "accounts_user", "ban", [admin_user.id, moderator.id], reason="oops"
    )
    assert response.status_code == 302
    admin_user.refresh_from_db()
    moderator.refresh_from_db()
    assert not admin_user.banned and not moderator.banned
    assert not ModerationLog.objects.exists()
    shown = mod_client.get(changelist("accounts_user")).content.decode()
    assert "oss is staff: only a superuser can do that." in shown
    assert "You cannot take this action against yourself." in shown


def test_players_are_found_by_name_and_filtered_by_standing(mod_client, bob, carol):
    bob.suspended_until = timezone.now() + timedelta(days=1)
    bob.save()
    carol.banned = True
    carol.save()
    url = changelist("accounts_user")
    assert mod_client.get(url, {"q": "bob"}).context["cl"].result_count == 1
    suspended = mod_client.get(url, {"standing": "suspended"}).context["cl"].result_list
    assert [u.username for u in suspended] == ["bob"]
    banned = mod_client.get(url, {"standing": "banned"}).context["cl"].result_list
    assert [u.username for u in banned] == ["carol"]
    good = mod_client.get(url, {"standing": "good"}).context["cl"].result_list
    assert {"bob", "carol"}.isdisjoint(u.username for u in good)


def test_suspension_fields_are_read_only_even_for_a_superuser(client, bob):
    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(root)
    page = client.get(reverse("admin:accounts_user_change", args=[bob.id])).content.decode()
    assert 'name="banned"' not in page
    assert 'name="suspended_until' not in page
