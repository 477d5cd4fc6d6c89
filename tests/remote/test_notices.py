"""A remote race's notices: quiet hours hold "your move" until they end, a vacation stops the
clock, the reminders come once each, and a notice two workers take at once is sent once."""

from __future__ import annotations

import datetime as dt
import threading
from datetime import date, time, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from notifications.models import Notice
from notifications.tasks import deliver
from remote.models import CarClock, RemotePrefs, Vacation
from remote.notices import YOUR_MOVE
from remote.prefs import remote_prefs_update
from remote.tasks import sweep
from tests.remote.remote_race import remote_oval

pytestmark = pytest.mark.django_db(transaction=True)


def _opened(*, prefs: dict | None = None, vacation: tuple[date, date] | None = None):
    remote = remote_oval(laps=1)
    first = remote.race.entries.order_by("grid_slot").first().season_entry.driver.user
    if prefs is not None:
        RemotePrefs.objects.create(user=first, time_zone="UTC", **prefs)
    if vacation is not None:
        Vacation.objects.create(
            user=first, season=remote.race.season, starts_on=vacation[0], ends_on=vacation[1]
        )
    sweep()
    clock = CarClock.objects.get(table__race=remote.race, step=0)
    assert clock.user == first
    return remote, clock


def _told(user) -> list:
    return [m for m in mail.outbox if m.to == [user.email]]


def test_quiet_hours_hold_your_move_until_they_end_then_it_is_sent_once(english):
    now = timezone.now().astimezone(dt.UTC)
    start = (now - timedelta(hours=1)).time().replace(microsecond=0)
    end = (now + timedelta(hours=2)).time().replace(microsecond=0)
    remote, clock = _opened(prefs={"quiet_from": start, "quiet_until": end})

    assert _told(clock.user) == []  # quiet now: nothing sent at the start of his move
    sweep(now=timezone.now())
    assert _told(clock.user) == []  # still quiet
    clock.refresh_from_db()
    assert clock.look_at.time().replace(microsecond=0) == end  # looked at again when they end

    remote_prefs_update(user=clock.user, data={"quiet_from": None, "quiet_until": None})  # hours over
    sweep()
    sweep()
    mails = _told(clock.user)
    assert len(mails) == 1 and "À vous de jouer" in mails[0].subject  # his language: the site's, French
    assert Notice.objects.filter(key__endswith=f":{YOUR_MOVE}", channel="email").count() == 1


def test_a_vacation_stops_the_clock(english):
    today = timezone.now().date()
    _, away = _opened(prefs={}, vacation=(today + timedelta(days=1), today + timedelta(days=3)))
    # 24 hours of his clock, and the three days of his vacation on top (no summer time in between)
    assert away.due_at - away.waiting_since == timedelta(days=4)


def test_the_reminders_come_once_each_at_half_time_and_an_hour_before(english):
    remote, clock = _opened(prefs={"play_from": time(0), "play_until": time(0)})
    user = clock.user
    assert len(_told(user)) == 1
    # the sweep reads a clock only when it has something to do: next, the half-time reminder
    sweep()
    clock.refresh_from_db()
    assert clock.look_at == clock.waiting_since + timedelta(hours=12)
    sweep(now=clock.waiting_since + timedelta(hours=11))
    assert len(_told(user)) == 1
    sweep(now=clock.waiting_since + timedelta(hours=12, minutes=1))
    sweep(now=clock.waiting_since + timedelta(hours=12, minutes=2))
    assert len(_told(user)) == 2 and "Rappel" in _told(user)[-1].subject
    clock.refresh_from_db()
    assert clock.look_at == clock.due_at - timedelta(hours=1)
    sweep(now=clock.due_at - timedelta(minutes=59))
    sweep(now=clock.due_at - timedelta(minutes=58))
    assert len(_told(user)) == 3


def test_a_notice_two_workers_take_at_once_is_sent_once(english):
    remote, clock = _opened()
    mail.outbox.clear()
    params = {"car": "7", "race": "R", "turn": 1, "due": "soon", "path": "/live/tables/1/", "table": 1}
    start = threading.Barrier(4)
    results: list[str] = []

    def worker() -> None:
        from django.db import connection

        start.wait()
        try:
            results.append(
                deliver(
                    key="remote:test:once",
                    kind=YOUR_MOVE,
                    params=params,
                    channel="email",
                    user_id=clock.user.pk,
                )
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("sent") == 1, results
    assert len(mail.outbox) == 1
