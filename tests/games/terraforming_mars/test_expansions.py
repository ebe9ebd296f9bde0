"""Prelude (§13) and Colonies (§14) together: both decks, both setups, whole games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.terraforming_mars.bots import BOTS
from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.phases import corporation_pool, project_pool
from games.terraforming_mars.state import State
from tests.games.kit import assert_json_round_trip, assert_valid_outcome, replay
from tests.games.terraforming_mars.helpers import ENGINE
from tests.games.terraforming_mars.test_properties import _check_cards_conserved

BOTH = {"prelude": True, "colonies": True}


def _modules(cards: list[str]) -> set[str]:
    return {CARDS[c].module for c in cards}


def test_both_expansions_put_their_cards_in_the_decks() -> None:
    settings = ENGINE.setup(players=2, seed=1, options=BOTH).settings
    assert settings.prelude and settings.colonies
    assert {"prelude", "colonies"} <= _modules(project_pool(settings))
    assert {"prelude", "colonies"} <= _modules(corporation_pool(settings))
    for alone, other in (("prelude", "colonies"), ("colonies", "prelude")):
        one = ENGINE.setup(players=2, seed=1, options={alone: True}).settings
        assert alone in _modules(project_pool(one))
        assert other not in _modules(project_pool(one)) | _modules(corporation_pool(one))


def test_setup_deals_preludes_and_colony_tiles_and_no_beginner() -> None:
    st = ENGINE.setup(players=3, seed=7, options={**BOTH, "beginner": True})
    assert not st.settings.beginner
    assert len(st.colonies) == 5
    for choice in st.sel:
        assert len(choice["preludes"]) == 4
        assert all(CARDS[c].kind == "prelude" for c in choice["preludes"])


def test_a_game_stored_without_either_expansion_key_still_loads() -> None:
    st = ENGINE.setup(players=2, seed=3, options={})
    data = json.loads(json.dumps(ENGINE.dump(st)))
    for key in ("prelude", "colonies"):
        del data["options"][key]
    data.pop("colonies", None)
    loaded = ENGINE.load(data)
    assert loaded == st
    assert not loaded.settings.prelude and not loaded.settings.colonies


def _playout(players: int, seed: int, options: dict[str, Any]) -> tuple[list[State], list[Any]]:
    """Seat 0 heuristic, the others random (a random seat also takes Trade / Build Colony)."""
    pick = random.Random(seed)
    st = ENGINE.setup(players=players, seed=seed, options=options)
    states, log = [st], []
    for _ in range(40_000):
        seats = sorted(ENGINE.to_move(st))
        if not seats:
            return states, log
        seat = pick.choice(seats)
        for other in seats:
            assert ENGINE.legal_actions(st, other), (other, st.phase)
        if seat == 0:
            action = BOTS["heuristic"].choose(ENGINE, st, seat, pick)
        else:
            legal = ENGINE.legal_actions(st, seat)
            colony = [a for a in legal if a["type"] in ("trade", "colony")]
            action = pick.choice(colony if colony and pick.random() < 0.5 else legal)
        after = ENGINE.apply(st, seat, action)
        assert str(ENGINE.describe(st, after, seat, action, None))
        st = after
        states.append(st)
        log.append((seat, action))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "seed"), [(1, 31), (2, 32), (3, 33)])
def test_a_game_with_both_expansions_plays_to_the_end_and_replays(players: int, seed: int) -> None:
    options = {**BOTH, "draft": players > 1}
    states, log = _playout(players, seed, options)
    final = states[-1]
    assert final.phase == "over"
    assert_valid_outcome(ENGINE.outcome(final), players, ties_share=False)
    _check_cards_conserved(final)
    if players == 1:
        assert final.gen == 12  # §13: solo with Prelude
    assert all(sum(CARDS[c].kind == "prelude" for c in p.played) >= 1 for p in final.players), (
        "every player played preludes"
    )
    assert any(action["type"] in ("trade", "colony") for _, action in log), "the moons were used"
    if players > 1:
        assert any(owners for _key, _step, owners, _trader in final.colonies), "colonies built"
    # Determinism: setup plus the move log (through JSON) rebuilds the very same game.
    assert replay(ENGINE, players=players, seed=seed, options=options, log=log) == final
    for st in states[:: max(1, len(states) // 15)]:
        assert_json_round_trip(ENGINE, st)


def test_with_both_expansions_the_heuristic_bot_trades_builds_and_beats_random() -> None:
    """The heuristic seat plays its preludes, trades, builds colonies and wins (§13, §14)."""
    wins, kinds = 0, set()
    games = 6
    for game in range(games):
        hero, seed = game % 2, 500 + game
        rng = random.Random(seed)
        st = ENGINE.setup(players=2, seed=seed, options=BOTH)
        while seats := ENGINE.to_move(st):
            seat = min(seats)
            bot = BOTS["heuristic"] if seat == hero else BOTS["random"]
            action = bot.choose(ENGINE, st, seat, rng)
            if seat == hero and not st.queue and st.phase == "action":
                kinds.add(action["type"])
            st = ENGINE.apply(st, seat, action)
        assert sum(CARDS[c].kind == "prelude" for c in st.players[hero].played) == 2
        outcome = ENGINE.outcome(st)
        assert outcome is not None
        if [s for s, place in enumerate(outcome.places) if place == 1] == [hero]:
            wins += 1
    assert {"trade", "colony"} <= kinds, kinds
    assert wins >= games - 1
