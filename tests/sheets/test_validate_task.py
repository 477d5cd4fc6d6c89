"""The Celery task: takes an id, calls the service, retries what is transient, says when it gave up."""

from __future__ import annotations

import pytest
from django.db import OperationalError

from sheets.models import RaceSheet
from sheets.tasks import TRANSIENT_ERRORS, validate_race_sheet
from tests.sheets.conftest import standings

pytestmark = pytest.mark.django_db


@pytest.fixture
def pending(oval, example, django_capture_on_commit_callbacks):
    from sheets.services import race_sheet_submit

    with django_capture_on_commit_callbacks(execute=False):  # stored, not run
        return race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)


def test_it_is_declared_to_survive_a_dead_worker():
    assert validate_race_sheet.acks_late is True
    assert validate_race_sheet.reject_on_worker_lost is True
    assert validate_race_sheet.max_retries == 6
    assert OperationalError in TRANSIENT_ERRORS
    assert validate_race_sheet.retry_jitter is True


def test_it_validates_the_sheet_it_is_given(oval, pending):
    result = validate_race_sheet.delay(pending.pk)

    assert result.get() == "valid"
    assert standings(oval.season)["alice"] == 10


def test_running_it_twice_changes_the_standings_once(oval, pending):
    validate_race_sheet.delay(pending.pk)
    validate_race_sheet.delay(pending.pk)

    assert standings(oval.season)["alice"] == 10
    assert RaceSheet.objects.get().attempts == 1


def test_a_database_hiccup_is_retried(oval, pending, monkeypatch):
    from sheets import judging as sheet_services

    real = sheet_services._judge
    calls = []

    def flaky(sheet, *args):
        calls.append(sheet.pk)
        if len(calls) == 1:
            raise OperationalError("database is locked")
        return real(sheet, *args)

    monkeypatch.setattr(sheet_services, "_judge", flaky)

    validate_race_sheet.apply(args=[pending.pk])

    assert len(calls) == 2
    sheet = RaceSheet.objects.get()
    assert (sheet.status, sheet.attempts) == ("valid", 2)


def test_when_retries_are_spent_the_sheet_says_error_with_the_reason(oval, pending, monkeypatch):
    def down(sheet, *args):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr("sheets.judging._judge", down)

    result = validate_race_sheet.apply(args=[pending.pk])

    assert result.failed()
    sheet = RaceSheet.objects.get()
    assert sheet.status == RaceSheet.Status.ERROR
    assert sheet.error == "validation failed: OperationalError: could not connect to server"
    assert sheet.attempts == validate_race_sheet.max_retries + 1
    assert standings(oval.season)["alice"] == 0


def test_a_replay_stopped_by_the_time_limit_leaves_the_sheet_in_error(oval, pending, monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    def endless(sheet, *args):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("sheets.judging._judge", endless)

    validate_race_sheet.apply(args=[pending.pk])

    sheet = RaceSheet.objects.get()
    assert (sheet.status, sheet.error) == ("error", "the replay took too long and was stopped")
    assert validate_race_sheet.soft_time_limit == 60
