"""Tables end to end through HTTP: create, join, play to the end, bots, refusals, replay."""

from __future__ import annotations

import json
import random

import pytest
from django.urls import reverse

from games.registry import get_engine
from lobby.models import Move, Seat, Table
from lobby.services import replay_states, table_create
from tests.lobby.helpers import post_move, random_legal, seat_to_move, started_table

pytestmark = pytest.mark.django_db


def test_a_table_is_created_from_the_games_option_form(client, alice):
    client.force_login(alice)
    url = reverse("lobby:table-new", args=["lost_cities"])
    page = client.get(url)
    assert page.status_code == 200
    assert "Expeditions" in page.content.decode()
    response = client.post(
        url,
        {
            "players": "2",
            "mode": "live",
            "visibility": "public",
            "rated": "on",
            "base_minutes": "5",
            "increment_seconds": "2",
            "move_seconds": "86400",
            "bank_seconds": "0",
            "opt_expeditions": "6",
            "opt_rounds": "2",
            "opt_first_player": "creator",
            "opt_discard_display": "full",
        },
    )
    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert table.options["expeditions"] == 6
    assert table.options["rounds"] == 2
    assert table.options["bonus_counts_wagers"] is False  # unticked checkbox
    assert table.mode == "live"
    assert (table.base_seconds, table.increment_seconds) == (300, 2)
    assert table.move_seconds is None
    assert table.status == Table.Status.OPEN
    assert [s.user for s in table.seats.all()] == [alice]


def test_a_forged_option_is_refused_with_a_message_and_nothing_is_created(client, alice):
    client.force_login(alice)
    url = reverse("lobby:table-new", args=["lost_cities"])
    response = client.post(
        url, {"players": "3", "mode": "async", "visibility": "public", "opt_rounds": "9"}
    )
    assert response.status_code == 400
    body = response.content.decode()
    assert "Select a valid choice" in body or "at most 5" in body
    assert Table.objects.count() == 0


def test_joining_a_full_table_starts_the_game(client, alice, bob):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    client.force_login(bob)
    response = client.post(reverse("lobby:join", args=[table.code]))
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    assert table.state is not None
    assert sorted(s.position for s in table.seats.all()) == [0, 1]
    assert sum(s.is_to_move for s in table.seats.all()) == 1


def test_two_users_play_a_whole_game_over_http(client, alice, bob):
    table = started_table(alice, bob)
    clients = {}
    for user in (alice, bob):
        c = type(client)()
        c.force_login(user)
        clients[table.seats.get(user=user).position] = c
    rng = random.Random(7)
    moves = 0
    while table.status == Table.Status.ACTIVE:
        seat = seat_to_move(table)
        response = post_move(
            clients[seat],
            table,
            random_legal(table, seat, rng),
            table.version,
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 200, response.content.decode()[:500]
        table.refresh_from_db()
        moves += 1
        assert moves < 400
    engine = get_engine("lost_cities")
    outcome = engine.outcome(engine.load(table.state))
    assert table.status == Table.Status.FINISHED
    assert Move.objects.filter(table=table).count() == moves == table.version - 2
    seats = {s.position: s for s in table.seats.all()}
    for position, seat in seats.items():
        assert seat.score == outcome.scores[position]
        assert seat.place == outcome.places[position]
        assert not seat.is_to_move
    final = clients[0].get(table.get_absolute_url()).content.decode()
    assert "The game is over." in final
    assert "Final scoring" in final


def test_a_replay_of_a_finished_game_reproduces_its_final_state(client, alice, bob):
    table = started_table(alice, bob)
    rng = random.Random(3)
    from lobby.services import move_submit

    while table.status == Table.Status.ACTIVE:
        seat = seat_to_move(table)
        user = table.seats.get(position=seat).user
        move_submit(
            code=table.code, user=user, action=random_legal(table, seat, rng), seen_version=None
        )
        table.refresh_from_db()
    engine = get_engine("lost_cities")
    states = replay_states(engine=engine, table=table)
    assert engine.dump(states[-1]) == table.state
    assert len(states) == table.moves.count() + 1
    # The replay page steps through, as a spectator sees it.
    response = client.get(reverse("lobby:replay", args=[table.code]) + "?n=3")
    assert response.status_code == 200
    assert "Move 3 of" in response.content.decode()
    assert response.context["view"] == engine.view(states[3], None)


def test_one_player_plays_a_whole_game_against_a_bot(client, alice, settings):
    settings.BOT_MOVE_DELAY = 0
    table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
    client.force_login(alice)
    response = client.post(reverse("lobby:bot", args=[table.code]), {"kind": "heuristic"})
    assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    rng = random.Random(11)
    for _ in range(400):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        seat = seat_to_move(table)
        assert table.seats.get(position=seat).user == alice, "the bot must have replied"
        response = post_move(client, table, random_legal(table, seat, rng), table.version)
        assert response.status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    bot_seat = table.seats.get(user=None)
    assert bot_seat.bot == Seat.Bot.HEURISTIC
    assert table.moves.filter(seat=bot_seat.position).count() > 10


# The bot replies from an on_commit callback: a transactional test lets commits happen.
test_one_player_plays_a_whole_game_against_a_bot = pytest.mark.django_db(transaction=True)(
    test_one_player_plays_a_whole_game_against_a_bot
)


class TestRefusals:
    """Illegal, stale, forged and malformed moves get a clear 4xx and change nothing."""

    @pytest.fixture
    def table(self, alice, bob):
        return started_table(alice, bob)

    def mover(self, table):
        seat = table.seats.get(position=seat_to_move(table))
        other = table.seats.exclude(pk=seat.pk).get()
        return seat.user, other.user

    def assert_unchanged(self, table, before):
        table.refresh_from_db()
        assert (table.version, table.state, table.moves.count()) == before

    def snapshot(self, table):
        return table.version, table.state, table.moves.count()

    def test_an_illegal_move_is_400_with_the_engines_sentence(self, client, table):
        mover, _ = self.mover(table)
        client.force_login(mover)
        before = self.snapshot(table)
        response = post_move(client, table, {"type": "draw"}, table.version, HTTP_HX_REQUEST="true")
        assert response.status_code == 400
        assert 'class="board-error"' in response.content.decode()
        self.assert_unchanged(table, before)

    def test_a_stale_double_click_is_409_and_applies_once(self, client, table):
        mover, _ = self.mover(table)
        client.force_login(mover)
        engine = get_engine("lost_cities")
        action = engine.legal_actions(engine.load(table.state), seat_to_move(table))[0]
        version = table.version
        assert post_move(client, table, action, version).status_code == 302
        table.refresh_from_db()
        before = self.snapshot(table)
        response = post_move(client, table, action, version, HTTP_HX_REQUEST="true")
        assert response.status_code == 409
        assert "The table has moved on" in response.content.decode()
        self.assert_unchanged(table, before)

    def test_a_move_out_of_turn_is_409(self, client, table):
        _, waiting = self.mover(table)
        client.force_login(waiting)
        before = self.snapshot(table)
        response = post_move(client, table, {"type": "draw"}, table.version)
        assert response.status_code == 409
        assert "It is not your turn." in response.content.decode()
        self.assert_unchanged(table, before)

    def test_a_player_who_is_not_seated_is_refused(self, client, table, carol):
        client.force_login(carol)
        before = self.snapshot(table)
        response = post_move(client, table, {"type": "draw"}, table.version)
        assert response.status_code == 403
        assert "You are not seated at this table." in response.content.decode()
        self.assert_unchanged(table, before)

    def test_a_stranger_cannot_see_or_touch_a_private_table(self, client, alice, bob, carol):
        table = table_create(
            user=alice, game="lost_cities", players=2, options={}, visibility="private"
        )
        client.force_login(carol)
        assert client.get(table.get_absolute_url()).status_code == 404
        assert post_move(client, table, {"type": "draw"}, 0).status_code == 404
        assert client.post(reverse("lobby:join", args=[table.code])).status_code == 404
        # The invite link lets her in.
        invite = reverse("lobby:invite", args=[table.code, table.invite_token])
        assert client.get(invite).status_code == 302
        assert client.post(reverse("lobby:join", args=[table.code])).status_code == 302
        table.refresh_from_db()
        assert table.status == Table.Status.ACTIVE

    def test_a_wrong_invite_token_is_404(self, client, alice, carol):
        table = table_create(
            user=alice, game="lost_cities", players=2, options={}, visibility="private"
        )
        client.force_login(carol)
        assert client.get(reverse("lobby:invite", args=[table.code, "guess"])).status_code == 404

    @pytest.mark.parametrize(
        "payload",
        [
            "not json",
            "[1, 2]",
            '"draw"',
            "{}",
            '{"type": "play"}',
            '{"type": "play", "card": 7}',
            '{"type": "play", "card": "LC-XX"}',
            '{"type": "teleport"}',
            '{"type": "take", "colour": "' + "x" * 5000 + '"}',
            '{"type": "draw", "extra": true}',
        ],
    )
    def test_a_malformed_payload_is_400_and_changes_nothing(self, client, table, payload):
        mover, _ = self.mover(table)
        client.force_login(mover)
        before = self.snapshot(table)
        response = post_move(client, table, payload, table.version)
        assert response.status_code == 400
        self.assert_unchanged(table, before)

    def test_a_malformed_version_is_400(self, client, table):
        mover, _ = self.mover(table)
        client.force_login(mover)
        response = client.post(
            reverse("lobby:move", args=[table.code]),
            {"action": json.dumps({"type": "draw"}), "version": "1e9"},
        )
        assert response.status_code == 400

    def test_a_move_on_a_finished_table_is_409(self, client, table):
        mover, _ = self.mover(table)
        client.force_login(mover)
        assert client.post(reverse("lobby:concede", args=[table.code])).status_code == 302
        table.refresh_from_db()
        assert table.status == Table.Status.FINISHED
        before = self.snapshot(table)
        response = post_move(client, table, {"type": "draw"}, table.version)
        assert response.status_code == 409
        self.assert_unchanged(table, before)

    def test_an_anonymous_post_goes_to_log_in(self, client, table):
        response = post_move(client, table, {"type": "draw"}, table.version)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]

    def test_get_on_a_post_endpoint_is_405(self, client, table):
        mover, _ = self.mover(table)
        client.force_login(mover)
        assert client.get(reverse("lobby:move", args=[table.code])).status_code == 405


def test_concede_ranks_the_conceder_last(client, alice, bob):
    table = started_table(alice, bob)
    client.force_login(bob)
    assert client.post(reverse("lobby:concede", args=[table.code])).status_code == 302
    table.refresh_from_db()
    places = {s.user: s.place for s in table.seats.all()}
    assert places == {alice: 1, bob: 2}
    assert "bob conceded." in table.end_reason


def test_leaving_before_start_frees_the_seat(client, countdown, alice, bob, carol):
    table = table_create(user=alice, game="countdown", players=3, options={})
    for user in (bob, carol):
        client.force_login(user)
        client.post(reverse("lobby:join", args=[table.code]))
        if user == bob:
            assert client.post(reverse("lobby:leave", args=[table.code])).status_code == 302
    assert [s.user for s in table.seats.order_by("position")] == [alice, carol]
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_the_creator_leaving_cancels_the_table(client, alice):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    client.force_login(alice)
    assert client.post(reverse("lobby:leave", args=[table.code])).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ABORTED
    response = client.post(reverse("lobby:join", args=[table.code]))
    assert response.status_code == 409


def test_the_creator_starts_early_and_seats_are_renumbered(client, countdown, alice, bob, carol):
    table = table_create(user=alice, game="countdown", players=4, options={})
    for user in (bob, carol):
        client.force_login(user)
        client.post(reverse("lobby:join", args=[table.code]))
    client.force_login(bob)
    client.post(reverse("lobby:leave", args=[table.code]))
    client.force_login(alice)
    assert client.post(reverse("lobby:start", args=[table.code])).status_code == 302
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    assert table.players == 2
    assert [(s.position, s.user) for s in table.seats.order_by("position")] == [
        (0, alice),
        (1, carol),
    ]
    assert countdown.load(table.state).players == 2


def test_a_one_player_game_starts_at_once(countdown, alice):
    table = table_create(user=alice, game="countdown", players=1, options={})
    assert table.status == Table.Status.ACTIVE


def test_the_open_list_filters_by_game_and_hides_private_tables(client, countdown, alice):
    public = table_create(user=alice, game="countdown", players=2, options={})
    table_create(user=alice, game="countdown", players=2, options={}, visibility="private")
    lost = table_create(user=alice, game="lost_cities", players=2, options={})
    response = client.get(reverse("lobby:tables") + "?game=countdown")
    assert list(response.context["tables"]) == [public]
    response = client.get(reverse("lobby:tables"))
    assert set(response.context["tables"]) == {public, lost}


def test_my_games_puts_the_tables_where_it_is_my_turn_first(client, alice, bob):
    first = started_table(alice, bob)
    second = started_table(alice, bob)
    client.force_login(alice)
    response = client.get(reverse("lobby:mine"))
    mine_turn = [t for t in (first, second) if t.seats.get(user=alice).is_to_move]
    others = [t for t in (first, second) if t not in mine_turn]
    assert set(response.context["my_turn"]) == set(mine_turn)
    assert set(response.context["waiting"]) == set(others)
    body = response.content.decode()
    if mine_turn and others:
        assert body.index(str(mine_turn[0].code)) < body.index(str(others[0].code))


def test_only_the_creator_may_seat_a_bot_or_start(client, alice, bob):
    table = table_create(user=alice, game="lost_cities", players=2, options={})
    client.force_login(bob)
    response = client.post(reverse("lobby:bot", args=[table.code]), {"kind": "random"})
    assert response.status_code == 403
    assert response.context["error"] == "Only the table's creator can seat a bot."
    response = client.post(reverse("lobby:start", args=[table.code]))
    assert response.status_code == 403
    client.force_login(alice)
    response = client.post(reverse("lobby:start", args=[table.code]))
    assert response.status_code == 409
    assert "needs at least 2 players" in response.context["error"]
    response = client.post(reverse("lobby:bot", args=[table.code]), {"kind": "genius"})
    assert response.status_code == 400
    assert Seat.objects.filter(table=table).count() == 1


def test_a_table_whose_first_seat_cannot_be_written_is_not_created(alice, monkeypatch):
    """table_create is one transaction: a failure after the table row leaves nothing."""

    def refuse(**fields):
        raise RuntimeError("seat write failed")

    monkeypatch.setattr(Seat.objects, "create", refuse)
    with pytest.raises(RuntimeError):
        table_create(user=alice, game="lost_cities", players=2, options={})
    assert not Table.objects.exists()
