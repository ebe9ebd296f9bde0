"""The board rendered through the platform: it shows the game and hides every secret."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games.relative_space.bots import BOTS
from games.relative_space.engine import ENGINE
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import move_submit, seat_join, table_create
from tests.factories import UserFactory
from tests.games.kit import canonical
from tests.games.page_text import text_nodes

pytestmark = pytest.mark.django_db


def a_table(players: int) -> tuple[Table, list]:
    users = [UserFactory(username=f"pilot{n}") for n in range(players)]
    table = table_create(user=users[0], game="relative_space", players=players, options={})
    for user in users[1:]:
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table, users


def assert_no_secrets(table: Table, users: list) -> dict[str, str]:
    """Render for each seat and a spectator; no viewer's page holds a secret of theirs."""
    state = ENGINE.load(table.state)
    pages = {}
    viewers = [(None, AnonymousUser())] + [(seat, users[seat]) for seat in range(len(users))]
    for position, user in viewers:
        seat = table.seats.get(user=user) if position is not None else None
        viewer = seat.position if seat is not None else None
        html = board_html(table, user)
        for token in ENGINE.secret_tokens(state, viewer):
            assert token not in html, f"{token} leaks to {viewer}"
        pages["spectator" if viewer is None else str(viewer)] = html
    return pages


def test_every_viewer_sees_the_pods_and_pyramids_but_no_hidden_card() -> None:
    """Three players and a spectator: pods, three pyramids, face-down backs without ids."""
    table, users = a_table(3)
    pages = assert_no_secrets(table, users)
    state = ENGINE.load(table.state)
    for html in pages.values():
        assert 'class="rs-board' in html and 'data-pod="1"' in html
        assert html.count('<section class="rs-supply') == 3
        # Rows C and D of each supply are face down: three backs per supply.
        assert html.count("rs-card rs-back") == 9
    mover = pages[str(state.active)]
    # The player to move gets a radio per available card and a button per play.
    assert mover.count('class="rs-pick"') == 4
    assert mover.count('name="action"') == len(ENGINE.legal_actions(state, state.active))
    for seat in range(3):
        if seat != state.active:
            assert 'name="action"' not in pages[str(seat)]
    assert 'name="action"' not in pages["spectator"]


def test_every_button_posts_a_legal_action() -> None:
    """Each action button's value is one of the engine's legal actions, and all are there."""
    table, _users = a_table(2)
    state = ENGINE.load(table.state)
    seat = table.seats.get(position=state.active)
    html = board_html(table, seat.user)
    values = re.findall(r'name="action" value="([^"]+)"', html)
    posted = [json.loads(value.replace("&quot;", '"')) for value in values]
    legal = ENGINE.legal_actions(state, state.active)
    assert sorted(map(canonical, posted)) == sorted(map(canonical, legal))


@pytest.mark.parametrize("players", [2, 5])
def test_a_whole_game_through_the_platform_never_leaks_and_ends_with_the_breakdown(
    players: int,
) -> None:
    """Bots' choices submitted as the seated users; every few moves every page is scanned."""
    table, users = a_table(players)
    rng = random.Random(players)
    for step in range(2000):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = ENGINE.load(table.state)
        seat = state.active
        bot = BOTS["heuristic"] if seat % 2 == 0 else BOTS["random"]
        action = bot.choose(ENGINE, state, seat, rng)
        move_submit(code=table.code, user=users[seat], action=action, seen_version=table.version)
        if step % 7 == 0:
            table.refresh_from_db()
            assert_no_secrets(table, users)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    pages = assert_no_secrets(table, users)
    assert "Final scoring" in pages["spectator"]
    assert 'name="action"' not in pages["0"]


def test_the_replay_page_draws_each_step_without_buttons(client) -> None:
    """A finished game replays move by move: a spectator's board, no radios, no buttons."""
    table, users = a_table(2)
    rng = random.Random(1)
    while True:
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        state = ENGINE.load(table.state)
        action = BOTS["heuristic"].choose(ENGINE, state, state.active, rng)
        move_submit(
            code=table.code, user=users[state.active], action=action, seen_version=table.version
        )
    for step in (0, 3, table.moves.count()):
        response = client.get(f"/t/{table.code}/replay/?n={step}")
        html = response.content.decode()
        assert response.status_code == 200 and "rs-board" in html
        assert 'name="action"' not in html and 'class="rs-pick"' not in html


#: A place's code ("A3", "D1"): the pyramid's own names, not words for a player.
PLACE_CODE = re.compile(r"\b[A-D][1-4]\b")


def test_the_log_and_the_pyramids_name_places_in_words_in_the_readers_language() -> None:
    """ "played a 7 from place 3 of row 1", never "from A3", in German too."""
    table, users = a_table(2)
    rng = random.Random(4)
    kinds = set()
    for _ in range(30):
        table.refresh_from_db()
        state = ENGINE.load(table.state)
        if state.over:
            break
        action = rng.choice(ENGINE.legal_actions(state, state.active))
        kinds.add(action["type"])
        move_submit(code=table.code, user=users[state.active], action=action, seen_version=None)
    table.refresh_from_db()
    assert "play" in kinds
    for language, place in (("en", "of row"), ("de", "in Reihe"), ("nl", "van rij")):
        with translation.override(language):
            html = board_html(table, users[0])
        words = text_nodes(html)
        codes = [w for w in words if PLACE_CODE.search(w)]
        assert codes == [], (language, codes[:5])
        log = text_nodes(html[html.index("-log-list") :])
        assert sum(place in line for line in log) >= 10, (language, log[:6])
        # The pyramids name their places to screen readers in words as well.
        assert any(place in w for w in words[: len(words) - len(log)]), language
