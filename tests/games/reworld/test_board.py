"""The board rendered through the platform: every seat and a spectator, no hidden id leaks."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser

from games.reworld.bots import BOTS
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import seat_join, table_create
from tests.factories import UserFactory
from tests.games.page_text import text_nodes
from tests.games.reworld.helpers import ENGINE

pytestmark = pytest.mark.django_db


def a_table(players: int) -> tuple[Table, list]:
    users = [UserFactory(username=f"player{n}") for n in range(players)]
    table = table_create(user=users[0], game="reworld", players=players, options={})
    for user in users[1:]:
        table = seat_join(code=table.code, user=user)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table, users


def advance(table: Table, steps: int, bot: str = "heuristic", seed: int = 0) -> None:
    """Play `steps` bot moves straight on the stored state (the board renders from it)."""
    state = ENGINE.load(table.state)
    rng = random.Random(seed)
    for _ in range(steps):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.active
        state = ENGINE.apply(state, seat, BOTS[bot].choose(ENGINE, state, seat, rng))
    table.state = ENGINE.dump(state)
    table.save(update_fields=["state"])


def assert_no_secrets(table: Table, users: list) -> list[str]:
    """Render every seat's and a spectator's page; no hidden id may appear in it.

    Also: the seat to move has exactly one button per legal action, the others none.
    """
    state = ENGINE.load(table.state)
    pages = []
    for position, user in [*enumerate(users), (None, AnonymousUser())]:
        html = board_html(table, user)
        for token in ENGINE.secret_tokens(state, position):
            assert token not in html, f"seat {position} sees {token}"
        buttons = re.findall(r'name="action" value="([^"]+)"', html)
        expected = ENGINE.legal_actions(state, position) if position is not None else []
        assert len(buttons) == len(expected), (state.phase, position)
        pages.append(html)
    return pages


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_viewer_sees_a_hidden_card_or_module_at_the_start(players: int) -> None:
    """Hands, the bag and undealt cards stay out of every seat's and a spectator's page."""
    table, users = a_table(players)
    pages = assert_no_secrets(table, users)
    state = ENGINE.load(table.state)
    for position, html in enumerate(pages[:-1]):
        # Each player's page shows their own cards, by id, and the station ring.
        for card in state.seats[position].hand:
            assert f'data-card="{card}"' in html
        assert html.count('class="rw-arm') == 20
    assert "data-card=" not in pages[-1]


@pytest.mark.parametrize("players", [2, 4])
def test_pages_stay_clean_through_chapter_one_chapter_two_and_the_end(players: int) -> None:
    """Mid-payment, mid-landing and after the final scoring, nothing hidden leaks."""
    table, users = a_table(players)
    seen_phases = set()
    for _ in range(60):
        advance(table, 9, seed=len(seen_phases))
        state = ENGINE.load(table.state)
        seen_phases.add(state.phase)
        assert_no_secrets(table, users)
        if state.phase == "over":
            break
    assert {"buy", "pay", "undock", "land", "over"} <= seen_phases
    html = board_html(table, users[0])
    assert "Final scoring" in html
    assert re.search(r'rw-breakdown"\s+open', html)


def test_the_player_to_move_gets_buttons_and_the_others_none() -> None:
    """Only the active seat's page holds action buttons, and each is a legal action."""
    table, users = a_table(3)
    state = ENGINE.load(table.state)
    for position, user in enumerate(users):
        html = board_html(table, user)
        buttons = re.findall(r'name="action" value="([^"]+)"', html)
        if position == state.active:
            legal = ENGINE.legal_actions(state, position)
            assert len(buttons) == len(legal)
        else:
            assert buttons == []


def test_an_illegal_click_gets_the_engines_sentence_and_a_board(client) -> None:
    """A move the rules refuse comes back as the board with the engine's message."""
    table, users = a_table(2)
    state = ENGINE.load(table.state)
    client.force_login(users[state.active])
    url = f"/t/{table.code}/move"
    response = client.post(
        url, {"action": '{"type": "buy", "arm": 25}', "version": str(table.version)}
    )
    html = response.content.decode()
    assert "The station has spaces 1 to 20." in html
    assert 'class="rw-board' in html
    table.refresh_from_db()
    assert ENGINE.load(table.state) == state
    # A legal click is played (a plain form post is redirected back to the table).
    response = client.post(
        url, {"action": '{"arm": 3, "type": "buy"}', "version": str(table.version)}
    )
    assert response.status_code in (200, 302)
    table.refresh_from_db()
    assert ENGINE.load(table.state).phase == "pay"


def test_population_ships_are_shown_by_their_goals_not_by_their_ids() -> None:
    """A ship's id ("P03") is no word for a player: the list shows its symbol and goal,
    the claimer's panel counts the ships."""
    table, users = a_table(2)
    state = ENGINE.load(table.state)
    rng = random.Random(1)
    while state.chapter == 1:
        state = ENGINE.apply(
            state, state.active, BOTS["heuristic"].choose(ENGINE, state, state.active, rng)
        )
    state = dataclasses.replace(state, owners=(0, *state.owners[1:]))
    table.state = ENGINE.dump(state)
    table.save(update_fields=["state"])
    html = board_html(table, users[1])
    words = text_nodes(html)
    ids = [w for w in words if re.search(r"\bP\d\d\b", w)]
    assert ids == [], ids
    assert html.count('class="rw-ship') >= len(state.ships)
    assert sum("1 population ship" in w for w in words) == 1
