"""Quiet hours and vacation in the preferences: what is saved and what is refused, with words."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Vacation
from accounts.vacations import (
    ALLOWANCE_DAYS,
    VacationError,
    allowance_left,
    days_in_year,
    vacation_book,
    vacation_cancel,
)

pytestmark = pytest.mark.django_db

PREFERENCES = "accounts:preferences"


def prefs(alice, **changes: str) -> dict[str, str]:
    return {
        "email": alice.email,
        "reminders_enabled": "on",
        "time_zone": "Europe/Berlin",
        **changes,
    }


def test_quiet_hours_across_midnight_are_saved(client, alice):
    client.force_login(alice)
    data = prefs(alice, quiet_start="23:00", quiet_end="07:00")
    assert client.post(reverse(PREFERENCES), data).status_code == 302
    alice.refresh_from_db()
    assert (alice.quiet_start, alice.quiet_end) == (time(23), time(7))
    page = client.get(reverse(PREFERENCES)).content.decode()
    assert 'type="time" name="quiet_start" value="23:00"' in page
    # Both emptied: no quiet hours.
    assert client.post(reverse(PREFERENCES), prefs(alice)).status_code == 302
    alice.refresh_from_db()
    assert alice.quiet_start is None and alice.quiet_end is None


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"quiet_start": "23:00"}, "Give both times of your quiet hours, or neither."),
        ({"quiet_end": "07:00"}, "Give both times of your quiet hours, or neither."),
        ({"quiet_start": "08:00", "quiet_end": "08:00"}, "must end at another time"),
        ({"quiet_start": "18:00", "quiet_end": "07:00"}, "at most 12 hours a day"),
        ({"quiet_start": "23:00", "quiet_end": "07:00", "time_zone": ""}, "Choose your time zone"),
        ({"quiet_start": "25:00", "quiet_end": "07:00"}, "Enter a valid time."),
        ({"quiet_start": "23:\x0000", "quiet_end": "07:00"}, "a NUL byte"),
    ],
)
def test_bad_quiet_hours_are_refused_with_words_and_change_nothing(client, alice, changes, words):
    client.force_login(alice)
    response = client.post(reverse(PREFERENCES), prefs(alice, **changes))
    assert response.status_code == 400
    assert words in response.content.decode()
    alice.refresh_from_db()
    assert alice.quiet_start is None and alice.quiet_end is None and alice.time_zone == ""


def book(client, first: date | str, last: date | str):
    return client.post(
        reverse("accounts:vacation_book"),
        {"vacation-first_day": str(first), "vacation-last_day": str(last)},
    )


def berlin_today() -> date:
    from zoneinfo import ZoneInfo

    return timezone.now().astimezone(ZoneInfo("Europe/Berlin")).date()


def test_a_vacation_is_booked_shown_and_cancelled_from_the_preferences(client, alice):
    alice.time_zone = "Europe/Berlin"
    alice.save()
    client.force_login(alice)
    first = berlin_today() + timedelta(days=10)
    page = client.get(reverse(PREFERENCES)).content.decode()
    assert 'type="date" name="vacation-first_day"' in page
    assert book(client, first, first + timedelta(days=2)).status_code == 302
    vacation = Vacation.objects.get(user=alice)
    assert vacation.days == 3
    page = client.get(reverse(PREFERENCES)).content.decode()
    assert "(3 days)" in page and "Cancel" in page
    alice.refresh_from_db()
    assert len(alice.vacation_spans) == 1
    cancel = reverse("accounts:vacation_cancel")
    assert client.post(cancel, {"vacation": vacation.pk}).status_code == 302
    assert not Vacation.objects.filter(user=alice).exists()
    alice.refresh_from_db()
    assert alice.vacation_spans == []


@pytest.mark.parametrize(
    ("first", "last", "words"),
    [
        (-1, 2, "cannot start in the past"),
        (5, 4, "cannot be before the first day"),
        (300, 370, "at most a year ahead"),
        (1, 1 + ALLOWANCE_DAYS, "more than your allowance"),
    ],
)
def test_bad_vacations_are_refused_with_words(client, alice, first, last, words):
    alice.time_zone = "Europe/Berlin"
    alice.save()
    client.force_login(alice)
    today = berlin_today()
    response = book(client, today + timedelta(days=first), today + timedelta(days=last))
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Vacation.objects.filter(user=alice).exists()


@pytest.mark.parametrize(
    ("first", "last", "words"),
    [
        ("", "", "This field is required."),
        ("2026-02-30", "2026-03-01", "Enter a valid date."),
        ("2026-01-0\x001", "2026-03-01", "a NUL byte"),
    ],
)
def test_malformed_vacation_dates_are_refused_with_words(client, alice, first, last, words):
    alice.time_zone = "Europe/Berlin"
    alice.save()
    client.force_login(alice)
    response = book(client, first, last)
    assert response.status_code == 400
    assert words in response.content.decode()
    assert not Vacation.objects.exists()


def test_overlapping_vacations_and_a_missing_zone_are_refused(client, alice):
    client.force_login(alice)
    today = berlin_today()
    response = book(client, today + timedelta(days=3), today + timedelta(days=4))
    assert response.status_code == 400 and "Choose your time zone first" in response.text
    alice.time_zone = "Europe/Berlin"
    alice.save()
    assert book(client, today + timedelta(days=3), today + timedelta(days=6)).status_code == 302
    response = book(client, today + timedelta(days=6), today + timedelta(days=8))
    assert response.status_code == 400 and "overlap" in response.text
    assert Vacation.objects.filter(user=alice).count() == 1


def test_cancelling_another_players_or_no_vacation_is_refused(client, alice, bob):
    bob.time_zone = alice.time_zone = "Europe/Berlin"
    bob.save()
    alice.save()
    theirs = vacation_book(
        user=bob, first=berlin_today() + timedelta(days=2), last=berlin_today() + timedelta(days=2)
    )
    client.force_login(alice)
    cancel = reverse("accounts:vacation_cancel")
    for value in (theirs.pk, "nope", "", "9" * 30, "-1"):
        response = client.post(cancel, {"vacation": value})
        assert response.status_code == 400 and "There is no such vacation." in response.text
    response = client.post(cancel, {"vacation": "1\x00"})
    assert response.status_code == 400 and "a NUL byte" in response.text
    assert Vacation.objects.filter(pk=theirs.pk).exists()
    assert client.get(cancel).status_code == 405


def test_the_allowance_counts_a_vacation_across_new_year_in_each_year(alice):
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    now = datetime(2026, 12, 1, 3, tzinfo=UTC)
    # 28 Dec 2026 to 3 Jan 2027: 4 days in 2026, 3 in 2027.
    vacation_book(user=alice, first=date(2026, 12, 28), last=date(2027, 1, 3), now=now)
    vacations = list(alice.vacations.all())
    assert days_in_year(vacations, 2026) == 4 and days_in_year(vacations, 2027) == 3
    assert allowance_left(alice, 2026) == ALLOWANCE_DAYS - 4
    # 2026 has 17 days left: 17 more fit, in December, but not 18.
    with pytest.raises(VacationError, match="17 days left in 2026"):
        vacation_book(user=alice, first=date(2026, 12, 2), last=date(2026, 12, 19), now=now)
    vacation_book(user=alice, first=date(2026, 12, 2), last=date(2026, 12, 18), now=now)
    assert allowance_left(alice, 2026) == 0
    # 2027 still has 18 days, whatever 2026 used.
    vacation_book(user=alice, first=date(2027, 2, 1), last=date(2027, 2, 18), now=now)
    assert allowance_left(alice, 2027) == 0
    with pytest.raises(VacationError, match="0 days left in 2027"):
        vacation_book(user=alice, first=date(2027, 3, 1), last=date(2027, 3, 1), now=now)


def test_a_vacation_going_on_is_ended_early_and_today_stays_counted(alice):
    alice.time_zone = "Europe/Berlin"
    alice.save()
    now = datetime(2026, 7, 10, 10, tzinfo=UTC)  # noon in Berlin
    vacation = vacation_book(
        user=alice, first=date(2026, 7, 9), last=date(2026, 7, 9), now=now - timedelta(days=1)
    )
    vacation_book(user=alice, first=date(2026, 7, 10), last=date(2026, 7, 14), now=now)
    assert allowance_left(alice, 2026) == ALLOWANCE_DAYS - 6
    current = alice.vacations.get(first_day=date(2026, 7, 10))
    assert vacation_cancel(user=alice, vacation_id=current.pk, now=now) == "ended"
    current.refresh_from_db()
    assert (current.last_day, current.ended_at) == (date(2026, 7, 10), now)
    assert allowance_left(alice, 2026) == ALLOWANCE_DAYS - 2
    alice.refresh_from_db()
    assert alice.vacation_spans == []  # over: the clocks run from `now`
    with pytest.raises(VacationError, match="over already"):
        vacation_cancel(user=alice, vacation_id=current.pk, now=now + timedelta(minutes=1))
    with pytest.raises(VacationError, match="over already"):
        vacation_cancel(user=alice, vacation_id=vacation.pk, now=now)
