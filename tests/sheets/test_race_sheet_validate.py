"""Validating a sheet: the engine's verdict plus the site's checks; a valid first version writes the results."""

from __future__ import annotations

from decimal import Decimal

import pytest

from league.models import ExperienceEntry
from races.models import Race, Result
from sheets.judging import race_sheet_validate
from sheets.models import RaceSheet
from tests.sheets.conftest import log_for, snapshot, standings

pytestmark = pytest.mark.django_db


def test_a_valid_sheet_writes_results_points_and_experience(oval, example, submit):
    before = standings(oval.season)

    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    assert sheet.status == RaceSheet.Status.VALID
    assert sheet.chosen
    assert sheet.verdict["violations"] == []
    assert sheet.log["circuit"] == "ovale"  # the log as the engine read it
    assert sheet.validated_at is not None
    oval.race.refresh_from_db()
    assert oval.race.status == Race.Status.VALIDATED
    results = Result.objects.filter(race=oval.race).order_by("position")
    assert [(r.race_entry.season_entry.car_number, r.points, r.turn) for r in results] == [
        (7, 10, 8),
        (3, 8, 9),
    ]
    after = standings(oval.season)
    assert {k: after[k] - before[k] for k in after if after[k] != before[k]} == {
        "alice": 10,
        "bruno": 8,
        "rouge": 10,
        "bleu": 8,
    }
    # fixtures/examples/README.md: alice 0.3 pole + 0.5 win, bruno 0.1 + 0.3; rouge 0.5, bleu 0.2.
    totals: dict[str, Decimal] = {}
    for entry in ExperienceEntry.objects.filter(race=oval.race).select_related("driver", "team"):
        key = (entry.driver or entry.team).slug
        totals[key] = totals.get(key, Decimal("0")) + entry.amount
    assert totals == {
        "alice": Decimal("0.8"),
        "bruno": Decimal("0.4"),
        "rouge": Decimal("0.5"),
        "bleu": Decimal("0.2"),
    }


def test_a_sheet_breaking_a_rule_is_invalid_and_changes_nothing(oval, example, submit):
    before = snapshot(oval.race)

    sheet = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    assert not sheet.chosen
    first = sheet.verdict["violations"][0]
    assert (first["turn"], first["car"], first["rule"]) == (3, "7", "G2")
    assert "skips a gear" in first["message"]
    assert snapshot(oval.race) == before


def test_a_log_that_is_not_json_is_stored_invalid_with_the_reason(oval, submit):
    before = snapshot(oval.race)

    sheet = submit(oval.race, b"turn 1: car 7 in 2nd, rolled 4", oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    assert sheet.error.startswith("race log: not JSON")
    assert sheet.log is None
    assert sheet.verdict["violations"][0]["rule"] == "SITE-format"
    assert snapshot(oval.race) == before


def test_a_log_for_another_circuit_is_invalid_with_a_site_violation(oval, example, submit):
    before = snapshot(oval.race)

    sheet = submit(oval.race, log_for(example, circuit="monza"), oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    [violation] = sheet.verdict["violations"]
    assert violation["rule"] == "SITE-circuit"
    assert (
        violation["message"]
        == "the log is for circuit 'monza', but this race is run on 'ovale' (Ovale d'essai)"
    )
    assert snapshot(oval.race) == before


def test_cars_that_are_not_the_races_entries_are_site_violations(oval, example, submit):
    log = log_for(example)
    log = log.replace(
        b'"car": "3", "driver": "bruno", "team": "bleu"', b'"car": "3", "driver": "zoe", "team": "bleu"'
    )
    log = log.replace(b'"7"', b'"17"')
    before = snapshot(oval.race)

    sheet = submit(oval.race, log, oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    site = [
        (v["car"], v["rule"], v["message"])
        for v in sheet.verdict["violations"]
        if v["rule"].startswith("SITE")
    ]
    assert site == [
        ("17", "SITE-entries", "car 17 is not entered in this race (entered: 3, 7)"),
        ("7", "SITE-entries", "car 7 (alice) is entered in this race but missing from the log"),
        ("3", "SITE-entries", "car 3 is driven by 'bruno' in this race, the log says 'zoe'"),
    ]
    assert snapshot(oval.race) == before


def test_a_log_starting_from_another_grid_is_a_site_violation(oval, example, submit):
    log = log_for(example)
    log = (
        log.replace(b'"grid": 1', b'"grid": 9')
        .replace(b'"grid": 2', b'"grid": 1')
        .replace(b'"grid": 9', b'"grid": 2')
    )

    sheet = submit(oval.race, log, oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    assert [v["rule"] for v in sheet.verdict["violations"]][:2] == ["SITE-grid", "SITE-grid"]


def test_the_laps_must_be_the_races(oval, example, submit):
    Race.objects.filter(pk=oval.race.pk).update(laps=2)
    oval.race.refresh_from_db()

    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    assert sheet.status == RaceSheet.Status.INVALID
    assert {
        "turn": 0,
        "car": None,
        "rule": "F2",
        "message": "the season races 2 laps, the log 1",
        "code": "f2.season_races_laps_log",
        "params": {"season": 2, "log": 1},
    } in sheet.verdict["violations"]


def test_validating_twice_changes_the_standings_once(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    after_first = (standings(oval.season), ExperienceEntry.objects.count(), Result.objects.count())

    again = race_sheet_validate(sheet_id=sheet.pk)

    assert again.status == RaceSheet.Status.VALID
    assert again.attempts == 1  # left alone: not even counted
    assert (standings(oval.season), ExperienceEntry.objects.count(), Result.objects.count()) == after_first


def test_a_sheet_left_validating_by_a_dead_worker_is_finished_by_the_next_run(
    oval, example, django_capture_on_commit_callbacks
):
    from sheets.services import race_sheet_submit

    with django_capture_on_commit_callbacks(execute=False):
        sheet = race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    RaceSheet.objects.filter(pk=sheet.pk).update(status=RaceSheet.Status.VALIDATING, attempts=1)

    done = race_sheet_validate(sheet_id=sheet.pk)

    assert (done.status, done.attempts) == (RaceSheet.Status.VALID, 2)
    assert standings(oval.season)["alice"] == 10


def test_a_later_valid_version_is_kept_but_does_not_overwrite_the_results(oval, example, submit):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    results = list(Result.objects.values_list("pk", "position", "points"))
    xp = list(ExperienceEntry.objects.values_list("pk", flat=True))

    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)

    assert (second.status, second.version, second.chosen) == (RaceSheet.Status.VALID, 2, False)
    assert list(Result.objects.values_list("pk", "position", "points")) == results
    assert list(ExperienceEntry.objects.values_list("pk", flat=True)) == xp


def test_an_engine_failure_marks_the_sheet_error_with_the_reason(oval, example, submit, monkeypatch):
    def broken(**kwargs):
        raise KeyError("T9")

    monkeypatch.setattr("sheets.judging.judge_race_log", broken)
    before = snapshot(oval.race)

    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    assert sheet.status == RaceSheet.Status.ERROR
    assert sheet.error == "internal error: KeyError: 'T9'"
    assert (sheet.error_code, sheet.error_params) == ("internal", {"detail": "KeyError: 'T9'"})
    assert snapshot(oval.race) == before


def test_a_race_without_a_grid_takes_the_logs(db, example, submit):
    from tests.sheets.conftest import build_oval

    oval = build_oval(grid=False)

    submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    assert dict(oval.race.entries.values_list("season_entry__car_number", "grid_slot")) == {7: 1, 3: 2}
    assert ExperienceEntry.objects.filter(race=oval.race, reason="pole", driver__slug="alice").exists()
