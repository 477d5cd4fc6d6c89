"""A remote table's turns: whose move is awaited and until when, and what the site plays itself.

After every write to a remote table (`live.signals.table_changed`) `table_moved` looks at the car
to play:
- nothing to choose (a wait, a restart after a red flag): the site plays it;
- its driver is on autopilot (three moves missed in a row, until he comes back), or has no
  account: the autopilot plays it;
- its driver set his next gear in advance and it is legal now: that gear, the autopilot's stop;
- otherwise its clock starts: the deadline counts the season's hours per move in the driver's
  chosen hours (`remote.clock`), and he is told "your move" (`remote.notices`).
When the deadline passes (`expire`, run by the sweep) the autopilot plays the car and tells him.
Once every car has finished or is out, the site turns the table into the race's sheet.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from live import engine
from live.dice import binding
from live.models import LiveStep, LiveTable
from live.rolls import site_roll
from live.services import TableConflict, TableRefused, table_finish, table_move, table_restart
from notifications.models import Notice
from races.models import RaceEntry
from remote.clock import Hours, deadline, quiet_until
from remote.models import NOT_WAITING, CarClock
from remote.notices import AUTOPILOT, YOUR_MOVE, tell
from rules.autopilot import autopilot_move, autopilot_restart

logger = logging.getLogger(__name__)

MISSED_FOR_AWAY = 3  # moves missed in a row before a driver stays on autopilot
Auto = LiveStep.Auto
_local = threading.local()


def table_moved(table_id: int, what: str, step: dict | None = None) -> None:
    """Move the table's clocks on after a write (see the module's doc). Re-entered by the writes
    it makes itself: those only ask the running loop to look again."""
    busy: set[int] = getattr(_local, "busy", None) or set()
    _local.busy = busy
    if table_id in busy:
        return
    busy.add(table_id)
    try:
        for _n in range(1000):  # a whole race of autopilots at most; then the sweep carries on
            if not _advance(table_id, what, step):
                return
            what, step = "step", None  # the site's own step: nobody came back
    finally:
        busy.discard(table_id)


def _advance(table_id: int, what: str, step: dict | None) -> bool:
    """One look at the table; True when the site played a step (look again)."""
    table = LiveTable.objects.select_related("race__season", "race__circuit").filter(pk=table_id).first()
    if table is None or not table.remote:
        return False
    if table.status != LiveTable.Status.PLAYING:
        CarClock.objects.filter(table=table).update(**NOT_WAITING)
        if table.status == LiveTable.Status.OVER:
            _finish(table)
        return False
    if what == "created":
        _clocks_new(table)
    if what == "undo":  # a steward took a move back: the clocks start again from the car to play
        CarClock.objects.filter(table=table).update(**NOT_WAITING)
    if what == "step" and step is not None and step.get("kind") == "move" and not step.get("auto"):
        # the driver played himself: his clock stops, his missed moves are forgiven
        CarClock.objects.filter(table=table, car=step.get("car")).update(**NOT_WAITING, missed=0)
    now = engine.engine_table(table)
    to = now.to_play
    if to is None:
        return False
    if to.restart_due:
        table_restart(
            table=table.pk, user=None, restart=autopilot_restart(now), expected=table.steps, site=True
        )
        return True
    car = to.car
    if car is None:
        return False
    if to.wait:
        table_move(
            table=table.pk,
            user=None,
            move={"car": car, "wait": to.wait},
            expected=table.steps,
            site=True,
            auto=Auto.SITE,
        )
        return True
    clock = clock_of(table, car)
    if clock.step == table.steps:
        return False  # already waiting for this move
    if clock.autopilot or clock.user_id is None:
        return autopilot_play(table.pk, car, Auto.AWAY)
    if clock.advance_gear:
        gear, clock.advance_gear = clock.advance_gear, None
        clock.save(update_fields=["advance_gear"])
        if autopilot_play(table.pk, car, Auto.ADVANCE, gear=gear):
            return True
    _start(table, clock, to.turn)
    return False


def _clocks_new(table: LiveTable) -> None:
    """A clock for each car of the table, with its driver (one query for all; those it has kept)."""
    drivers = {
        entry.season_entry.car_id: entry.season_entry.driver.user_id
        for entry in RaceEntry.objects.filter(race_id=table.race_id).select_related("season_entry__driver")
    }
    CarClock.objects.bulk_create(
        [CarClock(table=table, car=car, user_id=drivers.get(car)) for car in table.header_cars],
        ignore_conflicts=True,
    )


def clock_of(table: LiveTable, car: str) -> CarClock:
    """The car's clock on the table, with its driver's profile and preferences (made, with the
    others, if the table's opening did not make them)."""
    rows = CarClock.objects.select_related("user__profile", "user__remote_prefs")
    clock = rows.filter(table=table, car=car).first()
    if clock is None:
        _clocks_new(table)
        clock = rows.get(table=table, car=car)
    clock.table = table
    return clock


def _start(table: LiveTable, clock: CarClock, turn: int) -> None:
    """The car's move is awaited from now: its deadline, and "your move" to its driver."""
    started = timezone.now()
    hours = Hours.of(clock.user, table.race.season)
    clock.step = table.steps
    clock.waiting_since = started
    clock.due_at = deadline(started, table.race.season.move_hours, hours)
    clock.look_at = started  # the next sweep checks "your move" went, and plans the reminders
    clock.save(update_fields=["step", "waiting_since", "due_at", "look_at"])
    # a new step: nothing was told for it yet
    transaction.on_commit(lambda: notify(clock, YOUR_MOVE, turn=turn, hours=hours, fresh=True), robust=True)


def notice_params(clock: CarClock, turn: int | None = None, zone: str | None = None) -> dict[str, object]:
    """The notice's params: the instant in ISO 8601 and the driver's zone, rendered in his
    language and time by the task that sends it (`remote.notices`)."""
    table = clock.table
    return {
        "car": clock.car,
        "season": str(table.race.season),
        "round": table.race.round,
        "circuit": str(table.race.circuit),
        "turn": turn if turn is not None else "",
        "due_at": clock.due_at.isoformat() if clock.due_at else "",
        "zone": zone or "",
        "path": table.get_absolute_url(),
        "table": table.pk,
    }


def notify(
    clock: CarClock,
    kind: str,
    *,
    turn: int | None = None,
    key: str | None = None,
    hours: Hours | None = None,
    fresh: bool = False,
) -> list[str]:
    """Tell the clock's driver, once for the clock's step and `kind`, unless he is in his quiet
    hours now (the sweep tells him once they end). Returns the channels used. `hours`: his, read
    already; `fresh`: the step is new, nothing can have been told for it."""
    user = clock.user
    if user is None:
        return []
    hours = hours or Hours.of(user, clock.table.race.season)
    if quiet_until(timezone.now(), hours) is not None:
        return []
    key = key or f"remote:{clock.table_id}:{clock.step}:{kind}"
    if not fresh and Notice.objects.filter(key=key, sent_at__isnull=False).exists():
        return []  # told already (the sweep asks again every pass)
    return tell(user=user, key=key, kind=kind, params=notice_params(clock, turn, hours.time_zone))


def autopilot_play(
    table_id: int, car: str, why: str, *, gear: int | None = None, before: Callable[[], None] | None = None
) -> bool:
    """The autopilot plays `car`'s move now, with the site's dice (`rules.play.autopilot`); True
    when a step was stored. `gear`: the gear its driver set in advance (None if illegal now).
    `before`: run under the table's lock just before the move is stored, in its transaction (the
    clock's count of missed moves: the turns that follow the move read it)."""
    try:
        with transaction.atomic():
            table = LiveTable.objects.select_for_update().get(pk=table_id)
            now = engine.engine_table(table)
            if now.to_play is None or now.to_play.car != car:
                return False

            # the gear's die its driver rolled already for this move binds the autopilot too:
            # letting the time run out never buys another roll
            rolled = {r.die: r.roll for r in binding(table).exclude(die="d20").order_by("pk")}
            if gear is None and len(rolled) == 1:
                gear = int(next(iter(rolled)))

            def roll(die: str) -> int:
                if die in rolled:
                    return rolled.pop(die)
                return site_roll(table=table, die=die, by=None, car=car).roll

            move = autopilot_move(now, roll, gear=gear, seed=table.steps)
            if move is None and why != Auto.ADVANCE:  # the driver's die did not fit: the autopilot's own
                move = autopilot_move(now, roll, seed=table.steps)
            if move is None:
                if why != Auto.ADVANCE:
                    logger.error("table %s: the autopilot found no move for car %s", table_id, car)
                return False
            if before is not None:
                before()
            table_move(
                table=table.pk, user=None, move=move.to_json(), expected=table.steps, site=True, auto=why
            )
    except (TableRefused, TableConflict):
        logger.exception("table %s: the autopilot's move for car %s was refused", table_id, car)
        return False
    return True


def expire(clock_id: int, at: datetime | None = None) -> bool:
    """The clock's deadline has passed: the autopilot plays the car, the driver is told, and a
    third miss in a row keeps him on autopilot. False if the car is no longer waiting."""
    at = at or timezone.now()
    clock = (
        CarClock.objects.select_related("table__race__season", "table__race__circuit", "user")
        .filter(pk=clock_id)
        .first()
    )
    if clock is None or clock.due_at is None or clock.due_at > at or clock.step != clock.table.steps:
        return False
    step = clock.step
    turn = engine.engine_table(clock.table).to_play
    missed = clock.missed + 1

    def count_the_miss() -> None:  # before the move: the car's next turn may come in its wake
        CarClock.objects.filter(pk=clock.pk).update(
            **NOT_WAITING, missed=missed, autopilot=missed >= MISSED_FOR_AWAY
        )

    if not autopilot_play(clock.table_id, clock.car, Auto.DEADLINE, before=count_the_miss):
        return False
    notify(
        clock, AUTOPILOT, turn=turn.turn if turn else None, key=f"remote:{clock.table_id}:{step}:autopilot"
    )
    return True


def _finish(table: LiveTable) -> None:
    """Every car has finished or is out: the record becomes the race's sheet, as race night's."""
    by_id = (
        table.rows.exclude(by=None).order_by("-index").values_list("by", flat=True).first()
        or CarClock.objects.filter(table=table).exclude(user=None).values_list("user", flat=True).first()
    )
    if by_id is None:
        logger.error("table %s: over, but no driver has an account to sign its sheet", table.pk)
        return
    from django.contrib.auth import get_user_model

    try:
        table_finish(table=table, user=get_user_model().objects.get(pk=by_id))
    except (TableRefused, TableConflict):
        logger.exception("table %s: its sheet was refused", table.pk)
