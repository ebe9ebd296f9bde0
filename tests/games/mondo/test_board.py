"""The Mondo board through the platform: each viewer's page holds no secret of theirs."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from games.mondo.scoring import ORIENTED_CODE
from games.mondo.tiles import ANIMAL_LABELS
from games.mondo.view import tile_view
from games.registry import get_engine
from lobby.models import Table
from lobby.rendering import board_html
from lobby.services import deadlines_sweep, move_submit, seat_join, table_create
from tests.factories import UserFactory
from tests.games.page_text import text_nodes

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


SYMBOL = re.compile(
    r'<svg class="([^"]*)"([^>]*)>(?:<title>([^<]*)</title>)?<use href="[^"#]*#(mo-[\w-]+)"'
)


def test_animals_are_drawn_with_translated_names_and_explained_in_the_legend(
    table, alice, bob
) -> None:
    """No letter codes ("El", "Ze"): each animal is a drawn symbol named in the reader's
    language, and every symbol the board draws has its line in the help's legend."""
    # A world with animals on it, and one held tile: the pool, the worlds, the hand.
    state = state_of(table)
    animal_slots = [
        slot
        for slot, code in enumerate(state.pool)
        if code != -1 and "animal" in tile_view(ORIENTED_CODE[code])
    ]
    for cell, slot in zip(("r2c2", "r2c3", "r2c4"), animal_slots, strict=False):
        move(table, alice, type="take", slot=slot)
        move(table, alice, type="place", cell=cell)
    move(table, alice, type="take", slot=first_slot(table))
    with translation.override("de"):
        html = board_html(table, alice)
        help_html = render_to_string("games/mondo/help.html")
        names = {key: gettext(label) for key, label in ANIMAL_LABELS.items()}
    words = text_nodes(html)
    codes = [w for w in words if re.fullmatch(r"[A-Z][a-z]?", w)]
    assert codes == [], codes
    drawn = SYMBOL.findall(html)
    on_tiles = [d for d in drawn if "mo-animal" in d[0].split()]
    assert len(on_tiles) >= len(animal_slots)  # placed, held or still in the pool
    for _classes, attrs, title, name in on_tiles:
        animal = name.removeprefix("mo-")
        assert f'aria-label="{names[animal]}"' in attrs and title == names[animal], (name, attrs)
    assert any(names[name.removeprefix("mo-")] != name.removeprefix("mo-") for *_, name in on_tiles)
    assert {"Elefant", "Schildkröte"} <= set(names.values())
    # Every animal drawn is in the board's own legend and on the help page, in German.
    legend = html[html.index("mo-animal-legend") :]
    explained = set(re.findall(r'icons/sprite[^"#]*\.svg#(mo-[\w-]+)"', help_html))
    for name in {d[3] for d in drawn}:
        assert name in explained, name
    for animal, word in names.items():
        assert f"#mo-{animal}" in legend and word in legend, animal
        assert f"#mo-{animal}" in help_html and word in help_html, animal


def test_the_other_players_move_marks_exactly_the_space_filled(table, alice, bob) -> None:
    """Not the whole world: the space of Bob's world where his tile went."""
    move(table, bob, type="take", slot=first_slot(table))
    move(table, bob, type="place", cell="r3c4")
    html = board_html(table, alice)
    marked = re.findall(r"<(\w+) ([^>]*)data-last-move=\"\d+\"", html)
    assert len(marked) == 1, marked
    tag, attrs = marked[0]
    assert tag == "span" and 'data-cell="r3c4"' in attrs and "mo-filled" in attrs
    world = html[: html.index("data-last-move")].rsplit('class="mo-world', 1)[1]
    assert world.split(">", 1)[0].count('data-seat="1"') == 1
    assert "data-last-move" not in board_html(table, bob)
