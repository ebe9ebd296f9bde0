"""MOVE_RATE_LIMIT (events,seconds per player) set from the environment, in processes of
their own (settings are read once per process)."""

from __future__ import annotations

from tests.config.helpers import fresh_process, fresh_process_json

PROBE = """
import json, django
django.setup()
from django.conf import settings
print(json.dumps(list(settings.MOVE_RATE_LIMIT)))
"""


def test_the_move_rate_limit_is_sixty_in_ten_seconds_unless_set() -> None:
    assert fresh_process_json(PROBE, drop=("MOVE_RATE_LIMIT",)) == [60, 10]
    assert fresh_process_json(PROBE, MOVE_RATE_LIMIT="1000000,10") == [1000000, 10]


def test_a_rate_limit_that_is_not_two_counts_stops_the_start_in_words() -> None:
    for wrong, words in (
        ("60", "give events,seconds (both > 0)"),
        ("60,0", "give events,seconds (both > 0)"),
        ("sixty,10", "is not a comma-separated list of integers"),
    ):
        done = fresh_process("import django; django.setup()", MOVE_RATE_LIMIT=wrong)
        assert done.returncode != 0
        assert "MOVE_RATE_LIMIT=" in done.stderr and words in done.stderr, done.stderr[-500:]
