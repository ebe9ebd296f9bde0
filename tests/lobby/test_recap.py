""" "Since your last move": the panel on the table page and the line in My games."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.registry import engines, get_engine
from lobby import recap
from lobby.models import Seat, Table
from lobby.services import move_submit, seat_join, table_create
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def mover(table: Table) -> Seat:
    return Seat.objects.select_related("user").get(table=table, is_to_move=True)


def take_turn(table: Table, *, draw: bool = True) -> tuple[str, str]:
    """Play the mover's whole Lost Cities turn: discard a card, then draw from the deck.

    Return the discarded card's id and the id of the card drawn.
    """
    seat = mover(table)
    table.refresh_from_db()
    engine = get_engine(table.game)
    state = engine.load(table.state)
    actions = engine.legal_actions(state, seat.position)
    card = next(a["card"] for a in actions if a["type"] == "discard")
    move_submit(
        code=table.code, user=seat.user, action={"type": "discard", "card": card}, seen_version=None
    )
    table.refresh_from_db()
    drawn = engine.load(table.state).deck[-1]
    move_submit(code=table.code, user=seat.user, action={"type": "draw"}, seen_version=None)
    table.refresh_from_db()
    return card, drawn


@pytest.fixture
def waited(alice, bob):
    """A table where each player moved once and it is the first mover's turn again."""
    table = started_table(alice, bob)
    first = mover(table).user
    take_turn(table)
    _, drawn = take_turn(table)
    table.refresh_from_db()
    table.drawn = drawn
    table.first = first
    return table


def test_the_page_shows_the_other_players_moves_since_my_last_one(client, waited):
    other = mover_other(waited)
    client.force_login(waited.first)
    html = client.get(waited.get_absolute_url()).content.decode()
    panel = re.search(r'<section class="recap card".*?</section>', html, re.S)
    assert panel is not None
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", panel.group(0)))
    assert f"{other.username}: discarded " in text
    assert "drew a card" in text
    assert "2 moves since yours." in text


def mover_other(table: Table):
    return next(s.user for s in table.seats.all() if s.user != table.first)


def test_the_recap_never_names_the_card_the_other_player_drew(client, waited):
    from games.lost_cities.engine import _LABEL

    client.force_login(waited.first)
    html = client.get(waited.get_absolute_url()).content.decode()
    panel = re.search(r'<section class="recap card".*?</section>', html, re.S).group(0)
    assert "drew a card" in panel
    assert f"drew {_LABEL[waited.drawn]}" not in panel
    assert waited.drawn not in panel


def test_the_regions_the_other_player_changed_are_marked(client, waited):
    client.force_login(waited.first)
    html = client.get(waited.get_absolute_url()).content.decode()
    marked = set(
        re.findall(r'id="table-[0-9a-f-]+-board-([\w-]+)" class="region recap-changed"', html)
    )
    # The other player discarded (a discard pile) and drew (the deck); their expeditions
    # and my hand did not change.
    assert marked == {"discards", "deck"}
    assert html.count("Changed since your last move:") == 2


def test_no_recap_when_it_is_not_my_turn_or_before_my_first_move(client, alice, bob, waited):
    other = mover_other(waited)
    client.force_login(other)
    assert 'class="recap card"' not in client.get(waited.get_absolute_url()).content.decode()
    fresh = started_table(alice, bob)
    client.force_login(mover(fresh).user)
    assert 'class="recap card"' not in client.get(fresh.get_absolute_url()).content.decode()


def test_a_live_table_gets_no_recap(client, alice, bob):
    from tests.lobby.helpers import live_table

    table = live_table("lost_cities", alice, bob)
    first = mover(table).user
    take_turn(table)
    take_turn(table)
    client.force_login(first)
    assert 'class="recap card"' not in client.get(table.get_absolute_url()).content.decode()


def test_the_recap_goes_once_i_have_moved(client, waited):
    take_turn(waited)
    client.force_login(waited.first)
    assert 'class="recap card"' not in client.get(waited.get_absolute_url()).content.decode()


def test_the_recap_is_said_in_my_language(client, waited):
    waited.first.language = "de"
    client.force_login(waited.first)
    html = client.get(waited.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Seit deinem letzten Zug" in html


def page_queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as ctx:
        assert client.get(url).status_code == 200
    return sum(1 for q in ctx.captured_queries if "SAVEPOINT" not in q["sql"])


def test_the_recap_costs_one_query_whatever_the_log(client, waited):
    client.force_login(waited.first)
    client.get(reverse("home"))
    with_recap = page_queries(client, waited.get_absolute_url())
    take_turn(waited)
    take_turn(waited)
    assert page_queries(client, waited.get_absolute_url()) == with_recap
    other = mover_other(waited)
    client.force_login(other)
    client.get(reverse("home"))
    # The other player, not to move, gets no recap: one query less (the log).
    assert page_queries(client, waited.get_absolute_url()) == with_recap - 1


def test_my_games_has_one_line_per_table_where_it_is_my_turn(client, alice, bob, waited):
    other = mover_other(waited)
    client.force_login(waited.first)
    html = client.get(reverse("lobby:mine")).content.decode()
    lines = re.findall(r'<p class="recap-line">(.*?)</p>', html, re.S)
    assert len(lines) == 1
    line = re.sub(r"<[^>]+>", "", lines[0]).strip()
    assert re.fullmatch(
        rf"Since your last move: {other.username}: "
        r"discarded [A-Z][a-z]+ \w+, drew a card — 2 moves",
        line,
    ), line


def back_to(table: Table, user) -> None:
    """Play turns until `user` has moved and it is their turn again."""
    turns = 0
    while turns < 2 or mover(table).user != user:
        take_turn(table)
        turns += 1


def test_my_games_lines_cost_the_same_queries_for_one_table_or_many(client, alice, bob):
    back_to(started_table(alice, bob), alice)
    client.force_login(alice)
    client.get(reverse("home"))
    one = page_queries(client, reverse("lobby:mine"))
    for _ in range(3):
        back_to(started_table(alice, bob), alice)
    assert page_queries(client, reverse("lobby:mine")) == one
    html = client.get(reverse("lobby:mine")).content.decode()
    assert html.count('class="recap-line"') == 4


def test_the_summary_line_words_at_most_three_moves_per_player():
    players = [
        recap.PlayerMoves(1, "anna", ["a", "b", "c", "d"]),
        recap.PlayerMoves(2, "ben", ["e"]),
    ]
    assert recap.recap_line(players) == "anna: a, b, c, …; ben: e — 5 moves"


@pytest.mark.parametrize("slug", sorted(engine.slug for engine in engines()))
def test_every_game_draws_its_recap(client, alice, bob, slug):
    """Each game's board replays and compares: the page answers with the panel."""
    engine = get_engine(slug)
    table = table_create(user=alice, game=slug, players=2, options={})
    seat_join(code=table.code, user=bob)
    rng = random.Random(slug)
    moved, since_mine = False, 0
    for _ in range(400):
        table.refresh_from_db()
        to_move = sorted(engine.to_move(engine.load(table.state)))
        alice_to_move = table.seats.get(position=0).is_to_move
        if moved and since_mine and alice_to_move:
            break
        # Alice once, then bob until it is her turn again.
        seat = 1 if moved and 1 in to_move else to_move[0]
        action = rng.choice(engine.legal_actions(engine.load(table.state), seat))
        user = alice if seat == 0 else bob
        move_submit(code=table.code, user=user, action=action, seen_version=None)
        moved, since_mine = moved or seat == 0, (0 if seat == 0 else since_mine + 1)
    assert moved and since_mine, slug
    client.force_login(alice)
    response = client.get(table.get_absolute_url())
    assert response.status_code == 200
    assert 'class="recap card"' in response.content.decode()


def test_the_state_at_my_last_move_is_replayed_once(client, waited, monkeypatch):
    engine = get_engine(waited.game)
    calls = []
    real = type(engine).setup

    def counted(self, **kwargs):
        calls.append(1)
        return real(self, **kwargs)

    monkeypatch.setattr(type(engine), "setup", counted)
    client.force_login(waited.first)
    first = client.get(waited.get_absolute_url()).content.decode()
    again = client.get(waited.get_absolute_url()).content.decode()
    assert len(calls) == 1
    marked = r'class="region recap-changed"'
    assert first.count(marked) == again.count(marked) == 2
