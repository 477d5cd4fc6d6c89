"""A chat webhook that hangs never holds up a verdict.

The honest shape, with Celery inline (eager) as in these tests: there is no worker to be held, so
what is shown is *when* and *where* the notices leave. Judging a sheet stores its verdict and only
queues its notices, after commit, on the notifications' own queue (not the sheets'); the webhook is
called by that task, after the verdict is stored, in no transaction and under no lock, and a webhook
that hangs holds a call for LEAGUE_WEBHOOK_TIMEOUT only, its retries later with growing delays.
`test_webhook_hang_workers.py` shows the latency itself on real workers.
"""

from __future__ import annotations

import time
from unittest import mock
from urllib.error import URLError

import pytest
from django.db import connection
from django.utils import timezone

from config.celery_app import app
from notifications import channels
from notifications.models import Notice
from notifications.tasks import NOTICE_BACKOFF, NOTICE_BACKOFF_MAX, NOTICE_RETRIES, announce_events, deliver
from sheets.judging import race_sheet_validate
from sheets.models import RaceSheet
from sheets.services import race_sheet_submit
from tests.factories import build_oval
from tests.notifications.hanging_webhook import HangingWebhook, hanging_webhook


@pytest.fixture
def hook(settings):
    with hanging_webhook(hold=30) as server:
        settings.LEAGUE_WEBHOOK_URL = server.url
        settings.LEAGUE_WEBHOOK_TIMEOUT = 1
        yield server


def _submit(oval, examples_dir) -> RaceSheet:
    raw = (examples_dir / "race-ovale-valid.json").read_bytes()
    with mock.patch("sheets.tasks.validate_race_sheet.delay"):  # judged by the test itself
        return race_sheet_submit(race=oval.race, raw=raw, by=oval.alice)


@pytest.mark.django_db
def test_judging_queues_its_notices_on_their_own_queue_and_calls_no_webhook(
    hook: HangingWebhook, examples_dir, django_capture_on_commit_callbacks, settings
):
    oval = build_oval()
    sheet = _submit(oval, examples_dir)

    with (
        mock.patch.object(announce_events, "delay") as queued,
        django_capture_on_commit_callbacks(execute=True) as callbacks,
    ):
        judged = race_sheet_validate(sheet_id=sheet.pk)
        assert judged.status == "valid" and not queued.called  # nothing before the commit

    assert callbacks, "the notices wait for the verdict's commit"
    assert queued.call_count == 1 and not hook.arrived  # then queued, not sent
    app.loader.import_default_modules()
    route = app.amqp.router.route({}, "league.notifications.announce_events")["queue"].name
    assert route == settings.CELERY_NOTIFICATIONS_QUEUE == "notifications"
    assert route != settings.CELERY_TASK_DEFAULT_QUEUE  # not behind (nor in front of) the sheets


@pytest.mark.django_db(transaction=True)
def test_the_webhook_is_called_after_the_verdict_is_stored_in_no_transaction_for_its_timeout(
    hook: HangingWebhook, examples_dir
):
    oval = build_oval()
    sheet = _submit(oval, examples_dir)
    seen: list[tuple[bool, str, object]] = []
    post = channels.webhook_post

    def watched(**kwargs: str) -> int:
        stored = RaceSheet.objects.values_list("status", flat=True).get(pk=sheet.pk)
        seen.append((connection.in_atomic_block, stored, timezone.now()))
        return post(**kwargs)

    with mock.patch.object(channels, "webhook_post", side_effect=watched):
        started = time.monotonic()
        race_sheet_validate(sheet_id=sheet.pk)  # inline: the notices follow at commit, here
        took = time.monotonic() - started

    sheet.refresh_from_db()
    assert sheet.status == "valid"
    # the verdict's and the confirmation's messages, each tried once and retried once (inline)
    assert len(seen) == len(hook.arrived) == 4
    assert all(not in_transaction for in_transaction, _status, _at in seen)  # no lock held
    assert all(status == "valid" and at >= sheet.validated_at for _t, status, at in seen)
    assert 3.5 < took < 8  # 4 calls cut at the 1 s timeout, not the webhook's 30 s
    assert not Notice.objects.filter(channel="webhook", sent_at__isnull=False).exists()
    assert hook.holding  # the webhook still hangs


@pytest.mark.django_db
def test_a_webhook_that_fails_is_retried_later_with_growing_delays_a_bounded_number_of_times(settings):
    settings.LEAGUE_WEBHOOK_URL = "http://127.0.0.1:9/hook"
    params = {"season": "S", "round": 1, "circuit": "Ovale", "url": "/races/1/"}
    delays: list[float] = []

    def retry(*, exc: BaseException, countdown: float, **_kw: object) -> None:
        delays.append(countdown)
        raise exc

    with (
        mock.patch.object(channels, "webhook_post", side_effect=URLError("timed out")),
        mock.patch.object(deliver, "retry", side_effect=retry),
    ):
        for tries in range(NOTICE_RETRIES + 1):
            deliver.apply(
                kwargs={
                    "key": "results-published:1",
                    "kind": "results_published",
                    "params": params,
                    "channel": "webhook",
                },
                retries=tries,
            ).get(propagate=False)

    caps = [min(NOTICE_BACKOFF * 2**n, NOTICE_BACKOFF_MAX) for n in range(NOTICE_RETRIES + 1)]
    assert all(0 <= delay <= cap for delay, cap in zip(delays, caps, strict=True))  # full jitter
    assert deliver.max_retries == NOTICE_RETRIES == 4
    assert sum(caps[:NOTICE_RETRIES]) <= 120  # given up within minutes, not kept for ever
