"""A log line's "3 minutes ago" is worded once per step and language, as naturaltime words it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.contrib.humanize.templatetags import humanize
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.utils import translation
from django.utils.functional import Promise
from django.utils.html import escape

from lobby import rendering

NOW = datetime(2026, 12, 3, 12, 0, 0, 250000, tzinfo=UTC)

GONE = [
    timedelta(microseconds=300),
    timedelta(seconds=1),
    timedelta(seconds=1, microseconds=999999),
    timedelta(seconds=59),
    timedelta(seconds=60),
    timedelta(seconds=61),
    timedelta(seconds=119, microseconds=800000),
    timedelta(minutes=59, seconds=59),
    timedelta(hours=1),
    timedelta(hours=2, minutes=30),
    timedelta(hours=23, minutes=59, seconds=59),
    timedelta(days=1),
    timedelta(days=3, hours=4),
    -timedelta(seconds=30),  # a clock a little ahead: the future
    timedelta(0),
]


class _Frozen(datetime):
    @classmethod
    def now(cls, tz: Any = None) -> datetime:  # type: ignore[override]
        return NOW if tz is not None else NOW.replace(tzinfo=None)


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """naturaltime's own "now" is NOW; the kept words start empty."""
    monkeypatch.setattr(humanize, "datetime", _Frozen)
    monkeypatch.setattr(rendering, "_AGO", {})


@pytest.mark.parametrize("language", ["en", "de", "nl", "it"])
def test_the_kept_words_are_naturaltimes_words_at_every_step(frozen: None, language: str) -> None:
    with translation.override(language):
        for gone in GONE:
            moment = NOW - gone
            expected = escape(naturaltime(moment))
            # Twice: worded, then taken from what was kept.
            assert rendering.ago(moment, NOW) == expected, gone
            assert rendering.ago(moment, NOW) == expected, gone


def test_words_are_kept_per_language_and_step(frozen: None) -> None:
    with translation.override("de"):
        german = rendering.ago(NOW - timedelta(minutes=3, seconds=10), NOW)
        assert rendering.ago(NOW - timedelta(minutes=3, seconds=50), NOW) == german
        assert "Minuten" in german
    with translation.override("en"):
        assert rendering.ago(NOW - timedelta(minutes=3, seconds=10), NOW) == "3\xa0minutes ago"
    assert set(rendering._AGO) == {("de", "m", 3), ("en", "m", 3)}


def test_the_kept_words_are_plain_text_not_lazy_strings(frozen: None) -> None:
    """A kept lazy string would be worded and escaped again on every line of every drawing."""
    with translation.override("nl"):
        for gone in GONE:
            worded = rendering.ago(NOW - gone, NOW, "nl")
            assert isinstance(worded, str) and not isinstance(worded, Promise), gone
    kept = rendering._AGO.values()
    assert kept and all(isinstance(w, str) and not isinstance(w, Promise) for w in kept)
    assert ("nl", "m", 1) in rendering._AGO


def test_the_callers_language_names_the_kept_words(frozen: None) -> None:
    """log_lines asks for the language once per drawing and passes it on."""
    with translation.override("it"):
        italian = rendering.ago(NOW - timedelta(hours=2), NOW, "it")
    assert set(rendering._AGO) == {("it", "h", 2)}
    assert "ore" in italian
