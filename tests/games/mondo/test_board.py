"""The Mondo board through the platform: each viewer's page holds no secret of theirs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import deadlines_sweep, move_submit, seat_join, table_create
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

ENGINE = get_engine("mondo")


@pytest.fixture
def table(alice, bob, carol):
    table = table_create(user=alice, game="mondo", players=3, options={"expert": True}, mode="live")
    seat_join(code=table.code, user=bob)
    seat_join(code=table.code, user=carol)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def state_of(table: Table):
    table.refresh_from_db()
    return ENGINE.load(table.state)


def move(table: Table, user, **action) -> None:
    move_submit(code=table.code, user=user, action=action, seen_version=None)
    table.refresh_from_db()


def first_slot(table: Table) -> int:
    return next(slot for slot, code in enumerate(state_of(table).pool) if code != -1)


def test_no_page_shows_a_secret_of_its_viewer(table, alice, bob, carol) -> None:
    """Pool tiles' ids (their hidden faces) and the tiles others hold never appear."""
    move(table, bob, type="take", slot=first_slot(table))
    move(table, alice, type="take", slot=first_slot(table))
    move(table, alice, type="place", cell="r2c2")
    move(table, carol, type="take", slot=first_slot(table))
    state = state_of(table)
    viewers = {0: alice, 1: bob, 2: carol, None: AnonymousUser()}
    for position, user in viewers.items():
        html = board_html(table, user)
        secrets = ENGINE.secret_tokens(state, position)
        assert len(secrets) > 100
        for token in secrets:
            assert token not in html, f"{token} leaks to {position}"
        assert "MO-" not in html


def test_each_player_sees_the_held_tile_and_controls_only_on_their_own_page(
    table, alice, bob
) -> None:
    move(table, bob, type="take", slot=first_slot(table))
    bob_page = board_html(table, bob)
    alice_page = board_html(table, alice)
    assert "data-mo-held" in bob_page and "data-mo-held" not in alice_page
    assert bob_page.count('class="mo-cell mo-legal') == 24  # the first tile goes anywhere
    assert "Put back" in bob_page and "Put back" not in alice_page
    assert "holds a tile" in alice_page
    # Alice may take any of the 135 tiles left; Bob must first place or put back his.
    assert alice_page.count('class="mo-slot"') == 135
    assert 'type="submit" name="action" value="{&quot;slot&quot;' not in bob_page


def test_a_spectator_sees_the_worlds_and_the_pool_but_no_buttons(table, alice) -> None:
    move(table, alice, type="take", slot=first_slot(table))
    move(table, alice, type="place", cell="r3c3")
    html = board_html(table, AnonymousUser())
    assert 'name="action"' not in html
    assert html.count("mo-cell mo-filled") == 1
    assert "Your world" not in html
    stranger = UserFactory(username="dora")
    assert 'name="action"' not in board_html(table, stranger)


def test_the_round_end_shows_every_players_breakdown_and_a_ready_button(table, alice, bob) -> None:
    move(table, alice, type="take", slot=first_slot(table))
    move(table, alice, type="place", cell="r3c3")
    table.refresh_from_db()
    assert deadlines_sweep(now=table.phase_deadline + timedelta(seconds=1)) == 1
    table.refresh_from_db()
    html = board_html(table, bob)
    assert "Round 1 is over" in html
    assert "Round score" in html and "Free spaces" in html and "Connection errors" in html
    assert "Ready for round 2" in html
    assert html.count("−23") >= 1  # Alice: one tile, 23 free spaces


def test_a_finished_game_shows_the_final_breakdown_and_replays(client, alice, bob) -> None:
    table = table_create(user=alice, game="mondo", players=2, options={}, mode="live")
    seat_join(code=table.code, user=bob)
    for number in (1, 2, 3):
        move(table, alice, type="stop")
        move(table, bob, type="stop")
        if number < 3:
            move(table, alice, type="ready")
            move(table, bob, type="ready")
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert len(table.result["details"]["rounds"]) == 3
    html = board_html(table, alice)
    assert "Final scoring" in html and html.count("Round score") == 3
    client.force_login(alice)
    response = client.get(reverse("lobby:replay", args=[table.code]) + "?n=3")
    assert response.status_code == 200
    body = response.content.decode()
    assert "mo-board" in body and 'name="action"' not in body
