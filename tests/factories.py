"""Plain helpers that build league data through the services, with sensible defaults."""

from __future__ import annotations

import copy
import itertools
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from circuits.models import Circuit
from circuits.services import circuit_create
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.services import driver_create, experience_record, season_create, season_entry_create, team_create
from races.models import Race, RaceEntry, Result
from races.results import ResultRow, race_results_record
from races.services import race_create, race_entry_create
from tests.conftest import EXAMPLES

# The worked example's oval (fixtures/examples/circuit-ovale.json).
OVAL: dict[str, Any] = json.loads((EXAMPLES / "circuit-ovale.json").read_text(encoding="utf-8"))
# The wear every car of the worked examples starts with.
EXAMPLE_WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}

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


def store_circuit(document: dict[str, Any], country: str = "") -> Circuit:
    """A circuit stored as given, never judged by the engine (e.g. with names on its corners)."""
    return Circuit.objects.create(
        slug=document["id"], name=document["name"], country=country, document=document
    )


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


def record_results(
    race: Race, order: Sequence[SeasonEntry], *, eliminated: dict[int, tuple[str, int]] | None = None
) -> None:
    """Enter the cars in grid order and write their results as given, without the service:
    position i scores the season table's i-th points even when out (`eliminated`: car -> cause,
    turn), and no experience is earned."""
    eliminated = eliminated or {}
    points = race.season.points_table
    for index, entry in enumerate(order, start=1):
        race_entry = race_entry_create(race=race, season_entry=entry, grid_slot=index)
        cause, turn = eliminated.get(entry.car_number, ("", None))
        Result.objects.create(
            race=race,
            race_entry=race_entry,
            position=index,
            status=Result.Status.ELIMINATED if cause else Result.Status.FINISHED,
            cause=cause,
            turn=turn,
            points=points[index - 1] if index <= len(points) else 0,
        )


def race_entries(race: Race) -> list[RaceEntry]:
    return list(race.entries.select_related("season_entry").order_by("grid_slot"))


def make_user(username: str, **extra: Any) -> Any:
    return get_user_model().objects.create_user(username, f"{username}@example.org", "demo", **extra)


# What a steward's account is given: submit, choose and re-queue sheets, decide protests and
# entry requests, penalise, publish.
# A staff account does what its permissions say, no more (core/api_support.py, sheets/).
STEWARD_PERMISSIONS = (
    "add_racesheet",
    "change_racesheet",
    "view_racesheet",
    "change_protest",
    "view_protest",
    "change_race",
    "publish_race",
    "add_penalty",
    "change_entryrequest",
    "view_penalty",
)


def make_steward(username: str = "steward") -> Any:
    """A league admin (is_staff) with the stewards' permissions."""
    from django.contrib.auth.models import Permission

    user = make_user(username, is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=STEWARD_PERMISSIONS))
    return user


@dataclass
class Cast:
    """Where and who a small test league races: a circuit, two teams, three drivers (the leagues of
    tests/api, tests/pages and tests/site add their seasons, entries and races)."""

    circuit: Circuit
    red: Team
    blue: Team
    alice: Driver
    bruno: Driver
    chloe: Driver


@dataclass
class Oval:
    """The worked examples' race (fixtures/examples/race-ovale-valid.json), ready for its sheet."""

    season: Season
    race: Race
    alice: Any  # users, each one driving
    bruno: Any
    chiara: Any  # in the season, not in this race
    steward: Any
    car7: SeasonEntry
    car3: SeasonEntry
    car8: SeasonEntry


def build_oval(
    steward: Any = None, *, laps: int = 1, grid: bool = True, names: dict[str, str] | None = None
) -> Oval:
    """The demo's running season round 5: the test oval, 1 lap, status run.

    Cars 7 (alice, Écurie Rouge, grid 1) and 3 (bruno, Écurie Bleue, grid 2) with the examples'
    wear, as in the worked examples; car 8 (chiara, rouge) is in the season only. `names`: the
    drivers' names by slug (default Alice, Bruno, Chiara); `grid=False` leaves the grid slots
    empty; `steward` is an admin made elsewhere, else one is made.
    """
    season = make_season(name="Championnat 2026", slug="championnat-2026")
    rouge = make_team("Écurie Rouge", "rouge", colour="#c8102e")
    bleu = make_team("Écurie Bleue", "bleu", colour="#1e4fa3")
    names = {slug: slug.capitalize() for slug in ("alice", "bruno", "chiara")} | (names or {})
    users = {slug: make_user(slug) for slug in names}
    drivers = {slug: make_driver(name, slug, user=users[slug]) for slug, name in names.items()}
    car7 = make_entry(season, 7, driver=drivers["alice"], team=rouge)
    car3 = make_entry(season, 3, driver=drivers["bruno"], team=bleu)
    car8 = make_entry(season, 8, driver=drivers["chiara"], team=rouge)
    race = race_create(
        season=season,
        round=5,
        circuit=make_circuit(OVAL),
        scheduled_at=timezone.now() - timedelta(days=2),
        laps=laps,
        status=Race.Status.RUN,
    )
    for entry, slot in ((car7, 1), (car3, 2)):
        race_entry_create(
            race=race, season_entry=entry, grid_slot=slot if grid else None, wear=dict(EXAMPLE_WEAR)
        )
    steward = steward or make_steward()
    return Oval(season, race, users["alice"], users["bruno"], users["chiara"], steward, car7, car3, car8)


def oval_next_round(oval: Oval) -> Race:
    """Round 6 on the oval, run yesterday (1 lap, status run): cars 7 and 3 on the grid, 1 and 2,
    with the examples' wear."""
    race = race_create(
        season=oval.season,
        round=6,
        circuit=oval.race.circuit,
        scheduled_at=timezone.now() - timedelta(days=1),
        laps=1,
        status=Race.Status.RUN,
    )
    for entry, slot in ((oval.car7, 1), (oval.car3, 2)):
        race_entry_create(race=race, season_entry=entry, grid_slot=slot, wear=dict(EXAMPLE_WEAR))
    return race


def bot_races(
    circuit: Circuit, track: Any, *, season_slug: str, cars: int, seeds: Sequence[int], experience: str,
    crew_prefix: str = "", laps: int = 1,
) -> list[tuple[Race, bytes]]:  # fmt: skip
    """A running season of its own with `cars` cars (two a team), each driver and team given
    `experience` points, and one race of `laps` laps on the circuit per seed, oldest first: each
    race with its entries and the log the bot writes for it (rules.bot), its crews named as the
    season's (`crew_prefix` + driver-N, team-N). The site's tests and bench/pipeline.py build theirs."""
    from rules.bot import write_race

    season = season_create(
        name=season_slug, slug=season_slug, year=2026, status="running", laps_per_race=laps
    )
    teams: dict[str, Team] = {}
    entries = []
    for car in range(1, cars + 1):
        team = f"{crew_prefix}team-{(car + 1) // 2}"
        if team not in teams:
            teams[team] = team_create(name=team, slug=team)
        driver = driver_create(name=f"{crew_prefix}driver-{car}", slug=f"{crew_prefix}driver-{car}")
        entries.append(season_entry_create(season=season, driver=driver, team=teams[team], car_number=car))
    for who in [{"driver": e.driver} for e in entries] + [{"team": t} for t in teams.values()]:
        experience_record(season=season, reason=ExperienceEntry.Reason.ADJUSTMENT, amount=experience, **who)
    races = []
    for seed in seeds:
        race = race_create(
            season=season, round=seed, circuit=circuit, laps=laps, status=Race.Status.RUN,
            scheduled_at=timezone.now() - timedelta(days=len(seeds) + 1 - seed),
        )  # fmt: skip
        log = write_race(track, cars=cars, laps=laps, seed=seed)
        for car in log["cars"]:  # the bot names its crews driver-N, team-N
            car["driver"] = f"{crew_prefix}driver-{car['car']}"
            car["team"] = f"{crew_prefix}team-{(int(car['car']) + 1) // 2}"
        for entry in entries:
            wear = next(c["wear"] for c in log["cars"] if c["car"] == str(entry.car_number))
            race_entry_create(race=race, season_entry=entry, wear=dict(wear))
        races.append((race, json.dumps(log).encode()))
    return races
