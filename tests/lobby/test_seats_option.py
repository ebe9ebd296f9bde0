"""A "seats" option (Mondo's handicap): a checkbox per player number, stored as a list."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from lobby.models import Table
from lobby.services import table_create
from lobby.templatetags.tables import options_chosen


def _post(client, **fields):
    data = {"players": "3", "mode": "live", "visibility": "public", "rated": "on"}
    data.update({"opt_time": "0", "opt_backside": "front", "opt_volcano_chip": "round", **fields})
    return client.post(reverse("lobby:table-new", args=["mondo"]), data)


@pytest.mark.django_db
def test_the_form_shows_a_checkbox_per_player_number_in_a_fieldset(client, alice):
    client.force_login(alice)
    html = client.get(reverse("lobby:table-new", args=["mondo"])).content.decode()
    boxes = re.findall(r'<input type="checkbox" name="opt_handicap" value="(\d)"', html)
    assert boxes == ["1", "2", "3", "4"]
    assert re.search(r"<fieldset class=\"checkboxes\"><legend>Handicapped players</legend>", html)
    assert "Player 4" in html
    with translation.override("de"):
        german = client.get(
            reverse("lobby:table-new", args=["mondo"]), HTTP_ACCEPT_LANGUAGE="de"
        ).content.decode()
    assert "Spieler mit Handicap" in german and "Spieler 3" in german


@pytest.mark.django_db
def test_ticking_two_players_stores_both(client, alice):
    client.force_login(alice)
    response = _post(client, opt_handicap=["3", "1"])
    assert response.status_code == 302
    table = Table.objects.get()
    assert table.options["handicap"] == [1, 3]
    assert ("Handicapped players", "1, 3") in options_chosen(table)


@pytest.mark.django_db
def test_ticking_nobody_stores_the_empty_set(client, alice):
    client.force_login(alice)
    assert _post(client).status_code == 302
    table = Table.objects.get()
    assert table.options["handicap"] == []
    assert not [label for label, _ in options_chosen(table) if label == "Handicapped players"]


@pytest.mark.django_db
@pytest.mark.parametrize("forged", [["5"], ["0"], ["x"], ["1\x00"], ["2", "2"]])
def test_a_forged_player_number_is_refused_with_words_and_makes_no_table(client, alice, forged):
    client.force_login(alice)
    response = _post(client, opt_handicap=forged)
    assert response.status_code == 400
    assert not Table.objects.exists()
    body = response.content.decode()
    assert 'class="errors"' in body or 'class="error"' in body  # words, not a bare status


@pytest.mark.django_db
def test_a_player_ticked_twice_is_refused_in_the_options_words(client, alice):
    client.force_login(alice)
    response = _post(client, opt_handicap=["2", "2"])
    assert response.status_code == 400
    assert "Handicapped players must be player numbers from 1 to 4" in response.content.decode()


@pytest.mark.django_db
def test_a_table_stored_with_one_number_still_shows_its_options(alice):
    table = table_create(user=alice, game="mondo", players=1, options={})
    Table.objects.filter(pk=table.pk).update(options={**table.options, "handicap": 2})
    table.refresh_from_db()
    assert ("Handicapped players", "2") in options_chosen(table)
    Table.objects.filter(pk=table.pk).update(options={**table.options, "handicap": 0})
    table.refresh_from_db()
    assert not [label for label, _ in options_chosen(table) if label == "Handicapped players"]
