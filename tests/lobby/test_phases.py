"""Simultaneous games and the platform's round timers (timed phases)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from lobby.models import Move, Table
from lobby.services import (
    deadlines_sweep,
    move_submit,
    phase_time_up,
    replay_states,
    seat_join,
    table_create,
)
from tests.lobby.helpers import post_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tapper, alice, bob):
    table = table_create(user=alice, game="tapper", players=2, options={}, mode="live")
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    return table


def test_a_simultaneous_game_runs_no_turn_clocks_and_starts_its_round_timer(table):
    assert table.base_seconds is None and table.move_seconds is None
    assert all(s.is_to_move and s.deadline is None for s in table.seats.all())
    assert table.phase_key == "round-1"
    assert table.phase_deadline == table.started_at + timedelta(seconds=30)


def test_players_act_in_any_order_without_stale_version_refusals(client, table, alice, bob):
    seen = table.version
    for user in (alice, bob, alice):
        client.force_login(user)
        assert post_move(client, table, {"type": "tap"}, seen).status_code == 302
    table.refresh_from_db()
    assert table.move_count == 3


def test_the_round_ends_for_everyone_when_its_time_is_up(table, alice):
    move_submit(code=table.code, user=alice, action={"type": "tap"}, seen_version=None)
    deadline = table.phase_deadline
    assert (
        phase_time_up(table_id=table.id, phase_key="round-1", now=deadline - timedelta(1)) is False
    )
    assert deadlines_sweep(now=deadline + timedelta(seconds=1)) == 1
    table.refresh_from_db()
    assert table.phase_key == "round-2"
    assert Move.objects.filter(table=table, kind=Move.Kind.TIME_UP).count() == 1
    # A late call for the old phase is a no-op.
    assert (
        phase_time_up(table_id=table.id, phase_key="round-1", now=deadline + timedelta(minutes=5))
        is False
    )


def test_the_sweep_ends_a_round_whose_time_is_up_exactly_at_its_now(table):
    """A round deadline equal to the sweep's moment has passed: the round ends."""
    deadline = table.phase_deadline
    assert deadlines_sweep(now=deadline - timedelta(microseconds=1)) == 0
    assert deadlines_sweep(now=deadline) == 1
    table.refresh_from_db()
    assert table.phase_key == "round-2"
    assert Move.objects.filter(table=table, kind=Move.Kind.TIME_UP).count() == 1


def test_a_replay_includes_the_rounds_the_clock_ended(table, tapper, alice, bob):
    move_submit(code=table.code, user=alice, action={"type": "tap"}, seen_version=None)
    table.refresh_from_db()
    deadlines_sweep(now=table.phase_deadline + timedelta(seconds=1))
    move_submit(code=table.code, user=bob, action={"type": "tap"}, seen_version=None)
    table.refresh_from_db()
    deadlines_sweep(now=table.phase_deadline + timedelta(seconds=1))
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    states = replay_states(engine=tapper, table=table)
    assert tapper.dump(states[-1]) == table.state


def test_the_board_shows_the_round_countdown(client, table, alice):
    client.force_login(alice)
    body = client.get(reverse("lobby:table", args=[table.code])).content.decode()
    assert "Time left in this round:" in body
    assert 'class="clock running"' in body
