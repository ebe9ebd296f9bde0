"""Fixtures shared by every test: players, a deterministic Faker, mail and tasks."""

from __future__ import annotations

import os
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
        {**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEST_TEMPLATES]},
        *settings.TEMPLATES[1:],
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


def _in(folder: str, item: pytest.Item) -> bool:
    return f"/tests/{folder}/" in str(item.path).replace("\\", "/")


def pytest_collection_modifyitems(config, items):
    """Order the run, and leave out what the PostgreSQL + Redis run would only repeat.

    - The browser tests run last: Playwright keeps an event loop in the main thread for
      the rest of the session, which asyncio.run() in other tests would trip over.
    - Within each part, the tests marked `long` start first: pytest-xdist hands tests out
      in this order, so both cores finish together instead of one waiting for a long
      test that started last.
    - With PLAYTABLE_SERVICES_ONLY=1 (.ci/run's second run, on PostgreSQL + Redis), the
      pure engine tests (under tests/games/, using no database) are deselected: the
      engines import nothing of Django (tests/games/test_purity.py), so they would only
      give the first run's answers again.
    """
    if os.environ.get("PLAYTABLE_SERVICES_ONLY") == "1":
        pure = [
            item
            for item in items
            if _in("games", item)
            and item.get_closest_marker("django_db") is None
            and "_django_db_helper" not in getattr(item, "fixturenames", ())
            and item.get_closest_marker("live") is None
        ]
        if pure:
            config.hook.pytest_deselected(items=pure)
            kept = set(map(id, pure))
            items[:] = [item for item in items if id(item) not in kept]
    items.sort(key=lambda item: (_in("e2e", item), item.get_closest_marker("long") is None))
