"""Race-night tables for the scale tests, run as a script in the deployment's environment.

    python -m tests.scale.night setup TABLES SEASONS RACES
    python -m tests.scale.night check

`setup` prints {"tables": [{race, token, header, moves}, ...], "sheets": [...]}: the tables, and
tests/scale/league.py's league of SEASONS × RACES with its sheets, in one start of Django. `check`
prints each table's stored steps, and league.py's check: {"races": {...}, "league": {...}}.

Each table is a race of its own season on the test oval, raced by the bot (2 cars, 1 lap, no
options); its first car's driver is the user whose token posts the moves.
"""

from __future__ import annotations

import json
import sys
from datetime import timedelta
from pathlib import Path

from tests.scale import league

ROOT = Path(__file__).resolve().parents[2]
CIRCUIT = ROOT / "fixtures" / "circuits" / "ovale.json"


def setup(tables: int) -> dict:
    from django.contrib.auth import get_user_model
    from django.utils import timezone
    from rest_framework.authtoken.models import Token

    from circuits.models import Circuit
    from circuits.services import circuit_create
    from league.services import driver_create, season_create, season_entry_create, team_create
    from races.models import Race
    from races.services import race_create, race_entry_create
    from rules.bot import write_race
    from rules.track import load_circuit

    document = json.loads(CIRCUIT.read_text())
    circuit = Circuit.objects.filter(slug=document["id"]).first() or circuit_create(document=document)
    users = get_user_model().objects
    out = []
    for t in range(tables):
        log = write_race(load_circuit(document), cars=2, laps=1, seed=t + 1, options=[], pits=False)
        assert not any("restart" in turn for turn in log["turns"]), "a move list, no A5 restart"
        season = season_create(name=f"Night {t}", slug=f"night-{t}", year=2026, status="running",
                               laps_per_race=log["laps"], options=list(log["options"]))  # fmt: skip
        race = race_create(season=season, round=1, circuit=circuit, laps=log["laps"], status=Race.Status.RUN,
                           scheduled_at=timezone.now() - timedelta(hours=1))  # fmt: skip
        token, teams = "", {}
        for i, car in enumerate(log["cars"]):
            slug = f"n{t}-{car['driver']}"
            user = users.create_user(slug, password="night") if i == 0 else None
            driver = driver_create(name=slug, slug=slug, user=user)
            team = teams.get(car["team"]) or teams.setdefault(
                car["team"], team_create(name=f"n{t}-{car['team']}", slug=f"n{t}-{car['team']}")
            )
            entry = season_entry_create(season=season, driver=driver, team=team, car_number=int(car["car"]))
            race_entry_create(race=race, season_entry=entry, grid_slot=car["grid"])
            if user is not None:
                token = Token.objects.create(user=user).key
        # The log's names are its own; the league's drivers and teams are slugged per table.
        header = {k: v for k, v in log.items() if k not in ("turns", "result")}
        header["cars"] = [{**car, "driver": f"n{t}-{car['driver']}", "team": f"n{t}-{car['team']}"}
                          for car in log["cars"]]  # fmt: skip
        moves = [move for turn in log["turns"] for move in turn["moves"]]
        out.append({"race": race.pk, "token": token, "header": header, "moves": moves})
    return {"tables": out}


def check() -> dict:
    from live.models import LiveStep, LiveTable

    races: dict[str, dict] = {}
    for table in LiveTable.objects.filter(race__season__slug__startswith="night-").order_by("pk"):
        rows = LiveStep.objects.filter(table=table).order_by("index")
        races.setdefault(str(table.race_id), {"tables": []})["tables"].append(
            {
                "id": table.pk,
                "status": table.status,
                "steps": table.steps,
                "sheet": table.sheet_id,
                "indexes": [r.index for r in rows],
                "bodies": [r.body for r in rows],
            }  # fmt: skip
        )
    return {"races": races, "league": league.check()}


if __name__ == "__main__":
    import django

    django.setup()
    if sys.argv[1] == "setup":
        sheets = league.setup(int(sys.argv[3]), int(sys.argv[4]))["sheets"]  # it makes the circuit
        print(json.dumps({**setup(int(sys.argv[2])), "sheets": sheets}))
    else:
        print(json.dumps(check()))
