"""Usernames that imitate another: mixed alphabets, or the same name but for case or width."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.models import User
from accounts.validators import username_key
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSPHRASE = "a-long-unusual-passphrase"
CONFUSABLE = "This name mixes alphabets in a way that can imitate another name."
CLOSE = "This name is too close to an existing player&#x27;s name."
TAKEN = "A user with that username already exists."


def sign_up(client, username):
    data = {
        "username": username,
        "email": "someone@example.com",
        "password1": PASSPHRASE,
        "password2": PASSPHRASE,
    }
    return client.post(reverse("accounts:signup"), data)


def test_a_name_mixing_alphabets_is_refused(client, alice):
    response = sign_up(client, "al\u0456ce")  # Cyrillic і among Latin letters
    assert response.status_code == 400
    assert CONFUSABLE in response.content.decode()
    assert User.objects.count() == 1


def test_a_name_in_one_other_alphabet_is_welcome(client):
    assert sign_up(client, "Σοφία").status_code == 302


@pytest.mark.parametrize(
    ("existing", "typed"),
    [
        ("straße", "STRASSE"),  # case folding, beyond what a case-insensitive lookup sees
        ("élodie", "ÉLODIE"),  # non-ASCII case (SQLite's LIKE folds ASCII only)
    ],
)
def test_a_name_equal_to_another_but_for_case_is_refused(client, existing, typed):
    UserFactory(username=existing)
    response = sign_up(client, typed)
    assert response.status_code == 400
    page = response.content.decode()
    # PostgreSQL's case-insensitive lookup (Django's own check) may say it first for
    # "ÉLODIE"; SQLite's folds ASCII only, and only our check sees "STRASSE" at all.
    assert CLOSE in page or (typed != "STRASSE" and TAKEN in page), page[-2000:]
    assert not User.objects.filter(username=typed).exists()


def test_the_rules_hold_wherever_a_name_is_set():
    """The admin's forms validate the model: the same two checks apply there."""
    UserFactory(username="straße")
    with pytest.raises(ValidationError, match="imitate another name"):
        User(username="al\u0456ce", email="x@example.com").full_clean()
    with pytest.raises(ValidationError, match="too close"):
        User(username="STRASSE").full_clean(exclude=["password"])


def test_a_player_keeps_their_own_name_when_saving():
    player = UserFactory(username="Straße", email="strasse@example.com")
    player.bio = "hello"
    player.full_clean(exclude=["password"])
    assert player.username_key == username_key("Straße") == "strasse"


def test_renaming_keeps_the_key_in_step():
    player = UserFactory(username="first")
    player.username = "SECOND"
    player.save(update_fields=["username"])
    player.refresh_from_db()
    assert player.username_key == "second"
