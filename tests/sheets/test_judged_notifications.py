"""A judged sheet's messages leave the judging task: one task for its events, on the notifications
queue, so that a slow or silent mail server never holds a worker that judges sheets."""

from __future__ import annotations

import socket
import threading
import time
from unittest import mock

import pytest
from django.core import mail

from config.celery_app import app
from notifications.models import Notice
from notifications.tasks import announce_events, deliver
from sheets.judging import race_sheet_validate
from sheets.services import race_sheet_submit
from tests.factories import build_oval

pytestmark = pytest.mark.django_db


@pytest.fixture
def oval(db):
    return build_oval()


def _judge(oval, examples_dir, django_capture_on_commit_callbacks):
    raw = (examples_dir / "race-ovale-valid.json").read_bytes()
    with mock.patch("sheets.tasks.validate_race_sheet.delay"):  # judged by hand below
        sheet = race_sheet_submit(race=oval.race, raw=raw, by=oval.alice)
    with django_capture_on_commit_callbacks(execute=True):
        return race_sheet_validate(sheet_id=sheet.pk)


def test_the_judging_queues_one_task_for_its_events_and_sends_nothing_itself(
    oval, examples_dir, django_capture_on_commit_callbacks
):
    with mock.patch.object(announce_events, "delay") as queued, mock.patch.object(deliver, "delay") as one:
        sheet = _judge(oval, examples_dir, django_capture_on_commit_callbacks)

    assert sheet.status == "valid"
    (call,) = queued.call_args_list  # one task for the sheet's two events
    assert [(e["key"], e["user_ids"]) for e in call.kwargs["events"]] == [
        (f"sheet-judged:{sheet.pk}", [oval.alice.pk]),
        (f"sheet-to-confirm:{sheet.pk}", [oval.bruno.pk]),
    ]
    assert not one.called and not mail.outbox


def test_each_event_s_messages_are_sent_once_by_its_task(
    oval, examples_dir, django_capture_on_commit_callbacks
):
    with mock.patch.object(deliver, "delay") as one:
        sheet = _judge(oval, examples_dir, django_capture_on_commit_callbacks)  # eager: the tasks run
        announce_events.delay(
            events=[
                {
                    "key": f"sheet-judged:{sheet.pk}",
                    "kind": "sheet_judged",
                    "params": {},
                    "user_ids": [oval.alice.pk],
                }
            ]
        )  # a redelivered event

    assert not one.called  # sent by the event's task, not a task per message
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bruno@example.org"]
    assert Notice.objects.filter(sent_at__isnull=False, channel="email").count() == 2


def test_a_message_the_event_task_cannot_send_is_queued_for_a_retry(
    oval, examples_dir, django_capture_on_commit_callbacks
):
    with (
        mock.patch("notifications.channels.email_send", side_effect=OSError("mail server down")),
        mock.patch.object(deliver, "delay") as queued,
    ):
        sheet = _judge(oval, examples_dir, django_capture_on_commit_callbacks)

    assert sheet.status == "valid"  # the verdict stands whatever the mail server does
    assert sorted(call.kwargs["key"] for call in queued.call_args_list) == [
        f"sheet-judged:{sheet.pk}",
        f"sheet-to-confirm:{sheet.pk}",
    ]
    assert not Notice.objects.filter(sent_at__isnull=False).exists()


def test_a_silent_mail_server_holds_the_event_task_for_the_timeout_only(
    oval, examples_dir, django_capture_on_commit_callbacks, settings
):
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    held: list[socket.socket] = []
    threading.Thread(target=lambda: held.append(server.accept()[0]), daemon=True).start()  # never speaks
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", server.getsockname()[1]
    settings.EMAIL_USE_TLS, settings.EMAIL_TIMEOUT = False, 1
    params = {"season": "S", "round": 1, "circuit": "Ovale", "url": "/sheets/1/", "valid": True}
    params |= {"first": "", "first_code": "", "first_params": {}, "rule": ""}
    try:
        with mock.patch.object(deliver, "delay") as queued:
            started = time.monotonic()
            announce_events(
                events=[
                    {
                        "key": "sheet-judged:1",
                        "kind": "sheet_judged",
                        "params": params,
                        "user_ids": [oval.alice.pk],
                    }
                ]
            )
            took = time.monotonic() - started
    finally:
        server.close()
        for conn in held:
            conn.close()

    assert 0.9 < took < 5  # it waited on the server for the timeout (1 s), not for ever
    assert [call.kwargs["key"] for call in queued.call_args_list] == ["sheet-judged:1"]  # retried later


def test_notification_tasks_go_to_the_notifications_queue(settings):
    app.loader.import_default_modules()
    route = app.amqp.router.route
    for name in ("league.notifications.deliver", "league.notifications.announce_events"):
        assert route({}, name)["queue"].name == settings.CELERY_NOTIFICATIONS_QUEUE
    assert route({}, "races.validate_race_sheet")["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE


def test_with_the_broker_down_the_judging_sends_the_messages_itself(
    oval, examples_dir, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError

    with mock.patch.object(announce_events, "delay", side_effect=OperationalError("Redis is down")):
        sheet = _judge(oval, examples_dir, django_capture_on_commit_callbacks)

    assert sheet.status == "valid"
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bruno@example.org"]
