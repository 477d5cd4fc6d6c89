"""With the broker down, a steward's decision still stands and answers: its notices, which could not
be queued, are sent from the request after its commit (once each: the Notice rows)."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone
from kombu.exceptions import OperationalError

from league.models import EntryRequest
from notifications.models import Notice
from notifications.tasks import deliver
from races.registration import entry_request_accept, entry_request_create
from tests.factories import build_oval, make_season, make_team

pytestmark = pytest.mark.django_db


def test_an_entry_accepted_while_the_broker_is_down_is_kept_and_told(django_capture_on_commit_callbacks):
    oval = build_oval()
    season = make_season(name="Coupe", slug="coupe", entries_open_at=timezone.now() - timedelta(days=1))
    request = entry_request_create(season=season, team=make_team(), car_number=30, by=oval.chiara)

    with (
        mock.patch.object(deliver, "delay", side_effect=OperationalError("Redis is down")),
        django_capture_on_commit_callbacks(execute=True),
    ):
        entry_request_accept(request=request, by=oval.steward)  # no exception out of the commit

    assert EntryRequest.objects.get(pk=request.pk).status == EntryRequest.Status.ACCEPTED
    assert [m.to for m in mail.outbox] == [[oval.chiara.email]]
    assert Notice.objects.filter(channel="email", sent_at__isnull=False).count() == 1
