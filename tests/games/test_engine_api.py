"""The shared engine contract pieces: options, outcomes, payload parsing and the registry."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from games import registry
from games.engine import (
    Action,
    Game,
    IllegalAction,
    Option,
    OptionError,
    Outcome,
    is_legal,
    parse_action,
    places_from_scores,
)
from games.lost_cities.engine import ENGINE

ROOT = Path(__file__).resolve().parents[2]
ROUNDS = Option("rounds", "Rounds", "int", 3, min=1, max=5)
FAST = Option("fast", "Fast mode", "bool", False)
SIZE = Option("size", "Board size", "choice", 5, choices=((5, "Small"), (6, "Large")))
COLOUR = Option("colour", "Colour", "choice", "red", choices=(("red", "Red"), ("blue", "Blue")))


# --- Option ---------------------------------------------------------------------------


@pytest.mark.parametrize(("raw", "value"), [(3, 3), ("3", 3), (" 4 ", 4), (5.0, 5), ("1", 1)])
def test_an_int_option_accepts_numbers_and_form_strings(raw: Any, value: int) -> None:
    """ "3" from a form becomes 3."""
    assert ROUNDS.clean(raw) == value


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (0, "Rounds must be at least 1, not 0."),
        (6, "Rounds must be at most 5, not 6."),
        ("6", "Rounds must be at most 5, not 6."),
        ("three", "Rounds must be a whole number, not 'three'."),
        (2.5, "Rounds must be a whole number, not 2.5."),
        (True, "Rounds must be a whole number, not True."),
        (None, "Rounds must be a whole number, not None."),
        ("--3", "Rounds must be a whole number, not '--3'."),
        ("9" * 40, "Rounds must be a whole number"),
    ],
)
def test_an_int_option_refuses_wrong_types_and_out_of_range_values(raw: Any, message: str) -> None:
    """The message names the option and the limit."""
    with pytest.raises(OptionError) as caught:
        ROUNDS.clean(raw)
    assert str(caught.value).startswith(message)


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        (True, True), (False, False), ("true", True), ("on", True), ("1", True),
        ("false", False), ("0", False), ("off", False), ("ON", True), (1, True), (0, False),
    ],
)  # fmt: skip
def test_a_bool_option_reads_checkbox_and_form_values(raw: Any, value: bool) -> None:
    """Checkbox "on", "true"/"false", "1"/"0" and real booleans all work."""
    assert FAST.clean(raw) is value


@pytest.mark.parametrize("raw", ["maybe", 2, None, [], 0.5])
def test_a_bool_option_refuses_anything_else(raw: Any) -> None:
    """Anything that is not clearly yes or no is an error."""
    with pytest.raises(OptionError, match="Fast mode must be yes or no"):
        FAST.clean(raw)


def test_a_choice_option_matches_values_and_their_form_strings() -> None:
    """6 and "6" both select 6; "blue" selects blue."""
    assert SIZE.clean(6) == 6 and SIZE.clean("6") == 6
    assert COLOUR.clean("blue") == "blue"


@pytest.mark.parametrize("raw", [7, "7", None, "Red", True, 5.5])
def test_a_choice_option_refuses_values_that_are_not_offered(raw: Any) -> None:
    """The message lists what is allowed."""
    options = SIZE if not isinstance(raw, str) or raw.isdigit() else COLOUR
    with pytest.raises(OptionError, match="must be one of"):
        options.clean(raw)


def test_a_broken_option_declaration_fails_at_once() -> None:
    """A default outside the option's own range is a programming error."""
    with pytest.raises(TypeError, match="bad default for option 'rounds'"):
        Option("rounds", "Rounds", "int", 9, min=1, max=5)
    with pytest.raises(TypeError, match="has no choices"):
        Option("size", "Size", "choice", 5)
    with pytest.raises(TypeError, match="unknown option kind"):
        Option("size", "Size", "float", 5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="no highest player number"):
        Option("who", "Who", "seats", ())
    with pytest.raises(TypeError, match="bad default for option 'who'"):
        Option("who", "Who", "seats", (5,), max=4)


def test_a_broken_declaration_fails_even_under_python_dash_o() -> None:
    """The checks are real exceptions, not asserts that `python -O` strips."""
    code = (
        "from games.engine import Option\n"
        "try:\n"
        "    Option('rounds', 'Rounds', 'int', 9, min=1, max=5)\n"
        "except TypeError:\n"
        "    raise SystemExit(0)\n"
        "raise SystemExit(3)\n"
    )
    done = subprocess.run([sys.executable, "-O", "-c", code], cwd=ROOT, check=False)
    assert done.returncode == 0


def test_validate_options_fills_defaults_and_names_unknown_keys() -> None:
    """Missing keys get defaults; unknown keys are listed in the error."""
    assert ENGINE.validate_options({"rounds": "2"})["rounds"] == 2
    with pytest.raises(OptionError, match="has no option called colour, speed"):
        ENGINE.validate_options({"speed": 1, "colour": "red"})


# --- Outcome and places -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("scores", "places"),
    [
        ((80, 20), (1, 2)),
        ((20, 80), (2, 1)),
        ((5, 5), (1, 1)),
        ((-10, -40), (1, 2)),
        ((3, 7, 7, 1), (3, 1, 1, 4)),
    ],
)
def test_places_follow_scores_and_ties_share_a_place(scores: tuple, places: tuple) -> None:
    """1 is best; equal scores share the place; the next place skips (1, 1, 3)."""
    assert places_from_scores(scores) == places


def test_an_outcome_needs_one_place_per_score() -> None:
    """Mismatched lengths are a bug."""
    with pytest.raises(ValueError, match="one place per score"):
        Outcome(scores=(1, 2), places=(1,))


# --- parse_action ------------------------------------------------------------------------

SHAPES = {"play": {"card": str}, "draw": {}, "bid": {"amount": int}}


@pytest.mark.parametrize(
    "payload",
    [{"type": "draw"}, {"type": "play", "card": "LC-Y2"}, {"type": "bid", "amount": 3}],
)
def test_well_formed_payloads_pass(payload: Action) -> None:
    """The exact keys with the right types are accepted."""
    assert parse_action(payload, SHAPES) == (payload["type"], payload)


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (None, "not a valid move"),
        ([], "not a valid move"),
        ({}, "does not exist"),
        ({"type": "fly"}, "does not exist"),
        ({"type": ["draw"]}, "does not exist"),
        ({"type": "draw", "extra": 1}, "missing something or carries something extra"),
        ({"type": "play"}, "missing something"),
        ({"type": "play", "cards": "LC-Y2"}, "missing something"),
        ({"type": "bid", "amount": True}, "not filled in correctly"),
        ({"type": "bid", "amount": 3.0}, "not filled in correctly"),
        ({"type": "play", "card": "x" * 65}, "not filled in correctly"),
    ],
)
def test_malformed_payloads_raise_a_readable_illegal_action(payload: Any, message: str) -> None:
    """Non-dicts, unknown types, missing or extra keys and wrong types are all refused."""
    with pytest.raises(IllegalAction, match=message):
        parse_action(payload, SHAPES)


def test_is_legal_answers_without_raising() -> None:
    """is_legal is True for a listed action and False for a bad one."""
    state = ENGINE.setup(players=2, seed=1, options={})
    seat = state.active
    assert is_legal(ENGINE, state, seat, ENGINE.legal_actions(state, seat)[0])
    assert not is_legal(ENGINE, state, seat, {"type": "draw"})
    assert not is_legal(ENGINE, state, 1 - seat, ENGINE.legal_actions(state, seat)[0])


def test_the_default_hooks_do_nothing() -> None:
    """Games without a timed phase report none, and time_up leaves the state alone."""
    state = ENGINE.setup(players=2, seed=1, options={})
    assert ENGINE.timed_phase(state) is None
    assert ENGINE.time_up(state, "any") is state


# --- the registry ------------------------------------------------------------------------


class _Dummy(Game[int]):
    slug = "zz_dummy"
    name = "Aardvark Dummy"
    min_players = 1
    max_players = 1
    summary = "A stand-in."
    play_time = "1 min"

    def setup(self, *, players: int, seed: int, options: Mapping[str, Any]) -> int:
        return 0

    def to_move(self, state: int) -> frozenset[int]:
        return frozenset()

    def legal_actions(self, state: int, seat: int) -> list[Action]:
        return []

    def outcome(self, state: int) -> Outcome | None:
        return Outcome((0,), (1,), {})

    def timeout_action(self, state: int, seat: int) -> Action:
        return {"type": "none"}

    def dump(self, state: int) -> dict[str, Any]:
        return {"n": state}

    def load(self, data: Mapping[str, Any]) -> int:
        return int(data["n"])

    def secret_tokens(self, state: int, viewer: int | None) -> set[str]:
        return set()

    def describe(
        self, before: int, after: int, seat: int, action: Action, viewer: int | None
    ) -> str:
        return "did nothing"


@pytest.fixture
def dummy():
    engine = _Dummy()
    registry.register(engine)
    yield engine
    registry.unregister(engine.slug)


def test_a_registered_engine_is_found_by_slug_and_listed_by_name(dummy: _Dummy) -> None:
    """get_engine finds it; engines() is sorted by name, so "Aardvark" comes first."""
    assert registry.get_engine("zz_dummy") is dummy
    assert registry.engines()[0] is dummy
    names = [engine.name for engine in registry.engines()]
    assert names == sorted(names)


def test_registering_the_same_engine_again_is_harmless(dummy: _Dummy) -> None:
    """AppConfig.ready() may run twice with the same instance."""
    registry.register(dummy)
    assert registry.get_engine("zz_dummy") is dummy


def test_a_second_engine_with_a_taken_slug_is_refused(dummy: _Dummy) -> None:
    """Two games may not share a slug."""
    with pytest.raises(ValueError, match="zz_dummy"):
        registry.register(_Dummy())


def test_an_unknown_slug_raises_unknown_game_with_a_clear_message() -> None:
    """UnknownGame is a LookupError naming the slug and the installed games."""
    with pytest.raises(registry.UnknownGame, match="no game called 'chess'.*lost_cities"):
        registry.get_engine("chess")
    with pytest.raises(LookupError):
        registry.get_engine(["not", "hashable"])  # type: ignore[arg-type]
