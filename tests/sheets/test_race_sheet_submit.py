"""Submitting a sheet: stored first, exactly as sent, as the race's next version; only entrants (or stewards)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied

from races.models import Race
from sheets.models import RaceSheet, SubmissionAttempt
from sheets.services import SubmissionRefused, SubmissionTooLarge, race_sheet_submit
from tests.sheets.conftest import snapshot

pytestmark = pytest.mark.django_db


def test_it_stores_the_log_as_pending_and_queues_its_validation(
    oval, example, django_capture_on_commit_callbacks
):
    raw = example("race-ovale-valid.json")

    with django_capture_on_commit_callbacks() as queued:
        sheet = race_sheet_submit(race=oval.race, raw=raw, by=oval.alice)

    stored = RaceSheet.objects.get(pk=sheet.pk)
    assert stored.status == RaceSheet.Status.PENDING
    assert bytes(stored.raw) == raw
    assert (stored.version, stored.kind, stored.submitted_by) == (1, "race", oval.alice)
    # The validation is queued once the sheet is committed (beside the page cache's own bump).
    assert len([c for c in queued if getattr(c, "__module__", "") != "core.page_cache"]) == 1


def test_it_keeps_the_bytes_exactly_even_when_they_are_not_text(oval, submit):
    raw = b'{"format": "formule-de/race-log@1",\r\n "circuit": "\xff\xfe"}  '

    sheet = submit(oval.race, raw, oval.alice)

    assert bytes(sheet.raw) == raw
    assert sheet.status == RaceSheet.Status.INVALID
    assert "not UTF-8" in sheet.error


def test_each_submission_is_a_new_version(oval, example, submit):
    first = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)
    second = submit(oval.race, example("race-ovale-valid.json"), oval.bruno)

    assert (first.version, second.version) == (1, 2)
    assert [a.outcome for a in SubmissionAttempt.objects.order_by("pk")] == ["accepted", "accepted"]
    assert SubmissionAttempt.objects.order_by("pk").last().sheet == second


def test_a_steward_may_submit_for_any_race(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.steward)

    assert sheet.status == RaceSheet.Status.VALID


def test_a_driver_not_in_the_race_is_refused_and_the_attempt_recorded(oval, example):
    before = snapshot(oval.race)

    with pytest.raises(PermissionDenied) as caught:
        race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.chiara)

    assert "Only the drivers entered" in str(caught.value)
    attempt = SubmissionAttempt.objects.get()
    assert (attempt.user, attempt.outcome, attempt.race) == (oval.chiara, "forbidden", oval.race)
    assert not RaceSheet.objects.exists()
    assert snapshot(oval.race) == before


def test_it_refuses_a_log_over_the_size_limit(oval, settings):
    settings.RACE_SHEET_MAX_BYTES = 1000

    with pytest.raises(SubmissionTooLarge) as caught:
        race_sheet_submit(race=oval.race, raw=b"x" * 1001, by=oval.alice)

    assert caught.value.messages == [
        "The upload is 1001\xa0bytes: more than the 1000\xa0bytes a race sheet may be."
    ]
    assert SubmissionAttempt.objects.get().outcome == "too_large"
    assert SubmissionAttempt.objects.get().size == 1001


def test_it_refuses_an_empty_log(oval):
    with pytest.raises(SubmissionRefused, match="The log is empty."):
        race_sheet_submit(race=oval.race, raw=b"  \n", by=oval.alice)

    assert SubmissionAttempt.objects.get().outcome == "refused"


def test_an_official_race_takes_no_more_sheets(oval, example):
    Race.objects.filter(pk=oval.race.pk).update(status=Race.Status.OFFICIAL)
    oval.race.refresh_from_db()

    with pytest.raises(SubmissionRefused, match="official"):
        race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)

    assert not RaceSheet.objects.exists()
    assert SubmissionAttempt.objects.get().outcome == "refused"


def test_a_qualifying_sheet_is_refused_once_the_race_has_results(oval, example, submit):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)
    oval.race.refresh_from_db()

    with pytest.raises(SubmissionRefused, match="grid can no longer change"):
        race_sheet_submit(
            race=oval.race, raw=example("qualifying-ovale.json"), by=oval.alice, kind="qualifying"
        )
