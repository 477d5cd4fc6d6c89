"""`manage.py rejudge`: stored sheets judged again from their raw bytes; results are never rewritten."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from races.models import Result
from sheets.models import RaceSheet
from sheets.rejudge import outcome_differences, race_sheet_rejudge
from tests.sheets.conftest import log_for

pytestmark = pytest.mark.django_db


def _results(race) -> list[tuple[int, int, int]]:
    rows = Result.objects.filter(race=race).order_by("position")
    return [(r.race_entry.season_entry.car_number, r.position, r.points) for r in rows]


def test_it_refreshes_a_stale_verdict_whose_outcome_is_the_same(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    fresh = sheet.verdict
    stale = dict(fresh, extra_key_of_an_older_engine=1)
    RaceSheet.objects.filter(pk=sheet.pk).update(verdict=stale)
    results = _results(oval.race)

    done = race_sheet_rejudge(sheet_id=sheet.pk)

    assert done.outcome == "refreshed"
    sheet.refresh_from_db()
    assert sheet.verdict == fresh
    assert _results(oval.race) == results


def test_it_leaves_a_sheet_whose_outcome_would_change(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    # as if an older engine had found a broken rule the current one does not
    old = dict(sheet.verdict, valid=False, violations=[{"turn": 3, "car": "7", "rule": "G2", "message": "x"}])
    RaceSheet.objects.filter(pk=sheet.pk).update(verdict=old)

    done = race_sheet_rejudge(sheet_id=sheet.pk)

    assert done.outcome == "changed"
    assert done.differences[0] == "valid: False -> True"
    sheet.refresh_from_db()
    assert sheet.verdict == old


def test_the_command_reports_and_exits_1_on_a_changed_outcome(oval, example, submit, capsys):
    valid = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    invalid = submit(oval.race, log_for(example, "race-ovale-gear-skip.json"), oval.alice)
    RaceSheet.objects.filter(pk=valid.pk).update(verdict=dict(valid.verdict, valid=False))

    with pytest.raises(SystemExit) as exit_:
        call_command("rejudge")

    assert exit_.value.code == 1
    out = capsys.readouterr().out
    assert f"sheet {valid.pk}: outcome would change" in out
    assert f"sheet {invalid.pk}" not in out
    assert out.strip().endswith("0 refreshed, 1 unchanged, 1 with a different outcome")


def test_a_dry_run_writes_nothing(oval, example, submit, capsys):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    stale = dict(sheet.verdict, extra=1)
    RaceSheet.objects.filter(pk=sheet.pk).update(verdict=stale)

    call_command("rejudge", "--dry-run", "--sheet", str(sheet.pk))

    sheet.refresh_from_db()
    assert sheet.verdict == stale
    assert "1 would be refreshed, 0 unchanged, 0 with a different outcome" in capsys.readouterr().out


def test_only_the_words_differing_is_no_difference():
    before = {"valid": False, "violations": [{"turn": 3, "car": "7", "rule": "G2", "message": "old words"}]}
    after = {
        "valid": False,
        "violations": [{"turn": 3, "car": "7", "rule": "G2", "message": "new", "code": "c"}],
    }
    assert outcome_differences(before, after) == []
