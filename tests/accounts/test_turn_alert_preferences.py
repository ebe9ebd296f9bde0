"""The turn-alert preferences: sound, browser notifications and "confirm every move".

All three are off for a new player; the preferences page turns them on, and every page
then hands them to static/js/turn-alerts.js and static/js/confirm.js as data-* attributes.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _turn_link(html: str) -> str:
    return re.search(r'<a [^>]*id="turn-alert"[^>]*>', html).group(0)


def test_a_new_player_has_every_alert_and_confirmation_off(client):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "newcomer",
            "email": "newcomer@example.com",
            "password1": "a-long-unusual-passphrase",
            "password2": "a-long-unusual-passphrase",
        },
        follow=True,
    )
    assert response.status_code == 200
    html = response.content.decode()
    link = _turn_link(html)
    assert 'data-sound="0"' in link and 'data-notify="0"' in link
    assert "data-confirm-moves" not in html


def test_the_preferences_turn_the_alerts_on_and_every_page_carries_them(alice):
    client = Client()
    client.force_login(alice)
    url = reverse("accounts:preferences")
    page = client.get(url).content.decode()
    for name in ("turn_sound", "turn_notifications", "confirm_moves"):
        assert f'name="{name}"' in page
    data = {
        "email": alice.email,
        "time_zone": "UTC",
        "reminders_enabled": "on",
        "turn_sound": "on",
        "turn_notifications": "on",
        "confirm_moves": "on",
    }
    response = client.post(url, data)
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.turn_sound, alice.turn_notifications, alice.confirm_moves) == (True, True, True)
    html = client.get(reverse("lobby:games")).content.decode()
    link = _turn_link(html)
    assert 'data-sound="1"' in link and 'data-notify="1"' in link
    assert 'data-notify-text="It is your turn in a game at Playtable."' in link
    assert 'data-confirm-moves="Send this move?"' in html
    # Unticked again: off again.
    client.post(url, {"email": alice.email, "time_zone": "UTC"})
    alice.refresh_from_db()
    assert (alice.turn_sound, alice.turn_notifications, alice.confirm_moves) == (False,) * 3


def test_the_notification_permission_is_asked_only_from_a_button_on_the_preferences():
    player = UserFactory()
    client = Client()
    client.force_login(player)
    page = client.get(reverse("accounts:preferences")).content.decode()
    # The button (which static/js/turn-alerts.js wires up) with every state's sentence.
    panel = re.search(r"<div [^>]*data-alert-setup[^>]*>", page, re.S).group(0)
    for state in ("granted", "denied", "default", "unsupported"):
        assert f"data-{state}=" in panel
    button = re.search(r"<button [^>]*data-notify-ask[^>]*>", page).group(0)
    assert 'type="button"' in button  # it submits nothing
    # That the browser is asked on that click and never on load: see
    # tests/e2e/test_turn_alerts_browser.py.
