"""The channel layer's prefix keeps two sites on one Redis apart (pub/sub ignores databases)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from config.env import channels_prefix

ROOT = Path(__file__).resolve().parents[2]


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


def _layer_config(**env: str) -> dict[str, object]:
    environ = {
        **{k: v for k, v in os.environ.items() if k not in ("CHANNELS_PREFIX", "REDIS_URL")},
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "prefix-probe-secret-key-long-enough-for-django-0123456789abcdef",
        **env,
    }
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from django.conf import settings; "
            "print(json.dumps(settings.CHANNEL_LAYERS['default']))",
        ],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    config: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return config


def test_two_sites_on_two_databases_of_one_redis_get_two_prefixes() -> None:
    staging = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1")
    production = _layer_config(REDIS_URL="redis://127.0.0.1:6379/0")
    assert staging["BACKEND"] == production["BACKEND"] == "config.channel_layer.ChannelLayer"
    assert staging["CONFIG"]["prefix"] == "playtable-db1"  # type: ignore[index]
    assert production["CONFIG"]["prefix"] == "playtable"  # type: ignore[index]
    # One set by hand wins; an empty one (a copied .env.example) keeps the default.
    named = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1", CHANNELS_PREFIX="staging")
    assert named["CONFIG"]["prefix"] == "staging"  # type: ignore[index]
    empty = _layer_config(REDIS_URL="redis://127.0.0.1:6379/1", CHANNELS_PREFIX="")
    assert empty["CONFIG"]["prefix"] == "playtable-db1"  # type: ignore[index]
