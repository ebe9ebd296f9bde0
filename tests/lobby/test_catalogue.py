"""The game catalogue is built from the registry."""

from __future__ import annotations

import pytest
from django.urls import reverse

from games.registry import engines

pytestmark = pytest.mark.django_db


def test_the_catalogue_lists_every_registered_game(client):
    body = client.get(reverse("lobby:games")).content.decode()
    for engine in engines():
        assert engine.name in body
        assert reverse("lobby:game", args=[engine.slug]) in body


def test_a_game_page_shows_players_length_rules_and_options(client):
    response = client.get(reverse("lobby:game", args=["lost_cities"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "2 players" in body
    assert 'id="rules"' in body
    for option in response.context["engine"].options:
        assert option.label in body


def test_an_unknown_game_is_404(client):
    assert client.get(reverse("lobby:game", args=["chess"])).status_code == 404
    assert client.get(reverse("lobby:table-new", args=["chess"])).status_code in (302, 404)
