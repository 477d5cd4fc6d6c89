"""Sheets left pending (a queue that was down) are queued again by a periodic task, once per delay."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from sheets import tasks
from sheets.models import RaceSheet
from sheets.tasks import race_sheets_requeue_stale, requeue_stale_sheets

pytestmark = pytest.mark.django_db


@pytest.fixture
def queued(monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(tasks.validate_race_sheet, "delay", lambda sheet_id: sent.append(sheet_id))
    return sent


def stored(oval, example, version: int, status: str, age: timedelta) -> RaceSheet:
    sheet = RaceSheet.objects.create(
        race=oval.race,
        version=version,
        submitted_by=oval.alice,
        raw=example("race-ovale-valid.json"),
        status=status,
    )
    RaceSheet.objects.filter(pk=sheet.pk).update(updated_at=timezone.now() - age)
    return sheet


def test_the_beat_schedule_runs_the_task():
    entry = settings.CELERY_BEAT_SCHEDULE["requeue-stale-race-sheets"]
    assert entry["task"] == requeue_stale_sheets.name == "races.requeue_stale_sheets"
    assert entry["schedule"] > 0 and settings.RACE_SHEET_REQUEUE_AFTER > 0


def test_stale_pending_and_validating_sheets_are_queued_again_and_nothing_else(oval, example, queued):
    old = timedelta(seconds=settings.RACE_SHEET_REQUEUE_AFTER + 60)
    pending = stored(oval, example, 1, "pending", old)
    validating = stored(oval, example, 2, "validating", old)
    stored(oval, example, 3, "pending", timedelta(seconds=5))  # just sent: its own task is coming
    stored(oval, example, 4, "invalid", old)

    assert requeue_stale_sheets.apply().get() == 2

    assert queued == [pending.pk, validating.pk]


def test_running_it_again_queues_nothing_more(oval, example, queued):
    sheet = stored(oval, example, 1, "pending", timedelta(hours=2))

    first = race_sheets_requeue_stale()
    second = race_sheets_requeue_stale()

    assert (first, second) == (1, 0)
    assert queued == [sheet.pk]


def test_a_broker_still_down_leaves_the_sheet_for_the_next_run(oval, example, monkeypatch):
    sheet = stored(oval, example, 1, "pending", timedelta(hours=2))

    def down(sheet_id):
        raise ConnectionError("broker unreachable")

    monkeypatch.setattr(tasks.validate_race_sheet, "delay", down)
    assert race_sheets_requeue_stale() == 0

    sent: list[int] = []
    monkeypatch.setattr(tasks.validate_race_sheet, "delay", lambda sheet_id: sent.append(sheet_id))
    assert race_sheets_requeue_stale() == 1 and sent == [sheet.pk]


def test_a_requeued_sheet_is_judged_once(oval, example):
    # Inline (eager) tasks: queuing again runs the validation; the results are written once.
    sheet = stored(oval, example, 1, "pending", timedelta(hours=2))

    race_sheets_requeue_stale()
    race_sheets_requeue_stale(older_than=timedelta(0))

    sheet.refresh_from_db()
    assert (sheet.status, sheet.attempts) == ("valid", 1)
    assert oval.race.results.count() == 2


def test_production_code_carries_no_test_delay():
    from pathlib import Path

    import sheets.judging as judging

    source = Path(judging.__file__).read_text()
    assert "RACE_SHEET_TEST_DELAY" not in source and "_test_delay" not in source
    assert not hasattr(settings, "RACE_SHEET_TEST_DELAY")
