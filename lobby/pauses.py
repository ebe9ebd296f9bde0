"""When a player's asynchronous clock stands still: quiet hours and vacation (issue 26).

Pure Python (no Django): a player's pauses are their quiet hours every day, in their own
time zone, plus their vacation spans (instants, from whole days in their zone). Both are
turned into UTC intervals with zoneinfo, so a quiet night across a DST change is as long
as the wall clock says (23:00-07:00 is 9 hours on the autumn night, 7 in spring).

A wall time that does not exist (the hour skipped in spring) is read with the offset
before the change (zoneinfo's fold=0): 02:30 on that night in Berlin is 03:30 CEST. A
wall time that happens twice (the autumn hour) is its first occurrence.

    running_seconds(start, end, pauses)       seconds a clock runs between two instants
    deadline_after(start, budget, pauses)     when a clock started at `start` has run `budget`
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

Interval = tuple[datetime, datetime]


def local_instant(day: date, at: time, zone: ZoneInfo) -> datetime:
    """Return the UTC instant of the wall time `at` on `day` in `zone` (fold=0 on a change)."""
    return datetime.combine(day, at, tzinfo=zone).astimezone(UTC)


def day_span(first: date, last: date, zone: ZoneInfo) -> Interval:
    """Return the instants from the start of `first` to the end of `last` in `zone`."""
    return local_instant(first, time(0), zone), local_instant(
        last + timedelta(days=1), time(0), zone
    )


def quiet_length(start: time, end: time) -> timedelta:
    """Return how long a quiet window lasts on the wall clock (it may cross midnight)."""
    minutes = (end.hour * 60 + end.minute) - (start.hour * 60 + start.minute)
    return timedelta(minutes=minutes % (24 * 60))


@dataclass(frozen=True)
class Schedule:
    """A player's pauses: daily quiet hours (optional) and vacation spans, in `zone`."""

    zone: ZoneInfo
    quiet: tuple[time, time] | None = None
    vacations: Sequence[Interval] = field(default_factory=tuple)

    @property
    def empty(self) -> bool:
        """Return whether the clock never stands still for this player."""
        return self.quiet is None and not self.vacations

    def quiet_windows(self, since: datetime) -> Iterator[Interval]:
        """Yield the daily quiet windows (UTC) that end after `since`, in order, forever."""
        if self.quiet is None:
            return
        start, end = self.quiet
        crosses = end <= start
        day = since.astimezone(self.zone).date() - timedelta(days=1)
        while True:
            window = (
                local_instant(day, start, self.zone),
                local_instant(day + timedelta(days=1) if crosses else day, end, self.zone),
            )
            if window[1] > since and window[0] < window[1]:
                yield window
            day += timedelta(days=1)

    def pauses(self, since: datetime) -> Iterator[Interval]:
        """Yield the merged pauses (UTC, sorted, disjoint) that end after `since`."""
        vacations = sorted(v for v in self.vacations if v[1] > since)
        merged: list[datetime] | None = None
        for begin, end in heapq.merge(self.quiet_windows(since), vacations):
            if merged is not None and begin <= merged[1]:
                merged[1] = max(merged[1], end)
                continue
            if merged is not None:
                yield merged[0], merged[1]
            merged = [begin, end]
        if merged is not None:
            yield merged[0], merged[1]

    def paused_until(self, now: datetime) -> datetime | None:
        """Return when the pause going on at `now` ends, or None if the clock runs now."""
        for begin, end in self.pauses(now):
            return end if begin <= now else None
        return None

    def on_vacation(self, now: datetime) -> bool:
        """Return whether `now` is inside one of the vacation spans."""
        return any(begin <= now < end for begin, end in self.vacations)


def running_seconds(start: datetime, end: datetime, pauses: Iterable[Interval]) -> float:
    """Return the seconds between `start` and `end` outside `pauses` (sorted, disjoint)."""
    if end <= start:
        return 0.0
    total = (end - start).total_seconds()
    for begin, finish in pauses:
        if begin >= end:
            break
        overlap = (min(finish, end) - max(begin, start)).total_seconds()
        if overlap > 0:
            total -= overlap
    return max(0.0, total)


def deadline_after(start: datetime, budget_seconds: float, pauses: Iterable[Interval]) -> datetime:
    """Return the first instant at which a clock started at `start` has run `budget_seconds`.

    `pauses` are sorted and disjoint; they may go on forever (daily quiet hours), as long
    as the clock runs some time every day. A budget that runs out exactly where a pause
    begins ends there, not after the pause.
    """
    at, left = start, max(0.0, budget_seconds)
    for begin, finish in pauses:
        if finish <= at:
            continue
        if begin > at:
            free = (begin - at).total_seconds()
            if left <= free:
                return at + timedelta(seconds=left)
            left -= free
        at = max(at, finish)
    return at + timedelta(seconds=left)
