"""A moderator removes a player's uploaded picture through the admin, with a reason."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from accounts.models import Avatar, ModerationLog
from tests.moderation.helpers import action_run

pytestmark = pytest.mark.django_db


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (128, 128), (0, 0, 0)).save(out, format="PNG")
    return out.getvalue()


def test_a_moderator_removes_a_picture_and_the_log_says_why(mod_client, moderator, bob):
    Avatar.objects.create(user=bob, png=png())
    bob.avatar_version = 1
    bob.save(update_fields=["avatar_version"])
    response = action_run(
        mod_client, "accounts_user", "remove_picture", [bob.id], reason="Offensive picture"
    )
    assert response.status_code == 302
    assert not Avatar.objects.filter(user=bob).exists()
    bob.refresh_from_db()
    assert bob.avatar_version == 2  # a new URL: no browser keeps the old picture
    entry = ModerationLog.objects.get()
    assert (entry.moderator, entry.target_user) == (moderator, bob)
    assert entry.action == ModerationLog.Action.AVATAR_REMOVE
    assert entry.reason == "Offensive picture"
    assert str(entry) == f"{moderator.username}: Removed a player's picture (user bob)"


def test_a_player_without_an_uploaded_picture_is_left_as_is(mod_client, bob):
    response = action_run(mod_client, "accounts_user", "remove_picture", [bob.id], reason="x")
    assert response.status_code == 302
    messages = [str(m) for m in response.wsgi_request._messages]
    assert "bob has no uploaded picture." in messages
    assert not ModerationLog.objects.exists()
