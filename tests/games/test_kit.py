"""The engine test kit catches broken engines (so a green kit run means something)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import Action
from games.lost_cities.engine import LostCities, LostCitiesState
from tests.games.kit import (
    Hidden,
    assert_describe_hides_secrets,
    assert_no_leaks,
    assert_rejects_bad_payloads,
    random_playout,
    run_kit,
)


class LeakyView(LostCities):
    """Shows the opponent's hand in the view."""

    def view(self, state: LostCitiesState, seat: int | None) -> dict[str, Any]:
        data = super().view(state, seat)
        data["debug"] = list(state.hands[1])
        return data


class LaxApply(LostCities):
    """Ignores extra keys in an action."""

    def apply(self, state: LostCitiesState, seat: int, action: Action) -> LostCitiesState:
        if isinstance(action, dict):
            action = {k: v for k, v in action.items() if k != "junk"}
        return super().apply(state, seat, action)


class ChattyLog(LostCities):
    """Tells everybody which card was drawn."""

    def describe(
        self,
        before: LostCitiesState,
        after: LostCitiesState,
        seat: int,
        action: Action,
        viewer: int | None,
    ) -> str:
        if action.get("type") == "draw":
            return f"drew {before.deck[-1]}"
        return super().describe(before, after, seat, action, viewer)


def test_the_kit_catches_a_view_that_shows_a_hidden_hand() -> None:
    """assert_no_leaks fails when a view carries the other seat's card ids."""
    engine = LeakyView()
    state = engine.setup(players=2, seed=1, options={})
    with pytest.raises(AssertionError, match="shows the hidden"):
        assert_no_leaks(engine, state, 2)


def test_the_kit_catches_an_engine_that_accepts_junk_keys() -> None:
    """assert_rejects_bad_payloads fails when an extra key is silently accepted."""
    engine = LaxApply()
    state = engine.setup(players=2, seed=1, options={})
    with pytest.raises(AssertionError, match="was accepted"):
        assert_rejects_bad_payloads(engine, state, 2)


def test_the_kit_catches_a_log_line_that_names_a_drawn_card() -> None:
    """assert_describe_hides_secrets fails when the opponent reads the drawn card."""
    engine = ChattyLog()
    state = engine.setup(players=2, seed=1, options={})
    seat = state.active
    state = engine.apply(state, seat, engine.legal_actions(state, seat)[-1])
    after = engine.apply(state, seat, {"type": "draw"})
    with pytest.raises(AssertionError, match="reveals"):
        assert_describe_hides_secrets(engine, state, after, seat, {"type": "draw"}, 2)


def test_a_random_playout_that_never_ends_is_reported() -> None:
    """The step bound turns an endless game into a clear failure."""
    with pytest.raises(AssertionError, match="no end after 50 steps"):
        random_playout(LostCities(), seed=1, max_steps=50)


def test_the_kit_passes_a_correct_engine_and_reports_its_coverage() -> None:
    """A one-round game passes, and the report counts what was checked."""
    report = run_kit(LostCities(), seeds=[3], options=[{"rounds": 1}], deep_every=5)
    assert report.games == 1 and report.steps > 88 and report.bad_checked > 0


@settings(max_examples=300, deadline=None, database=None)
@given(
    tokens=st.sets(st.text("AB-1", min_size=1, max_size=6), max_size=8),
    text=st.text("AB-1x", max_size=60),
)
def test_the_hidden_finder_finds_exactly_what_in_finds(tokens: set[str], text: str) -> None:
    """Short and overlapping tokens, prefixes of each other: the same answer as `in`."""
    assert Hidden(tokens).found_in(text) == {token for token in tokens if token in text}


def test_the_hidden_finder_finds_a_card_id_inside_a_longer_one_and_in_a_sentence() -> None:
    hidden = Hidden({"TM-001", "TM-0012", "LC-B2"})
    assert hidden.found_in('{"hand": ["TM-0012"]}') == {"TM-001", "TM-0012"}
    assert hidden.found_in("drew LC-B2, then LC-B10") == {"LC-B2"}
    assert hidden.found_in("nothing here: TM-00, LC-B") == set()
    assert not Hidden(()) and Hidden(["TM-001"])
