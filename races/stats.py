"""A driver's career statistics and dice luck, read from counted results and validated race sheets."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.apps import apps
from django.db import models

from league.models import Driver
from races.dice_luck import DiceLuck, dice_luck, rolls_from_log
from races.models import Race, RaceEntry, Result


@dataclass(frozen=True)
class DriverStats:
    races: int  # counted results (validated or official races)
    wins: int
    podiums: int
    poles: int  # started from grid slot 1 in a counted race
    finishes: int
    average_finish: float | None  # mean position of the races finished
    eliminations: tuple[tuple[str, int], ...]  # (cause, count), most frequent first

    @property
    def eliminated(self) -> int:
        return sum(n for _cause, n in self.eliminations)


def driver_stats(*, driver: Driver) -> DriverStats:
    """Wins, podiums, poles, finishes and eliminations over every counted race (one query)."""
    rows = (
        RaceEntry.objects.filter(
            season_entry__driver=driver,
            race__status__in=Race.RESULT_STATUSES,
            result__isnull=False,
        )
        .order_by()
        .values_list("grid_slot", "result__position", "result__status", "result__cause")
    )
    races = wins = podiums = poles = 0
    finished: list[int] = []
    causes: Counter[str] = Counter()
    for grid_slot, position, status, cause in rows:
        races += 1
        poles += grid_slot == 1
        if status == Result.Status.FINISHED:
            finished.append(position)
            wins += position == 1
            podiums += position <= 3
        else:
            causes[cause.strip().lower()] += 1
    return DriverStats(
        races=races,
        wins=wins,
        podiums=podiums,
        poles=poles,
        finishes=len(finished),
        average_finish=sum(finished) / len(finished) if finished else None,
        eliminations=tuple(sorted(causes.items(), key=lambda item: (-item[1], item[0]))),
    )


def _race_sheet_model() -> type[models.Model] | None:
    # Race sheets come from the race-sheet pipeline; the statistics must work before it exists.
    try:
        return apps.get_model("races", "RaceSheet")
    except LookupError:
        return None


def _path_to_race(model: type[models.Model]) -> str | None:
    """How a sheet reaches its race: `race`, or through its race entry."""
    for field in model._meta.get_fields():
        remote = getattr(field, "related_model", None)
        if not field.many_to_one and not field.one_to_one:
            continue
        if remote is Race:
            return field.name
        if remote is RaceEntry:
            return f"{field.name}__race"
    return None


def _field_names(model: type[models.Model]) -> set[str]:
    return {field.name for field in model._meta.get_fields()}


def driver_dice_luck(*, driver: Driver) -> DiceLuck | None:
    """The movement dice a driver threw in validated race sheets; None while there is no sheet model.

    The driver's car in a sheet is the car number of their season entry (the log's car id).
    One sheet per race counts: the chosen one, else the latest valid version.
    """
    model = _race_sheet_model()
    if model is None:
        return None
    to_race = _path_to_race(model)
    names = _field_names(model)
    log_field = next((name for name in ("log", "parsed") if name in names), None)
    if to_race is None or log_field is None or "status" not in names:
        return None
    status = getattr(model, "Status", None)
    valid = getattr(status, "VALIDATED", None) or getattr(status, "VALID", None) or "validated"
    cars = dict(driver.entries.values_list("season_id", "car_number"))
    sheets = model.objects.filter(status=valid, **{f"{to_race}__season_id__in": list(cars)})
    if "kind" in names:
        sheets = sheets.filter(kind="race")
    order = ["chosen", "pk"] if "chosen" in names else ["pk"]
    rows = sheets.order_by(*order).values_list(to_race, f"{to_race}__season_id", log_field)
    logs = {race_id: (season_id, log) for race_id, season_id, log in rows}  # the last one wins
    rolls: list[tuple[int, int]] = []
    for season_id, log in logs.values():
        if isinstance(log, dict):
            rolls += rolls_from_log(log, [str(cars[season_id])])
    return dice_luck(rolls)
