"""The judging task sends its sheet's notifications itself, at commit: a sheet costs the workers
one task, not three. A message that cannot be sent there is queued, with the delivery's retries."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core import mail

from league.models import Notice
from league.notifications.tasks import deliver
from races.sheets.judging import race_sheet_validate
from races.sheets.services import race_sheet_submit
from tests.factories import build_oval


@pytest.fixture
def oval(db):
    return build_oval()


@pytest.fixture
def example(examples_dir):
    return lambda name: (examples_dir / name).read_bytes()


def _judge(oval, example, django_capture_on_commit_callbacks):
    with mock.patch("races.sheets.tasks.validate_race_sheet.delay"):  # judged by hand below
        sheet = race_sheet_submit(race=oval.race, raw=example("race-ovale-valid.json"), by=oval.alice)
    with django_capture_on_commit_callbacks(execute=True):
        return race_sheet_validate(sheet_id=sheet.pk)


@pytest.mark.django_db
def test_a_judged_sheet_s_messages_are_sent_by_the_judging_task(
    oval, example, django_capture_on_commit_callbacks
):
    with mock.patch.object(deliver, "delay") as queued:
        sheet = _judge(oval, example, django_capture_on_commit_callbacks)

    assert sheet.status == "valid"
    assert not queued.called  # nothing left for another task
    sent = Notice.objects.filter(sent_at__isnull=False, channel="email")
    assert set(sent.values_list("key", "recipient")) == {
        (f"sheet-judged:{sheet.pk}", f"user:{oval.alice.pk}"),
        (f"sheet-to-confirm:{sheet.pk}", f"user:{oval.bruno.pk}"),
    }
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.org", "bruno@example.org"]


@pytest.mark.django_db
def test_a_message_the_judging_task_cannot_send_is_queued_for_a_retry(
    oval, example, django_capture_on_commit_callbacks
):
    with (
        mock.patch("league.notifications.channels.email_send", side_effect=OSError("mail server down")),
        mock.patch.object(deliver, "delay") as queued,
    ):
        sheet = _judge(oval, example, django_capture_on_commit_callbacks)

    assert sheet.status == "valid"  # the verdict stands whatever the mail server does
    assert sorted(call.kwargs["key"] for call in queued.call_args_list) == [
        f"sheet-judged:{sheet.pk}",
        f"sheet-to-confirm:{sheet.pk}",
    ]
    assert not Notice.objects.filter(sent_at__isnull=False).exists()
