"""Two rulings of the base game (issue 24 item 4), through legal actions and apply.

Immigrant City: its own city's +1 M€ production comes before its -2, so it is playable at
-4 M€ production (and at -5 with Tharsis Republic, whose own +1 also comes first).
Energy Tapping: with strict red frames its own +1 energy production comes first, so it is
playable when nobody has energy production: the player then takes it from themselves.
"""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.terraforming_mars.constants import RES_INDEX
from games.terraforming_mars.playability import play_block
from games.terraforming_mars.state import State
from games.terraforming_mars.text import log_text
from tests.games.terraforming_mars.cardkit import position
from tests.games.terraforming_mars.helpers import (
    ENGINE,
    act,
    card,
    game,
    give,
    ready,
    set_prod,
    set_stock,
    space,
)

MC, ENERGY = RES_INDEX["mc"], RES_INDEX["energy"]
PLAY_CITY = {"type": "play", "card": card("200")}
PLAY_TAPPING = {"type": "play", "card": card("201")}


def _log(st: State, since: int) -> list[str]:
    return [str(line) for e in st.log[since:] if (line := log_text(e)) is not None]


# --- Immigrant City ---------------------------------------------------------------------


def _immigrant_city(mc_prod: int, corps: tuple[str, ...] | None = None) -> State:
    st = position("200", corps=corps)
    set_prod(st, 0, mc=mc_prod, energy=1)
    return ready(st)


def test_immigrant_city_is_playable_at_minus_4_and_ends_at_minus_5() -> None:
    st = _immigrant_city(-4)
    assert play_block(st, 0, card("200")) is None
    assert PLAY_CITY in ENGINE.legal_actions(st, 0)
    st = act(st, 0, PLAY_CITY)
    since = len(st.log)
    st = act(st, 0, space("r3c3"))
    assert not st.queue
    assert st.players[0].prod[MC] == -5  # -4, +1 for its own city, then -2
    assert st.players[0].prod[ENERGY] == 0
    assert st.board["r3c3"] == ("city", 0, "")
    assert _log(st, since) == ["placed city on row 3, space 3."]


def test_immigrant_city_is_refused_one_step_lower() -> None:
    st = _immigrant_city(-5)
    assert play_block(st, 0, card("200")) == "Your M€ production is too low."
    assert PLAY_CITY not in ENGINE.legal_actions(st, 0)
    with pytest.raises(IllegalAction) as refused:
        ENGINE.apply(st, 0, PLAY_CITY)
    assert "M€ production is too low" in str(refused.value)


def test_immigrant_city_still_needs_the_energy_production() -> None:
    st = position("200")
    set_prod(st, 0, mc=0, energy=0)
    assert play_block(ready(st), 0, card("200")) == "Your energy production is too low."


def test_with_tharsis_republic_immigrant_city_is_playable_at_minus_5() -> None:
    """Tharsis Republic's own +1 M€ production for a city on Mars also comes first."""
    st = _immigrant_city(-5, corps=("R31", ""))
    assert play_block(st, 0, card("200")) is None
    mc_before = st.players[0].stock[MC]
    st = act(st, 0, PLAY_CITY, space("r3c3"))
    assert st.players[0].prod[MC] == -5  # -5, +1 Tharsis, +1 Immigrant City, -2
    # Tharsis Republic's "+3 M€ when you place a city"; the card was paid for already.
    assert st.players[0].stock[MC] == mc_before - 13 + 3


def test_an_opponents_immigrant_city_gives_nothing_to_the_player() -> None:
    """Only the player's own cards count toward the limit: Tharsis Republic across the
    table raises its owner's production, not the player's."""
    st = _immigrant_city(-5, corps=("", "R31"))
    assert play_block(st, 0, card("200")) == "Your M€ production is too low."


# --- Energy Tapping ---------------------------------------------------------------------


def _energy_tapping(strict: bool, energy: tuple[int, int]) -> State:
    st = game(2, options={"strict_red_frame": strict})
    set_prod(st, 0, energy=energy[0])
    set_prod(st, 1, energy=energy[1])
    set_stock(st, 0, mc=3)
    give(st, 0, "201")
    return ready(st)


def test_strict_energy_tapping_is_playable_when_nobody_has_energy_production() -> None:
    st = _energy_tapping(True, (0, 0))
    assert play_block(st, 0, card("201")) is None
    assert PLAY_TAPPING in ENGINE.legal_actions(st, 0)
    since = len(st.log)
    st = act(st, 0, PLAY_TAPPING)
    # The only player who has energy production to lose, once the +1 is in, is the player:
    # that single choice resolves by itself.
    assert not st.queue
    assert [p.prod[ENERGY] for p in st.players] == [0, 0]
    assert _log(st, since) == [
        "played Energy Tapping.",
        "lowered the energy production of player 1 by 1.",
    ]


def test_strict_energy_tapping_offers_yourself_and_whoever_has_some() -> None:
    st = act(_energy_tapping(True, (0, 1)), 0, PLAY_TAPPING)
    options = ENGINE.legal_actions(st, 0)
    assert options == [{"type": "target", "player": 0}, {"type": "target", "player": 1}]
    taken = act(st, 0, {"type": "target", "player": 1})
    assert [p.prod[ENERGY] for p in taken.players] == [1, 0]
    kept = act(st, 0, {"type": "target", "player": 0})
    assert [p.prod[ENERGY] for p in kept.players] == [0, 1]


def test_strict_energy_tapping_never_lets_a_player_hit_nobody() -> None:
    st = act(_energy_tapping(True, (2, 0)), 0, PLAY_TAPPING)
    assert not st.queue  # only the player qualifies: no "nobody" in strict mode
    assert [p.prod[ENERGY] for p in st.players] == [2, 0]
    with pytest.raises(IllegalAction):
        ENGINE.apply(st, 0, {"type": "skip"})


def test_default_energy_tapping_takes_from_nobody_when_nobody_has_some() -> None:
    """The seed's rule (strict off): never yourself; nobody is allowed."""
    st = act(_energy_tapping(False, (0, 0)), 0, PLAY_TAPPING)
    assert [p.prod[ENERGY] for p in st.players] == [1, 0]
    st = act(_energy_tapping(False, (0, 1)), 0, PLAY_TAPPING)
    assert ENGINE.legal_actions(st, 0) == [
        {"type": "target", "player": 1},
        {"type": "skip"},
    ]


def test_a_red_framed_decrease_without_an_own_increase_is_still_refused() -> None:
    """Birds (lower any plant production 2, strict): the player's own plants do not rise
    first, so nobody with 2 still makes it unplayable."""
    st = game(2, options={"strict_red_frame": True})
    st.oxygen = 13
    set_stock(st, 0, mc=10)
    set_prod(st, 0, plants=1)
    set_prod(st, 1, plants=1)
    give(st, 0, "072")
    st = ready(st)
    assert play_block(st, 0, card("072")) == "Nobody has enough plants production to lower."
