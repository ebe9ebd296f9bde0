"""Turn timers, the sweep, timeouts and what happens to a seat that is out."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from accounts.models import Notification
from lobby import clocks
from lobby.models import Move, Seat, Table
from lobby.services import (
    deadlines_sweep,
    game_finish,
    move_submit,
    reminders_send,
    seat_join,
    seat_timeout,
    table_create,
)
from lobby.tasks import seat_timeout as seat_timeout_task
from tests.lobby.helpers import started_table

pytestmark = pytest.mark.django_db


def seat_to_move(table: Table) -> Seat:
    return table.seats.get(is_to_move=True)


def test_starting_a_game_sets_the_first_deadline(alice, bob):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    assert seat.deadline is not None
    expected = seat.turn_started_at + timedelta(seconds=table.move_seconds + table.bank_seconds)
    assert seat.deadline == expected
    assert table.seats.get(is_to_move=False).deadline is None


def test_a_passed_deadline_plays_the_timeout_action(alice, bob):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    later = seat.deadline + timedelta(seconds=1)
    assert seat_timeout(seat_id=seat.id, now=later) is True
    # The clock plays the whole turn: a card placed, then one taken.
    moves = list(Move.objects.filter(table=table).order_by("n"))
    assert [m.action["type"] for m in moves][-1] == "draw"
    assert all(m.by_timeout and m.seat == seat.position for m in moves)
    seat.refresh_from_db()
    assert not seat.is_to_move and seat.deadline is None
    assert seat.timeouts == 1
    assert seat.time_left == 0  # the bank is spent
    assert not seat.abandoned


def test_a_timer_for_a_deadline_that_moved_on_does_nothing(alice, bob):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    old = seat.deadline
    engine_action = {"type": "discard", "card": _any_card(table, seat)}
    move_submit(code=table.code, user=seat.user, action=engine_action, seen_version=None)
    # Half a turn (place, not yet take) keeps the same turn and deadline.
    seat.refresh_from_db()
    assert seat.deadline == old
    move_submit(code=table.code, user=seat.user, action={"type": "draw"}, seen_version=None)
    seat.refresh_from_db()
    assert seat.deadline is None
    assert seat_timeout(seat_id=seat.id, deadline=old, now=old + timedelta(days=30)) is False
    assert not Move.objects.filter(table=table, by_timeout=True).exists()


def test_a_late_timer_for_an_earlier_turn_ignores_the_seats_new_passed_deadline(
    alice, bob, monkeypatch
):
    """The ETA task of a turn already played does nothing for the seat, even when it fires
    after the seat's next deadline has passed too: it hands that deadline to a task of its
    own (which live play does not queue per turn), and the sweep watches it as well."""
    start = timezone.now()
    clock = [start]
    monkeypatch.setattr(timezone, "now", lambda: clock[0])
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    old = seat.deadline
    _play_turn(table, seat)
    # The opponent answers an hour later, so the seat's next deadline is an hour later too.
    clock[0] = start + timedelta(hours=1)
    _play_turn(table, seat_to_move(table))
    seat.refresh_from_db()
    assert seat.is_to_move and seat.deadline == old + timedelta(hours=1)
    moves = table.moves.count()
    # The old turn's task fires once the new deadline has passed as well.
    clock[0] = seat.deadline + timedelta(minutes=1)
    queued: list[tuple] = []
    with monkeypatch.context() as patch:
        patch.setattr(
            seat_timeout_task, "apply_async", lambda args, eta: queued.append((args, eta))
        )
        assert seat_timeout_task(seat.id, old.isoformat()) is False
    assert queued == [((seat.id, seat.deadline.isoformat()), seat.deadline)]
    assert table.moves.count() == moves
    assert not Move.objects.filter(table=table, by_timeout=True).exists()
    seat.refresh_from_db()
    assert seat.timeouts == 0 and seat.is_to_move
    # The current deadline's own task does act.
    assert seat_timeout_task(seat.id, seat.deadline.isoformat()) is True
    seat.refresh_from_db()
    assert seat.timeouts == 1


def test_a_timer_before_the_deadline_does_nothing(alice, bob):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    assert seat_timeout(seat_id=seat.id, now=seat.deadline - timedelta(seconds=1)) is False
    assert table.moves.count() == 0


def test_the_sweep_handles_a_deadline_missed_while_no_worker_ran(alice, bob):
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    handled = deadlines_sweep(now=seat.deadline + timedelta(hours=5))
    assert handled == 1
    assert Move.objects.filter(table=table, by_timeout=True).count() == 2
    # Run again at the same moment: the new deadline is in the future, nothing happens.
    assert deadlines_sweep(now=seat.deadline + timedelta(hours=5)) == 0


def test_the_sweep_handles_a_deadline_that_falls_exactly_on_its_now(alice, bob):
    """A deadline equal to the sweep's moment has passed: it is handled, not left a round."""
    table = started_table(alice, bob)
    seat = seat_to_move(table)
    assert deadlines_sweep(now=seat.deadline - timedelta(microseconds=1)) == 0
    assert deadlines_sweep(now=seat.deadline) == 1
    assert Move.objects.filter(table=table, by_timeout=True, seat=seat.position).count() == 2
    seat.refresh_from_db()
    assert seat.timeouts == 1 and not seat.is_to_move


def test_three_async_timeouts_put_a_player_out_and_the_opponent_wins(alice, bob):
    table = started_table(alice, bob)
    loser = seat_to_move(table)
    now = timezone.now()
    for _ in range(200):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        now += timedelta(days=10)
        deadlines_sweep(now=now)
    table.refresh_from_db()
    loser.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    # Both players time out in turn; the one who started reaches three first.
    assert loser.abandoned and loser.timeouts == clocks.MAX_ASYNC_TIMEOUTS
    winner = table.seats.exclude(pk=loser.pk).get()
    assert (loser.place, winner.place) == (2, 1)
    assert "ran out of time" in table.end_reason


def test_a_live_flag_ends_a_two_player_game_at_once(alice, bob):
    table = table_create(
        user=alice,
        game="lost_cities",
        players=2,
        options={},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": 60, "increment_seconds": 0},
    )
    seat_join(code=table.code, user=bob)
    table.refresh_from_db()
    seat = seat_to_move(table)
    seat_timeout(seat_id=seat.id, now=seat.deadline + timedelta(milliseconds=10))
    table.refresh_from_db()
    seat.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert seat.abandoned and seat.place == 2


def test_in_a_larger_game_a_bot_takes_the_seat_and_the_player_ranks_last(
    countdown, alice, bob, carol, settings
):
    settings.BOT_MOVE_DELAY = 0
    table = table_create(
        user=alice,
        game="countdown",
        players=3,
        options={"pile": 30},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": 60, "increment_seconds": 0},
    )
    for user in (bob, carol):
        seat_join(code=table.code, user=user)
    table.refresh_from_db()
    flagged = seat_to_move(table)
    seat_timeout(seat_id=flagged.id, now=flagged.deadline + timedelta(seconds=1))
    flagged.refresh_from_db()
    table.refresh_from_db()
    assert flagged.abandoned and flagged.bot == Seat.Bot.RANDOM
    assert flagged.user is not None
    assert table.status == Table.Status.ACTIVE
    # Play on: humans take one at a time; the bot (timeout action here) plays its turns.
    from lobby.services import bot_play

    for _ in range(100):
        table.refresh_from_db()
        if table.status != Table.Status.ACTIVE:
            break
        mover = seat_to_move(table)
        if mover.is_bot:
            bot_play(table_id=table.id, version=table.version)
        else:
            move_submit(
                code=table.code, user=mover.user, action={"type": "take", "n": 1}, seen_version=None
            )
    table.refresh_from_db()
    flagged.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert flagged.place == 3
    assert sorted(s.place for s in table.seats.all()) in ([1, 2, 3], [1, 1, 3])


def _play_turn(table, seat):
    """Play the seat's whole Lost Cities turn: discard a card, then draw."""
    table.refresh_from_db()
    card = _any_card(table, seat)
    for action in ({"type": "discard", "card": card}, {"type": "draw"}):
        move_submit(code=table.code, user=seat.user, action=action, seen_version=None)


def _any_card(table, seat):
    from games.registry import get_engine

    engine = get_engine(table.game)
    actions = engine.legal_actions(engine.load(table.state), seat.position)
    return next(a["card"] for a in actions if a["type"] == "discard")


class TestReminders:
    @pytest.fixture(autouse=True)
    def commit_hooks(self, django_capture_on_commit_callbacks):
        self.capture = django_capture_on_commit_callbacks

    def send(self, now):
        """Run the reminder pass; its mails leave after commit, so run those hooks too."""
        with self.capture(execute=True):
            return reminders_send(now=now)

    @pytest.fixture
    def waiting_seat(self, alice, bob):
        table = started_table(alice, bob)
        return seat_to_move(table)

    def test_a_reminder_is_sent_once_after_a_while(self, waiting_seat):
        start = waiting_seat.turn_started_at
        assert self.send(start + timedelta(hours=1)) == 0
        assert self.send(start + timedelta(hours=13)) == 1
        assert self.send(start + timedelta(hours=14)) == 0
        assert len(mail.outbox) == 1
        assert mail.outbox[0].to == [waiting_seat.user.email]
        assert "still your turn" in mail.outbox[0].subject
        assert waiting_seat.table.get_absolute_url() in mail.outbox[0].body
        assert Notification.objects.filter(user=waiting_seat.user, kind="reminder").count() == 1

    def test_no_mail_to_a_player_who_opted_out(self, waiting_seat):
        user = waiting_seat.user
        user.reminders_enabled = False
        user.save()
        assert self.send(waiting_seat.turn_started_at + timedelta(hours=13)) == 1
        assert mail.outbox == []
        assert Notification.objects.filter(user=user, kind="reminder").exists()

    def test_no_reminder_for_a_turn_already_played(self, waiting_seat):
        table = waiting_seat.table
        move_submit(
            code=table.code,
            user=waiting_seat.user,
            action={"type": "discard", "card": _any_card(table, waiting_seat)},
            seen_version=None,
        )
        move_submit(
            code=table.code, user=waiting_seat.user, action={"type": "draw"}, seen_version=None
        )
        self.send(waiting_seat.turn_started_at + timedelta(hours=13))
        # The opponent, whose turn it now is, may be reminded; the player who moved is not.
        assert all(m.to != [waiting_seat.user.email] for m in mail.outbox)
        assert not Notification.objects.filter(user=waiting_seat.user, kind="reminder").exists()

    def test_a_deadline_warning_is_sent_once_near_the_deadline(self, waiting_seat):
        deadline = waiting_seat.deadline
        assert self.send(deadline - timedelta(hours=1)) >= 1
        warnings = [m for m in mail.outbox if "left for your move" in m.subject]
        assert len(warnings) == 1
        self.send(deadline - timedelta(minutes=30))
        assert len([m for m in mail.outbox if "left for your move" in m.subject]) == 1


class TestGameFinish:
    @pytest.fixture
    def finished(self, alice, bob):
        table = started_table(alice, bob)
        from lobby.services import table_concede

        table_concede(code=table.code, user=bob)
        table.refresh_from_db()
        return table

    def test_scoring_twice_gives_one_result_and_one_notice_per_player(
        self, finished, django_capture_on_commit_callbacks
    ):
        with django_capture_on_commit_callbacks(execute=True):
            assert game_finish(table_id=finished.id) is True
        scored_at = Table.objects.get(id=finished.id).scored_at
        with django_capture_on_commit_callbacks(execute=True):
            assert game_finish(table_id=finished.id) is False
        assert Table.objects.get(id=finished.id).scored_at == scored_at
        for seat in finished.seats.all():
            assert Notification.objects.filter(user=seat.user, kind="finished").count() == 1
        assert len(mail.outbox) == 2
        places = {s.user.username: s.place for s in finished.seats.all()}
        assert places == {"alice": 1, "bob": 2}
        bob_mail = next(m for m in mail.outbox if m.to == ["bob@example.com"])
        assert "you conceded" in bob_mail.subject

    def test_a_table_still_in_play_is_not_scored(self, alice, bob):
        table = started_table(alice, bob)
        assert game_finish(table_id=table.id) is False
        assert Notification.objects.filter(kind="finished").count() == 0
