"""Vacation and quiet hours: booking, ending and the spans the clocks read (issue 26).

House rules: 21 days of vacation a calendar year (a vacation across New Year counts its
days in each year), booked in whole days of the player's saved time zone, from today
up to a year ahead. A future vacation can be cancelled; one going on can be ended early,
and the day it is ended on stays counted.

Every change is one transaction that also tells the lobby (`accounts.signals
.pauses_changed`, sent before the commit), so the deadlines of the player's seats move
in the same commit: accounts imports no lobby.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User, Vacation
from accounts.signals import pauses_changed
from accounts.timezones import zone_named

#: House rule: days of vacation a player may take in one calendar year.
ALLOWANCE_DAYS = 21
#: House rule: quiet hours last at most this long a day, so a clock runs half of it or more.
MAX_QUIET_HOURS = 12
#: House rule: the last day of a vacation is at most this many days after today.
BOOK_AHEAD_DAYS = 365


class VacationError(Exception):
    """A vacation that cannot be booked, cancelled or ended; the message is for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def pause_zone(user: User) -> ZoneInfo | None:
    """Return the zone the player's quiet hours and vacation days are kept in (saved), or None."""
    return zone_named(user.time_zone)


def today_for(user: User, now: datetime) -> date:
    """Return the player's date now, in their saved zone (UTC without one)."""
    return now.astimezone(pause_zone(user) or UTC).date()


def days_in_year(vacations: list[Vacation], year: int) -> int:
    """Return the days of `vacations` that fall in `year`."""
    first_of_year, last_of_year = date(year, 1, 1), date(year, 12, 31)
    total = 0
    for vacation in vacations:
        start, end = max(vacation.first_day, first_of_year), min(vacation.last_day, last_of_year)
        if end >= start:
            total += (end - start).days + 1
    return total


def allowance_left(user: User, year: int) -> int:
    """Return the vacation days the player has left in `year`."""
    return ALLOWANCE_DAYS - days_in_year(list(user.vacations.all()), year)


def _span(vacation: Vacation, zone: ZoneInfo) -> tuple[datetime, datetime]:
    start = datetime.combine(vacation.first_day, time(0), tzinfo=zone).astimezone(UTC)
    end = datetime.combine(vacation.last_day + timedelta(days=1), time(0), tzinfo=zone)
    end = end.astimezone(UTC)
    if vacation.ended_at is not None:
        end = min(end, vacation.ended_at)
    return start, end


def spans_refresh(user: User, now: datetime) -> None:
    """Write the player's vacation spans not yet over (instants) to `user.vacation_spans`."""
    zone = pause_zone(user)
    spans: list[list[str]] = []
    if zone is not None:
        for vacation in user.vacations.filter(last_day__gte=today_for(user, now) - timedelta(1)):
            start, end = _span(vacation, zone)
            if end > now and end > start:
                spans.append([start.isoformat(), end.isoformat()])
    user.vacation_spans = spans
    User.objects.filter(pk=user.pk).update(vacation_spans=spans)


def pauses_commit(*, user: User, before: dict[str, Any], now: datetime) -> None:
    """Refresh the spans and let the lobby move the player's deadlines, in this transaction."""
    spans_refresh(user, now)
    if user.pause_fields() != before:
        pauses_changed.send(sender=User, user=user, before=before, now=now)


def _locked(user: User) -> User:
    """Lock the player's row: two tabs booking at once must not both pass the allowance."""
    return User.objects.select_for_update().get(pk=user.pk)


@transaction.atomic
def vacation_book(*, user: User, first: date, last: date, now: datetime | None = None) -> Vacation:
    """Book whole days off from `first` to `last`; VacationError says why not."""
    now = now or timezone.now()
    player = _locked(user)
    if pause_zone(player) is None:
        raise VacationError(_("Choose your time zone first: vacation days are kept in it."))
    today = today_for(player, now)
    if first < today:
        raise VacationError(_("A vacation cannot start in the past."))
    if last < first:
        raise VacationError(_("The last day cannot be before the first day."))
    if last > today + timedelta(days=BOOK_AHEAD_DAYS):
        raise VacationError(
            _("A vacation can be booked at most a year ahead: up to %(date)s.")
            % {"date": date_format(today + timedelta(days=BOOK_AHEAD_DAYS), "DATE_FORMAT")}
        )
    booked = list(player.vacations.all())
    if any(v.first_day <= last and first <= v.last_day for v in booked):
        raise VacationError(_("These days overlap a vacation you already booked."))
    new = Vacation(user=player, first_day=first, last_day=last)
    for year in range(first.year, last.year + 1):
        left = ALLOWANCE_DAYS - days_in_year(booked, year)
        if days_in_year([new], year) > left:
            raise VacationError(
                ngettext(
                    "That is more than your allowance: %(left)s day left in %(year)s.",
                    "That is more than your allowance: %(left)s days left in %(year)s.",
                    max(left, 0),
                )
                % {"left": max(left, 0), "year": year}
            )
    before = player.pause_fields()
    new.save()
    pauses_commit(user=player, before=before, now=now)
    return new


@transaction.atomic
def vacation_cancel(*, user: User, vacation_id: Any, now: datetime | None = None) -> str:
    """Cancel a future vacation ("cancelled") or end one going on now ("ended")."""
    now = now or timezone.now()
    player = _locked(user)
    try:
        vacation = player.vacations.get(pk=int(vacation_id))
    except (TypeError, ValueError, OverflowError, Vacation.DoesNotExist):
        raise VacationError(_("There is no such vacation.")) from None
    today = today_for(player, now)
    before = player.pause_fields()
    if vacation.first_day > today:
        vacation.delete()
        outcome = "cancelled"
    elif vacation.last_day >= today and vacation.ended_at is None:
        vacation.last_day, vacation.ended_at = today, now  # today's day stays counted
        vacation.save(update_fields=["last_day", "ended_at"])
        outcome = "ended"
    else:
        raise VacationError(_("This vacation is over already."))
    pauses_commit(user=player, before=before, now=now)
    return outcome
