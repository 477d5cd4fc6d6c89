"""Race sheets to replay: the worked examples' race (tests/factories.py), submitted and validated."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

from django.utils import timezone

from circuits.services import circuit_create
from races.models import Race
from races.services import race_create, race_entry_create
from rules.bot import write_race
from rules.track import load_circuit
from sheets.judging import race_sheet_validate
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests import factories
from tests.factories import Oval, make_driver, make_entry, make_season, make_steward, make_team

__all__ = ["Oval", "bot_race_at_montreal", "build_oval", "last_squares", "make_steward", "submit"]

CIRCUITS = Path(__file__).resolve().parents[2] / "fixtures" / "circuits"


def build_oval(steward: object) -> Oval:
    """The worked examples' race (tests/factories.py), its drivers under their full names."""
    return factories.build_oval(steward, names={"alice": "Alice Martin", "bruno": "Bruno Lefèvre"})


def submit(race: Race, log: dict | bytes, by: object) -> RaceSheet:
    """Submit a log and validate it at once (the task would, after the commit)."""
    raw = log if isinstance(log, bytes) else json.dumps(log).encode()
    return race_sheet_validate(sheet_id=race_sheet_submit(race=race, raw=raw, by=by).pk)


def bot_race_at_montreal(steward: object) -> tuple[RaceSheet, dict]:
    """A bot's 10-car, 3-lap race at Montréal (seed 1: collisions, corner exits, three cars out),
    submitted and judged: the sheet and its log."""
    document = json.loads((CIRCUITS / "montreal.json").read_text(encoding="utf-8"))
    season = make_season()
    teams = [make_team(f"Team {n}", f"team-{n}") for n in range(1, 6)]
    for n in range(1, 11):
        make_entry(season, n, driver=make_driver(f"Driver {n}", f"driver-{n}"), team=teams[(n - 1) // 2])
    race = race_create(
        season=season,
        round=1,
        circuit=circuit_create(document=document),
        scheduled_at=timezone.now() - timedelta(days=1),
    )
    for entry in season.entries.all():
        race_entry_create(race=race, season_entry=entry)
    log = write_race(load_circuit(document), cars=10, laps=3, seed=1)
    return submit(race, log, steward), log


def last_squares(log: dict) -> dict[str, str]:
    """Each car's stop in its last move of the log."""
    squares = {}
    for turn in log["turns"]:
        for move in turn["moves"]:
            if move.get("path"):
                squares[move["car"]] = move["path"][-1]
    return squares
