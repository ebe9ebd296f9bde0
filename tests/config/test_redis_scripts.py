"""What takes one round trip on Redis (a script) behaves as the cache's own calls did: the
rate limit's window and count, and a board's drawing read or claimed.

Against a redis-server of this test's own (tests/reliability/live.py), through Django's
cache configured as production configures it (django-redis)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import override_settings

from config import ratelimit
from config.rediscache import cache_redis
from lobby import rendering
from tests.reliability.live import RedisServer


@pytest.fixture(scope="module")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    server = RedisServer(Path(tmp_path_factory.mktemp("redis")))
    server.start()
    try:
        yield server.url
    finally:
        server.kill()


@pytest.fixture
def on_redis(redis_url: str) -> Iterator[None]:
    caches = {"default": {"BACKEND": "django_redis.cache.RedisCache", "LOCATION": redis_url}}
    with override_settings(CACHES=caches):
        cache.clear()
        assert cache_redis() is not None
        yield


def test_the_rate_limit_counts_in_one_round_trip_and_its_window_closes(on_redis) -> None:
    client = cache_redis().get_client(write=True)
    calls: list[tuple] = []
    real = client.execute_command

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    client.execute_command = counted
    try:
        results = [ratelimit.hit("move:7", limit=3, window=1, fail_open=False) for _ in range(4)]
    finally:
        del client.execute_command
    assert results == [True, True, True, False]
    assert len(calls) == 4  # one command per event
    # The counter is the cache's: `cache.get` reads it under the same name.
    assert cache.get(ratelimit._cache_key("move:7")) == 4
    name = str(cache_redis().make_key(ratelimit._cache_key("move:7")))
    assert 0 < client.ttl(name) <= 1
    time.sleep(1.2)
    assert ratelimit.hit("move:7", limit=3, window=1, fail_open=False) is True
    assert cache.get(ratelimit._cache_key("move:7")) == 1


def test_a_drawing_is_read_or_claimed_in_one_round_trip(on_redis) -> None:
    key = "board:test:1:seat0:en:UTC"
    board, claimed = rendering._get_or_claim(key)
    assert (board, claimed) == (None, True)
    # Claimed: another process neither finds it nor may draw it.
    assert rendering._get_or_claim(key) == (None, False)
    assert cache.add(f"{key}:drawing", 1, 2) is False  # the cache sees the same claim
    drawn = rendering.Board("b", 1, "active", "<div>x</div>", "s", {"r": "x"}, {"r": "h"}, ())
    cache.set(key, drawn, 30)
    assert rendering._get_or_claim(key) == (drawn, False)
    # Once the claim lapses, a drawing nobody finished may be drawn again.
    cache.delete(key)
    time.sleep(rendering.DRAW_CLAIM_SECONDS + 0.2)
    assert rendering._get_or_claim(key) == (None, True)
