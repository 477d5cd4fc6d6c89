"""A big league for `bench/site.py`, written with bulk_create in a few seconds.

Seasons of `races` rounds with `cars` cars each (two per team), every race
classified: positions 1..cars drawn from each driver's skill plus luck, a few
cars eliminated at the back, points from the season's table, a rare points
penalty, and the experience a race earns (X1: grid, podium, one-two, front
row). It bypasses the services (and `full_clean()`), so it is only for a
scratch database; the figures it fills must look like a real league's, so the
standings, progressions and grids have real work to do.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from circuits.models import Circuit
from circuits.services import circuit_create
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from races.models import Race, RaceEntry, Result
from rules.ledger import XpKind
from rules.scoring import finish_changes, grid_changes

Reason = ExperienceEntry.Reason

FIRST_NAMES = [
    "Alice", "Bruno", "Chiara", "Dieter", "Elena", "Finn", "Gaëlle", "Hugo", "Inês", "Jakub",
    "Karin", "Luca", "Maëlys", "Nils", "Olga", "Pablo", "Quentin", "Rosa", "Sven", "Tomás",
]  # fmt: skip
LAST_NAMES = [
    "Martin", "Lefèvre", "Rossi", "Brandt", "Navarro", "Janssen", "Peeters", "Fontaine", "Carvalho", "Nowak",
    "Berg", "Conti", "Roux", "Larsen", "Ivanova", "Ortega", "Morel", "Santos", "Lind", "Herrera",
]  # fmt: skip
COUNTRIES = ["FR", "FR", "IT", "DE", "ES", "NL", "BE", "CH", "PT", "PL", "SE", "IT", "FR", "DK", "CZ", "ES"]
TEAM_NAMES = ["Rouge", "Bleue", "Verte", "Jaune", "Noire", "Blanche", "Orange", "Violette", "Grise", "Rose"]
TEAM_COLOURS = [
    "#c8102e", "#1e4fa3", "#1b8a3c", "#e8b100", "#222222", "#d9d9d9", "#f07c00", "#6b2fa3", "#7a7a7a", "#e86aa6",
]  # fmt: skip
CAUSES = ["engine", "body", "corner", "tyres", "brakes", "gearbox"]
COUNTRY_OF_CIRCUIT = {"monaco": "MC", "spa": "BE", "monza": "IT", "montreal": "CA"}
TEST_OVAL = "ovale"  # 6 starting squares and a short lap: the demo's test board, not a championship track
LAST_YEAR = 2026


@dataclass(frozen=True)
class League:
    """What was loaded, and the pages worth measuring."""

    seasons: int
    races: int
    cars: int
    results: int
    experience: int
    latest_season: str  # slug of the season on show
    race_pk: int  # a race of the latest season with results and eliminations


def _circuits(circuits_dir: Path) -> list[Circuit]:
    """Every fixture circuit through the service (the engine validates it); races use the real ones."""
    circuits = []
    for path in sorted(circuits_dir.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        circuits.append(
            circuit_create(document=document, country=COUNTRY_OF_CIRCUIT.get(document.get("id"), ""))
        )
    real = [c for c in circuits if c.slug != TEST_OVAL] or circuits
    return real


def _classify(rng: random.Random, entries: list[SeasonEntry], skill: dict[int, float]) -> list[SeasonEntry]:
    """The finishing order: skill plus luck, best first."""
    return sorted(entries, key=lambda e: skill[e.driver_id] + rng.gauss(0, 3), reverse=True)


@transaction.atomic
def league_load(*, circuits_dir: Path, seasons: int, races: int, cars: int, seed: int = 1) -> League:
    rng = random.Random(seed)
    circuits = _circuits(circuits_dir)
    team_count = (cars + 1) // 2
    teams = Team.objects.bulk_create(
        Team(
            name=f"Écurie {TEAM_NAMES[i % len(TEAM_NAMES)]}{'' if i < len(TEAM_NAMES) else f' {i}'}",
            slug=f"ecurie-{i + 1}",
            colour=TEAM_COLOURS[i % len(TEAM_COLOURS)],
        )
        for i in range(team_count)
    )
    drivers = Driver.objects.bulk_create(
        Driver(
            name=f"{FIRST_NAMES[i % len(FIRST_NAMES)]} {LAST_NAMES[(i * 7) % len(LAST_NAMES)]}",
            slug=f"pilote-{i + 1}",
            country=COUNTRIES[i % len(COUNTRIES)],
        )
        for i in range(cars)
    )
    skill = {d.pk: rng.uniform(2, 10) for d in drivers}

    first_year = LAST_YEAR - seasons + 1
    season_rows = Season.objects.bulk_create(
        Season(
            name=f"Championnat {year}",
            slug=f"championnat-{year}",
            year=year,
            status=Season.Status.RUNNING if year == LAST_YEAR else Season.Status.FINISHED,
            best_results=races - 4 if year % 2 == 0 else None,  # best-N on every other season
        )
        for year in range(first_year, first_year + seasons)
    )

    entry_rows = []
    for season in season_rows:
        line_up = list(drivers)
        rng.shuffle(line_up)  # drivers change teams and numbers from one season to the next
        numbers = rng.sample(range(1, cars * 2), cars)
        for i, driver in enumerate(line_up):
            entry_rows.append(
                SeasonEntry(season=season, driver=driver, team=teams[i // 2], car_number=numbers[i])
            )
    entries = SeasonEntry.objects.bulk_create(entry_rows)
    by_season: dict[int, list[SeasonEntry]] = {}
    for entry in entries:
        by_season.setdefault(entry.season_id, []).append(entry)

    race_rows = []
    for season in season_rows:
        start = timezone.make_aware(datetime(season.year, 2, 1, 20, 30))
        for round_ in range(1, races + 1):
            race_rows.append(
                Race(
                    season=season,
                    round=round_,
                    circuit=circuits[(round_ - 1) % len(circuits)],
                    scheduled_at=start + timedelta(days=14 * (round_ - 1)),
                    # The season on show has its last race validated, not yet official.
                    status=Race.Status.VALIDATED
                    if season.year == LAST_YEAR and round_ == races
                    else Race.Status.OFFICIAL,
                )
            )
    race_list = Race.objects.bulk_create(race_rows)
    season_of = {s.pk: s for s in season_rows}

    # Grid and finishing order per race, kept to write results and experience after the entries.
    plans = []
    race_entry_rows = []
    for race in race_list:
        field = by_season[race.season_id]
        grid = _classify(rng, field, skill)
        slots = len(race.circuit.document.get("grid", []))
        race_entries = {}
        for slot, entry in enumerate(grid, start=1):
            race_entry = RaceEntry(
                race=race,
                season_entry=entry,
                grid_slot=slot if slot <= slots else None,
                tyres=rng.choice(RaceEntry.Tyres.values[:2]),
                wear={"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4},
            )
            race_entries[entry.pk] = race_entry
            race_entry_rows.append(race_entry)
        plans.append((race, grid, _classify(rng, field, skill), race_entries))
    RaceEntry.objects.bulk_create(race_entry_rows)

    result_rows = []
    ledger = []
    eliminated: dict[int, int] = {}
    for race, grid, order, race_entries in plans:
        season = season_of[race.season_id]
        rules = season.ruleset()
        out = rng.choice([0, 1, 1, 2, 2, 3, 4])  # eliminated cars, ranked after the finishers (F3)
        penalised = rng.random() < 0.05
        eliminated[race.pk] = out
        podium = []
        for position, entry in enumerate(order, start=1):
            finished = position <= len(order) - out
            points = rules.points_for(position) if finished else 0
            penalty = min(points, 2) if penalised and position == 2 else 0
            result_rows.append(
                Result(
                    race=race,
                    race_entry=race_entries[entry.pk],
                    position=position,
                    status=Result.Status.FINISHED if finished else Result.Status.ELIMINATED,
                    cause="" if finished else rng.choice(CAUSES),
                    turn=rng.randint(30, 60) if finished else rng.randint(2, 45),
                    points=points,
                    penalty_points=penalty,
                    penalty_reason="Accrochage au premier virage" if penalty else "",
                )
            )
            if finished and position <= 3:
                podium.append((position, entry))
        ledger += _experience(season, race, grid, podium)
    Result.objects.bulk_create(result_rows)
    ExperienceEntry.objects.bulk_create(ledger)

    latest = season_rows[-1]
    # The latest season's race with the most eliminations: every section of the race page has rows.
    measured = max(
        (r for r in race_list if r.season_id == latest.pk), key=lambda r: (eliminated[r.pk], -r.round)
    )
    return League(
        seasons=seasons,
        races=len(race_list),
        cars=cars,
        results=len(result_rows),
        experience=len(ledger),
        latest_season=latest.slug,
        race_pk=measured.pk,
    )


def _experience(
    season: Season, race: Race, grid: list[SeasonEntry], podium: list[tuple[int, SeasonEntry]]
) -> list[ExperienceEntry]:
    """The ledger rows of `race_results_record` and `race_grid_record` (X1) for one race."""
    rules = season.ruleset()
    by_car = {entry.car_id: entry for entry in grid} | {entry.car_id: entry for _, entry in podium}
    teams = {car: str(entry.team_id) for car, entry in by_car.items()}
    slots = {entry.car_id: slot for slot, entry in enumerate(grid[:2], start=1)}
    finishers = [entry.car_id for _, entry in sorted(podium, key=lambda p: p[0])]
    rows = []
    for change in [*grid_changes(rules, slots, teams), *finish_changes(rules, finishers, teams)]:
        entry = by_car[change.car]
        team = change.kind is XpKind.TEAM
        owner = {"team_id": entry.team_id} if team else {"driver_id": entry.driver_id}
        note = f"#{change.car}" + (f"+{change.partner}" if change.partner else "")
        amount = Decimal(change.tenths).scaleb(-1)
        rows.append(
            ExperienceEntry(
                season=season, race=race, reason=Reason(change.reason), amount=amount, note=note, **owner
            )
        )
    return rows
