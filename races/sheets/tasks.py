"""Celery tasks of the races app: they take ids and call a service."""

from __future__ import annotations

import logging
from typing import Any

from celery import Task, shared_task
from django.db import InterfaceError, OperationalError
from kombu.exceptions import OperationalError as BrokerError

from races.sheets.judging import race_sheet_fail, race_sheet_validate
from races.sheets.photo_processing import sheet_photos_process

logger = logging.getLogger(__name__)

# Worth another try: the database or a connection blinked. Anything else would fail the same way again.
TRANSIENT_ERRORS = (OperationalError, InterfaceError, BrokerError, ConnectionError, TimeoutError)


class SheetTask(Task):
    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        # Retries spent (or an error not worth retrying): the sheet says so instead of staying pending.
        sheet_id = kwargs.get("sheet_id") if kwargs else None
        if sheet_id is None and args:
            sheet_id = args[0]
        try:
            race_sheet_fail(sheet_id=sheet_id, reason=f"validation failed: {type(exc).__name__}: {exc}")
        except Exception:
            logger.exception("race sheet %s: could not record the failure of task %s", sheet_id, task_id)


@shared_task(
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
    time_limit=90,
)
def validate_race_sheet(sheet_id: int) -> str:
    """Judge one stored race sheet; safe to run twice (the service is idempotent)."""
    return race_sheet_validate(sheet_id=sheet_id).status


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
