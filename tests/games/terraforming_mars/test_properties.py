"""Random self-play: the contract kit over player counts and options, and many plain games."""

from __future__ import annotations

import json
import random

import pytest

from games.terraforming_mars.catalog import CARDS
from games.terraforming_mars.state import State
from tests.games.kit import assert_valid_outcome, option_variants, random_playout, run_kit
from tests.games.terraforming_mars.helpers import ENGINE


def _places_of_cards(st: State) -> list[str]:
    cards = [*st.deck, *st.discard]
    for player in st.players:
        cards += [*player.hand, *player.played, *player.events]
    for choice in st.sel:
        if choice is not None:
            cards += list(choice.get("cards", ())) + list(choice.get("packet", ()))
            cards += list(choice.get("drafted", ()))
    for item in st.queue:
        if item[0] in ("play_card", "look_buy", "to_hand"):
            cards.append(item[3])
        elif item[0] == "invention_contest":  # the cards looked at, one still to keep
            cards.extend(item[3])
    return cards


def _check_cards_conserved(st: State) -> None:
    """Every project card of the game is in exactly one place (§6: nothing created or lost).

    Preludes (§13) are no project cards: played ones lie in the tableau, the others nowhere.
    """
    cards = [card for card in _places_of_cards(st) if CARDS[card].is_project]
    assert len(cards) == len(set(cards))
    pool = {c for c, info in CARDS.items() if info.is_project}
    if not st.settings.corporate_era:
        pool = {c for c in pool if CARDS[c].module in ("base", "colonies")}
    if not st.settings.colonies:
        pool = {c for c in pool if CARDS[c].module != "colonies"}
    if not st.settings.prelude:
        pool = {c for c in pool if CARDS[c].module != "prelude"}
    assert set(cards) == pool


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_kit_passes_for_every_player_count(players: int) -> None:
    report = run_kit(ENGINE, seeds=[players], players=[players], options=[{}], deep_every=40)
    assert report.games == 1 and report.finished_scores


def test_the_kit_passes_for_every_option_in_a_three_player_game() -> None:
    report = run_kit(ENGINE, seeds=[3], players=[3], deep_every=80)
    assert report.games == len(option_variants(ENGINE))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_always_end_and_conserve_cards(players: int) -> None:
    for seed in range(6):
        playout = random_playout(ENGINE, seed=seed, players=players, max_steps=20_000)
        for state in playout.states[:: max(1, len(playout.states) // 10)]:
            _check_cards_conserved(state)
        outcome = ENGINE.outcome(playout.final)
        assert outcome is not None
        assert_valid_outcome(outcome, players, ties_share=False)


def test_solo_random_games_last_fourteen_generations() -> None:
    for seed in range(5):
        final = random_playout(ENGINE, seed=seed, players=1).final
        assert final.gen == 14 and final.phase == "over"


SOAK_PARTS = 4


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("part", range(SOAK_PARTS))
def test_two_thousand_random_games_end_with_valid_scores(part: int) -> None:
    """2,000 games in SOAK_PARTS parts (every SOAK_PARTS-th game), one per core at a time."""
    variants = option_variants(ENGINE)
    pick = random.Random(7 + part)
    for game in range(part, 2000, SOAK_PARTS):
        players = 1 + game % 5
        options = ENGINE.validate_options(variants[game % len(variants)])
        st = ENGINE.setup(players=players, seed=5000 + game, options=options)
        for step in range(30_000):
            seats = sorted(ENGINE.to_move(st))
            if not seats:
                break
            seat = pick.choice(seats)
            st = ENGINE.apply(st, seat, pick.choice(ENGINE.legal_actions(st, seat)))
            if step % 400 == 0:
                _check_cards_conserved(st)
        else:
            raise AssertionError(f"game {game} did not end")
        _check_cards_conserved(st)
        assert_valid_outcome(ENGINE.outcome(st), players, ties_share=False)
        assert ENGINE.load(json.loads(json.dumps(ENGINE.dump(st)))) == st
