"""Fixtures shared by the lobby's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lobby.templatetags.regions import KEPT


@pytest.fixture
def kept_afresh() -> Iterator[None]:
    """No kept region insides before or after the test, and keeping switched back on."""
    KEPT.clear()
    yield
    KEPT.enabled = True
    KEPT.clear()
