"""The web process's garbage collector (config.gctune), tried in processes of their own:
freezing the objects of a pytest worker would keep its cycles for good."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.gctune import server_gc
from tests.config.helpers import ROOT, fresh_process_json

#: Imports the ASGI application as daphne does, then reports the collector's settings.
PROBE = """
import gc, json
import config.asgi
print(json.dumps({"thresholds": gc.get_threshold(), "frozen": gc.get_freeze_count(),
                  "tracked": len(gc.get_objects())}))
"""


def probe(**env: str) -> dict[str, int | list[int]]:
    result: dict[str, int | list[int]] = fresh_process_json(
        PROBE, drop=("GC_THRESHOLDS", "PYTHONPATH"), **env
    )
    return result


def test_the_web_process_freezes_what_it_built_and_collects_less_often() -> None:
    tuned = probe()
    assert tuned["thresholds"] == [5000, 10, 100]
    # The modules, settings and URLconf are out of the collector's sight...
    frozen = tuned["frozen"]
    assert isinstance(frozen, int) and frozen > 50_000
    # ...so a full collection looks at a small part of what it did.
    assert isinstance(tuned["tracked"], int) and tuned["tracked"] < frozen / 10


def test_an_operator_may_keep_pythons_own_collector_or_set_other_counts() -> None:
    untouched = probe(GC_THRESHOLDS="0")
    assert untouched["thresholds"] == [700, 10, 10] and untouched["frozen"] == 0
    assert probe(GC_THRESHOLDS="20000,20")["thresholds"] == [20000, 20, 10]


def test_counts_that_are_not_counts_stop_the_start_in_words() -> None:
    environ = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"}
    environ["GC_THRESHOLDS"] = "5000,ten"
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()"],
        cwd=ROOT,
        env={**environ, "SECRET_KEY": "gc-probe-secret-key-long-enough-0123456789-abcdefghij"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode != 0
    assert "GC_THRESHOLDS='5000,ten' is not a comma-separated list of integers." in done.stderr
    with pytest.raises(ImproperlyConfigured, match="one to three counts"):
        server_gc([5000, 10, 10, 10])
    with pytest.raises(ImproperlyConfigured, match="every count must be positive"):
        server_gc([5000, -1])


def test_the_test_process_keeps_pythons_collector() -> None:
    # What `server_gc()` does with the test settings: nothing frozen, Python's counts.
    import gc

    before = gc.get_threshold(), gc.get_freeze_count()
    assert server_gc() == before[0]
    assert (gc.get_threshold(), gc.get_freeze_count()) == before
