"""Races with race sheets to replay, built through the services (shared by the replay tests)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from races.models import Race, RaceSheet
from races.services import race_create, race_entry_create
from races.sheets.judging import race_sheet_validate
from races.sheets.services import race_sheet_submit
from tests.factories import OVAL, make_circuit, make_driver, make_entry, make_season, make_team


@dataclass
class Oval:
    race: Race
    steward: object


def make_steward(username: str = "steward") -> object:
    return get_user_model().objects.create_superuser(username, f"{username}@example.org", "demo")


def build_oval(steward: object) -> Oval:
    """The shared example's race: the oval, 1 lap, car 7 (alice, rouge) and car 3 (bruno, bleu)."""
    season = make_season(name="Championnat 2026", slug="championnat-2026")
    rouge = make_team("Écurie Rouge", "rouge", colour="#c8102e")
    bleu = make_team("Écurie Bleue", "bleu", colour="#1e4fa3")
    car7 = make_entry(season, 7, driver=make_driver("Alice Martin", "alice"), team=rouge)
    car3 = make_entry(season, 3, driver=make_driver("Bruno Lefèvre", "bruno"), team=bleu)
    race = race_create(
        season=season,
        round=5,
        circuit=make_circuit(OVAL),
        scheduled_at=timezone.now() - timedelta(days=2),
        laps=1,
        status=Race.Status.RUN,
    )
    for entry, slot in ((car7, 1), (car3, 2)):
        race_entry_create(race=race, season_entry=entry, grid_slot=slot)
    return Oval(race, steward)


def submit(race: Race, log: dict | bytes, by: object) -> RaceSheet:
    """Submit a log and validate it at once (the task would, after the commit)."""
    raw = log if isinstance(log, bytes) else json.dumps(log).encode()
    return race_sheet_validate(sheet_id=race_sheet_submit(race=race, raw=raw, by=by).pk)


def last_squares(log: dict) -> dict[str, str]:
    """Each car's stop in its last move of the log."""
    squares = {}
    for turn in log["turns"]:
        for move in turn["moves"]:
            if move.get("path"):
                squares[move["car"]] = move["path"][-1]
    return squares
