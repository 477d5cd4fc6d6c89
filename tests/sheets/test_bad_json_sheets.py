"""Race sheets with JSON the strict reader refuses: a 400 (JSON body) or an invalid sheet (file), never error."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from sheets.models import RaceSheet, SubmissionAttempt
from tests.sheets.test_sheet_api import client_for, sheets_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ('{"format": "formule-de/race-log@1", "format": "x"}', "log: the key 'format' is given twice"),
        ('{"format": "formule-de/race-log@1", "circuit": "ovale\\u0000"}', "log.circuit: the character"),
        ('{"format": "formule-de/race-log@1", "laps": ' + "1" * 5000 + "}", "log.laps: a number too large"),
        ('{"format": "formule-de/race-log@1", "circuit": "\\udc00"}', "log.circuit: a lone surrogate"),
    ],
)
def test_a_sheet_posted_with_refused_json_is_a_400_and_leaves_an_attempt(oval, log, message):
    response = client_for(oval.alice).post(
        sheets_url(oval.race), '{"log": ' + log + "}", content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert message in response.json()["detail"]
    assert not RaceSheet.objects.exists()
    attempt = SubmissionAttempt.objects.get()
    assert attempt.outcome == SubmissionAttempt.Outcome.REFUSED and message in attempt.message


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b'{"format": "formule-de/race-log@1", "circuit": "ovale\\u0000"}', "circuit: the character U+0000"),
        (b'{"format": "formule-de/race-log@1", "laps": ' + b"1" * 4400 + b"}", "laps: a number too large"),
        (b'{"format": "formule-de/race-log@1", "circuit": "\\ud800"}', "circuit: a lone surrogate"),
        (b'{"format": "formule-de/race-log@1", "format": "y"}', "'format' is given twice"),
    ],
)
def test_a_log_file_the_strict_reader_refuses_is_judged_invalid_not_error(
    oval, raw, message, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client_for(oval.alice).post(
            sheets_url(oval.race), {"log": SimpleUploadedFile("log.json", raw)}, format="multipart"
        )
    assert response.status_code == 201, response.content
    sheet = RaceSheet.objects.get()
    assert sheet.status == RaceSheet.Status.INVALID, (sheet.status, sheet.error)
    assert message in sheet.error or message in str(sheet.verdict)
