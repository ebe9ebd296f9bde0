"""No page tells whether an e-mail address belongs to an account: sign-up, preferences
and password reset answer the same, and only a confirmed address gets mail."""

from __future__ import annotations

import re

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts import addresses, tasks
from accounts.models import User

pytestmark = pytest.mark.django_db

PASSPHRASE = "a-long-unusual-passphrase"
CONFIRM_LINK = re.compile(r"https?://[^/\s]+(/accounts/email/confirm/\S+/)")


def sign_up(capture, username, email):
    client = Client()
    data = {"username": username, "email": email, "password1": PASSPHRASE, "password2": PASSPHRASE}
    with capture(execute=True):
        response = client.post(reverse("accounts:signup"), data)
    return client, response


def said(response, **replace):
    """Return the messages shown after `response`, with the given words made generic."""
    texts = [str(message) for message in get_messages(response.wsgi_request)]
    for word, placeholder in replace.items():
        texts = [text.replace(word, placeholder) for text in texts]
    return texts


def test_sign_up_answers_the_same_for_a_known_and_an_unknown_address(
    alice, django_capture_on_commit_callbacks
):
    known_client, known = sign_up(django_capture_on_commit_callbacks, "newbie", "ALICE@example.com")
    fresh_client, fresh = sign_up(django_capture_on_commit_callbacks, "rookie", "fresh@example.com")
    assert known.status_code == fresh.status_code == 302
    assert known["Location"] == fresh["Location"]
    assert said(known, newbie="NAME", **{"ALICE@example.com": "EMAIL"}) == said(
        fresh, rookie="NAME", **{"fresh@example.com": "EMAIL"}
    )
    assert said(fresh)[0] == "Welcome to Playtable, rookie!"
    # Both players are in, with an address that is not confirmed.
    for client, name in ((known_client, "newbie"), (fresh_client, "rookie")):
        user = User.objects.get(username=name)
        assert client.session["_auth_user_id"] == str(user.pk)
        assert user.email == ""


def test_a_known_address_gets_a_notice_and_an_unknown_one_a_confirmation_link(
    alice, django_capture_on_commit_callbacks
):
    sign_up(django_capture_on_commit_callbacks, "newbie", "ALICE@example.com")
    sign_up(django_capture_on_commit_callbacks, "rookie", "fresh@example.com")
    to_alice, to_fresh = mail.outbox
    assert to_alice.to == ["alice@example.com"]
    assert to_alice.subject == "Someone tried to use your e-mail address at Playtable"
    assert "/accounts/login/" in to_alice.body and "/accounts/password/reset/" in to_alice.body
    assert not CONFIRM_LINK.search(to_alice.body)
    assert "newbie" not in to_alice.body
    assert to_fresh.to == ["fresh@example.com"]
    assert to_fresh.subject == "Confirm your e-mail address at Playtable"
    assert CONFIRM_LINK.search(to_fresh.body)


def test_the_confirmation_link_confirms_the_address_once(django_capture_on_commit_callbacks):
    client, _ = sign_up(django_capture_on_commit_callbacks, "rookie", "fresh@example.com")
    link = CONFIRM_LINK.search(mail.outbox[0].body).group(1)
    anyone = Client()  # the link works in any browser, logged in or not
    page = anyone.get(link)
    assert page.status_code == 200
    assert "fresh@example.com" in page.content.decode()
    user = User.objects.get(username="rookie")
    user.refresh_from_db()
    assert user.email == ""  # opening the page alone confirms nothing
    response = anyone.post(link, follow=True)
    assert "Your e-mail address fresh@example.com is confirmed." in response.content.decode()
    user.refresh_from_db()
    assert (user.email, user.pending_email) == ("fresh@example.com", "")
    again = anyone.post(link)
    assert again.status_code == 400
    assert "This link is invalid or was already used." in again.content.decode()


def test_a_link_to_an_address_confirmed_meanwhile_by_another_account_is_refused(alice):
    rookie = User.objects.create_user("rookie", pending_email="alice@example.com")
    link = reverse(
        "accounts:email_confirm",
        kwargs={"token": addresses.address_token(user=rookie, address="alice@example.com")},
    )
    response = Client().post(link)
    assert response.status_code == 400
    assert "already confirmed for another account" in response.content.decode()
    rookie.refresh_from_db()
    assert rookie.email == ""


def test_a_tampered_link_is_refused():
    response = Client().get(reverse("accounts:email_confirm", kwargs={"token": "nope:nope"}))
    assert response.status_code == 400
    assert "This link is invalid" in response.content.decode()


def test_an_unconfirmed_address_gets_no_password_reset(django_capture_on_commit_callbacks):
    sign_up(django_capture_on_commit_callbacks, "rookie", "fresh@example.com")
    mail.outbox.clear()
    response = Client().post(reverse("accounts:password_reset"), {"email": "fresh@example.com"})
    assert response.status_code == 302
    assert mail.outbox == []


def test_preferences_answer_the_same_for_a_known_and_an_unknown_address(
    alice, bob, django_capture_on_commit_callbacks
):
    answers = []
    for address in ("alice@example.com", "bob@new.example"):
        client = Client()
        client.force_login(bob)
        data = {"email": address, "time_zone": "UTC", "reminders_enabled": "on"}
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("accounts:preferences"), data)
        assert response.status_code == 302
        answers.append(said(response, **{address: "EMAIL"}))
    assert answers[0] == answers[1]
    assert "open it to confirm your address" in answers[0][1]
    bob.refresh_from_db()
    assert (bob.email, bob.pending_email) == ("bob@example.com", "bob@new.example")
    to_alice, to_new = mail.outbox
    assert to_alice.to == ["alice@example.com"]
    assert "Someone tried" in to_alice.subject
    assert to_new.to == ["bob@new.example"] and CONFIRM_LINK.search(to_new.body)


def test_going_back_to_the_confirmed_address_drops_the_pending_one(
    alice, django_capture_on_commit_callbacks
):
    alice.pending_email = "alice@new.example"
    alice.save()
    client = Client()
    client.force_login(alice)
    page = client.get(reverse("accounts:preferences")).content.decode()
    assert 'value="alice@new.example"' in page and "Until then, mail goes to" in page
    data = {"email": "alice@example.com", "time_zone": "UTC"}
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("accounts:preferences"), data)
    alice.refresh_from_db()
    assert (alice.email, alice.pending_email) == ("alice@example.com", "")
    assert mail.outbox == []


def test_password_reset_answers_before_looking_anything_up(
    client, alice, monkeypatch, django_assert_num_queries, settings
):
    # The link is built from SITE_URL, not from the request's Host ("testserver").
    settings.SITE_URL = "https://playtable.example/"
    queued = []
    monkeypatch.setattr(tasks.password_reset_send, "delay", lambda **kw: queued.append(kw))
    for address in ("alice@example.com", "nobody@example.com"):
        with django_assert_num_queries(0):
            response = client.post(reverse("accounts:password_reset"), {"email": address})
        assert response.status_code == 302
        assert response["Location"] == reverse("accounts:password_reset_done")
    assert mail.outbox == []
    assert queued == [
        {"email": address, "domain": "playtable.example", "use_https": True, "language": "en"}
        for address in ("alice@example.com", "nobody@example.com")
    ]


def test_the_reset_task_mails_the_confirmed_address_in_the_language_asked(alice):
    tasks.password_reset_send(
        email="ALICE@example.com", domain="playtable.example", use_https=True, language="de"
    )
    tasks.password_reset_send(
        email="nobody@example.com", domain="playtable.example", use_https=True, language="de"
    )
    (message,) = mail.outbox
    assert message.to == ["alice@example.com"]
    assert message.subject == "Playtable-Passwort zurücksetzen"
    assert "https://playtable.example/accounts/password/reset/" in message.body


def test_a_late_task_for_an_address_changed_meanwhile_mails_nothing(bob):
    bob.pending_email = "second@example.com"
    bob.save()
    assert addresses.address_mail(user_id=bob.pk, address="first@example.com", language="en") == ""
    assert mail.outbox == []
