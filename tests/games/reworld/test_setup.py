"""Components and setup (rules §2, §3, §4.1, §9) and the house-rule table (§12)."""

from __future__ import annotations

from collections import Counter
from dataclasses import fields

import pytest

from games.engine import OptionError
from games.reworld.data import COLOURS, LETTERS
from games.reworld.house_rules import (
    CATALOGUE,
    HOUSE_RULES,
    MODULES,
    NUMBER,
    SHIPS,
    HouseRules,
)
from tests.games.reworld.helpers import ENGINE


def test_the_30_officer_cards_are_six_of_each_number() -> None:
    """§2.1, H1: numbers 1-5, six of each."""
    assert Counter(NUMBER.values()) == {1: 6, 2: 6, 3: 6, 4: 6, 5: 6}


def test_the_100_modules_follow_the_house_rule_mix() -> None:
    """§2.2, H2: 25 terrabots (5 a letter), 30 crews (6 a colour), 25 shuttles, 20 satellites."""
    kinds = Counter(module.kind for module in MODULES.values())
    assert kinds == {"terrabot": 25, "crew": 30, "shuttle": 25, "satellite": 20}
    letters = Counter(m.letter for m in MODULES.values() if m.kind == "terrabot")
    assert letters == dict.fromkeys(LETTERS, 5)
    colours = Counter(m.colour for m in MODULES.values() if m.kind == "crew")
    assert colours == dict.fromkeys(COLOURS, 6)
    # Ids are distinctive strings, so leak scans never match by accident.
    assert all(module.startswith("RW-") and len(module) >= 6 for module in MODULES)


@pytest.mark.parametrize(("players", "hand", "undealt"), [(2, 13, 4), (3, 9, 3), (4, 7, 2)])
def test_setup_deals_the_hands_of_the_player_count(players: int, hand: int, undealt: int) -> None:
    """§4.1 step 2, §9: 13, 9 or 7 cards each; the rest stays undealt."""
    state = ENGINE.setup(players=players, seed=3, options={})
    assert [len(p.hand) for p in state.seats] == [hand] * players
    assert len(state.undealt) == undealt
    cards = [c for p in state.seats for c in p.hand] + list(state.undealt)
    assert sorted(cards) == sorted(CATALOGUE.cards)


def test_setup_puts_20_modules_on_the_station_and_80_in_the_bag() -> None:
    """§4.1 step 1: one module on each of the 20 arms, nothing claimed yet."""
    state = ENGINE.setup(players=3, seed=4, options={})
    assert all(state.arms) and len(set(state.arms)) == 20
    assert len(state.bag) == 80 and not set(state.bag) & set(state.arms)
    assert state.slots == ((),) * 20 and state.buyers == (-1,) * 20
    assert state.round == 1 and state.phase == "buy" and not state.marker_taken


def test_the_start_player_is_random_but_fixed_by_the_seed() -> None:
    """§3 step 6: a seeded random start player takes the first turn."""
    starts = {ENGINE.setup(players=4, seed=seed, options={}).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    for seed in range(10):
        state = ENGINE.setup(players=4, seed=seed, options={})
        assert state.active == state.start
        assert ENGINE.setup(players=4, seed=seed, options={}) == state


def test_the_14_population_ships_lie_in_random_order_showing_the_side_for_the_count() -> None:
    """§2.6, §3 step 3: every game has all 14 ships; the 2-player side is harder."""
    orders = {ENGINE.setup(players=2, seed=seed, options={}).ships for seed in range(5)}
    assert len(orders) > 1
    assert all(sorted(order) == sorted(SHIPS) for order in orders)
    assert SHIPS["P02"].threshold(2) == 11 and SHIPS["P02"].threshold(3) == 8
    assert SHIPS["P05"].threshold(2) == SHIPS["P05"].threshold(4) == 4
    assert SHIPS["P06"].threshold(2) == SHIPS["P06"].threshold(4) == 1


@pytest.mark.parametrize("players", [1, 5, 0])
def test_only_two_to_four_players_can_play(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 4 players"):
        ENGINE.setup(players=players, seed=1, options={})


def test_reworld_has_no_table_options() -> None:
    """The rules list no variants: every house rule is a fixed value of the table."""
    assert ENGINE.options == ()
    with pytest.raises(OptionError):
        ENGINE.setup(players=2, seed=1, options={"rounds": 3})


def test_the_house_rule_table_holds_the_whole_register_of_section_12() -> None:
    """H1-H20 of §12, with the values the spec gives."""
    source = HouseRules.__doc__ or ""
    assert "H1-H20" in source
    assert len(fields(HouseRules)) == 25
    rules = HOUSE_RULES
    assert (rules.cards_per_number, rules.terrabots_per_letter, rules.crews_per_colour) == (6, 5, 6)
    assert (rules.shuttles, rules.satellites) == (25, 20)
    assert rules.ring_closed and rules.marker_cost == 1 and not rules.overpayment
    assert rules.terrabot_points == 1 and rules.card_points == 1
    assert rules.start_kept_without_marker and not rules.passing
    assert rules.shuttle_capacity == 2 and rules.same_colour_in_two_cities
    assert rules.satellites_per_city == 1
    assert rules.resolution_order[0] == "terrabots" and rules.resolution_order[-1] == "jettison"
    assert rules.jettison_penalty == 1 and rules.voluntary_jettison
    assert len(rules.ships) == 14 and [s.points for s in rules.ships] == [
        3, 5, 7, 7, 4, 2, 4, 3, 5, 3, 5, 4, 3, 5,
    ]  # fmt: skip
    assert dict(rules.city_table) == {2: (5, 2), 3: (6, 3, 1), 4: (7, 4, 2, 0)}
    assert dict(rules.shield_table) == {2: (6, 2), 3: (8, 4, 1), 4: (8, 5, 2, 0)}
    assert rules.ties_take_next_place and rules.missing_letter_penalty == 3
    assert not rules.city_signs_score
    assert rules.tie_breaks == ("ships", "shield", "fewer_jettisons")


def test_round_info_names_the_chapter_and_round() -> None:
    state = ENGINE.setup(players=2, seed=1, options={})
    assert ENGINE.round_info(state) == "Chapter 1, round 1 of 5"
