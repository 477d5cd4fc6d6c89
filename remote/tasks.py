"""The remote races' sweep, run by beat every `REMOTE_SWEEP_EVERY` seconds: open the races whose
time has come, play the autopilot for every clock that ran out, send the reminders due (half the
time, one hour before) and the notices held through quiet hours. Each is idempotent: two sweeps
at once play a move once (the table's row lock and its `expected` steps) and tell once (`Notice`)."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.utils import timezone

from remote.clock import Hours, at_fraction, before_due, quiet_until
from remote.models import CarClock
from remote.notices import REMINDER, YOUR_MOVE
from remote.opening import open_due_races
from remote.turns import expire, notify


def sweep(now: datetime | None = None) -> dict[str, int]:
    """One pass (see the module's doc); what it did, counted. Only the clocks whose `look_at` has
    come are read: a clock is looked at when its move starts, then at its reminders, at the end
    of quiet hours that held a notice, and at its deadline."""
    now = now or timezone.now()
    done = {"opened": open_due_races(), "autopilot": 0, "told": 0}
    waiting = (
        CarClock.objects.waiting()
        .filter(look_at__lte=now)
        .select_related("table__race__season", "table__race__circuit", "user__profile", "user__remote_prefs")
    )
    for clock in waiting:
        if clock.due_at <= now:
            done["autopilot"] += expire(clock.pk, now)
            continue
        done["told"] += _tell_due(clock, now)
    return done


def _tell_due(clock: CarClock, now: datetime) -> int:
    """Send the clock's notices whose time has come (once each: `notify` checks), and set when
    to look at it next. Returns how many were sent."""
    if clock.user is None:
        CarClock.objects.filter(pk=clock.pk, step=clock.step).update(look_at=clock.due_at)
        return 0
    hours = Hours.of(clock.user, clock.table.race.season)
    held = quiet_until(now, hours)
    times = {
        "half": at_fraction(clock.waiting_since, clock.due_at, 0.5, hours),
        "hour": before_due(clock.waiting_since, clock.due_at, 1, hours),
    }
    told = 0
    if held is None:
        told += bool(notify(clock, YOUR_MOVE, hours=hours))  # lost at the start of the move: now
        for kind, at in times.items():
            if clock.waiting_since < at <= now:  # a deadline too short for it: none
                key = f"remote:{clock.table_id}:{clock.step}:{REMINDER}-{kind}"
                told += bool(notify(clock, REMINDER, key=key, hours=hours))
    later = [at for at in times.values() if at > now and at > clock.waiting_since]
    nxt = min([*later, clock.due_at, *([held] if held else [])])
    # the same move only: a move played meanwhile has set its own
    CarClock.objects.filter(pk=clock.pk, step=clock.step).update(look_at=nxt)
    return told


@shared_task(name="remote.sweep", acks_late=True)
def sweep_task() -> dict[str, int]:
    return sweep()
