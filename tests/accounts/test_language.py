"""A player's language: remembered when picked, and used for the notices and e-mails they get."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Notification, User
from lobby.services import game_finish, table_concede
from lobby.services.notify import turn_notices
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def test_a_language_picked_while_logged_in_is_remembered(client: Client, alice: User) -> None:
    client.force_login(alice)
    response = client.post(reverse("set_language"), {"language": "nl", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "nl"
    alice.refresh_from_db()
    assert alice.language == "nl"


def test_an_unknown_language_changes_nothing(client: Client, alice: User) -> None:
    client.force_login(alice)
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    alice.refresh_from_db()
    assert alice.language == ""
    assert client.get(reverse("set_language")).status_code == 405


def test_a_visitor_may_pick_a_language_without_an_account(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "it", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "it"


def test_a_new_account_keeps_the_language_it_signed_up_in(client: Client) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "giulia",
            "email": "giulia@example.com",
            "password1": "a-long-unusual-passphrase",
            "password2": "a-long-unusual-passphrase",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(username="giulia").language == "it"


def test_a_turn_notice_is_worded_in_its_readers_language(alice: User, bob: User) -> None:
    """Whoever's move causes it (here a mover browsing in Italian), each reader gets their own."""
    alice.language = "de"
    alice.save()
    table = started_table(alice, bob)
    seats = list(table.seats.select_related("user"))
    with translation.override("it"):
        turn_notices(table=table, seats=seats)
    assert Notification.objects.get(user=alice).text == "Du bist am Zug bei Lost Cities."
    assert Notification.objects.get(user=bob).text == "Your turn at Lost Cities."


def test_the_end_of_game_notice_and_mail_speak_each_players_language(
    alice: User, bob: User, django_capture_on_commit_callbacks
) -> None:
    bob.language = "nl"
    bob.save()
    table = started_table(alice, bob)
    table_concede(code=table.code, user=alice)
    with django_capture_on_commit_callbacks(execute=True), translation.override("de"):
        assert game_finish(table_id=table.id) is True
    assert Notification.objects.get(user=bob, kind="finished").text == (
        "Lost Cities is voorbij: je hebt gewonnen."
    )
    assert Notification.objects.get(user=alice, kind="finished").text.startswith(
        "Lost Cities is over"
    )
    to_bob = next(m for m in mail.outbox if m.to == [bob.email])
    assert "voorbij" in to_bob.subject


def test_a_new_device_shows_the_site_in_the_players_remembered_language(alice: User) -> None:
    """No language cookie on this browser: logging in brings the language picked elsewhere."""
    alice.language = "de"
    alice.set_password("a-long-unusual-passphrase")
    alice.save()
    browser = Client(headers={"accept-language": "en"})
    assert browser.get(reverse("home")).headers["Content-Language"] == "en"
    response = browser.post(
        reverse("accounts:login"),
        {"username": alice.username, "password": "a-long-unusual-passphrase"},
    )
    assert response.status_code == 302
    # The cookie is set as the player logs in, so later pages and the socket agree.
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    page = browser.get(reverse("home"))
    assert page.headers["Content-Language"] == "de"
    assert '<html lang="de"' in page.content.decode()


def test_this_browsers_own_language_choice_wins(client: Client, alice: User) -> None:
    alice.language = "de"
    alice.save()
    client.force_login(alice)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    response = client.get(reverse("home"))
    assert response.headers["Content-Language"] == "it"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_a_player_without_a_remembered_language_keeps_the_browsers(
    client: Client, alice: User
) -> None:
    client.force_login(alice)
    response = client.get(reverse("home"), headers={"accept-language": "nl"})
    assert response.headers["Content-Language"] == "nl"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


def test_logging_out_does_not_pin_a_language(alice: User) -> None:
    alice.language = "de"
    alice.save()
    browser = Client()
    browser.force_login(alice)
    response = browser.post(reverse("accounts:logout"))
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
