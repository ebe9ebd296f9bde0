"""The channel layer's prefix keeps two sites on one Redis apart (pub/sub ignores databases)."""

from __future__ import annotations

from typing import Any

import pytest

from config.env import channels_prefix
from tests.config.helpers import fresh_process_json


@pytest.mark.parametrize(
    ("url", "prefix"),
    [
        ("redis://127.0.0.1:6379/0", "playtable"),
        ("redis://127.0.0.1:6379", "playtable"),
        ("redis://127.0.0.1:6379/", "playtable"),
        ("redis://127.0.0.1:6379/1", "playtable-db1"),
        ("rediss://user:secret@cache.example:6380/12", "playtable-db12"),
    ],
)
def test_the_default_prefix_names_the_redis_database(url: str, prefix: str) -> None:
    assert channels_prefix(url) == prefix


def _layer_config(**env: str) -> dict[str, Any]:
    config: dict[str, Any] = fresh_process_json(
        "import json; from django.conf import settings; "
        "print(json.dumps(settings.CHANNEL_LAYERS['default']))",
        drop=("CHANNELS_PREFIX", "REDIS_URL"),
        **env,
    )
    return config


def test_two_sites_on_two_databases_of_one_redis_get_two_prefixes() -> None:
    staging = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1")
    production = _layer_config(REDIS_URL="redis://127.0.0.1:6379/0")
    assert staging["BACKEND"] == production["BACKEND"] == "config.channel_layer.ChannelLayer"
    assert staging["CONFIG"]["prefix"] == "playtable-db1"
    assert production["CONFIG"]["prefix"] == "playtable"
    # One set by hand wins; an empty one (a copied .env.example) keeps the default.
    named = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1", CHANNELS_PREFIX="staging")
    assert named["CONFIG"]["prefix"] == "staging"
    empty = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1", CHANNELS_PREFIX="")
    assert empty["CONFIG"]["prefix"] == "playtable-db1"
