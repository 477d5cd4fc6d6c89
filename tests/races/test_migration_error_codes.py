"""races 0010 gives the reasons stored in English before codes existed their code and detail, once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.races.test_migration_stewarding import migrate

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]

BEFORE = [("races", "0009_racesheet_documents_text")]


def test_old_reasons_get_their_code_and_detail_and_others_stay_as_they_were():
    apps = migrate(BEFORE)
    Season, Team = apps.get_model("league", "Season"), apps.get_model("league", "Team")
    Circuit, Race = apps.get_model("races", "Circuit"), apps.get_model("races", "Race")
    RaceSheet = apps.get_model("races", "RaceSheet")
    Team.objects.create(name="T", slug="t")
    season = Season.objects.create(name="S", slug="s", year=2026, points_table=[10, 8], options=[])
    circuit = Circuit.objects.create(slug="c", name="C", document={})
    race = Race.objects.create(
        season=season, round=1, circuit=circuit, scheduled_at=datetime(2026, 3, 1, tzinfo=UTC)
    )
    stored = {
        1: ("error", "the replay took too long and was stopped"),
        2: ("error", "internal error: KeyError: 'T9'"),
        3: ("error", "the circuit of this race is broken: c: lanes: expected 2 or 3"),
        4: ("error", "something a newer site wrote"),
        5: ("invalid", "validation failed: not a failure, an invalid sheet's text"),
    }
    for version, (status, error) in stored.items():
        RaceSheet.objects.create(race=race, version=version, raw=b"{}", status=status, error=error)

    apps = migrate()
    RaceSheet = apps.get_model("races", "RaceSheet")

    rows = {s.version: (s.error_code, s.error_params, s.error) for s in RaceSheet.objects.all()}
    assert rows == {
        1: ("timeout", {}, stored[1][1]),
        2: ("internal", {"detail": "KeyError: 'T9'"}, stored[2][1]),
        3: ("circuit", {"detail": "c: lanes: expected 2 or 3"}, stored[3][1]),
        4: ("", {}, stored[4][1]),
        5: ("", {}, stored[5][1]),
    }
