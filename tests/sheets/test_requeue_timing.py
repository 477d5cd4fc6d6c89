"""After a Redis loss, the sweep queues a lost sheet again within two minutes, whatever the moment
the loss fell in beat's cycle; never a sheet whose task may still be judging it. Time is passed
to the sweep (`now`), never slept."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from sheets import tasks
from sheets.models import RaceSheet
from sheets.tasks import CLAIM_OUTLIVES_TASK, VALIDATE_TIME_LIMIT, race_sheets_requeue_stale

pytestmark = pytest.mark.django_db

TWO_MINUTES = 120


@pytest.fixture
def queued(monkeypatch):
    sent: list[int] = []
    monkeypatch.setattr(tasks.validate_race_sheet, "delay", lambda sheet_id: sent.append(sheet_id))
    return sent


def _every() -> float:
    return float(settings.CELERY_BEAT_SCHEDULE["requeue-stale-race-sheets"]["schedule"])


def _first_requeue(sheet: RaceSheet, status: str, phase: float, queued: list[int]) -> float:
    """Seconds from the loss (the sheet's last change) to the beat run that queues it again, beat
    running every _every() seconds from `phase` seconds after the loss."""
    lost_at = timezone.now()
    RaceSheet.objects.filter(pk=sheet.pk).update(status=status, claim="gone", updated_at=lost_at)
    queued.clear()
    run = phase
    while run < 3600:
        if race_sheets_requeue_stale(now=lost_at + timedelta(seconds=run)):
            assert queued == [sheet.pk]
            return run
        run += _every()
    raise AssertionError("never queued again")


@pytest.fixture
def sheet(oval, example) -> RaceSheet:
    return RaceSheet.objects.create(
        race=oval.race, version=1, submitted_by=oval.alice, raw=example("race-ovale-valid.json")
    )


def test_the_schedule_bounds_the_wait_under_two_minutes():
    after = max(timedelta(seconds=settings.RACE_SHEET_REQUEUE_AFTER), CLAIM_OUTLIVES_TASK)
    assert after.total_seconds() + _every() <= TWO_MINUTES
    assert CLAIM_OUTLIVES_TASK.total_seconds() > VALIDATE_TIME_LIMIT  # a live task keeps its sheets


@pytest.mark.parametrize("phase", [0.0, 1.0, 9.5, 19.9])
def test_a_pending_sheet_whose_message_was_lost_is_queued_again_within_two_minutes(sheet, queued, phase):
    waited = _first_requeue(sheet, "pending", phase, queued)

    assert settings.RACE_SHEET_REQUEUE_AFTER <= waited <= TWO_MINUTES
    sheet.refresh_from_db()
    assert (sheet.status, sheet.claim) == ("pending", "")


@pytest.mark.parametrize("phase", [0.0, 9.5, 19.9])
def test_a_sheet_whose_worker_was_lost_is_released_within_two_minutes_never_under_its_task(
    sheet, queued, phase
):
    waited = _first_requeue(sheet, "validating", phase, queued)

    assert VALIDATE_TIME_LIMIT < waited <= TWO_MINUTES
    sheet.refresh_from_db()
    assert (sheet.status, sheet.claim) == ("pending", "")


def test_a_sheet_queued_again_is_not_queued_again_by_the_next_runs(sheet, queued):
    lost_at = timezone.now()
    RaceSheet.objects.filter(pk=sheet.pk).update(updated_at=lost_at - timedelta(minutes=5))

    runs = [race_sheets_requeue_stale(now=lost_at + timedelta(seconds=s)) for s in (0, 20, 40)]

    assert runs == [1, 0, 0] and queued == [sheet.pk]
