"""The colony tiles on the board (rules §14): tracks, colonies, fleets, the Trade buttons."""

from __future__ import annotations

import json
import random

import pytest
from django.contrib.auth.models import AnonymousUser

from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import seat_join, table_create

pytestmark = pytest.mark.django_db


def _table(alice, bob) -> Table:
    table = table_create(
        user=alice, game="terraforming_mars", players=2, options={"colonies": True}
    )
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def _play_to(table: Table, predicate, seed: int = 4, limit: int = 6000) -> None:
    """Random moves, preferring colony actions, until `predicate(state)` holds."""
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    pick = random.Random(seed)
    for _ in range(limit):
        if predicate(state):
            break
        seat = pick.choice(sorted(engine.to_move(state)))
        legal = engine.legal_actions(state, seat)
        colony = [a for a in legal if a["type"] in ("trade", "colony")]
        state = engine.apply(state, seat, pick.choice(colony or legal))
    assert predicate(state)
    table.state = engine.dump(state)
    table.save(update_fields=["state"])


def test_no_colonies_section_without_the_option(alice, bob) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    assert "tm-colonies" not in board_html(table, alice)


def test_tiles_tracks_colonies_and_fleets_are_drawn(alice, bob) -> None:
    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    html = board_html(table, AnonymousUser())
    assert html.count('class="tm-colony') >= len(state.colonies)
    for key, *_ in state.colonies:
        assert f'data-colony="{key}"' in html
    _play_to(
        table,
        lambda st: (
            st.phase == "action"
            and any(t[2] for t in st.colonies)
            and any(t[3] >= 0 for t in st.colonies)
            and not st.queue
        ),
    )
    state = engine.load(table.state)
    built = next(t for t in state.colonies if t[2])
    html = board_html(table, AnonymousUser())
    assert f"tm-colony-marker tm-bg{built[2][0]}" in html
    assert "Visited by the fleet of" in html
    assert 'aria-current="step"' in html
    assert "1 of 1 out" in html
    # The acting seat sees its Trade and Build buttons (or the reason), a spectator none.
    seat = state.active
    own = board_html(table, [alice, bob][seat])
    legal = engine.legal_actions(state, seat)
    for action in legal:
        if action["type"] in ("trade", "colony"):
            assert (
                json.dumps(action, separators=(",", ":"), sort_keys=True).replace('"', "&quot;")
                in own
            )
    assert "Trade for" not in html
    # Nobody sees a card they may not see (Pluto draws into hands).
    for viewer, user in ((0, alice), (1, bob), (None, AnonymousUser())):
        page = board_html(table, user)
        for token in engine.secret_tokens(state, viewer):
            assert token not in page, (viewer, token)


def test_a_colony_card_decision_names_the_tiles(alice, bob) -> None:
    """The option label of a colony decision is the tile's name, not a key."""
    from games.terraforming_mars.view import _option_label

    engine = get_engine("terraforming_mars")
    table = _table(alice, bob)
    state = engine.load(table.state)
    key = state.colonies[0][0]
    label = _option_label(state, ("colony_place", 0, ""), {"type": "colony", "colony": key})
    assert str(label["label"]) == key.capitalize()


def test_a_waiting_pluto_discard_is_named_on_the_board(alice, bob) -> None:
    """§14: Pluto's owner discards when the trader's turn ends; the panel says so meanwhile."""
    table = _table(alice, bob)
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state).clone()
    state.after_turn = (("colony_discard", 1, "", "pluto"),)
    state.freeze()
    table.state = engine.dump(state)
    table.save(update_fields=["state"])
    for user in (alice, bob, AnonymousUser()):
        html = board_html(table, user)
        assert "discards a card for Pluto when this turn ends." in html
        assert 'class="tm-colony-later' in html
