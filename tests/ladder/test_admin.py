"""Ratings and their history in the admin: searchable, filterable, read-only."""

from __future__ import annotations

import pytest
from django.urls import reverse

from ladder.models import Rating
from ladder.services import ratings_apply
from tests.factories import UserFactory
from tests.ladder.helpers import finished_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    return client


@pytest.fixture
def rated(alice, bob):
    table = finished_table([alice, bob], [1, 2])
    ratings_apply(table_id=table.id)
    return table


def test_ratings_are_found_by_username_and_filtered_by_game(staff_client, rated):
    url = reverse("admin:ladder_rating_changelist")
    found = staff_client.get(url, {"q": "alice", "game": "lost_cities"})
    assert found.status_code == 200
    assert found.context["cl"].result_count == 1
    assert staff_client.get(url, {"q": "nobody"}).context["cl"].result_count == 0


def test_a_rating_links_to_its_history_and_cannot_be_changed(staff_client, rated, alice):
    rating = Rating.objects.get(user=alice)
    page = staff_client.get(reverse("admin:ladder_rating_change", args=[rating.id]))
    assert page.status_code == 200
    body = page.content.decode()
    assert f"user__id__exact={alice.id}" in body
    assert 'name="_save"' not in body
    history = staff_client.get(
        reverse("admin:ladder_ratingchange_changelist"), {"user__id__exact": alice.id}
    )
    assert history.context["cl"].result_count == 1


def test_nothing_can_be_added_or_deleted_by_hand(staff_client, rated, alice):
    rating = Rating.objects.get(user=alice)
    assert staff_client.get(reverse("admin:ladder_rating_add")).status_code == 403
    assert staff_client.get(reverse("admin:ladder_ratingchange_add")).status_code == 403
    delete = reverse("admin:ladder_rating_delete", args=[rating.id])
    assert staff_client.post(delete, {"post": "yes"}).status_code == 403
    assert Rating.objects.filter(id=rating.id).exists()
