"""Log-in protection (django-axes, accounts/login_protection.py): per username + address
pair, with a growing cool-off, and the client address read only where it is trusted."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from axes.models import AccessAttempt
from django.db.models import F
from django.http import HttpRequest
from django.test import Client, override_settings
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADDRESS_A = "203.0.113.10"
ADDRESS_B = "198.51.100.20"
WRONG = "Please enter a correct username and password"
LOCKED = "Too many failed log-ins."


def attempt(client, username, password="wrong", address=ADDRESS_A, **headers):
    return client.post(
        LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


def lock(client, username, address=ADDRESS_A, **headers):
    """Fail five times; return the fifth answer, the one that locks."""
    for _ in range(4):
        assert WRONG in attempt(client, username, address=address, **headers).content.decode()
    return attempt(client, username, address=address, **headers)


def age_failures(minutes):
    """Move every recorded failure `minutes` into the past, as if that time had passed."""
    AccessAttempt.objects.update(attempt_time=F("attempt_time") - timedelta(minutes=minutes))


def test_the_fifth_failure_locks_the_pair_even_against_the_right_password(client, alice):
    response = lock(client, "alice")
    assert response.status_code == 429
    body = response.content.decode()
    assert "Too many failed log-ins. Wait 15 minutes and try again." in body
    assert 'name="username"' in body and 'value="alice"' in body  # still the log-in form
    response = attempt(client, "alice", PASSWORD)
    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_a_lock_holds_only_for_that_username_at_that_address(alice, bob):
    lock(Client(), "alice")
    # Another player at the same address logs in.
    assert attempt(Client(), "bob", PASSWORD, ADDRESS_A).status_code == 302
    # Alice logs in from her own address: guesses elsewhere do not lock her out.
    assert attempt(Client(), "alice", PASSWORD, ADDRESS_B).status_code == 302


def test_the_username_is_counted_whatever_its_case_or_spaces(client, alice):
    for typed in ("alice", "ALICE", " Alice", "alice ", "aLiCe"):
        response = attempt(client, typed)
    assert response.status_code == 429
    assert attempt(client, "alice", PASSWORD).status_code == 429


def test_attempts_while_locked_are_not_counted(client, alice):
    lock(client, "alice")
    for _ in range(3):
        attempt(client, "alice")
    assert AccessAttempt.objects.get().failures_since_start == 5


def test_after_the_cool_off_a_log_in_succeeds_and_forgets_the_failures(client, alice):
    lock(client, "alice")
    age_failures(16)
    assert attempt(client, "alice", PASSWORD).status_code == 302
    assert not AccessAttempt.objects.exists()


def test_a_successful_log_in_forgets_earlier_failures(client, alice):
    attempt(client, "alice")
    attempt(client, "alice")
    assert attempt(client, "alice", PASSWORD).status_code == 302
    client.logout()
    for _ in range(4):
        assert WRONG in attempt(client, "alice").content.decode()


def test_each_failure_after_a_lockout_locks_the_pair_twice_as_long(client, alice):
    assert "Wait 15 minutes" in lock(client, "alice").content.decode()
    age_failures(16)
    # One more wrong guess once the lock is over: locked again, for twice as long.
    response = attempt(client, "alice")
    assert response.status_code == 429
    assert "Wait 30 minutes" in response.content.decode()
    age_failures(20)  # 30 minutes are not over yet, even for the right password
    assert attempt(client, "alice", PASSWORD).status_code == 429
    age_failures(11)
    assert "Wait 60 minutes" in attempt(client, "alice").content.decode()


def test_the_cool_off_stops_growing_at_a_day(client, alice):
    lock(client, "alice")
    AccessAttempt.objects.update(failures_since_start=40)  # after a long string of lockouts
    assert "Wait 1440 minutes" in attempt(client, "alice").content.decode()


def test_failures_are_forgotten_a_day_after_the_last_one(client, alice, bob):
    lock(client, "alice")
    age_failures(24 * 60 + 1)
    attempt(client, "bob")  # any failure cleans up
    assert list(AccessAttempt.objects.values_list("username", flat=True)) == ["bob"]


def test_a_forwarded_address_is_ignored_without_a_trusted_proxy(client, alice):
    """With no proxy configured, X-Forwarded-For is the client's own word: not believed."""
    for n in range(5):
        response = attempt(client, "alice", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    assert response.status_code == 429
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == [ADDRESS_A]


# What config/settings.py derives from TRUSTED_PROXY_COUNT=1 (checked below).
ONE_PROXY = {
    "AXES_IPWARE_META_PRECEDENCE_ORDER": ["HTTP_X_FORWARDED_FOR"],
    "AXES_IPWARE_PROXY_COUNT": 0,
}
PROXY = "10.0.0.2"


@override_settings(**ONE_PROXY)
def test_behind_a_trusted_proxy_the_address_it_appended_counts(alice):
    # The client wrote its own X-Forwarded-For; the proxy appended the real address.
    spoofing = {"HTTP_X_FORWARDED_FOR": f"192.0.2.66, {ADDRESS_A}"}
    assert lock(Client(), "alice", address=PROXY, **spoofing).status_code == 429
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == [ADDRESS_A]
    # Alice, at another address behind the same proxy, is not locked out.
    elsewhere = {"HTTP_X_FORWARDED_FOR": ADDRESS_B}
    assert attempt(Client(), "alice", PASSWORD, PROXY, **elsewhere).status_code == 302


def _settings_under(env: dict[str, str]) -> dict[str, object]:
    code = (
        "import json, config.settings as s; print(json.dumps("
        "[s.AXES_IPWARE_META_PRECEDENCE_ORDER, s.AXES_IPWARE_PROXY_COUNT]))"
    )
    environment = {
        **{k: v for k, v in os.environ.items() if not k.startswith("TRUSTED_PROXY")},
        "SECRET_KEY": "x",
        **env,
    }
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=environment,
        cwd=Path(__file__).resolve().parents[2],
        capture_output=True,
        text=True,
        check=True,
    )
    order, count = json.loads(result.stdout.strip().splitlines()[-1])
    return {"AXES_IPWARE_META_PRECEDENCE_ORDER": order, "AXES_IPWARE_PROXY_COUNT": count}


def test_the_trusted_proxy_comes_from_the_environment():
    assert _settings_under({}) == {
        "AXES_IPWARE_META_PRECEDENCE_ORDER": ["REMOTE_ADDR"],
        "AXES_IPWARE_PROXY_COUNT": None,
    }
    assert _settings_under({"TRUSTED_PROXY_COUNT": "1"}) == ONE_PROXY
    assert _settings_under(
        {"TRUSTED_PROXY_COUNT": "2", "TRUSTED_PROXY_HEADER": "X-Real-Chain"}
    ) == {
        "AXES_IPWARE_META_PRECEDENCE_ORDER": ["HTTP_X_REAL_CHAIN"],
        "AXES_IPWARE_PROXY_COUNT": 1,
    }


def test_the_admin_log_in_is_locked_with_words_too(client, alice):
    for _ in range(5):
        response = client.post(
            "/admin/login/", {"username": "alice", "password": "wrong"}, REMOTE_ADDR=ADDRESS_A
        )
    assert response.status_code == 429
    assert LOCKED in response.content.decode()


def test_the_lockout_page_has_its_words_through_the_async_handler(async_client, alice):
    """Under ASGI (daphne) axes' middleware takes its async path, which does not pass on
    the page it replaces; the lockout page is built without it."""
    for _ in range(5):
        response = async_to_sync(async_client.post)(
            LOGIN, {"username": "alice", "password": "wrong"}
        )
    assert response.status_code == 429
    assert "Too many failed log-ins. Wait 15 minutes" in response.content.decode()


def test_a_suspended_player_still_reads_why(client, alice):
    alice.banned = True
    alice.suspension_reason = "cheating"
    alice.save()
    response = attempt(client, "alice", PASSWORD)
    assert "banned" in response.content.decode().lower()
    assert not AccessAttempt.objects.exists()  # the right password is not a failure


def test_the_test_clients_log_in_needs_a_request_for_axes(client, alice):
    """Axes checks every authenticate() call and needs its request: tests that use
    client.login() pass one (most tests use client.force_login, which needs none)."""
    with pytest.raises(ValueError, match="requires a request"):
        client.login(username="alice", password=PASSWORD)
    assert client.login(request=HttpRequest(), username="alice", password=PASSWORD)


def _sign_up(client: Client, n: int, **meta: str) -> int:
    return client.post(
        reverse("accounts:signup"),
        {
            "username": f"newcomer{n}",
            "email": f"newcomer{n}@example.com",
            "password1": "a-long-Passphrase-41",
            "password2": "a-long-Passphrase-41",
        },
        **meta,
    ).status_code


@override_settings(**ONE_PROXY, SIGNUP_RATE_LIMIT=(2, 3600))
def test_behind_a_trusted_proxy_each_client_has_its_own_sign_up_limit():
    """Sign-ups are counted per client address as log-in protection reads it, so one
    busy address behind the proxy does not use up everyone's sign-ups."""
    first = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": ADDRESS_A}
    other = {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": ADDRESS_B}
    assert [_sign_up(Client(), n, **first) for n in range(3)] == [302, 302, 429]
    assert _sign_up(Client(), 9, **other) == 302
