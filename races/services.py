"""Writes of circuits, races, race entries and results (with the experience they earn)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from circuits.models import Circuit
from core.bulk_writes import Writes
from core.page_cache import pages_changed
from core.services_atomic import atomic_service
from core.services_checks import clean_without_queries, unique_violation
from league.models import ExperienceEntry, Season, SeasonEntry
from league.services import (
    GAIN_REASONS,
    LedgerRow,
    experience_record_many,
    full_clean_naming_fields,
    model_update,
)
from races.models import Race, RaceEntry, Result
from rules.ledger import GRID_REASONS as GRID_GAIN_REASONS
from rules.ledger import XpChange, XpKind, XpReason
from rules.scoring import finish_changes, grid_changes

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


Reason = ExperienceEntry.Reason
# A race takes new cars until it is run; its entries are then what was raced.
OPEN_STATUSES = (Race.Status.SCHEDULED, Race.Status.QUALIFYING)

GRID_REASONS = frozenset(Reason(r) for r in (*GRID_GAIN_REASONS, XpReason.FRONT_ROW))
SHEET_NOTE = "race sheet #{id}"  # the note of a spend a sheet wrote (its key: ExperienceEntry.sheet)
# Races are run in our era. Far dates break local-time display: Paris was +00:09:21 until 1911,
# and 31 December 9999 in UTC is already year 10000 there.
FIRST_RACE_DATE = datetime(1970, 1, 1, tzinfo=UTC)
LAST_RACE_DATE = datetime(3000, 1, 1, tzinfo=UTC)


def _check_race_date(scheduled_at: datetime) -> None:
    when = timezone.make_aware(scheduled_at) if timezone.is_naive(scheduled_at) else scheduled_at
    if not FIRST_RACE_DATE <= when < LAST_RACE_DATE:
        raise ValidationError(
            {
                "scheduled_at": ValidationError(
                    _("A race is scheduled between the years 1970 and 2999, not on %(date)s."),
                    code="race_date",
                    params={"date": scheduled_at.date().isoformat()},
                )
            }
        )


@dataclass(frozen=True)
class ResultRow:
    """One car's line of a race classification, as the engine or the stewards give it."""

    car: int | str  # the car number, i.e. the car id of race logs
    position: int
    status: str = Result.Status.FINISHED
    cause: str = ""
    turn: int | None = None
    penalty_points: int = 0
    penalty_places: int = 0
    penalty_reason: str = ""
    points: int | None = None  # as the verdict scores it; None: from the season's table (F4)


@transaction.atomic
def race_create(
    *,
    season: Season,
    round: int,
    circuit: Circuit,
    scheduled_at: datetime,
    laps: int | None = None,
    status: str = Race.Status.SCHEDULED,
) -> Race:
    _check_race_date(scheduled_at)
    race = Race(
        season=season, round=round, circuit=circuit, scheduled_at=scheduled_at, laps=laps, status=status
    )
    full_clean_naming_fields(race)
    race.save()
    if season.entry_list_accepted_at is not None:
        race_entries_fill(race=race)  # a race added after the entry list is accepted gets its cars
    return race


@transaction.atomic
def race_update(*, race: Race, data: Mapping[str, Any], by: AbstractBaseUser | None = None) -> Race:
    """Change a race's round, circuit, date or laps; a status change goes through race_status_set()."""
    if "scheduled_at" in data:
        _check_race_date(data["scheduled_at"])
    race, _changed = model_update(
        instance=race, fields=["round", "circuit", "scheduled_at", "laps"], data=data, by=by
    )
    if "status" in data and data["status"] != race.status:
        race = race_status_set(race=race, status=data["status"], by=by)
    return race


def race_lock(race_id: int, *, circuit: bool = True) -> Race:
    """Lock a race for a write: its row alone, then a key-share lock on its season's row.

    The order every writer of a race takes its locks in: the race, its season (shared), then its
    sheets, protests, and the owners of its ledger rows. The season's row is shared by every race
    of the season: locking it for update (`select_related` without `of`) made a steward's change to
    one race wait for, and hold up, the sheets of all the others. The key share is taken now rather
    than when a ledger row is inserted (its foreign key takes one): a season-wide writer that holds
    the season for update (entries, the schedule) is waited for before any owner's lock.
    """
    related = ("season", "circuit") if circuit else ("season",)
    race = Race.objects.select_for_update(of=("self",)).select_related(*related).get(pk=race_id)
    _share_seasons([race.season_id])
    return race


def race_lock_many(race_ids: Iterable[int]) -> dict[int, Race]:
    """race_lock() for several races at once (a worker's batch of sheets): their rows in id order,
    then their seasons' key shares, in one statement each; the races by id, with season and circuit."""
    races = Race.objects.select_for_update(of=("self",)).select_related("season", "circuit")
    locked = {race.pk: race for race in races.filter(pk__in=sorted(race_ids)).order_by("pk")}
    _share_seasons(sorted({race.season_id for race in locked.values()}))
    return locked


def _share_seasons(season_ids: Sequence[int]) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM league_season WHERE id = ANY(%s) ORDER BY id FOR KEY SHARE", [list(season_ids)]
            )


# The statuses a person sets by hand; the others are the sheets' and the stewards' (validated when a
# valid sheet writes the results, official by race_publish(), back to validated by race_reopen()).
MANUAL_STATUSES = (Race.Status.SCHEDULED, Race.Status.QUALIFYING, Race.Status.RUN)


@transaction.atomic
def race_status_set(*, race: Race, status: str, by: AbstractBaseUser | None = None) -> Race:
    """Move a race between scheduled, qualifying and run, the steps before any result."""
    race = race_lock(race.pk)
    Status = Race.Status
    if status not in Status.values:
        raise ValidationError({"status": _("Unknown race status %(status)r.") % {"status": status}})
    if status not in MANUAL_STATUSES:
        words = {
            Status.SUBMITTED: _("a race becomes submitted when a sheet arrives"),
            Status.VALIDATED: _("a race becomes validated when a valid sheet writes its results"),
            Status.OFFICIAL: _("a race becomes official when the stewards publish its results"),
        }[status]
        raise ValidationError(
            {
                "status": ValidationError(
                    _("The status cannot be set to %(status)s by hand: %(why)s."),
                    code="status_by_service",
                    params={"status": Status(status).label, "why": words},
                )
            }
        )
    if race.status in Race.RESULT_STATUSES:
        raise ValidationError(
            {
                "status": ValidationError(
                    _("%(race)s has results (%(status)s): a correction is a penalty or a new sheet version."),
                    code="has_results",
                    params={"race": race, "status": race.get_status_display()},
                )
            }
        )
    if status == Status.RUN and race.scheduled_at > timezone.now():
        raise ValidationError(
            {
                "status": ValidationError(
                    _("%(race)s is scheduled on %(date)s: it cannot have been run yet."),
                    code="not_run_yet",
                    params={"race": race, "date": timezone.localtime(race.scheduled_at).date().isoformat()},
                )
            }
        )
    race.status = status
    race.full_clean()
    if by is not None:
        race._history_user = by
    race.save(update_fields=["status"])
    return race


@transaction.atomic
def race_entry_create(
    *,
    race: Race,
    season_entry: SeasonEntry,
    grid_slot: int | None = None,
    tyres: str = RaceEntry.Tyres.HARD,
    wear: dict[str, int] | None = None,
) -> RaceEntry:
    entry = RaceEntry(race=race, season_entry=season_entry, grid_slot=grid_slot, tyres=tyres, wear=wear or {})
    full_clean_naming_fields(entry)
    entry.save()
    return entry


@transaction.atomic
def race_entries_fill(*, race: Race) -> list[RaceEntry]:
    """Enter every car of the season's entry list not yet in `race`; returns the entries made."""
    if race.status not in OPEN_STATUSES:
        return []
    # A car already at another table of this round stays there.
    present = set(
        RaceEntry.objects.filter(race__season_id=race.season_id, race__round=race.round).values_list(
            "season_entry_id", flat=True
        )
    )
    made = []
    for entry in SeasonEntry.objects.filter(season_id=race.season_id).order_by("pk"):
        if entry.pk not in present:
            made.append(race_entry_create(race=race, season_entry=entry))
    return made


@transaction.atomic
def race_entry_update(*, entry: RaceEntry, data: Mapping[str, Any]) -> RaceEntry:
    """Change a car's grid slot, tyres or wear; use race_grid_record() to set a grid with its experience."""
    entry, _changed = model_update(instance=entry, fields=["grid_slot", "tyres", "wear"], data=data)
    return entry


def _as_row(row: ResultRow | Mapping[str, Any]) -> ResultRow:
    return row if isinstance(row, ResultRow) else ResultRow(**row)


def _check_classification(rows: list[ResultRow], entries: dict[str, RaceEntry]) -> None:
    errors: list[ValidationError] = []
    seen: set[str] = set()
    for row in rows:
        car = str(row.car)
        if car not in entries:
            errors.append(
                ValidationError(
                    _("car %(car)s is not entered in this race."), code="unknown_car", params={"car": car}
                )
            )
        if car in seen:
            errors.append(
                ValidationError(_("car %(car)s is classified twice."), code="car_twice", params={"car": car})
            )
        seen.add(car)
    positions = sorted(row.position for row in rows)
    if positions != list(range(1, len(rows) + 1)):
        errors.append(
            ValidationError(
                _("positions must run from 1 to %(n)d without gaps or repeats; got %(got)s."),
                code="positions",
                params={"n": len(rows), "got": ", ".join(map(str, positions))},
            )
        )
    # F3: cars not finishing are ranked after the finishers.
    by_position = sorted(rows, key=lambda r: r.position)
    for ahead, behind in zip(by_position, by_position[1:], strict=False):
        if ahead.status == Result.Status.ELIMINATED and behind.status == Result.Status.FINISHED:
            errors.append(
                ValidationError(
                    _("car %(car)s finished but is ranked behind eliminated car %(other)s."),
                    code="order",
                    params={"car": behind.car, "other": ahead.car},
                )
            )
    if errors:
        raise ValidationError(errors)


@atomic_service
def race_results_record(
    *,
    race: Race,
    rows: Iterable[ResultRow | Mapping[str, Any]],
    status: str = Race.Status.OFFICIAL,
    by: AbstractBaseUser | None = None,
    experience: Sequence[XpChange] | None = None,
    sheet: Model | None = None,
    entries: Mapping[str, RaceEntry] | None = None,
    writes: Writes | None = None,
    fresh: bool = False,
) -> list[Result]:
    """Write a race's classification, its points (F4) and its experience (X1).

    Rows carry their points when a verdict scored them; otherwise the season's table does.
    `experience`: the changes a race sheet's verdict made (gains and spends), written as they
    come and pointing at `sheet`; they replace every row an earlier version of a sheet wrote.
    Without them the gains are the rules' for this classification and grid, and the spends
    already in the ledger stay. Recording again replaces the earlier results and gains.
    `entries`: the race's entries by car, when the caller holds them (as _race_entries() reads them).
    `writes`: the rows join the caller's (core.bulk_writes), written when it flushes; `fresh`: the
    caller knows the race has no results and no ledger rows yet (nothing to replace).
    """
    rows = [_as_row(row) for row in rows]
    season = race.season
    if race.scheduled_at > timezone.now():
        raise ValidationError(
            _("%(race)s is scheduled on %(date)s: a race that has not been run has no results."),
            code="not_run_yet",
            params={"race": race, "date": timezone.localtime(race.scheduled_at).date().isoformat()},
        )
    entries = dict(entries) if entries is not None else _race_entries(race)
    _check_classification(rows, entries)

    if not fresh:
        race.results.all().delete()
        replaced = Q(reason__in=GAIN_REASONS)
        if experience is not None:
            replaced |= Q(sheet__isnull=False)
        ExperienceEntry.objects.filter(replaced, race=race).delete()
    own = writes is None
    writes = Writes() if writes is None else writes

    rules = season.ruleset()
    results = []
    for row in sorted(rows, key=lambda r: r.position):
        finished = row.status == Result.Status.FINISHED
        points = row.points if row.points is not None else (rules.points_for(row.position) if finished else 0)
        result = Result(
            race=race,
            race_entry=entries[str(row.car)],
            position=row.position,
            status=row.status,
            cause=row.cause,
            turn=row.turn,
            points=points,
            penalty_points=row.penalty_points,
            penalty_places=row.penalty_places,
            penalty_reason=row.penalty_reason,
        )
        try:
            # The race and its entries are the locked rows above, and the set's uniqueness (one
            # result per car, one car per position) is _check_classification()'s, over the set.
            clean_without_queries(result)
        except ValidationError as exc:
            raise ValidationError(
                _("car %(car)s: %(errors)s"),
                code="invalid_result",
                params={"car": row.car, "errors": "; ".join(exc.messages)},
            ) from exc
        if by is not None:
            result._history_user = by  # simple_history: who wrote this version of the result
        results.append(result)
    writes.create(Result, results, history=True, by=by)

    if experience is None:
        teams = _teams(entries)
        grid = {car: entry.grid_slot for car, entry in entries.items() if entry.grid_slot}
        finishers = [
            str(row.car)
            for row in sorted(rows, key=lambda r: r.position)
            if row.status == Result.Status.FINISHED
        ]
        experience = [*grid_changes(rules, grid, teams), *finish_changes(rules, finishers, teams)]
    race_experience_record(race=race, changes=experience, entries=entries, sheet=sheet, by=by, writes=writes)

    race.status = status
    clean_without_queries(race)  # the race is the caller's, locked: only its status changes here
    if by is not None:
        race._history_user = by
    writes.update(Race, [race], ["status"], history=True, by=by)
    if own:
        writes.flush()
    return results


def _race_entries(race: Race) -> dict[str, RaceEntry]:
    """The race's entries by car, with their drivers and teams."""
    return race_entries_many([race])[race.pk]


def race_entries_many(races: Iterable[Race]) -> dict[int, dict[str, RaceEntry]]:
    """Each race's entries by car, with their drivers and teams, by race id: one query for all."""
    races = {race.pk: race for race in races}
    by_race: dict[int, dict[str, RaceEntry]] = {pk: {} for pk in races}
    if not races:
        return by_race
    # Within a race, the entries' default order; the default's first key (the race) would join
    # every race to its season only to sort rows grouped by race here anyway.
    for entry in (
        RaceEntry.objects.filter(race__in=list(races))
        .select_related("season_entry__driver", "season_entry__team")
        .order_by("grid_slot", "season_entry__car_number")
    ):
        entry.race = races[entry.race_id]  # as race.entries would give it: no query to follow it
        by_race[entry.race_id][entry.season_entry.car_id] = entry
    return by_race


def _teams(entries: Mapping[str, RaceEntry]) -> dict[str, str]:
    return {car: entry.season_entry.team.slug for car, entry in entries.items()}


def race_experience_record(
    *,
    race: Race,
    changes: Iterable[XpChange],
    entries: Mapping[str, RaceEntry],
    sheet: Model | None,
    by: AbstractBaseUser | None,
    writes: Writes | None = None,
) -> list[ExperienceEntry]:
    """Write experience changes to the ledger, one row each, in their order (a car not entered
    in the race has none: the sheet's entries check reports it), checked and inserted as one set."""
    rows = []
    for change in changes:
        entry = entries.get(change.car)
        if entry is None:
            continue
        season_entry = entry.season_entry
        owner = (
            {"driver": season_entry.driver} if change.kind is XpKind.DRIVER else {"team": season_entry.team}
        )
        if change.tenths < 0 and sheet is not None:
            note = SHEET_NOTE.format(id=sheet.pk)
        else:
            # "#7", "#7+3": the car(s) the gain came from, readable in either language.
            note = f"#{change.car}" + (f"+{change.partner}" if change.partner else "")
        rows.append(
            LedgerRow(
                reason=Reason(change.reason), amount=Decimal(change.tenths).scaleb(-1), note=note, **owner
            )
        )
    return experience_record_many.within(
        season=race.season, race=race, rows=rows, by=by, sheet=sheet, writes=writes
    )


@atomic_service
def race_grid_record(
    *,
    race: Race,
    slots: Mapping[str, int],
    by: AbstractBaseUser | None = None,
    sheet: Model | None = None,
    experience: bool = True,
    entries: Mapping[str, RaceEntry] | None = None,
    writes: Writes | None = None,
) -> list[RaceEntry]:
    """Set a race's starting grid (car id -> slot) and the experience it earns (X1: pole, 2nd, front row).

    Recording again replaces the earlier grid and its gains, so nothing counts twice. `sheet`: the
    qualifying sheet it comes from; `experience=False`: the caller writes the gains (a race sheet's).
    `entries`: the race's entries by car, when the caller holds them (as _race_entries() reads them).
    `writes`: the rows join the caller's (core.bulk_writes), written when it flushes.
    """
    entries = dict(entries) if entries is not None else _race_entries(race)
    unknown = sorted(set(map(str, slots)) - set(entries))
    if unknown:
        raise ValidationError(
            _("car %(car)s is not entered in this race."), code="unknown_car", params={"car": unknown[0]}
        )
    slots = {str(car): slot for car, slot in slots.items()}
    # One car per slot, over the set (the cars are the race's own rows: nothing else to ask).
    seen: set[int] = set()
    placed = any(entry.grid_slot is not None for entry in entries.values())
    for car, entry in entries.items():
        entry.grid_slot = slots.get(car)
        clean_without_queries(entry)
        if entry.grid_slot is not None:
            if entry.grid_slot in seen:
                raise unique_violation(RaceEntry, "unique_grid_slot_per_race")
            seen.add(entry.grid_slot)
    # Free every slot first: the database checks the one-car-per-slot constraint row by row.
    if placed:
        race.entries.update(grid_slot=None)
        pages_changed()  # update() sends no post_save
    own = writes is None
    writes = Writes() if writes is None else writes
    writes.update(RaceEntry, list(entries.values()), ["grid_slot"])
    if experience:
        ExperienceEntry.objects.filter(race=race, reason__in=GRID_REASONS).delete()
        grid = {car: slot for car, slot in slots.items() if slot}
        changes = grid_changes(race.season.ruleset(), grid, _teams(entries))
        race_experience_record(race=race, changes=changes, entries=entries, sheet=sheet, by=by, writes=writes)
    if own:
        writes.flush()
    return list(entries.values())


@transaction.atomic
def season_schedule(
    *,
    season: Season,
    circuits: Sequence[Circuit],
    first_at: datetime | None = None,
    interval_days: int = 14,
    dates: Sequence[datetime | None] = (),
    laps: int | None = None,
    confirmed: bool = False,
) -> list[Race]:
    """Put races on `circuits`, in this order, after the season's last round, all or none.

    Race i (from 0) is on `dates[i]` when given, else on `first_at` + i × `interval_days`.
    Dates outside the season's year are refused; dates already past need `confirmed` (a season
    typed in after the fact). A race already on that circuit at that time is not made again, so
    sending the same schedule twice adds nothing. Returns the races, found or made, in order.
    """
    if not circuits:
        raise ValidationError(_("Pick at least one circuit."), code="no_circuit")
    if interval_days < 1:
        raise ValidationError(_("The interval is at least 1 day."), code="interval")
    when: list[datetime] = []
    for i in range(len(circuits)):
        given = dates[i] if i < len(dates) else None
        if given is None and first_at is None:
            raise ValidationError(
                _("Race %(n)d has no date: give it one, or give a first date."),
                code="no_date",
                params={"n": i + 1},
            )
        when.append(given or first_at + timedelta(days=interval_days * i))
    outside = [(i, day) for i, day in enumerate(when, start=1) if timezone.localtime(day).year != season.year]
    if outside:
        n, day = outside[0]
        raise ValidationError(
            _("Race %(n)d would be on %(date)s, outside the season's year %(year)d."),
            code="outside_year",
            params={"n": n, "date": timezone.localtime(day).date().isoformat(), "year": season.year},
        )
    now = timezone.now()
    past = [(i, day) for i, day in enumerate(when, start=1) if day < now]
    if past and not confirmed:
        n, day = past[0]
        raise ValidationError(
            _(
                "Race %(n)d would be on %(date)s, before today: confirm to schedule races in the past "
                "(a season entered after the fact)."
            ),
            code="past_date",
            params={"n": n, "date": timezone.localtime(day).date().isoformat()},
        )
    # Lock the season so two schedules made at once cannot both take the same rounds.
    Season.objects.select_for_update().filter(pk=season.pk).first()
    existing = {(race.circuit_id, race.scheduled_at): race for race in Race.objects.filter(season=season)}
    last = max((race.round for race in existing.values()), default=0)
    races = []
    for circuit, at in zip(circuits, when, strict=True):
        race = existing.get((circuit.pk, at))
        if race is None:
            last += 1
            race = race_create(season=season, round=last, circuit=circuit, scheduled_at=at, laps=laps)
            race._scheduled_now = True  # type: ignore[attr-defined]
            existing[(circuit.pk, at)] = race
        races.append(race)
    return races
