"""What `manage.py serve` sets before it serves (lobby/management/commands/serve.py)."""

from __future__ import annotations

import pytest

from lobby.management.commands.serve import serve_settings_apply, site_url


@pytest.fixture
def clean_env(monkeypatch):
    for name in ("DEBUG", "ALLOWED_HOSTS", "SITE_URL"):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_it_serves_players_with_debug_off_and_links_to_its_own_address(settings, clean_env):
    settings.DEBUG = True
    settings.WHITENOISE_AUTOREFRESH = True
    settings.ALLOWED_HOSTS = ["localhost"]
    serve_settings_apply(host="192.168.1.20", port=8101)
    assert settings.DEBUG is False
    assert settings.WHITENOISE_AUTOREFRESH is False
    assert settings.ALLOWED_HOSTS == ["localhost", "192.168.1.20"]
    assert settings.SITE_URL == "http://192.168.1.20:8101"


def test_the_environment_still_decides_when_it_says(settings, clean_env):
    clean_env.setenv("DEBUG", "true")
    clean_env.setenv("ALLOWED_HOSTS", "playtable.example")
    clean_env.setenv("SITE_URL", "https://playtable.example")
    settings.ALLOWED_HOSTS = ["playtable.example"]
    settings.SITE_URL = "https://playtable.example"
    serve_settings_apply(host="0.0.0.0", port=8000)
    assert settings.DEBUG is True
    assert settings.ALLOWED_HOSTS == ["playtable.example"]
    assert settings.SITE_URL == "https://playtable.example"


def test_every_interface_is_reached_through_the_local_names_too(settings, clean_env):
    settings.ALLOWED_HOSTS = []
    serve_settings_apply(host="0.0.0.0", port=8000)
    assert {"localhost", "127.0.0.1", "[::1]"} <= set(settings.ALLOWED_HOSTS)
    assert settings.SITE_URL == "http://127.0.0.1:8000"


def test_an_ipv6_address_is_bracketed_in_links():
    assert site_url("::1", 8000) == "http://[::1]:8000"
    assert site_url("::", 8000) == "http://127.0.0.1:8000"
