"""The board's seat bar (`lobby.templatetags.playtable.seat_item`): each seat's picture,
name, clock and badges; only the clock is written anew while the rest stays."""

from __future__ import annotations

import re
from datetime import timedelta
from types import SimpleNamespace

import pytest
from django.utils import timezone, translation

from lobby.templatetags import playtable
from lobby.templatetags.playtable import seat_item
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def seat(user, **fields):
    values = {
        "position": 1,
        "user": user,
        "bot": "",
        "is_to_move": True,
        "abandoned": False,
        "conceded": False,
        "place": None,
        "clock_seconds": 95.25,
        "deadline": timezone.now(),
        "pause": None,
        "pause_seconds": None,
    }
    values.update(fields)
    values["display_name"] = user.username if user else "Bot"
    return SimpleNamespace(**values)


def test_a_seat_reads_its_player_clock_and_badges():
    ann = UserFactory(username="ann")
    html = seat_item(seat(ann), SimpleNamespace(position=1))
    assert html.startswith('<li class="seat seat-1 to-move me"><span class="seat-name"><img ')
    assert f'<a href="{ann.get_absolute_url()}">ann</a></span>' in html
    clock = ' <span class="clock running" data-left="95.3" data-running="1" title="Time left">'
    assert f"{clock}01:35</span>" in html
    assert html.endswith(' <span class="badge">to move</span></li>')


def test_only_the_clock_is_written_again_while_the_rest_stays(monkeypatch):
    ann = UserFactory(username="ann")
    made = []
    real = playtable._seat_parts

    def counted(*args):
        made.append(args)
        return real(*args)

    monkeypatch.setattr(playtable, "_seat_parts", counted)
    playtable._SEAT_PARTS.clear()
    first = seat_item(seat(ann, clock_seconds=95.25), None)
    second = seat_item(seat(ann, clock_seconds=40.0), None)
    assert len(made) == 1
    clockless = re.compile(r' <span class="clock[^>]*>[^<]*</span>')
    assert clockless.sub("", first) == clockless.sub("", second)
    assert 'data-left="40.0"' in second and ">00:40<" in second
    # Whatever the rest reads is part of what it is kept under.
    changes = [
        {"is_to_move": False},
        {"conceded": True},
        {"abandoned": True},
        {"place": 2},
        {"position": 0},
    ]
    for change in changes:
        html = seat_item(seat(ann, **change), None)
        assert html != second
    assert len(made) == 1 + len(changes)
    assert 'class="badge warn">conceded<' in seat_item(seat(ann, conceded=True), None)
    assert 'class="badge">place 2<' in seat_item(seat(ann, place=2), None)
    with translation.override("de"):
        german = seat_item(seat(ann, clock_seconds=40.0), None)
    assert german != second and len(made) == 2 + len(changes)
    assert 'title="Verbleibende Zeit"' in german


def test_a_paused_clock_and_a_pause_badge_are_written_each_time():
    ann = UserFactory(username="ann")
    until = timezone.now() + timedelta(hours=3)
    html = seat_item(seat(ann, pause=("vacation", until), pause_seconds=10800.4), None)
    assert 'class="clock running paused"' in html and 'data-paused-for="10800"' in html
    assert (
        'title="Time left (paused)"' in html and 'class="badge pause" data-pause="vacation"' in html
    )
    assert "pause" not in seat_item(seat(ann), None).replace("data-paused", "")
