"""Every registered engine meets the plugin contract (ARCHITECTURE.md), over many seeds."""

from __future__ import annotations

import os
import re

import pytest

from games.engine import ClockDefaults, Game, Option, OptionError
from games.registry import engines, get_engine
from tests.games.kit import option_variants, run_kit, spread_variants

SLUGS = [engine.slug for engine in engines()]


def test_the_registry_is_filled_by_the_installed_game_apps() -> None:
    """AppConfig.ready() registered the games; Lost Cities is among them."""
    assert "lost_cities" in SLUGS
    assert get_engine("lost_cities").name == "Lost Cities"


@pytest.mark.parametrize("slug", SLUGS)
def test_an_engine_declares_its_metadata(slug: str) -> None:
    """Snake-case slug, a name, player counts, a pitch, a play time and typed options."""
    engine = get_engine(slug)
    assert isinstance(engine, Game)
    assert re.fullmatch(r"[a-z][a-z0-9_]*", engine.slug)
    assert engine.name and engine.summary and engine.play_time
    assert 1 <= engine.min_players <= engine.max_players
    keys = [option.key for option in engine.options]
    assert len(keys) == len(set(keys)), "option keys must be unique"
    for option in engine.options:
        assert isinstance(option, Option) and option.label
        assert option.clean(option.default) == option.default


@pytest.mark.parametrize("slug", SLUGS)
def test_an_engine_declares_the_clock_that_suits_its_length(slug: str) -> None:
    """Each game sets its own `clock`, not the platform's fallback on `Game`."""
    engine = get_engine(slug)
    assert isinstance(engine.clock, ClockDefaults)
    assert engine.clock is not Game.clock, "declare `clock` for this game's length"


@pytest.mark.parametrize("slug", SLUGS)
def test_validating_no_options_gives_the_defaults(slug: str) -> None:
    """An empty form means every default."""
    engine = get_engine(slug)
    assert engine.validate_options({}) == {o.key: o.default for o in engine.options}


@pytest.mark.parametrize("slug", SLUGS)
def test_an_unknown_option_is_refused_by_name(slug: str) -> None:
    """OptionError names the unknown key."""
    with pytest.raises(OptionError, match="no_such_option"):
        get_engine(slug).validate_options({"no_such_option": 1})


@pytest.mark.parametrize("slug", SLUGS)
def test_out_of_range_and_wrongly_typed_options_are_refused(slug: str) -> None:
    """Each option refuses a value outside its range, choices or type, with its label."""
    engine = get_engine(slug)
    for option in engine.options:
        if option.kind == "int":
            bad = [(option.max or 10**6) + 1, (option.min or -(10**6)) - 1, "many", 2.5, None]
        elif option.kind == "bool":
            bad = ["perhaps", 2, None, [True]]
        elif option.kind == "seats":
            highest = option.max or 0
            bad = [[highest + 1], [0], [1, 1], -1, "many", None, [True], [1.5]]
        else:
            bad = ["no-such-choice", None, [option.default]]
        for value in bad:
            with pytest.raises(OptionError) as caught:
                engine.validate_options({option.key: value})
            assert str(caught.value).startswith(option.label), str(caught.value)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_third_state_of_a_game_passes_every_check(slug: str) -> None:
    """Deep checks on every third state (both turn steps) of a default game: JSON, leaks."""
    engine = get_engine(slug)
    report = run_kit(engine, seeds=[1], options=[{}], deep_every=3)
    assert report.games == engine.max_players - engine.min_players + 1
    assert report.deep_states >= report.steps // 3
    assert report.bad_checked > 1000


@pytest.mark.parametrize("slug", SLUGS)
def test_random_games_over_every_option_and_player_count_pass_the_kit(slug: str) -> None:
    """Every player count with the defaults and every other option variant once (player
    counts in turn), deep checks every 50 states. The soak below plays their whole cross
    product, many times over."""
    engine = get_engine(slug)
    games = spread_variants(engine)
    report = run_kit(engine, seeds=[100], games=games, deep_every=50)
    counts = engine.max_players - engine.min_players + 1
    assert report.games == len(games) == counts + len(option_variants(engine)) - 1
    assert {count for count, _ in games} == set(range(engine.min_players, engine.max_players + 1))
    assert len(report.finished_scores) == report.games


#: How many random games the soak plays per engine (CI: the default, thousands in all).
SOAK_GAMES = int(os.environ.get("PLAYTABLE_SOAK_GAMES", "1000"))


@pytest.mark.slow
@pytest.mark.parametrize("slug", SLUGS)
def test_every_state_of_several_games_passes_every_check(slug: str) -> None:
    """The soak version of the deep run: every state of two default games per player count."""
    report = run_kit(get_engine(slug), seeds=range(2), options=[{}], deep_every=1)
    assert report.deep_states == report.steps + report.games


#: The soak runs in parts, so that both cores share each engine's games.
SOAK_PARTS = 4


#: The longest soaks start first (the `long` marker), so that no core waits on one at the end.
LONG_SOAKS = ("terraforming_mars",)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(SOAK_PARTS))
@pytest.mark.parametrize(
    "slug", [pytest.param(s, marks=pytest.mark.long) if s in LONG_SOAKS else s for s in SLUGS]
)
def test_a_thousand_seeded_games_over_every_option_and_player_count_pass_the_kit(
    slug: str, part: int
) -> None:
    """The soak: at least SOAK_GAMES games, spread evenly over every option variant and
    player count; each is played twice (determinism), replayed from its log, checked on
    every state (turn invariants, log lines) and deeply every 250 states. Each part plays
    every SOAK_PARTS-th seed."""
    engine = get_engine(slug)
    per_seed = len(option_variants(engine)) * (engine.max_players - engine.min_players + 1)
    total = -(-SOAK_GAMES // per_seed)
    parts = [range(1000 + p, 1000 + total, SOAK_PARTS) for p in range(SOAK_PARTS)]
    assert sorted(seed for seeds in parts for seed in seeds) == list(range(1000, 1000 + total))
    assert total * per_seed >= SOAK_GAMES
    seeds = parts[part]
    report = run_kit(engine, seeds=seeds, deep_every=250)
    assert report.games == len(seeds) * per_seed
    if report.games > 1:
        assert len(set(report.finished_scores)) > 1, "different seeds, different games"
