"""What a race's results write: the classification checked against the race's cars, the results,
the experience the race earned and spent, and the grid with its gains."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db.models import Model, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.bulk_writes import Writes
from core.page_cache import pages_changed
from core.services_atomic import atomic_service
from core.services_checks import clean_without_queries, unique_violation
from league.models import ExperienceEntry
from league.services import (
    GAIN_REASONS,
    LedgerRow,
    experience_record_many,
)
from races.models import Race, RaceEntry, Result
from races.services import race_entries
from rules.ledger import GRID_REASONS as GRID_GAIN_REASONS
from rules.ledger import XpChange, XpKind, XpReason
from rules.scoring import finish_changes, grid_changes

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

Reason = ExperienceEntry.Reason

GRID_REASONS = frozenset(Reason(r) for r in (*GRID_GAIN_REASONS, XpReason.FRONT_ROW))
SHEET_NOTE = "race sheet #{id}"  # the note of a spend a sheet wrote (its key: ExperienceEntry.sheet)


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
    # F3: cars not finishing are ranked after the finishers; the cars that did not start after all.
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
        if ahead.status == Result.Status.DNS and behind.status != Result.Status.DNS:
            errors.append(
                ValidationError(
                    _("car %(car)s raced but is ranked behind car %(other)s, which did not start."),
                    code="order_dns",
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
    `entries`: the race's entries by car, when the caller holds them (as race_entries() reads them).
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
    entries = dict(entries) if entries is not None else race_entries(race)
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
        if row.points is None and row.status == Result.Status.DNS:
            points = season.dns_points
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


def dns_rows(*, race: Race, rows: Iterable[ResultRow], entries: Mapping[str, RaceEntry]) -> list[ResultRow]:
    """A DNS row for each entry the classification `rows` leaves out (a non-partant: a valid sheet
    leaves out only those, `sheets.engine.header_check`), after them in car-number order, with the
    season's points for not starting."""
    rows = list(rows)
    classified = {str(row.car) for row in rows}
    absent = sorted((car for car in entries if car not in classified), key=lambda car: (len(car), car))
    points = race.season.dns_points
    return [
        ResultRow(car=car, position=len(rows) + n, status=Result.Status.DNS, points=points)
        for n, car in enumerate(absent, start=1)
    ]


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
    `entries`: the race's entries by car, when the caller holds them (as race_entries() reads them).
    `writes`: the rows join the caller's (core.bulk_writes), written when it flushes.
    """
    entries = dict(entries) if entries is not None else race_entries(race)
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
