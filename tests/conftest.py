"""Fixtures shared by every test: players, a deterministic Faker, mail and tasks."""

from __future__ import annotations

import random
from pathlib import Path

import factory.random
import pytest
from hypothesis import settings

from tests.factories import UserFactory

factory.random.reseed_random("playtable")

# Generated examples follow from each test's name (the same on every run and machine, so
# a CI failure replays here) and no example fails for being slow on a busy machine.
settings.register_profile("playtable", derandomize=True, deadline=None, database=None)
settings.load_profile("playtable")

TEST_TEMPLATES = Path(__file__).parent / "templates"


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Start every test with empty rate-limit windows and caches."""
    from django.core.cache import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _site_language():
    """Leave no language active after a test: a request's LocaleMiddleware activates the
    visitor's language in the thread and nothing takes it back, so a board drawn by the
    next test outside a request would come out in that language."""
    from django.utils import translation

    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _repeatable_table_seeds(request, monkeypatch):
    """Tables created in a test get seeds drawn from the test's id, not from the system.

    The same test then deals the same cards on every run and machine, so a failure seen
    in CI can be replayed here, and a pass here is not a lucky deal.
    """
    from lobby.services import tables

    draw = random.Random(request.node.nodeid)
    monkeypatch.setattr(tables, "new_seed", lambda: draw.getrandbits(62))


@pytest.fixture
def alice(db):
    return UserFactory(username="alice")


@pytest.fixture
def bob(db):
    return UserFactory(username="bob")


@pytest.fixture
def carol(db):
    return UserFactory(username="carol")


def _test_game(settings, engine):
    from games import registry

    registry.register(engine)
    settings.TEMPLATES = [
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEST_TEMPLATES]}
    ]
    yield engine
    registry.unregister(engine.slug)


@pytest.fixture
def countdown(settings):
    """Register the tiny Countdown game (1-4 players) for the test, then remove it."""
    from tests.lobby.countdown import Countdown

    yield from _test_game(settings, Countdown())


@pytest.fixture
def tapper(settings):
    """Register Tapper, a simultaneous game with timed rounds, for the test."""
    from tests.lobby.tapper import Tapper

    yield from _test_game(settings, Tapper())


def pytest_collection_modifyitems(config, items):
    """Run the browser tests last: Playwright keeps an event loop in the main thread
    for the rest of the session, which asyncio.run() in other tests would trip over."""
    items.sort(key=lambda item: "/tests/e2e/" in str(item.path).replace("\\", "/"))
