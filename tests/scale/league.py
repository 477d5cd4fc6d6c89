"""The scale test's league, run as a script in the deployment's environment (production settings).

    python -m tests.scale.league setup SEASONS RACES   # prints {"sheets": [[race id, token, log], ...]}
    python -m tests.scale.league check                 # prints what the database says, as JSON

Each season has two players (cars 7 and 3) and RACES races on the test oval; each race's log is
the project's golden oval log with that season's drivers and teams.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOG = ROOT / "fixtures" / "race_logs" / "core" / "base-valid.json"
CIRCUIT = ROOT / "fixtures" / "circuits" / "ovale.json"


def setup(seasons: int, races: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from circuits.services import circuit_create
    from league.services import driver_create, season_create, season_entry_create, team_create
    from races.models import Race
    from races.services import race_create, race_entry_create

    log = json.loads(LOG.read_text())
    circuit = circuit_create(document=json.loads(CIRCUIT.read_text()))
    users = get_user_model().objects
    sheets = []
    for s in range(seasons):
        season = season_create(
            name=f"Scale {s}", slug=f"scale-{s}", year=2026, status="running", laps_per_race=1
        )
        cars = {}
        for car in log["cars"]:
            slug = f"p{s}-{car['car']}"
            user = users.create_user(slug, password="scale")
            driver = driver_create(name=slug, slug=slug, user=user)
            team = team_create(name=f"team {slug}", slug=f"t-{slug}")
            entry = season_entry_create(season=season, driver=driver, team=team, car_number=int(car["car"]))
            cars[car["car"]] = (entry, Token.objects.create(user=user).key, car)
        mine = {**log, "cars": [{**car, "driver": f"p{s}-{car['car']}", "team": f"t-p{s}-{car['car']}"}
                                for car in log["cars"]]}  # fmt: skip
        for r in range(races):
            race = race_create(
                season=season, round=r + 1, circuit=circuit, laps=1, status=Race.Status.RUN,
                scheduled_at=timezone.now() - timedelta(days=races - r),
            )  # fmt: skip
            for entry, _token, car in cars.values():
                race_entry_create(
                    race=race, season_entry=entry, grid_slot=car["grid"], wear=dict(car["wear"])
                )
            for _entry, token, _car in cars.values():
                sheets.append([race.pk, token, json.dumps(mine)])
    return {"sheets": sheets}


def check() -> dict:
    from league.models import ExperienceEntry, Season
    from races.models import Race, Result
    from races.standings import driver_standings
    from sheets.models import RaceSheet

    statuses: dict[str, int] = defaultdict(int)
    for status in RaceSheet.objects.values_list("status", flat=True):
        statuses[status] += 1
    problems = []
    expected: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for race in Race.objects.select_related("season"):
        chosen = list(RaceSheet.objects.filter(race=race, chosen=True))
        if len(chosen) != 1:
            problems.append(f"race {race.pk}: {len(chosen)} chosen sheets")
            continue
        verdict = chosen[0].verdict
        entries = {
            e.season_entry.car_id: e.season_entry.driver.slug
            for e in race.entries.select_related("season_entry__driver")
        }
        results = {
            r.race_entry.season_entry.car_id: (r.position, r.points)
            for r in Result.objects.filter(race=race).select_related("race_entry__season_entry")
        }
        wanted = {p["car"]: (p["position"], p["points"]) for p in verdict["classification"]}
        if results != wanted:
            problems.append(f"race {race.pk}: results {results} but the verdict says {wanted}")
        rows = ExperienceEntry.objects.filter(race=race).count()
        if rows != len(verdict["experience_changes"]):
            problems.append(
                f"race {race.pk}: {rows} ledger rows for {len(verdict['experience_changes'])} changes"
            )
        for car, (_position, points) in wanted.items():
            expected[race.season.slug][entries[car]] += points
    standings = {
        season.slug: {row.driver.slug: row.points for row in driver_standings(season=season)}
        for season in Season.objects.all()
    }
    for slug, points in expected.items():
        if dict(points) != standings[slug]:
            problems.append(
                f"season {slug}: standings {standings[slug]} but the verdicts give {dict(points)}"
            )
    attempts = list(RaceSheet.objects.values_list("attempts", flat=True))
    return {"statuses": dict(statuses), "problems": problems, "max_attempts": max(attempts, default=0),
            "sheets": len(attempts)}  # fmt: skip


if __name__ == "__main__":
    import django

    django.setup()
    if sys.argv[1] == "setup":
        print(json.dumps(setup(int(sys.argv[2]), int(sys.argv[3]))))
    else:
        print(json.dumps(check()))
