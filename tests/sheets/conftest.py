"""The shared example's race, built like the demo league's oval round: cars 7 (alice) and 3 (bruno)."""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone, translation
from PIL import Image

from league.models import Driver, ExperienceEntry, Season, SeasonEntry
from league.selectors import driver_standings, team_standings
from races.models import Race, RaceEntry, RaceSheet, Result
from races.services import race_create, race_entry_create
from tests.factories import OVAL, make_circuit, make_driver, make_entry, make_season, make_team

# What a steward's account is given: submit, choose and re-queue sheets, decide protests, publish.
STEWARD_PERMISSIONS = (
    "add_racesheet",
    "change_racesheet",
    "view_racesheet",
    "change_protest",
    "view_protest",
    "change_race",
)
EXAMPLE_WEAR = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}
User = get_user_model()


@dataclass
class Oval:
    season: Season
    race: Race
    alice: object  # users
    bruno: object
    chiara: object  # in the season, not in this race
    steward: object
    car7: SeasonEntry
    car3: SeasonEntry
    car8: SeasonEntry


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Messages are asserted in English, the source language; the site itself defaults to French."""
    with translation.override("en"):
        yield


def _user(username: str, **extra) -> object:
    return User.objects.create_user(username, f"{username}@example.org", "demo", **extra)


def build_oval(*, laps: int = 1, grid: bool = True) -> Oval:
    """The demo's running season round 5: the test oval, 1 lap, cars 7 (grid 1) and 3 (grid 2), run."""
    season = make_season(name="Championnat 2026", slug="championnat-2026")
    rouge, bleu = make_team("Écurie Rouge", "rouge"), make_team("Écurie Bleue", "bleu")
    users = {name: _user(name) for name in ("alice", "bruno", "chiara")}
    drivers = {
        name: make_driver(name.capitalize(), name, user=users[name]) for name in ("alice", "bruno", "chiara")
    }
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
    steward = _user("steward", is_staff=True)
    steward.user_permissions.set(Permission.objects.filter(codename__in=STEWARD_PERMISSIONS))
    return Oval(season, race, users["alice"], users["bruno"], users["chiara"], steward, car7, car3, car8)


@pytest.fixture
def oval(db) -> Oval:
    return build_oval()


@pytest.fixture
def example(examples_dir: Path):
    """The bytes of a shared example file: example("race-ovale-valid.json")."""

    def read(name: str) -> bytes:
        return (examples_dir / name).read_bytes()

    return read


def log_for(example, name: str = "race-ovale-valid.json", **changes) -> bytes:
    log = json.loads(example(name))
    log.update(changes)
    return json.dumps(log).encode()


def standings(season: Season) -> dict[str, int]:
    """Drivers' and teams' points, keyed by slug."""
    rows = driver_standings(season=season) + team_standings(season=season)
    return {(row.driver or row.team).slug: row.points for row in rows}


def snapshot(race: Race) -> dict[str, object]:
    """Everything a refused or invalid sheet must leave as it was."""
    return {
        "race": race.__class__.objects.get(pk=race.pk).status,
        "standings": standings(race.season),
        "results": list(Result.objects.filter(race=race).values_list("race_entry_id", "position", "points")),
        "experience": list(ExperienceEntry.objects.filter(season=race.season).values_list("pk", "amount")),
        "grid": list(RaceEntry.objects.filter(race=race).values_list("pk", "grid_slot")),
        "drivers": Driver.objects.count(),
    }


def sheet_of(race: Race, version: int = 1, kind: str = "race") -> RaceSheet:
    return RaceSheet.objects.get(race=race, kind=kind, version=version)


# -- images -------------------------------------------------------------------------------------
def jpeg_bytes(size: tuple[int, int] = (400, 300), exif: bool = False) -> bytes:
    image = Image.new("RGB", size)
    image.putdata(
        [((x * 7) % 256, (y * 5) % 256, (x * y) % 256) for y in range(size[1]) for x in range(size[0])]
    )
    out = io.BytesIO()
    if exif:
        data = Image.Exif()
        data[0x010F] = "PhoneMaker"  # Make
        data[0x8825] = {2: (48.0, 51.0, 24.0)}  # a GPS position
        image.save(out, "JPEG", exif=data.tobytes())
    else:
        image.save(out, "JPEG")
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that claims width × height pixels and holds none: cheap to make, deadly to decode."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b"")
    )


def upload(name: str, data: bytes, content_type: str = "image/jpeg") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, data, content_type=content_type)


# -- running the pipeline inline ------------------------------------------------------------------
@pytest.fixture(autouse=True)
def celery_eager() -> Iterator[None]:
    """Tasks run inline here, whatever the environment says; the worker tests switch this off."""
    from config.celery_app import app

    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = saved


@pytest.fixture
def submit(django_capture_on_commit_callbacks):
    """Submit through the service and run what it queued (the validation) as a commit would."""
    from races.sheets.services import race_sheet_submit

    def run(race: Race, raw: bytes, by, **kwargs) -> RaceSheet:
        with django_capture_on_commit_callbacks(execute=True):
            sheet = race_sheet_submit(race=race, raw=raw, by=by, **kwargs)
        sheet.refresh_from_db()
        return sheet

    return run
