"""A driver's move clock: it runs only in his chosen hours (play days × a daily window, in his time
zone) and stops on his vacations; his quiet hours hold notices back but never stop it.

Everything but `Hours.of` is pure: no database, no settings, so the arithmetic is tested alone.
The walk goes one local day at a time (at most a few windows a day), never minute by minute.

How the hours are read:
- a daily window with `start == end` is the whole day (midnight to midnight);
- a window that crosses midnight (20:00–02:00) belongs to the day it starts on: Friday's window
  runs on into Saturday 02:00 even when Saturday is not a play day;
- a vacation stops whole local calendar days, first and last day included, whatever the window;
- no play day at all is read as every day (a clock that never runs would never end);
- wall times that do not exist (the hour skipped when summer time starts) are read by zoneinfo's
  `fold=0` rule; durations are always measured in real (UTC) time.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from functools import lru_cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

ALL_WEEK = frozenset(range(7))  # Monday is 0, as `date.weekday()` counts
MIDNIGHT = time(0)
# After this many days in a row without a counted hour the clock counts plain time: prefs that
# stop it for a year (vacations on every play day) must not hold a car forever nor walk endlessly.
SEARCH_DAYS = 366

Span = tuple[datetime, datetime]  # [from, until) in UTC


@lru_cache(maxsize=64)
def zone(name: str) -> ZoneInfo:
    return ZoneInfo(name)


def known_zone(name: str) -> bool:
    try:
        zone(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class Hours:
    """When one driver's clock runs and when he may be told things, in one season."""

    time_zone: str = "Europe/Paris"
    days: frozenset[int] = ALL_WEEK
    start: time = MIDNIGHT
    end: time = MIDNIGHT
    quiet_start: time | None = None
    quiet_end: time | None = None
    vacations: tuple[tuple[date, date], ...] = field(default=())

    @classmethod
    def of(cls, user: Any, season: Any) -> Hours:
        """His `RemotePrefs` (defaults without a row) and his vacations in `season`."""
        from django.conf import settings

        from remote.models import RemotePrefs, Vacation

        vacations = tuple(
            Vacation.objects.filter(user=user, season=season)
            .order_by("starts_on")
            .values_list("starts_on", "ends_on")
        )
        # read with the user (select_related("remote_prefs")) when the caller could
        cached = user._state.fields_cache.get("remote_prefs", False) if hasattr(user, "_state") else False
        prefs = cached if cached is not False else RemotePrefs.objects.filter(user=user).first()
        if prefs is None:
            return cls(time_zone=settings.TIME_ZONE, vacations=vacations)
        return cls(
            # A zone Python no longer knows (tzdata renamed it) must not break the clock.
            time_zone=prefs.time_zone if known_zone(prefs.time_zone) else settings.TIME_ZONE,
            days=frozenset(d for d in prefs.play_days or () if isinstance(d, int) and 0 <= d <= 6),
            start=prefs.play_from,
            end=prefs.play_until,
            quiet_start=prefs.quiet_from,
            quiet_end=prefs.quiet_until,
            vacations=vacations,
        )

    @property
    def tz(self) -> ZoneInfo:
        return zone(self.time_zone)

    def plays_on(self, day: date) -> bool:
        return day.weekday() in (self.days or ALL_WEEK)

    def on_vacation(self, day: date) -> bool:
        return any(first <= day <= last for first, last in self.vacations)


def _utc(day: date, at: time, tz: ZoneInfo) -> datetime:
    return datetime.combine(day, at, tzinfo=tz).astimezone(UTC)


def _local_spans(day: date, h: Hours) -> Iterator[tuple[date, time, date, time]]:
    """The counted pieces of the window that starts on `day`, in wall time, cut at midnight so
    that each piece lies in one calendar day (a vacation stops whole calendar days)."""
    if not h.plays_on(day):
        return
    after = day + timedelta(days=1)
    if h.start == h.end:
        yield day, MIDNIGHT, after, MIDNIGHT
    elif h.start < h.end:
        yield day, h.start, day, h.end
    else:
        yield day, h.start, after, MIDNIGHT
        if h.end != MIDNIGHT:
            yield after, MIDNIGHT, after, h.end


def _spans(first_day: date, h: Hours) -> Iterator[Span]:
    """Counted spans in UTC, in order, from the windows starting on `first_day` on; it ends only
    after `SEARCH_DAYS` days in a row without one."""
    tz = h.tz
    day, idle = first_day, 0
    while idle < SEARCH_DAYS:
        idle += 1
        for d0, t0, d1, t1 in _local_spans(day, h):
            if h.on_vacation(d0):  # each piece lies in the calendar day it starts on
                continue
            a, b = _utc(d0, t0, tz), _utc(d1, t1, tz)
            if b > a:
                idle = 0
                yield a, b
        day += timedelta(days=1)


def _aware(moment: datetime, name: str) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{name} must be an aware datetime, got the naive {moment.isoformat()}")
    return moment.astimezone(UTC)


def _first_day(moment: datetime, h: Hours) -> date:
    # The day before too: its window may cross midnight into `moment`'s day.
    return moment.astimezone(h.tz).date() - timedelta(days=1)


def advance(start: datetime, amount: timedelta, h: Hours) -> datetime:
    """The instant when `amount` of counted time has passed from `start` (in his time zone)."""
    now = _aware(start, "start")
    if amount <= timedelta(0):
        return start.astimezone(h.tz)
    left = amount
    cursor = now
    for a, b in _spans(_first_day(now, h), h):
        a = max(a, now)
        if b <= a:
            continue
        if b - a >= left:
            return (a + left).astimezone(h.tz)
        left -= b - a
        cursor = b
    # A year without a counted hour (vacations on every play day): plain time after that year.
    return (cursor + timedelta(days=SEARCH_DAYS) + left).astimezone(h.tz)


def deadline(start: datetime, hours: float, h: Hours) -> datetime:
    """The instant when `hours` hours of counted time have passed from `start`."""
    return advance(start, timedelta(hours=hours), h)


def counted(start: datetime, end: datetime, h: Hours) -> timedelta:
    """The counted time between two instants (zero when `end` is not after `start`)."""
    since, until = _aware(start, "start"), _aware(end, "end")
    total = timedelta(0)
    if until <= since:
        return total
    for a, b in _spans(_first_day(since, h), h):
        if a >= until:
            return total
        a, b = max(a, since), min(b, until)
        if b > a:
            total += b - a
    return total


def at_fraction(start: datetime, due: datetime, fraction: float, h: Hours) -> datetime:
    """The instant when `fraction` (0–1) of the counted time between `start` and `due` has passed."""
    fraction = min(max(fraction, 0.0), 1.0)
    return advance(start, counted(start, due, h) * fraction, h)


def before_due(start: datetime, due: datetime, hours_before: float, h: Hours) -> datetime:
    """The instant that leaves `hours_before` counted hours before `due`; `start` when the whole
    deadline is not longer than that."""
    total = counted(start, due, h)
    before = timedelta(hours=hours_before)
    if total <= before:
        return start.astimezone(h.tz)
    return advance(start, total - before, h)


def quiet_until(now: datetime, h: Hours) -> datetime | None:
    """None when `now` is outside his quiet hours; else the instant they end (a notice waits until
    then). Quiet hours from a time to the same time are read as none: a driver who could never be
    told would never learn it is his move."""
    if h.quiet_start is None or h.quiet_end is None or h.quiet_start == h.quiet_end:
        return None
    tz = h.tz
    local = _aware(now, "now").astimezone(tz)
    today, at = local.date(), local.time().replace(tzinfo=None)
    qs, qe = h.quiet_start, h.quiet_end
    if qs < qe:
        ends = today if qs <= at < qe else None
    elif at >= qs:
        ends = today + timedelta(days=1)
    elif at < qe:
        ends = today
    else:
        ends = None
    return None if ends is None else _utc(ends, qe, tz).astimezone(tz)
