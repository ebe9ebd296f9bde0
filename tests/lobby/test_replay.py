"""The replay of a finished game: from move 0, step by step, as a spectator or from one's seat."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.registry import engines, get_engine
from lobby import replay, views
from lobby.models import Table
from lobby.services import replay_states
from tests.lobby.finished import finished_table
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game(alice, bob):
    table = finished_table(alice, bob)
    assert table.move_count > 2 * replay.CHECKPOINT_EVERY  # steps cross checkpoints
    return table


def url(table: Table, **query) -> str:
    base = reverse("lobby:replay", args=[table.code])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def as_user(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_replay_opens_at_move_zero(client, game):
    engine = get_engine("lost_cities")
    response = client.get(url(game))
    assert response.status_code == 200
    assert response.context["step"] == 0
    assert response.context["view"] == engine.view(
        replay_states(engine=engine, table=game)[0], None
    )
    assert f"Move 0 of {game.move_count}" in response.content.decode()


@pytest.mark.parametrize("n", [1, 3, 19, 20, 21, 40, 41, "last"])
def test_n_shows_the_state_after_that_many_moves(client, game, n):
    engine = get_engine("lost_cities")
    states = replay_states(engine=engine, table=game)
    k = game.move_count if n == "last" else n
    client.get(url(game, n=k // 2))  # the checkpoints are cached by an earlier step
    for _ in range(2):
        response = client.get(url(game, n=k))
        assert response.context["step"] == k
        assert response.context["view"] == engine.view(states[k], None)
        assert response.context["move"].n == k
        assert f"Move {k} of {game.move_count}" in response.content.decode()


def test_a_step_out_of_range_or_unreadable_is_clamped_or_the_start(client, game):
    assert client.get(url(game, n=99999)).context["step"] == game.move_count
    assert client.get(url(game, n="-3")).context["step"] == 0
    assert client.get(url(game, n="x")).context["step"] == 0


def test_an_htmx_step_gets_only_the_frame_and_a_page_load_the_whole_page(client, game):
    frame = client.get(url(game, n=3), **HTMX)
    html = frame.content.decode()
    assert frame.status_code == 200
    assert html.lstrip().startswith(f'<section id="replay-{game.code}" class="replay-frame"')
    assert "<html" not in html and "replay-moves" not in html
    assert 'data-step="3"' in html
    assert "HX-Request" in frame["Vary"]
    page = client.get(url(game, n=3)).content.decode()
    assert "<html" in page and "replay-moves" in page and "js/replay.js" in page
    # htmx asks for the whole page when its history cache misses.
    restore = client.get(url(game, n=3), HTTP_HX_HISTORY_RESTORE_REQUEST="true", **HTMX)
    assert "<html" in restore.content.decode()


def test_every_step_is_a_link_and_the_move_list_jumps_to_each_move(client, game):
    page = client.get(url(game, n=5)).content.decode()
    base = reverse("lobby:replay", args=[game.code])
    for n in (0, 4, 6, game.move_count):
        assert f'href="{base}?n={n}"' in page
    for n in range(game.move_count + 1):
        assert f'data-n="{n}"' in page
    assert 'data-n="5" aria-current="step"' in page
    for move in game.moves.all():
        assert move.spectator_text in page


def test_a_step_applies_at_most_a_checkpoints_worth_of_moves(client, game, monkeypatch):
    """The whole log is replayed once per table and version; a step after that is short."""
    engine = get_engine("lost_cities")
    applied = []

    class Counting:
        def __getattr__(self, name):
            return getattr(engine, name)

        def apply(self, state, seat, action):
            applied.append(1)
            return engine.apply(state, seat, action)

    monkeypatch.setattr(views, "get_engine", lambda slug: Counting())
    client.get(url(game, n=1))
    assert len(applied) == game.move_count + 1  # the checkpoints, then move 1
    for n in (game.move_count, 39, 2):
        applied.clear()
        client.get(url(game, n=n), **HTMX)
        assert len(applied) < replay.CHECKPOINT_EVERY


def test_a_player_replays_from_their_own_seat_and_sees_their_own_hand(game, alice):
    engine = get_engine("lost_cities")
    states = replay_states(engine=engine, table=game)
    client = as_user(alice)
    for n in (0, 7, game.move_count // 2):
        response = client.get(url(game, seat=0, n=n))
        assert response.status_code == 200
        html = response.content.decode()
        state = states[n]
        assert response.context["view"] == engine.view(state, 0)
        own_hand = set(state.hands[0])
        assert own_hand and all(f'data-card="{card}"' in html for card in own_hand)
        hidden = engine.secret_tokens(state, 0)
        assert not {token for token in hidden if token in html}
        # The steps keep the seat.
        assert f"?seat=0&amp;n={n + 1}" in html


def test_a_players_move_list_reads_as_they_knew_it(game, alice):
    page = as_user(alice).get(url(game, seat=0)).content.decode()
    spectator = Client().get(url(game)).content.decode()
    draws = [m for m in game.moves.all() if m.seat == 0 and m.action["type"] == "draw"]
    assert draws and draws[0].text_for(0) != draws[0].spectator_text
    assert draws[0].text_for(0) in page
    assert draws[0].text_for(0) not in spectator


@pytest.mark.parametrize("who", ["the other player", "a stranger", "a visitor"])
@pytest.mark.parametrize("seat", ["1", "0", "x", "-1"])
def test_no_one_may_replay_from_a_seat_not_their_own(game, bob, carol, who, seat):
    engine = get_engine("lost_cities")
    client = {"the other player": as_user(bob), "a stranger": as_user(carol)}.get(who, Client())
    if who == "the other player" and seat == "1":
        seat = "0"  # bob sits at 1: his own seat is allowed, alice's is not
    response = client.get(url(game, seat=seat, n=9))
    assert response.status_code == 403
    html = response.content.decode()
    state = replay_states(engine=engine, table=game, upto=9)[-1]
    assert not {token for token in engine.secret_tokens(state, 1) if token in html}
    assert not {token for token in state.hands[0] if token in html}


def test_the_other_player_replays_from_their_seat_too(game, bob):
    assert as_user(bob).get(url(game, seat=1, n=2)).status_code == 200


def test_a_spectator_sees_no_hand(client, game, alice):
    engine = get_engine("lost_cities")
    states = replay_states(engine=engine, table=game)
    for viewer in (client, as_user(alice)):  # a player without ?seat= watches as a spectator
        for n in (0, 10, game.move_count // 2):
            html = viewer.get(url(game, n=n)).content.decode()
            assert "lc-hand-card" not in html
            assert not {t for t in engine.secret_tokens(states[n], None) if t in html}


def test_a_game_in_play_has_no_replay(client, alice, bob):
    table = started_table(alice, bob)
    assert client.get(url(table)).status_code == 404


@pytest.mark.parametrize("slug", sorted(e.slug for e in engines()))
def test_no_replay_frame_shows_a_viewer_what_they_could_not_see(slug, alice, bob):
    """Every game: frames seen from each seat and by a spectator hide what that viewer
    could not see at that step (the other seat's hand, the deck), as the table did."""
    engine = get_engine(slug)
    table = finished_table(alice, bob, game=slug)
    states = replay_states(engine=engine, table=table)
    viewers = {0: as_user(alice), 1: as_user(bob), None: Client()}
    scanned = 0
    for n in sorted({0, 1, 2, *range(0, table.move_count + 1, max(1, table.move_count // 6))}):
        for position, client in viewers.items():
            query = {"n": n} if position is None else {"seat": position, "n": n}
            html = client.get(url(table, **query), **HTMX).content.decode()
            hidden = engine.secret_tokens(states[n], position)
            assert not {t for t in hidden if t in html}, (slug, position, n)
            scanned += bool(hidden)
    assert scanned
