"""How the verdicts' rows are written: the sheets' JSON documents as text (core/json_field.py) and
an update of many rows in one statement (core/bulk_writes.update_from_values)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.core.exceptions import FieldError, ValidationError
from django.db import connection

from core.bulk_writes import update_from_values
from races.models import RaceEntry
from sheets.models import RaceSheet


@pytest.fixture
def sheets(oval, example, django_capture_on_commit_callbacks) -> list[RaceSheet]:
    from sheets.services import race_sheet_submit

    with django_capture_on_commit_callbacks(execute=False):  # stored, not judged
        return [
            race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
            for _ in range(3)
        ]


def test_an_update_of_many_rows_writes_each_its_own_values(sheets):
    first, second, third = sheets
    at = datetime(2026, 12, 1, 20, 15, 30, 123456, tzinfo=UTC)
    first.status, first.validated_at, first.chosen = RaceSheet.Status.VALID, at, True
    first.verdict = {"valid": True, "note": "Noël à Spa", "big": 2**70, "ratio": 0.1}  # 2**70: beyond orjson
    second.status, second.validated_at, second.chosen, second.verdict = (
        RaceSheet.Status.INVALID,
        None,
        False,
        None,
    )
    third.error = "untouched: not among the fields written"

    update_from_values(RaceSheet, [first, second], ["status", "validated_at", "chosen", "verdict"])
    update_from_values(RaceSheet, [], ["status"])  # nothing to write: no statement, no error

    stored = {sheet.pk: sheet for sheet in RaceSheet.objects.all()}
    assert (stored[first.pk].status, stored[first.pk].validated_at, stored[first.pk].chosen) == (
        "valid",
        at,
        True,
    )
    assert stored[first.pk].verdict == {"valid": True, "note": "Noël à Spa", "big": 2**70, "ratio": 0.1}
    assert (stored[second.pk].status, stored[second.pk].validated_at, stored[second.pk].verdict) == (
        "invalid",
        None,
        None,
    )
    assert stored[third.pk].status == RaceSheet.Status.PENDING and stored[third.pk].error == ""


def test_an_update_of_many_rows_takes_them_in_chunks(oval, monkeypatch):
    from core import bulk_writes

    monkeypatch.setattr(bulk_writes, "_UPDATE_ROWS", 1)  # a statement a row: the chunks' edges
    entries = list(RaceEntry.objects.filter(race=oval.race).order_by("pk"))
    for slot, entry in enumerate(entries, start=1):
        entry.grid_slot = slot

    update_from_values(RaceEntry, entries, ["grid_slot"])

    assert list(
        RaceEntry.objects.filter(race=oval.race).order_by("pk").values_list("grid_slot", flat=True)
    ) == list(range(1, len(entries) + 1))


def test_the_log_is_stored_as_its_text_and_read_back_whole(sheets):
    sheet = sheets[0]
    sheet.log = {"format": "x", "cars": [{"car": "1", "driver": "Zoë"}], "turns": []}
    sheet.save(update_fields=["log"])

    with connection.cursor() as cursor:
        cursor.execute("SELECT log FROM races_racesheet WHERE id = %s", [sheet.pk])
        (text,) = cursor.fetchone()
    assert isinstance(text, str) and '"driver":"Zoë"' in text  # orjson's compact UTF-8, not jsonb
    sheet.refresh_from_db()
    assert sheet.log == {"format": "x", "cars": [{"car": "1", "driver": "Zoë"}], "turns": []}
    assert RaceSheet.objects.filter(log__isnull=False).count() == 1


def test_nothing_inside_a_stored_document_can_be_queried(sheets):
    with pytest.raises(FieldError):
        list(RaceSheet.objects.filter(log__cars__0__car="1"))


def test_what_json_cannot_hold_is_refused_by_the_field():
    field = RaceSheet._meta.get_field("verdict")
    with pytest.raises(ValidationError) as refused:
        field.clean({"violations": {1, 2}}, None)  # a set
    assert refused.value.code == "invalid"


@pytest.mark.postgres
def test_on_postgresql_the_logs_are_compressed_with_lz4(db):
    with connection.cursor() as cursor:
        cursor.execute("SELECT enumvals FROM pg_settings WHERE name = 'default_toast_compression'")
        if "lz4" not in cursor.fetchone()[0]:
            pytest.skip("this PostgreSQL server was built without lz4")
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute "
            "WHERE attrelid = 'races_racesheet'::regclass AND attname IN ('log', 'raw') ORDER BY attname"
        )
        assert cursor.fetchall() == [("log", "l"), ("raw", "l")]
