"""Writes of circuits, races, race entries and results (with the experience they earn)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from league.models import ExperienceEntry, SeasonEntry
from league.services import GAIN_REASONS, experience_record
from races.models import Circuit, Race, RaceEntry, Result

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from league.models import Season

Reason = ExperienceEntry.Reason

# X1, applied when the season plays with experience (option A7).
DRIVER_GRID_GAINS = {1: (Reason.POLE, Decimal("0.3")), 2: (Reason.GRID_SECOND, Decimal("0.1"))}
DRIVER_FINISH_GAINS = {
    1: (Reason.WIN, Decimal("0.5")),
    2: (Reason.SECOND, Decimal("0.3")),
    3: (Reason.THIRD, Decimal("0.1")),
}
TEAM_FINISH_GAINS = {
    1: (Reason.WIN, Decimal("0.5")),
    2: (Reason.SECOND, Decimal("0.2")),
    3: (Reason.THIRD, Decimal("0.1")),
}
ONE_TWO_GAIN = Decimal("0.3")
FRONT_ROW_GAIN = Decimal("0.1")
EXPERIENCE_OPTION = "A7"


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


def _document_fields(document: Any) -> tuple[str, str]:
    if not isinstance(document, Mapping):
        return "", ""
    return str(document.get("id", "")), str(document.get("name", ""))


@transaction.atomic
def circuit_create(*, document: dict[str, Any], country: str = "") -> Circuit:
    """Store a `formule-de/circuit@1` document; its id and name become the circuit's."""
    slug, name = _document_fields(document)
    circuit = Circuit(slug=slug, name=name, country=country, document=document)
    circuit.full_clean()
    circuit.save()
    return circuit


@transaction.atomic
def circuit_update(*, circuit: Circuit, document: dict[str, Any]) -> Circuit:
    """Replace a circuit's document; the id must stay (race logs refer to it)."""
    _slug, name = _document_fields(document)
    circuit.document = document
    circuit.name = name or circuit.name
    circuit.full_clean()
    circuit.save()
    return circuit


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
    race = Race(
        season=season, round=round, circuit=circuit, scheduled_at=scheduled_at, laps=laps, status=status
    )
    race.full_clean()
    race.save()
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
    entry.full_clean()
    entry.save()
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


@transaction.atomic
def race_results_record(
    *,
    race: Race,
    rows: Iterable[ResultRow | Mapping[str, Any]],
    status: str = Race.Status.OFFICIAL,
    by: AbstractBaseUser | None = None,
) -> list[Result]:
    """Write a race's classification, its points (season table, F4) and its experience (X1).

    Recording again replaces the earlier results and the experience they earned;
    experience spent during the race (X2, X3) stays.
    """
    rows = [_as_row(row) for row in rows]
    season = race.season
    entries = {
        entry.season_entry.car_id: entry
        for entry in race.entries.select_related("season_entry__driver", "season_entry__team")
    }
    _check_classification(rows, entries)

    race.results.all().delete()
    ExperienceEntry.objects.filter(race=race, reason__in=GAIN_REASONS).delete()

    table = season.points_table
    results = []
    for row in sorted(rows, key=lambda r: r.position):
        finished = row.status == Result.Status.FINISHED
        points = table[row.position - 1] if finished and row.position <= len(table) else 0
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
            result.full_clean()
        except ValidationError as exc:
            raise ValidationError(
                _("car %(car)s: %(errors)s"),
                code="invalid_result",
                params={"car": row.car, "errors": "; ".join(exc.messages)},
            ) from exc
        if by is not None:
            result._history_user = by  # simple_history: who wrote this version of the result
        result.save()
        results.append(result)

    if EXPERIENCE_OPTION in season.options:
        _record_experience(race=race, results=results, entries=entries.values(), by=by)

    race.status = status
    race.full_clean()
    if by is not None:
        race._history_user = by
    race.save()
    return results


def _record_experience(
    *, race: Race, results: list[Result], entries: Iterable[RaceEntry], by: AbstractBaseUser | None
) -> None:
    season = race.season

    def gain(owner: dict[str, Any], reason: str, amount: Decimal, car: str) -> None:
        # "#7": the car the gain came from, readable in either language.
        experience_record(
            season=season, race=race, reason=reason, amount=amount, by=by, note=f"#{car}", **owner
        )

    grid = {entry.grid_slot: entry.season_entry for entry in entries if entry.grid_slot}
    for slot, (reason, amount) in DRIVER_GRID_GAINS.items():
        if slot in grid:
            gain({"driver": grid[slot].driver}, reason, amount, grid[slot].car_id)

    podium = {
        result.position: result.race_entry.season_entry
        for result in results
        if result.status == Result.Status.FINISHED and result.position <= 3
    }
    for position, entry in sorted(podium.items()):
        reason, amount = DRIVER_FINISH_GAINS[position]
        gain({"driver": entry.driver}, reason, amount, entry.car_id)
        reason, amount = TEAM_FINISH_GAINS[position]
        gain({"team": entry.team}, reason, amount, entry.car_id)

    if 1 in podium and 2 in podium and podium[1].team_id == podium[2].team_id:
        cars = f"{podium[1].car_id}+{podium[2].car_id}"
        gain({"team": podium[1].team}, Reason.ONE_TWO, ONE_TWO_GAIN, cars)
    if 1 in grid and 2 in grid and grid[1].team_id == grid[2].team_id:
        cars = f"{grid[1].car_id}+{grid[2].car_id}"
        gain({"team": grid[1].team}, Reason.FRONT_ROW, FRONT_ROW_GAIN, cars)
