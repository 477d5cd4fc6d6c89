"""The worked examples' race (tests/factories.py `build_oval`), its sheets, images and the inline pipeline."""

from __future__ import annotations

import io
import json
import struct
import zlib
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from league.models import Driver, ExperienceEntry, Season
from races.models import Race, RaceEntry, Result
from races.standings import driver_standings, team_standings
from sheets.models import RaceSheet
from tests.factories import Oval, build_oval


@pytest.fixture(autouse=True)
def english(english: None) -> None:
    """The sheets' messages are asserted in English (tests/conftest.py)."""


@pytest.fixture
def oval(db) -> Oval:
    return build_oval()


@pytest.fixture
def example(examples_dir: Path):
    """The bytes of a file of fixtures/examples/: example("race-ovale-valid.json")."""

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
    from sheets.services import race_sheet_submit

    def run(race: Race, raw: bytes, by, **kwargs) -> RaceSheet:
        with django_capture_on_commit_callbacks(execute=True):
            sheet = race_sheet_submit(race=race, raw=raw, by=by, **kwargs)
        sheet.refresh_from_db()
        return sheet

    return run


def close_window(race: Race) -> None:
    """Move the race's verdicts back past the season's protest window (as if the hours had passed)."""
    hours = race.season.protest_window_hours + 1
    for sheet in RaceSheet.objects.filter(race=race, validated_at__isnull=False):
        RaceSheet.objects.filter(pk=sheet.pk).update(validated_at=sheet.validated_at - timedelta(hours=hours))
