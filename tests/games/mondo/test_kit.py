"""The engine test kit over many seeds, every player count and every option."""

from __future__ import annotations

import pytest

from tests.games.kit import run_kit
from tests.games.mondo.helpers import ENGINE


def test_a_few_games_per_player_count_pass_every_check_on_every_state() -> None:
    """Deep checks on every 20th state of default games for 1-4 players."""
    report = run_kit(ENGINE, seeds=[11], options=[{}], deep_every=20)
    assert report.games == 4 and report.bad_checked > 1000


@pytest.mark.parametrize(
    "options",
    [
        {"expert": True, "backside": "choose"},
        {"advanced": True, "volcano_chip": "total", "handicap": 1, "handicap_inactive": True},
        {"expert": True, "random_tasks": True, "no_flip": True},
        {"slow_game": True, "hidden_time": True, "time": 4},
    ],
)
def test_option_mixes_pass_the_kit(options) -> None:
    report = run_kit(ENGINE, seeds=[21], options=[options], deep_every=80)
    assert report.games == 4


@pytest.mark.slow
def test_every_state_of_several_expert_games_passes_every_check() -> None:
    report = run_kit(ENGINE, seeds=range(3), options=[{"expert": True}], deep_every=1)
    assert report.deep_states == report.steps + report.games
