"""The board renders through the platform for every seat and a spectator without leaks."""

from __future__ import annotations

import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser

from games.registry import get_engine
from lobby.models import Seat, Table
from lobby.rendering import board_html
from lobby.services import seat_add_bot, seat_join, table_create

pytestmark = pytest.mark.django_db


def _advance(table: Table, steps: int, seed: int = 3) -> None:
    """Play random legal moves on the stored state (as the move service would)."""
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    pick = random.Random(seed)
    for _ in range(steps):
        seats = sorted(engine.to_move(state))
        if not seats:
            break
        seat = pick.choice(seats)
        state = engine.apply(state, seat, pick.choice(engine.legal_actions(state, seat)))
    table.state = engine.dump(state)
    table.save(update_fields=["state"])


def _space_titles(html: str) -> list[str]:
    """The hover titles of the map's spaces (not the cards in hand or on the table)."""
    return re.findall(r'<g class="tm-space[^"]*" data-space="[^"]*"><title>([^<]*)</title>', html)


def _check_no_leaks(table: Table, users: list) -> None:
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    for position, user in enumerate(users):
        html = board_html(table, user)
        assert "tm-board" in html
        for token in engine.secret_tokens(state, position):
            assert token not in html, f"seat {position} sees {token}"
    html = board_html(table, AnonymousUser())
    for token in engine.secret_tokens(state, None):
        assert token not in html, f"a spectator sees {token}"


def test_each_seat_and_a_spectator_see_no_hidden_card(alice, bob) -> None:
    """Setup, then the middle of a game: every viewer's HTML holds only what it may see."""
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    _check_no_leaks(table, [alice, bob])
    _advance(table, 60)
    _check_no_leaks(table, [alice, bob])
    _advance(table, 200)
    _check_no_leaks(table, [alice, bob])


def test_a_table_with_a_bot_renders_the_setup_choice(alice) -> None:
    """A bot seat starts the game; the human sees the corporations to choose from."""
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_add_bot(code=table.code, user=alice, kind=Seat.Bot.HEURISTIC)
    table.refresh_from_db()
    html = board_html(table, alice)
    assert "Choose your corporation" in html


def test_a_finished_solo_game_shows_the_final_scoring(alice) -> None:
    """The end-of-game panel shows the breakdown."""
    table = table_create(user=alice, game="terraforming_mars", players=1, options={})
    table.refresh_from_db()
    _advance(table, 100_000)
    html = board_html(table, alice)
    assert "Final scoring" in html


def _state_to(table: Table, predicate, seed: int = 5, limit: int = 5000) -> None:
    """Play random moves until `predicate(state)` holds; store that state on the table."""
    engine = get_engine("terraforming_mars")
    state = engine.load(table.state)
    pick = random.Random(seed)
    for _ in range(limit):
        if predicate(state):
            break
        seat = pick.choice(sorted(engine.to_move(state)))
        state = engine.apply(state, seat, pick.choice(engine.legal_actions(state, seat)))
    assert predicate(state)
    table.state = engine.dump(state)
    table.save(update_fields=["state"])


def test_the_draft_and_a_placement_prompt_render(alice, bob) -> None:
    """The draft packet shows for its owner; a pending tile shows highlighted spaces."""
    table = table_create(user=alice, game="terraforming_mars", players=2, options={"draft": True})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    _state_to(table, lambda st: st.phase == "research" and st.sel[0]["stage"] == "draft")
    html = board_html(table, alice)
    assert "Draft: keep one card" in html and "Keep this one" in html
    _check_no_leaks(table, [alice, bob])
    _state_to(table, lambda st: bool(st.queue) and st.queue[0][0] == "place", seed=9)
    engine = get_engine("terraforming_mars")
    seat = engine.load(table.state).queue[0][1]
    html = board_html(table, [alice, bob][seat])
    assert "tm-hex-btn" in html and "Your decision" in html


@pytest.mark.parametrize(
    ("key", "note", "milestone"),
    [
        ("hellas", "pay 6 M€ extra", "Polar Explorer"),
        ("vastitas_borealis", "pay 4 M€ extra", "Geologist"),
        ("elysium", "", "Generalist"),
    ],
)
def test_a_table_on_another_map_shows_its_spaces_and_milestones(
    alice, bob, key: str, note: str, milestone: str
) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={"map": key})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    _advance(table, 40)
    html = board_html(table, alice)
    assert milestone in html and "Terraformer" not in html
    titles = _space_titles(html)
    assert len(titles) > 40
    if note:
        # The map's special space says what it costs, whether or not a tile lies on it yet.
        assert len([title for title in titles if note in title]) == 1
    else:
        # Elysium keeps no space for Noctis City (a Noctis City card in hand may still show).
        assert not any("Noctis" in title or "extra" in title for title in titles)
    _check_no_leaks(table, [alice, bob])


def test_tharsis_marks_the_space_kept_for_noctis_city(alice, bob) -> None:
    table = table_create(user=alice, game="terraforming_mars", players=2, options={})
    table = seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    titles = _space_titles(board_html(table, alice))
    assert [title for title in titles if "Noctis" in title] == [
        "Noctis City · row 5, space 3 · plant, plant"
    ]
