"""A chosen sheet's ledger rows are its verdict's experience changes, one for one, keyed to the sheet."""

from __future__ import annotations

import importlib
from decimal import Decimal

import pytest
from django.apps import apps

from league.models import ExperienceEntry
from league.services import experience_record, season_entry_update
from races.models import Result
from rules.ledger import XpReason
from rules.state import Cause
from sheets.judging import race_sheet_choose
from sheets.models import RaceSheet
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db

CORE = ROOT / "fixtures" / "race_logs" / "core"
SPENDING_LOG = CORE / "x2-legal-minus1.json"
ONE_TWO_LOG = CORE / "x1-legal-team-one-two.json"
fill_sheets = importlib.import_module("league.migrations.0004_experienceentry_sheet_from_note").fill_sheets


def give(oval, amount: str) -> None:
    experience_record(
        season=oval.season, driver=oval.car7.driver, reason=ExperienceEntry.Reason.ADJUSTMENT, amount=amount
    )


def test_the_ledger_rows_of_a_validated_sheet_are_its_verdicts_changes(oval, submit) -> None:
    give(oval, "0.7")
    sheet = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"]
    rows = ExperienceEntry.objects.filter(race=oval.race).order_by("pk")
    assert [(r.driver.slug if r.driver else r.team.slug, r.reason, r.amount, r.sheet_id) for r in rows] == [
        ("alice", "pole", Decimal("0.3"), sheet.pk),
        ("bruno", "grid2", Decimal("0.1"), sheet.pk),
        ("alice", "die", Decimal("-1.0"), sheet.pk),
        ("alice", "win", Decimal("0.5"), sheet.pk),
        ("rouge", "win", Decimal("0.5"), sheet.pk),
        ("bruno", "second", Decimal("0.3"), sheet.pk),
        ("bleu", "second", Decimal("0.2"), sheet.pk),
    ]
    by_car = {"7": ("alice", "rouge"), "3": ("bruno", "bleu")}
    assert [
        (
            by_car[c["car"]][0 if c["kind"] == "driver" else 1],
            c["reason"],
            Decimal(c["tenths"]) / 10,
            sheet.pk,
        )
        for c in sheet.verdict["experience_changes"]
    ] == [(r.driver.slug if r.driver else r.team.slug, r.reason, r.amount, r.sheet_id) for r in rows]
    points = {r.race_entry.season_entry.car_id: r.points for r in Result.objects.filter(race=oval.race)}
    assert points == sheet.verdict["points"] == {"7": 10, "3": 8}


def test_a_one_two_from_a_front_row_lockout_is_written_as_the_verdict_says(oval, submit) -> None:
    season_entry_update(entry=oval.car8, data={"team": oval.car3.team})  # room in rouge for car 3
    season_entry_update(entry=oval.car3, data={"team": oval.car7.team})
    sheet = submit(oval.race, ONE_TWO_LOG.read_bytes(), oval.alice)
    assert sheet.status == RaceSheet.Status.VALID, sheet.verdict["violations"]
    team_rows = ExperienceEntry.objects.filter(race=oval.race, team__isnull=False).order_by("pk")
    assert [(r.reason, r.amount, r.note, r.sheet_id) for r in team_rows] == [
        ("front_row", Decimal("0.1"), "#7+3", sheet.pk),
        ("win", Decimal("0.5"), "#7", sheet.pk),
        ("second", Decimal("0.2"), "#3", sheet.pk),
        ("one_two", Decimal("0.3"), "#7+3", sheet.pk),
    ]
    tenths = [c["tenths"] for c in sheet.verdict["experience_changes"] if c["kind"] == "team"]
    assert [int(r.amount * 10) for r in team_rows] == tenths


def test_choosing_another_version_replaces_that_versions_rows_by_their_key(oval, submit) -> None:
    give(oval, "0.7")
    first = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    second = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    # A stewards' row of this race that only reads like a sheet's: not a sheet's row, so it stays.
    kept = experience_record(
        season=oval.season,
        race=oval.race,
        team=oval.car3.team,
        reason=ExperienceEntry.Reason.ADJUSTMENT,
        amount="0.2",
        note=f"race sheet #{first.pk} was late",
    )
    assert ExperienceEntry.objects.filter(sheet=first).count() == len(first.verdict["experience_changes"])

    race_sheet_choose(sheet=second, by=oval.steward)

    assert not ExperienceEntry.objects.filter(sheet=first).exists()
    written = ExperienceEntry.objects.filter(sheet=second).order_by("pk")
    assert [(r.reason, int(r.amount * 10)) for r in written] == [
        (c["reason"], c["tenths"]) for c in second.verdict["experience_changes"]
    ]
    assert set(ExperienceEntry.objects.filter(race=oval.race, sheet__isnull=True)) == {kept}


def test_a_sheet_judged_before_verdicts_listed_changes_is_judged_again_for_them(oval, submit) -> None:
    give(oval, "0.7")
    first = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    second = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    old = {k: v for k, v in second.verdict.items() if k not in ("experience_changes", "points")}
    RaceSheet.objects.filter(pk=second.pk).update(verdict=old)
    second.refresh_from_db()

    race_sheet_choose(sheet=second, by=oval.steward)

    reasons = list(
        ExperienceEntry.objects.filter(sheet=second).order_by("pk").values_list("reason", flat=True)
    )
    assert reasons == [c["reason"] for c in first.verdict["experience_changes"]]


def test_the_data_migration_keys_old_rows_to_the_sheet_their_note_names(oval, submit) -> None:
    give(oval, "0.7")
    sheet = submit(oval.race, SPENDING_LOG.read_bytes(), oval.alice)
    # As the site wrote them before the key: spends noted "race sheet #<id>", gains "#7".
    ExperienceEntry.objects.filter(race=oval.race).update(sheet=None)
    spend = ExperienceEntry.objects.get(race=oval.race, reason="die")
    assert spend.note == f"race sheet #{sheet.pk}"
    stranger = experience_record(
        season=oval.season, race=oval.race, team=oval.car3.team, reason="adjustment", amount="0.1",
        note="race sheet #999999",
    )  # fmt: skip

    fill_sheets(apps, None)

    spend.refresh_from_db()
    assert (spend.sheet_id, spend.note) == (sheet.pk, f"race sheet #{sheet.pk}")
    assert ExperienceEntry.objects.filter(sheet__isnull=False).count() == 1
    stranger.refresh_from_db()
    assert stranger.sheet_id is None


def test_the_ledger_knows_every_reason_the_engine_gives_and_the_pages_every_cause() -> None:
    from races.templatetags.league_extras import ELIMINATION_CAUSES

    assert {r.value for r in XpReason} <= set(ExperienceEntry.Reason.values)
    assert {c.value for c in Cause} <= set(ELIMINATION_CAUSES)
