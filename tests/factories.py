"""Plain helpers that build league data through the services, with sensible defaults."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from league.models import Driver, Season, SeasonEntry, Team
from league.services import driver_create, season_create, season_entry_create, team_create
from races.models import Circuit, Race, RaceEntry, Result
from races.services import ResultRow, circuit_create, race_create, race_entry_create, race_results_record

# The shared example circuit (shared/examples/circuit-ovale.json), copied so the suite stands alone.
OVAL: dict[str, Any] = {
    "format": "formule-de/circuit@1",
    "id": "ovale",
    "name": "Ovale d'essai",
    "laps": 2,
    "weather": {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]},
    "segments": [
        {"id": "S1", "straight": 8},
        {"id": "T1", "corner": {"stops": 1, "cells": [3, 4, 5], "turn": "left", "angle": 180}},
        {"id": "S2", "straight": 10},
        {"id": "T2", "corner": {"stops": 2, "cells": [3, 4, 5], "turn": "left", "angle": 180}},
        {"id": "S3", "straight": 6},
    ],
    "grid": ["S3-b6", "S3-a5", "S3-b4", "S3-a3", "S3-b2", "S3-a1"],
    "pit": {"entry": "S3-c2", "exit": "S1-c3", "stands": 6},
}

_serial = itertools.count(1)


def oval_document(**changes: Any) -> dict[str, Any]:
    document = copy.deepcopy(OVAL)
    document.update(changes)
    return document


def wide_oval_document(circuit_id: str = "anneau", name: str = "Anneau large") -> dict[str, Any]:
    """The oval with a last straight long enough for a 10-car grid."""
    document = oval_document(id=circuit_id, name=name)
    document["segments"][4] = {"id": "S3", "straight": 10}
    document["grid"] = [f"S3-{'b' if n % 2 == 0 else 'a'}{n}" for n in range(10, 0, -1)]
    return document


def make_circuit(document: dict[str, Any] | None = None) -> Circuit:
    document = document or wide_oval_document()
    return Circuit.objects.filter(slug=document["id"]).first() or circuit_create(document=document)


def make_driver(name: str | None = None, slug: str | None = None, **kwargs: Any) -> Driver:
    n = next(_serial)
    return driver_create(name=name or f"Pilote {n}", slug=slug or f"pilote-{n}", **kwargs)


def make_team(name: str | None = None, slug: str | None = None, **kwargs: Any) -> Team:
    n = next(_serial)
    return team_create(name=name or f"Écurie {n}", slug=slug or f"ecurie-{n}", **kwargs)


def make_season(**kwargs: Any) -> Season:
    n = next(_serial)
    defaults: dict[str, Any] = {
        "name": f"Saison {n}",
        "slug": f"saison-{n}",
        "year": 2026,
        "status": Season.Status.RUNNING,
    }
    return season_create(**{**defaults, **kwargs})


def make_entry(
    season: Season, car_number: int, driver: Driver | None = None, team: Team | None = None
) -> SeasonEntry:
    return season_entry_create(
        season=season, driver=driver or make_driver(), team=team or make_team(), car_number=car_number
    )


def make_race(
    season: Season,
    round: int,
    circuit: Circuit | None = None,
    status: str = Race.Status.SCHEDULED,
    scheduled_at: datetime | None = None,
) -> Race:
    when = scheduled_at or timezone.now() - timedelta(days=100 - round)
    return race_create(
        season=season, round=round, circuit=circuit or make_circuit(), scheduled_at=when, status=status
    )


def run_race(
    season: Season,
    round: int,
    order: Sequence[SeasonEntry],
    *,
    eliminated: Sequence[SeasonEntry] = (),
    grid: Sequence[SeasonEntry] | None = None,
    penalties: dict[int, int] | None = None,
    status: str = Race.Status.OFFICIAL,
    circuit: Circuit | None = None,
) -> list[Result]:
    """A race where `order` finishes in that order and `eliminated` drop out behind them.

    The grid is `grid` (default: the finishing order, then the eliminated);
    `penalties` maps a car number to the points it loses.
    """
    race = make_race(season, round, circuit=circuit)
    starters = [*order, *eliminated]
    for slot, entry in enumerate(grid or starters, start=1):
        race_entry_create(race=race, season_entry=entry, grid_slot=slot)
    penalties = penalties or {}
    rows = [
        ResultRow(car=entry.car_number, position=i, penalty_points=penalties.get(entry.car_number, 0))
        for i, entry in enumerate(order, start=1)
    ]
    rows += [
        ResultRow(car=entry.car_number, position=i, status=Result.Status.ELIMINATED, cause="engine", turn=10)
        for i, entry in enumerate(eliminated, start=len(order) + 1)
    ]
    return race_results_record(race=race, rows=rows, status=status)


def race_entries(race: Race) -> list[RaceEntry]:
    return list(race.entries.select_related("season_entry").order_by("grid_slot"))
