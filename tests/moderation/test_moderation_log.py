"""The moderation log: everyone with access reads it; nobody adds, edits or deletes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from accounts.models import ModerationLog
from accounts.moderation import user_ban
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def entry(moderator, bob):
    user_ban(moderator=moderator, user_id=bob.id, reason="Spam")
    return ModerationLog.objects.get()


@pytest.fixture
def root_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


def test_a_moderator_reads_the_log(mod_client, entry):
    listed = mod_client.get(reverse("admin:accounts_moderationlog_changelist"), {"q": "bob"})
    assert listed.context["cl"].result_count == 1
    page = mod_client.get(reverse("admin:accounts_moderationlog_change", args=[entry.id]))
    assert page.status_code == 200
    assert "Spam" in page.content.decode()


@pytest.mark.parametrize("who", ["mod_client", "root_client"])
def test_nobody_can_add_change_or_delete_an_entry_even_a_superuser(request, who, entry):
    client = request.getfixturevalue(who)
    assert client.get(reverse("admin:accounts_moderationlog_add")).status_code == 403
    change = reverse("admin:accounts_moderationlog_change", args=[entry.id])
    assert 'name="_save"' not in client.get(change).content.decode()
    client.post(change, {"reason": "Rewritten", "action": "ban"})
    delete = reverse("admin:accounts_moderationlog_delete", args=[entry.id])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    listed = client.get(reverse("admin:accounts_moderationlog_changelist")).content.decode()
    assert "delete_selected" not in listed
    entry.refresh_from_db()
    assert entry.reason == "Spam"
