"""The end-of-game notice says how the game ended for its reader."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import translation

from accounts.models import Notification
from lobby.models import Seat, Table
from lobby.services import seat_join, seat_timeout, table_concede, table_create
from lobby.services.finish import finished_wording
from tests.lobby.helpers import started_table


def notice(user) -> str:
    return Notification.objects.get(user=user, kind="finished").text


@pytest.mark.django_db
def test_the_winner_reads_that_they_won_and_the_conceder_that_they_conceded(
    alice, bob, django_capture_on_commit_callbacks
):
    table = started_table(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        table_concede(code=table.code, user=bob)
    assert notice(alice) == "Lost Cities is over: you won."
    assert notice(bob) == "Lost Cities is over: you conceded."
    # The e-mail says the same, each in its reader's words.
    subjects = {m.to[0]: m.subject for m in mail.outbox}
    assert subjects["bob@example.com"] == "Playtable: Lost Cities is over: you conceded."


@pytest.mark.django_db
def test_a_player_out_on_time_reads_that_they_lost_on_time(
    alice, bob, django_capture_on_commit_callbacks
):
    table = table_create(
        user=alice,
        game="lost_cities",
        players=2,
        options={"rounds": 1},
        mode=Table.Mode.LIVE,
        time_control={"base_seconds": 60, "increment_seconds": 0},
    )
    seat_join(code=table.code, user=bob)
    flagged = Seat.objects.select_related("user").get(table=table, is_to_move=True)
    with django_capture_on_commit_callbacks(execute=True):
        seat_timeout(seat_id=flagged.id, now=flagged.deadline + timedelta(milliseconds=10))
    other = bob if flagged.user == alice else alice
    assert notice(flagged.user) == "Lost Cities is over: you lost on time."
    assert notice(other) == "Lost Cities is over: you won."


def seats(*places: int, **changes: object) -> list[Seat]:
    """Build unsaved seats with these places; `changes` apply to the first seat."""
    built = [Seat(position=i, place=place, score=10 - place) for i, place in enumerate(places)]
    for name, value in changes.items():
        setattr(built[0], name, value)
    return built


@pytest.mark.parametrize(
    ("table", "expected"),
    [
        (seats(1, 2), "you won."),
        (seats(2, 1), "you lost."),
        (seats(1, 1), "it ended in a draw."),
        (seats(1, 1, 3), "you shared first place."),
        (seats(2, 1, 3), "you finished in place 2 of 3."),
        (seats(2, 1, conceded=True), "you conceded."),
        (seats(2, 1, abandoned=True), "you lost on time."),
        (
            seats(3, 1, 2, abandoned=True, bot=Seat.Bot.RANDOM),
            "you were replaced by a bot after timing out (place 3 of 3).",
        ),
        (seats(1, score=63), "you scored 63."),
    ],
)
def test_the_wording_fits_how_the_game_ended(table, expected):
    wording = finished_wording(seat=table[0], seats=table, game="Reworld")
    assert wording == f"Reworld is over: {expected}"


def test_the_wording_is_said_when_read_in_the_readers_language():
    """A sentence kept as data (message id and arguments), translated when said."""
    table = seats(1, 2)
    wording = finished_wording(seat=table[0], seats=table, game="Reworld")
    assert wording.data() == {
        "m": "%(game)s is over: you won.",
        "a": {"game": "Reworld", "place": 1, "n": 2, "score": 9},
    }
    with translation.override("de"):
        assert wording.say() == "Reworld ist vorbei: Du hast gewonnen."
