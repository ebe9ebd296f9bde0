"""The engine test kit over many seeds for 2, 3 and 4 players."""

from __future__ import annotations

from tests.games.kit import run_kit
from tests.games.reworld.helpers import ENGINE


def test_random_games_for_every_player_count_pass_the_kit() -> None:
    """Three seeds per player count, deep checks every 20 states."""
    report = run_kit(ENGINE, seeds=range(3), deep_every=20)
    assert report.games == 9
    assert all(len(scores) in (2, 3, 4) for scores in report.finished_scores)


def test_every_state_of_one_game_passes_the_deep_checks() -> None:
    report = run_kit(ENGINE, seeds=[77], players=[3], deep_every=1)
    assert report.deep_states == report.steps + 1
