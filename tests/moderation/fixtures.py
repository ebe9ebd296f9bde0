"""Fixtures shared by the moderation and account tests (imported by their conftest)."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth.models import Group

from tests.factories import UserFactory


@pytest.fixture(autouse=True)
def own_cache_keys(settings):
    """Give each test its own cache key prefix, so chat rate limits never carry over
    between tests (the Redis cache outlives a test run)."""
    settings.CACHES = {
        "default": {**settings.CACHES["default"], "KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    }


@pytest.fixture
def moderator(db):
    """A staff member in the Moderators group, not a superuser."""
    user = UserFactory(username="mod", is_staff=True)
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


@pytest.fixture
def mod_client(client, moderator):
    """The test client, logged in as the moderator."""
    client.force_login(moderator)
    return client
