"""Celery tasks of the races app: they take ids and call a service."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import InterfaceError, OperationalError, transaction
from django.db.models import Q
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

from races.models import RaceEntry
from sheets.failures import Failure, FailureReason
from sheets.judging import race_sheet_fail, race_sheets_validate
from sheets.models import RaceSheet
from sheets.photo_processing import sheet_photos_process
from sheets.stewarding import penalty_impose

logger = logging.getLogger(__name__)

# Worth another try: the database or a connection blinked. Anything else would fail the same way again.
TRANSIENT_ERRORS = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)
# A judging task is killed after this long (prefork): a sheet claimed for longer lost its task.
VALIDATE_TIME_LIMIT = 90
# A sheet `validating` is swept only once its task must be over, whatever RACE_SHEET_REQUEUE_AFTER.
CLAIM_OUTLIVES_TASK = timedelta(seconds=VALIDATE_TIME_LIMIT + 5)


class SheetTask(Task):
    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        # Retries spent (or an error not worth retrying): the sheet says so instead of staying pending.
        sheet_id = kwargs.get("sheet_id") if kwargs else None
        if sheet_id is None and args:
            sheet_id = args[0]
        try:
            race_sheet_fail(
                sheet_id=sheet_id, reason=FailureReason(Failure.TASK, f"{type(exc).__name__}: {exc}")
            )
        except Exception:
            logger.exception("race sheet %s: could not record the failure of task %s", sheet_id, task_id)


@shared_task(
    bind=True,
    base=SheetTask,
    name="races.validate_race_sheet",
    acks_late=True,  # the message stays in the queue until the validation is done…
    reject_on_worker_lost=True,  # …and goes back to it if the worker dies on the way
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=120,
    retry_jitter=True,
    max_retries=6,
    # A replay takes milliseconds; a log that makes the engine search for minutes is stopped
    # (prefork pool: the solo pool of the tests does not enforce limits).
    soft_time_limit=60,
    time_limit=VALIDATE_TIME_LIMIT,
)
def validate_race_sheet(self: Task, sheet_id: int) -> str:
    """Judge one stored race sheet, and on a worker up to RACE_SHEET_BATCH - 1 others still waiting
    (a backlog); safe to run twice (the service is idempotent)."""
    more = 0 if self.request.is_eager else settings.RACE_SHEET_BATCH - 1
    sheets = race_sheets_validate(sheet_id=sheet_id, claim=self.request.id, more=more)
    for sheet in sheets:
        if sheet.status == RaceSheet.Status.PENDING:  # left unjudged by the time limit
            validate_race_sheet.delay(sheet.pk)
    mine = [sheet.status for sheet in sheets if sheet.pk == sheet_id]
    # A backlog's message finds its sheet judged or claimed: said without another query.
    return mine[0] if mine else "judged or claimed elsewhere"


def race_sheets_requeue_stale(*, older_than: timedelta | None = None, now: datetime | None = None) -> int:
    """Queue again every sheet pending for longer than `older_than` (RACE_SHEET_REQUEUE_AFTER), or
    validating for longer than that and than its task may live; returns how many.

    A pending sheet that old lost its message (Redis lost, or unreachable when it was sent); in a
    backlog that is merely long, the extra message finds its sheet judged or claimed and ends at
    once. The sheet's `updated_at` moves on as it is queued, so a second run within the delay
    queues nothing more, and a sheet judged meanwhile is left alone. A broker still down leaves the
    sheet stale, for the next run. Validation is idempotent, so a sheet queued twice is judged once.
    """
    delay = older_than if older_than is not None else timedelta(seconds=settings.RACE_SHEET_REQUEUE_AFTER)
    now = now or timezone.now()
    cutoff = now - delay
    claimed_cutoff = now - max(delay, CLAIM_OUTLIVES_TASK)
    stale = RaceSheet.objects.filter(
        Q(status=RaceSheet.Status.PENDING, updated_at__lt=cutoff)
        | Q(status=RaceSheet.Status.VALIDATING, updated_at__lt=claimed_cutoff)
    )
    queued = 0
    for sheet_id in stale.order_by("pk").values_list("pk", flat=True):
        with transaction.atomic():
            sheet = (
                stale.select_for_update()
                .filter(pk=sheet_id)
                .only("pk", "status", "claim", "updated_at")
                .first()
            )
            if sheet is None:
                continue  # judged, or queued by another run, in the meantime
            # A sheet still `validating` this long lost its worker: released, the next task claims it.
            sheet.status, sheet.claim = RaceSheet.Status.PENDING, ""
            sheet.save(update_fields=["status", "claim", "updated_at"])
        try:
            validate_race_sheet.delay(sheet_id)
        except Exception:  # kombu's errors vary by transport
            logger.exception("race sheet %s: could not queue it again; the next run will try", sheet_id)
            RaceSheet.objects.filter(pk=sheet_id).update(updated_at=cutoff - timedelta(seconds=1))
            continue
        queued += 1
    if queued:
        logger.info("queued %d stale race sheet(s) again", queued)
    return queued


@shared_task(name="races.requeue_stale_sheets", ignore_result=True)
def requeue_stale_sheets() -> int:
    """Celery beat (CELERY_BEAT_SCHEDULE): sheets left pending because the queue was unreachable,
    or validating after a worker was lost, go back to the queue."""
    return race_sheets_requeue_stale()


@shared_task(
    name="races.impose_penalty",
    acks_late=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    max_retries=6,
)
def impose_penalty(
    race_entry_id: int, by_id: int, kind: str, reason: str, key: str, amount: int = 0, rule: str = ""
) -> int:
    """Impose a penalty from a queue (a bulk decision, an import): the key makes a retry count once."""
    penalty = penalty_impose(
        race_entry=RaceEntry.objects.get(pk=race_entry_id),
        by=get_user_model().objects.get(pk=by_id),
        kind=kind,
        reason=reason,
        amount=amount,
        rule=rule,
        key=key,
    )
    return penalty.pk


@shared_task(
    name="races.process_sheet_photos",
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    max_retries=6,
    soft_time_limit=120,
    time_limit=150,
)
def process_sheet_photos(sheet_id: int) -> int:
    """Decode, re-encode and thumbnail a sheet's photos, off the web request; safe to run twice."""
    return sheet_photos_process(sheet_id=sheet_id)
