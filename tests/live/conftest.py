"""Race-night tables on the project's demo circuits, raced by the bot's drivers: a season with
the options asked for, a race with the bot's cars entered (driver-N, team-M, grid N), the users of
driver-1 (an entrant), an outsider and a steward, and API clients for them."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from rest_framework.test import APIClient

from circuits.services import circuit_create
from league.models import Season
from live import engine
from races.models import Race
from races.services import race_entry_create
from rules.bot import write_race
from rules.ruleset import OPTIONS
from rules.track import Track, load_circuit
from tests.factories import (
    Oval,
    build_oval,
    make_driver,
    make_entry,
    make_race,
    make_season,
    make_steward,
    make_team,
    make_user,
)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
CIRCUITS = FIXTURES / "circuits"
GOLDEN = FIXTURES / "race_logs" / "core"
ALL_OPTIONS = tuple(sorted(OPTIONS, key=lambda o: int(o[1:])))


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """The API's messages are asserted in English unless a test asks for French."""


@pytest.fixture(autouse=True)
def fresh_engine_cache() -> None:
    engine.forget_all()  # a table id of one test is another test's too


def log_header(log: dict[str, Any]) -> dict[str, Any]:
    """A race log without its turns and result: the header a table starts from."""
    return {k: v for k, v in log.items() if k not in ("turns", "result")}


@pytest.fixture
def oval() -> Oval:
    """The worked examples' race (tests/factories.py), for a test marked `django_db`."""
    return build_oval()


@pytest.fixture
def example(examples_dir: Path) -> dict[str, Any]:
    """The worked examples' valid race log on the oval."""
    return json.loads((examples_dir / "race-ovale-valid.json").read_text())


def circuit_document(name: str) -> dict[str, Any]:
    return json.loads((CIRCUITS / f"{name}.json").read_text(encoding="utf-8"))


@dataclass
class Night:
    season: Season
    race: Race
    track: Track
    log: dict[str, Any]  # the bot's whole race
    entrant: Any  # driver-1's user
    outsider: Any
    steward: Any

    @property
    def header(self) -> dict[str, Any]:
        return log_header(self.log)

    def client(self, user: Any = None) -> APIClient:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client


def build_night(
    name: str = "ovale", *, cars: int = 2, laps: int = 1, seed: int = 1, options: tuple[str, ...] = ("A7",)
) -> Night:
    """The bot's race on a demo circuit, and a league race with its cars entered."""
    track = load_circuit(circuit_document(name))
    log = write_race(track, cars=cars, laps=laps, seed=seed, options=options, pits=True)
    return night_for(log)


def night_for(log: dict[str, Any]) -> Night:
    """A season and a race whose entries are the log's cars (drivers, teams, grid), on the log's
    circuit with its options and laps; the log's first car is the entrant's."""
    document = circuit_document(log["circuit"])
    circuit = circuit_create(document=document)
    season = make_season(options=list(log.get("options", [])), laps_per_race=log["laps"])
    entrant = make_user("entrant")
    teams: dict[str, Any] = {}
    race = make_race(season, 1, circuit=circuit)
    for i, car in enumerate(log["cars"]):
        team = teams.get(car["team"]) or teams.setdefault(car["team"], make_team(car["team"], car["team"]))
        driver = make_driver(car["driver"], car["driver"], user=entrant if i == 0 else None)
        entry = make_entry(season, int(car["car"]), driver, team)
        race_entry_create(race=race, season_entry=entry, grid_slot=car["grid"])
    return Night(season, race, load_circuit(document), log, entrant, make_user("outsider"), make_steward())


def golden(name: str) -> dict[str, Any]:
    """A golden log of fixtures/race_logs/core (`name` without .json)."""
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture
def night(db) -> Night:  # noqa: ANN001 - pytest-django's fixture
    return build_night()


def post_table(night: Night, user: Any = None, **headers: str) -> Any:
    return night.client(user or night.entrant).post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json", headers=headers
    )


def new_table(night: Night) -> int:
    response = post_table(night)
    assert response.status_code == 201, response.json()
    return response.json()["id"]


def site_header(night: Night, table: Any) -> dict[str, Any]:
    """The night's header as the site records it: its own dice commitment added (fair dice), the
    rest exactly the header the table was set up from."""
    recorded = engine.engine_table(table).header
    assert len(recorded["dice"]["commitment"]) == 64  # SHA-256, hex
    return {**night.header, "dice": recorded["dice"]}


def moves_of(log: dict[str, Any]) -> list[tuple[int, dict[str, Any] | None, dict[str, Any] | None]]:
    """The log's steps in order: (turn, restart, None) or (turn, None, move)."""
    out: list[tuple[int, dict[str, Any] | None, dict[str, Any] | None]] = []
    for turn in log["turns"]:
        if "restart" in turn:
            out.append((turn["turn"], turn["restart"], None))
        out.extend((turn["turn"], None, move) for move in turn["moves"])
    return out


def step_of(steps: list[tuple[int, Any, Any]], turn: int, car: str) -> int:
    """The index in `steps` (moves_of's) of `car`'s move in `turn`."""
    return next(i for i, (at, _, move) in enumerate(steps) if (at, move["car"]) == (turn, car))
