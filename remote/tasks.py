"""The remote races' sweep, run by beat every `REMOTE_SWEEP_EVERY` seconds: open the races whose
time has come, play the autopilot for every clock that ran out, send the reminders due (half the
time, one hour before) and the notices held through quiet hours. Each is idempotent: two sweeps
at once play a move once (the table's row lock and its `expected` steps) and tell once (`Notice`)."""

from __future__ import annotations

from datetime import datetime

from celery import shared_task
from django.db.models import F
from django.utils import timezone

from remote.clock import Hours, at_fraction, before_due
from remote.models import CarClock
from remote.notices import REMINDER, YOUR_MOVE
from remote.opening import open_due_races
from remote.turns import expire, notify


def sweep(now: datetime | None = None) -> dict[str, int]:
    """One pass (see the module's doc); what it did, counted."""
    now = now or timezone.now()
    done = {"opened": open_due_races(), "autopilot": 0, "told": 0}
    waiting = CarClock.objects.filter(step=F("table__steps"), due_at__isnull=False).select_related(
        "table__race__season", "user"
    )
    for clock in waiting:
        if clock.due_at <= now:
            done["autopilot"] += expire(clock.pk, now)
            continue
        done["told"] += bool(notify(clock, YOUR_MOVE))  # held by quiet hours, or lost: once
        hours = Hours.of(clock.user, clock.table.race.season) if clock.user else None
        if hours is None:
            continue
        for kind, at in (
            ("half", at_fraction(clock.waiting_since, clock.due_at, 0.5, hours)),
            ("hour", before_due(clock.waiting_since, clock.due_at, 1, hours)),
        ):
            if clock.waiting_since < at <= now:  # a deadline too short for it: none
                key = f"remote:{clock.table_id}:{clock.step}:{REMINDER}-{kind}"
                done["told"] += bool(notify(clock, REMINDER, key=key))
    return done


@shared_task(name="remote.sweep", acks_late=True)
def sweep_task() -> dict[str, int]:
    return sweep()
