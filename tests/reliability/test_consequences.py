"""Every consequence of a committed change happens, once, whatever was lost after the commit.

After a commit, callbacks queue tasks (scoring, bot turns, mails) and ring sockets.
Here those callbacks are lost (`execute=False`: the broker was down, or the worker that
held the task died) or fail (they raise): the change stays committed and answered, and
the sweep does the work later, exactly once.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import timezone
from kombu.exceptions import OperationalError

from accounts.models import Notification
from games.registry import get_engine
from lobby.models import Move, OutboundMail, Seat, Table
from lobby.services import bot_play, move_submit, seat_add_bot, table_concede, table_create
from lobby.services.sweeps import consequences_sweep
from tests.lobby.helpers import post_move, seat_to_move, started_table

pytestmark = pytest.mark.django_db


def _finished_unscored(alice, bob, capture) -> Table:
    """A two-player game that ended while nothing after its commit ran."""
    table = started_table(alice, bob)
    with capture(execute=False):
        table_concede(code=table.code, user=alice)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.scored_at is None
    return table


def test_a_game_whose_scoring_task_was_lost_is_scored_once_by_the_sweep(
    alice, bob, django_capture_on_commit_callbacks
):
    table = _finished_unscored(alice, bob, django_capture_on_commit_callbacks)
    assert table.finished_at is not None
    # Its own task gets a few seconds first.
    soon = table.finished_at + timedelta(seconds=5)
    assert consequences_sweep(now=soon)["scored"] == 0
    later = table.finished_at + timedelta(seconds=11)
    with django_capture_on_commit_callbacks(execute=True):
        assert consequences_sweep(now=later)["scored"] == 1
    table.refresh_from_db()
    assert table.scored_at is not None
    notices = Notification.objects.filter(kind=Notification.Kind.FINISHED)
    assert sorted(notices.values_list("user__username", flat=True)) == ["alice", "bob"]
    assert len(mail.outbox) == 2
    # Again: nothing more.
    with django_capture_on_commit_callbacks(execute=True):
        assert consequences_sweep(now=later + timedelta(minutes=5))["scored"] == 0
    assert notices.count() == 2
    assert len(mail.outbox) == 2


def test_a_committed_move_is_answered_even_when_every_after_commit_callback_fails(
    alice, bob, client, monkeypatch, django_capture_on_commit_callbacks
):
    """The channel layer and the broker are down: the move still commits and answers 200."""
    import lobby.services.notify as notify
    from lobby import tasks

    def layer_down(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    def broker_down(*args, **kwargs):
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(notify, "group_send", layer_down)
    monkeypatch.setattr(notify, "group_send_many", layer_down)
    for name in ("bot_play", "seat_timeout", "phase_time_up", "game_finish", "mail_send"):
        monkeypatch.setattr(getattr(tasks, name), "apply_async", broker_down)
        monkeypatch.setattr(getattr(tasks, name), "delay", broker_down)
    table = started_table(alice, bob)
    mover = alice if seat_to_move(table) == 0 else bob
    client.force_login(mover)
    engine = get_engine(table.game)
    action = engine.legal_actions(engine.load(table.state), seat_to_move(table))[0]
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = post_move(client, table, action, table.version, HTTP_HX_REQUEST="true")
    assert callbacks, "the move queued its after-commit work"
    assert response.status_code == 200
    table.refresh_from_db()
    assert table.move_count == 1
    # And a game that ends under the same conditions is finished, to be scored later.
    with django_capture_on_commit_callbacks(execute=True):
        table_concede(code=table.code, user=mover)
    table.refresh_from_db()
    assert table.status == Table.Status.FINISHED
    assert table.scored_at is None


def _bot_table(alice, capture) -> Table:
    """Alice against a random bot, started while nothing after a commit ran."""
    with capture(execute=False):
        table = table_create(user=alice, game="lost_cities", players=2, options={"rounds": 1})
        seat_add_bot(code=table.code, user=alice, kind=Seat.Bot.RANDOM)
    table.refresh_from_db()
    assert table.status == Table.Status.ACTIVE
    return table


def test_a_bot_turn_whose_task_was_lost_is_played_once_by_the_sweep(
    alice, django_capture_on_commit_callbacks
):
    table = _bot_table(alice, django_capture_on_commit_callbacks)
    engine = get_engine(table.game)
    bot = table.seats.get(bot=Seat.Bot.RANDOM)
    swept = 0
    for _step in range(12):
        table.refresh_from_db()
        state = engine.load(table.state)
        if bot.position not in engine.to_move(state):
            with django_capture_on_commit_callbacks(execute=False):
                action = engine.legal_actions(state, 1 - bot.position)[0]
                move_submit(code=table.code, user=alice, action=action, seen_version=None)
            continue
        moves, version = table.move_count, table.version
        # Not yet: the bot's own task may still be on its way.
        assert consequences_sweep(now=timezone.now())["bot_turns"] == 0
        later = timezone.now() + timedelta(seconds=11)
        with django_capture_on_commit_callbacks(execute=False):
            assert consequences_sweep(now=later)["bot_turns"] == 1
        table.refresh_from_db()
        assert table.move_count == moves + 1, "one bot action per stalled version"
        assert Move.objects.get(table=table, n=table.move_count).seat == bot.position
        # Right after it, a sweep (or a late duplicate of the lost task) plays nothing.
        assert consequences_sweep(now=timezone.now())["bot_turns"] == 0
        with django_capture_on_commit_callbacks(execute=False):
            assert bot_play(table_id=table.id, version=version) is False
        swept += 1
    assert swept >= 4
    numbers = list(Move.objects.filter(table=table).values_list("n", flat=True).order_by("n"))
    assert numbers == list(range(1, len(numbers) + 1))


def test_a_mail_whose_task_was_lost_is_sent_once_and_a_failed_send_is_retried(
    alice, bob, monkeypatch, django_capture_on_commit_callbacks
):
    import lobby.services.mail as mail_service

    table = _finished_unscored(alice, bob, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False):
        consequences_sweep(now=table.finished_at + timedelta(seconds=11))
    queued = OutboundMail.objects.filter(sent_at__isnull=True)
    assert queued.count() == 2
    assert mail.outbox == []
    # The mail server is down at the first try: counted, kept for later.
    real_send = mail_service.send_mail

    def smtp_down(*args, **kwargs):
        raise OSError("Connection refused")

    monkeypatch.setattr(mail_service, "send_mail", smtp_down)
    later = timezone.now() + timedelta(seconds=61)
    assert consequences_sweep(now=later)["mails"] == 0
    assert list(queued.values_list("attempts", flat=True)) == [1, 1]
    assert all(queued.values_list("last_error", flat=True))
    monkeypatch.setattr(mail_service, "send_mail", real_send)
    assert consequences_sweep(now=later)["mails"] == 2
    assert sorted(m.to[0] for m in mail.outbox) == [alice.email, bob.email]
    assert consequences_sweep(now=later)["mails"] == 0
    assert len(mail.outbox) == 2


def test_a_timer_beyond_the_brokers_visibility_timeout_is_left_to_the_sweep(
    alice, bob, monkeypatch, settings, django_capture_on_commit_callbacks
):
    """An ETA task waiting longer than the visibility timeout would be handed out twice."""
    from lobby import tasks
    from lobby.services import seat_join

    queued: list[object] = []
    monkeypatch.setattr(
        tasks.seat_timeout, "apply_async", lambda args, eta: queued.append((args, eta))
    )
    settings.TIMER_ETA_HORIZON = 3300
    for mode, control, expected in (
        (Table.Mode.ASYNC, None, 0),
        (Table.Mode.LIVE, None, 1),
    ):
        queued.clear()
        with django_capture_on_commit_callbacks(execute=True):
            table = table_create(
                user=alice,
                game="lost_cities",
                players=2,
                options={"rounds": 1},
                mode=mode,
                time_control=control,
            )
            seat_join(code=table.code, user=bob)
        assert len(queued) == expected, mode
        # The sweep still fires the far deadline when it passes.
        seat = Seat.objects.get(table=table, is_to_move=True)
        assert seat.deadline is not None


class TestRedisDown:
    """The cache, rate limits and board cache live in Redis: with Redis unreachable, a move
    still commits, a rate limit fails in its documented direction, and /healthz says 503."""

    @pytest.fixture(autouse=True)
    def redis_down(self, settings):
        # A real Redis client against a port where nothing listens: connection refused.
        settings.CACHES = {
            "default": {
                "BACKEND": "django_redis.cache.RedisCache",
                "LOCATION": "redis://127.0.0.1:9/0",
            }
        }

    def test_a_move_commits_and_answers(self, alice, bob, client):
        table = started_table(alice, bob)
        mover = alice if seat_to_move(table) == 0 else bob
        client.force_login(mover)
        engine = get_engine(table.game)
        action = engine.legal_actions(engine.load(table.state), seat_to_move(table))[0]
        response = post_move(client, table, action, table.version, HTTP_HX_REQUEST="true")
        assert response.status_code == 200
        table.refresh_from_db()
        assert table.move_count == 1

    def test_chat_is_posted(self, alice, bob, client):
        table = started_table(alice, bob)
        client.force_login(alice)
        response = client.post(reverse("lobby:chat", args=[table.code]), {"text": "gl hf"})
        assert response.status_code < 400
        assert table.chat_messages.filter(text="gl hf").exists()

    def test_sign_up_is_refused_with_a_503_in_words(self, client):
        from accounts.models import User

        response = client.post(
            reverse("accounts:signup"),
            {
                "username": "newcomer",
                "email": "newcomer@example.com",
                "password1": "a-long-Passphrase-41",
                "password2": "a-long-Passphrase-41",
            },
        )
        assert response.status_code == 503
        assert b"briefly unavailable" in response.content
        assert not User.objects.filter(username="newcomer").exists()

    def test_healthz_answers_503_and_names_the_cache(self, client):
        response = client.get(reverse("healthz"))
        assert response.status_code == 503
        assert response.json()["cache"] is False
        assert response.json()["database"] is True
