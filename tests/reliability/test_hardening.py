"""Production hardening: Django's deployment checks pass under production settings."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_under_production_settings(tmp_path):
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(64),
        "ALLOWED_HOSTS": "playtable.example",
        "SECURE_SSL_REDIRECT": "true",
        "PLAYTABLE_VAR_DIR": str(tmp_path),
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_settings_refuse_to_start_without_a_secret_key(tmp_path):
    env = {**os.environ, "DEBUG": "false", "PLAYTABLE_VAR_DIR": str(tmp_path)}
    env.pop("SECRET_KEY", None)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


@pytest.mark.django_db
def test_every_page_carries_a_policy_that_allows_only_our_own_scripts(client):
    response = client.get("/")
    policy = response["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";") if part.strip())
    assert directives["script-src"] == "'self'"
    assert directives["default-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    body = response.content.decode()
    # No inline script in our pages: every <script> has a src.
    assert "<script>" not in body and "<script " in body
    assert all("src=" in tag for tag in body.split("<script")[1:])


@pytest.mark.django_db
def test_sign_up_is_rate_limited_per_address(client, settings):
    settings.SIGNUP_RATE_LIMIT = (2, 3600)
    for i in range(2):
        data = {
            "username": f"n{i}",
            "email": f"n{i}@example.com",
            "password1": "a-long-unusual-passphrase",
            "password2": "a-long-unusual-passphrase",
        }
        assert client.post("/accounts/signup/", data).status_code == 302
        client.post("/accounts/logout/")
    data = {
        "username": "n9",
        "email": "n9@example.com",
        "password1": "a-long-unusual-passphrase",
        "password2": "a-long-unusual-passphrase",
    }
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 429
    assert "Too many new accounts" in response.content.decode()


@pytest.mark.django_db
def test_moves_are_rate_limited_per_player(client, alice, bob, settings):
    from tests.lobby.helpers import post_move, started_table

    settings.MOVE_RATE_LIMIT = (2, 60)
    table = started_table(alice, bob)
    client.force_login(alice)
    for _ in range(2):
        post_move(client, table, {"type": "nonsense"}, table.version)
    response = post_move(client, table, {"type": "draw"}, table.version)
    assert response.status_code == 429
    assert "sending moves too fast" in response.content.decode()
