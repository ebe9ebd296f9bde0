"""The deck, the deal, the options and the round-1 start player (rules §1, §2, §9)."""

from __future__ import annotations

from collections import Counter

import pytest

from games import rng
from games.engine import OptionError
from games.lost_cities.cards import CARDS, COLOURS, deck_ids
from tests.games.lost_cities.helpers import ENGINE


def all_cards(state) -> list[str]:
    placed = [c for cols in state.columns for col in cols for c in col]
    piles = [c for pile in state.discards for c in pile]
    return [*state.deck, *state.hands[0], *state.hands[1], *placed, *piles]


def test_the_classic_deck_has_60_cards_of_five_colours() -> None:
    """45 number cards (2-10 in five colours) and 15 wagers, 12 cards per colour."""
    deck = deck_ids(5)
    assert len(deck) == len(set(deck)) == 60
    numbers = [c for c in deck if CARDS[c].value]
    assert len(numbers) == 45 and len(deck) - len(numbers) == 15
    per_colour = Counter(COLOURS[CARDS[c].colour] for c in deck)
    assert per_colour == dict.fromkeys(["yellow", "blue", "white", "green", "red"], 12)


def test_the_six_colour_deck_has_72_cards_with_purple() -> None:
    """The long game adds purple, built like the others: 54 numbers and 18 wagers."""
    deck = deck_ids(6)
    assert len(deck) == len(set(deck)) == 72
    assert sum(1 for c in deck if CARDS[c].value) == 54
    assert sum(1 for c in deck if COLOURS[CARDS[c].colour] == "purple") == 12


def test_each_colour_holds_2_to_10_once_and_adds_up_to_54() -> None:
    """Every value exists exactly once per colour, so there are never two equal cards."""
    for colour in range(6):
        values = sorted(c.value for c in CARDS.values() if c.colour == colour and c.value)
        assert values == list(range(2, 11))
        assert sum(values) == 54


def test_card_ids_are_distinctive_strings() -> None:
    """Ids start with "LC-" and no id is part of another, so leak scans find only real hits."""
    for card in CARDS:
        assert card.startswith("LC-")
        assert not any(card in other for other in CARDS if other != card)


def test_a_new_match_deals_eight_cards_each_and_leaves_44_in_the_draw_pile() -> None:
    """Five colours: hands of 8, a draw pile of 44, empty discards and expeditions."""
    state = ENGINE.setup(players=2, seed=1, options={})
    assert [len(h) for h in state.hands] == [8, 8]
    assert len(state.deck) == 44
    assert all(not pile for pile in state.discards) and len(state.discards) == 5
    assert all(not col for cols in state.columns for col in cols)
    assert sorted(all_cards(state)) == sorted(deck_ids(5))
    assert (state.round, state.phase, state.history) == (1, "place", ())


def test_the_six_colour_game_leaves_56_cards_in_the_draw_pile() -> None:
    """Six colours: 72 cards, 8 each, 56 to draw, six discard piles."""
    state = ENGINE.setup(players=2, seed=1, options={"expeditions": 6})
    assert len(state.deck) == 56
    assert len(state.discards) == 6 and len(state.columns[0]) == 6
    assert sorted(all_cards(state)) == sorted(deck_ids(6))


def test_the_deal_is_fixed_by_the_seed() -> None:
    """The same seed deals the same cards; other seeds deal differently."""
    a = ENGINE.setup(players=2, seed=42, options={})
    assert ENGINE.setup(players=2, seed=42, options={}) == a
    others = {ENGINE.setup(players=2, seed=s, options={}).hands for s in range(43, 63)}
    assert a.hands not in others and len(others) == 20


def test_the_deal_comes_from_the_shared_rng_helper() -> None:
    """Round 1 is the seeded shuffle salted with the round: hands first, the rest to draw."""
    state = ENGINE.setup(players=2, seed=5, options={})
    order = rng.shuffled(deck_ids(5), seed=5, salt="lost_cities/round-1")
    assert set(state.hands[0]) == set(order[:8])
    assert set(state.hands[1]) == set(order[8:16])
    assert state.deck == tuple(order[16:])


def test_hands_are_kept_in_colour_then_value_order() -> None:
    """A hand lists wagers then numbers, colour by colour."""
    state = ENGINE.setup(players=2, seed=3, options={"expeditions": 6})
    for hand in state.hands:
        keys = [(CARDS[c].colour, CARDS[c].value) for c in hand]
        assert keys == sorted(keys)


def test_the_table_creator_starts_round_one_when_chosen() -> None:
    """first_player = creator: seat 0 starts, whatever the seed."""
    for seed in range(30):
        state = ENGINE.setup(players=2, seed=seed, options={"first_player": "creator"})
        assert state.active == state.start == 0
        assert ENGINE.to_move(state) == frozenset({0})


def test_a_random_start_player_is_seeded_and_both_seats_start_sometimes() -> None:
    """first_player = random (the default): a coin flip from the seed, reproducible."""
    starts = []
    for seed in range(40):
        state = ENGINE.setup(players=2, seed=seed, options={})
        expected = rng.randint(0, 1, seed=seed, salt="lost_cities/first-player")
        assert state.start == state.active == expected
        assert ENGINE.setup(players=2, seed=seed, options={}).start == state.start
        starts.append(state.start)
    assert 0 in starts and 1 in starts


@pytest.mark.parametrize("players", [1, 3, 4])
def test_lost_cities_is_for_exactly_two_players(players: int) -> None:
    """Setup refuses any other player count."""
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 2)
    with pytest.raises(ValueError, match="exactly 2"):
        ENGINE.setup(players=players, seed=1, options={})


def test_the_options_and_their_defaults_match_the_spec() -> None:
    """§9: 5 expeditions, 3 rounds, random start, top card shown, wagers count for the bonus."""
    assert ENGINE.validate_options({}) == {
        "expeditions": 5,
        "rounds": 3,
        "first_player": "random",
        "discard_display": "top",
        "bonus_counts_wagers": True,
    }
    by_key = {option.key: option for option in ENGINE.options}
    assert [v for v, _ in by_key["expeditions"].choices] == [5, 6]
    assert [v for v, _ in by_key["rounds"].choices] == [1, 2, 3, 4, 5]
    assert [v for v, _ in by_key["first_player"].choices] == ["random", "creator"]
    assert [v for v, _ in by_key["discard_display"].choices] == ["top", "full"]
    assert by_key["bonus_counts_wagers"].kind == "bool"


def test_options_from_a_form_are_coerced() -> None:
    """Form strings become numbers and booleans."""
    cleaned = ENGINE.validate_options(
        {"expeditions": "6", "rounds": "4", "bonus_counts_wagers": "off"}
    )
    assert cleaned["expeditions"] == 6
    assert cleaned["rounds"] == 4
    assert cleaned["bonus_counts_wagers"] is False


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 0}, "at least 1"),
        ({"rounds": 6}, "at most 5"),
        ({"rounds": "three"}, "whole number"),
        ({"expeditions": 7}, "one of 5, 6"),
        ({"first_player": "oldest"}, "one of random, creator"),
        ({"discard_display": "none"}, "one of top, full"),
        ({"bonus_counts_wagers": "maybe"}, "yes or no"),
        ({"players": 3}, "no option called players"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(options: dict, message: str) -> None:
    """Out of range, unknown or wrongly typed options raise OptionError."""
    with pytest.raises(OptionError, match=message):
        ENGINE.setup(players=2, seed=1, options=options)


def test_the_engine_describes_itself_for_the_catalogue() -> None:
    """Slug, name, a one-line summary and a play time are set."""
    assert ENGINE.slug == "lost_cities"
    assert ENGINE.name == "Lost Cities"
    assert ENGINE.summary and "\n" not in ENGINE.summary
    assert ENGINE.play_time
    assert ENGINE.round_info(ENGINE.setup(players=2, seed=1, options={})) == "Round 1 of 3"
