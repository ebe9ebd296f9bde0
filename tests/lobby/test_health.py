"""The health check reports the database and the Celery worker."""

from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse

from config.env import env_bool, env_int, env_list
from lobby import health


@pytest.mark.django_db
def test_health_reports_database_and_celery(client):
    response = client.get(reverse("healthz"))
    assert response.status_code == 200
    data = response.json()
    assert data["database"] is True
    assert data["celery"]["ok"] is True


@pytest.mark.django_db
def test_health_is_503_when_no_worker_answers(client, monkeypatch):
    monkeypatch.setattr(health, "celery_ok", lambda: {"ok": False, "ms": 5000.0})
    response = client.get(reverse("healthz"))
    assert response.status_code == 503
    assert response.json()["ok"] is False


def test_env_bool_refuses_an_unclear_value(monkeypatch):
    monkeypatch.setenv("FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="FLAG='maybe' is not a boolean"):
        env_bool("FLAG", default=False)
    monkeypatch.setenv("FLAG", "Yes")
    assert env_bool("FLAG", default=False) is True
    monkeypatch.setenv("FLAG", "off")
    assert env_bool("FLAG", default=True) is False


def test_env_int_and_list(monkeypatch):
    monkeypatch.setenv("N", "twelve")
    with pytest.raises(ImproperlyConfigured, match="not an integer"):
        env_int("N", 3)
    monkeypatch.setenv("HOSTS", "a.example, b.example,,")
    assert env_list("HOSTS", []) == ["a.example", "b.example"]
