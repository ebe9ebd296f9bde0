"""The engine test kit over many seeds, every player count and every option."""

from __future__ import annotations

import pytest

from tests.games.kit import run_kit
from tests.games.relative_space.helpers import ENGINE


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_kit_passes_for_every_player_count(players: int) -> None:
    """Ten seeds per player count and option variant, deep checks every 10th state."""
    report = run_kit(ENGINE, seeds=range(10), players=[players], deep_every=10)
    assert report.games == 10 * 3  # the default, the smallest and the largest turn limit
    assert report.bad_checked > 1000


def test_every_state_of_a_game_passes_the_deep_checks() -> None:
    """Every state of one game per player count: JSON, leaks, illegal payloads."""
    report = run_kit(ENGINE, seeds=[42], options=[{}], deep_every=1)
    assert report.deep_states == report.steps + report.games
