"""Account flows through real requests: sign-up, log-in/out, passwords, preferences."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import User
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

SIGNUP = {
    "username": "newbie",
    "email": "newbie@example.com",
    "password1": "a-long-unusual-passphrase",
    "password2": "a-long-unusual-passphrase",
}


def test_sign_up_creates_the_account_and_logs_the_player_in(client):
    response = client.post(reverse("accounts:signup"), SIGNUP, follow=True)
    assert response.status_code == 200
    user = User.objects.get(username="newbie")
    # The address waits for its owner to confirm it (tests/accounts/test_enumeration.py).
    assert (user.email, user.pending_email) == ("", "newbie@example.com")
    assert user.check_password("a-long-unusual-passphrase")
    assert response.context["user"] == user
    assert "Welcome to Playtable, newbie!" in response.content.decode()


def test_sign_up_with_a_taken_username_is_refused_with_a_message(client, alice):
    data = {**SIGNUP, "username": "Alice"}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 400
    assert "A user with that username already exists." in response.content.decode()
    assert not User.objects.filter(email="newbie@example.com").exists()


def test_sign_up_applies_djangos_password_validators(client):
    data = {**SIGNUP, "password1": "123", "password2": "123"}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 400
    body = response.content.decode()
    assert "too short" in body
    assert "entirely numeric" in body
    assert not User.objects.filter(username="newbie").exists()


def test_sign_up_with_mismatched_passwords_is_refused(client):
    data = {**SIGNUP, "password2": "something-else-entirely"}
    response = client.post(reverse("accounts:signup"), data)
    assert response.status_code == 400
    assert "didn’t match" in response.content.decode()


def test_log_in_and_log_out(client, alice):
    response = client.post(
        reverse("accounts:login"), {"username": "alice", "password": PASSWORD}, follow=True
    )
    assert response.context["user"] == alice
    assert "Log out" in response.content.decode()
    response = client.post(reverse("accounts:logout"), follow=True)
    assert not response.context["user"].is_authenticated
    assert "Log in" in response.content.decode()


def test_a_wrong_password_does_not_log_in_and_says_so(client, alice):
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_log_in_returns_to_the_page_asked_for(client, alice):
    target = reverse("accounts:preferences")
    response = client.get(target)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))
    response = client.post(
        reverse("accounts:login") + f"?next={target}",
        {"username": "alice", "password": PASSWORD, "next": target},
    )
    assert response["Location"] == target


def test_password_reset_sends_a_working_link(client, alice):
    response = client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["alice@example.com"]
    assert message.subject == "Reset your Playtable password"
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/\S+/)", message.body).group(1)
    response = client.get(link, follow=True)
    assert response.status_code == 200
    assert "Choose a new password" in response.content.decode()
    set_url = response.redirect_chain[-1][0]
    response = client.post(
        set_url, {"new_password1": "brand-new-passphrase", "new_password2": "brand-new-passphrase"}
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("brand-new-passphrase")
    # The link works once only.
    response = client.get(link, follow=True)
    assert "This link is invalid" in response.content.decode()


def test_password_reset_for_an_unknown_address_sends_nothing_and_reveals_nothing(client, alice):
    response = client.post(reverse("accounts:password_reset"), {"email": "who@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_password_change_needs_the_old_password(client, alice):
    client.force_login(alice)
    url = reverse("accounts:password_change")
    bad = {
        "old_password": "wrong",
        "new_password1": "fresh-pass-9x",
        "new_password2": "fresh-pass-9x",
    }
    response = client.post(url, bad)
    assert "Your old password was entered incorrectly" in response.content.decode()
    good = {**bad, "old_password": PASSWORD}
    response = client.post(url, good)
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("fresh-pass-9x")


def test_preferences_are_saved(client, alice, django_capture_on_commit_callbacks):
    client.force_login(alice)
    url = reverse("accounts:preferences")
    data = {
        "email": "alice@new.example",
        "time_zone": "Europe/Amsterdam",
        "bio": "I like long games.",
    }  # an unticked checkbox is absent from the form: reminders off
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, data, follow=True)
    assert "Your preferences were saved." in response.content.decode()
    alice.refresh_from_db()
    assert alice.reminders_enabled is False
    assert alice.time_zone == "Europe/Amsterdam"
    # The new address counts once its owner opens the link mailed to it.
    assert (alice.email, alice.pending_email) == ("alice@example.com", "alice@new.example")
    assert [m.to for m in mail.outbox] == [["alice@new.example"]]


def test_preferences_reject_an_unknown_time_zone(client, alice):
    client.force_login(alice)
    url = reverse("accounts:preferences")
    data = {"email": "alice@example.com", "time_zone": "Mars/Olympus", "reminders_enabled": "on"}
    response = client.post(url, data)
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()
    alice.refresh_from_db()
    assert alice.time_zone == ""  # unchanged: still the browser's


def test_pages_show_times_in_the_players_time_zone(client, alice):
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    client.force_login(alice)
    response = client.get(reverse("home"))
    assert response.context["TIME_ZONE"] == "Asia/Tokyo"


def test_a_profile_is_public_and_an_unknown_one_is_404(client, alice):
    alice.bio = "<b>bold</b> player"
    alice.save()
    response = client.get(reverse("accounts:profile", args=["alice"]))
    assert response.status_code == 200
    body = response.content.decode()
    assert "&lt;b&gt;bold&lt;/b&gt; player" in body
    assert client.get(reverse("accounts:profile", args=["nobody"])).status_code == 404


def test_the_home_page_loads_htmx_from_our_own_static_files(client):
    body = client.get(reverse("home")).content.decode()
    assert "/static/django_htmx/htmx-2.min.js" in body
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in body
    assert "https://" not in re.sub(r"<a [^>]*>", "", body).split("<body")[0]
