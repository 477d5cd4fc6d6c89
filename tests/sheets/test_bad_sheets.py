"""Bad input over the API: each gets a clear message and leaves a trace, never a 500, and changes nothing else."""

from __future__ import annotations

import io
import json

import pytest
from django.test.client import RequestFactory, encode_multipart
from django.urls import reverse
from rest_framework.test import force_authenticate

from sheets.api import RaceSheetCreateApi
from sheets.models import RaceSheet, SubmissionAttempt
from tests.sheets.conftest import log_for, png_header, snapshot, upload
from tests.sheets.test_sheet_api import client_for, sheets_url

pytestmark = pytest.mark.django_db
MB = 1024 * 1024


@pytest.fixture
def post(oval, django_capture_on_commit_callbacks):
    """POST to the race's sheets as alice (or `user`), running the validation it queues."""

    def send(data, *, user=None, format="json"):
        with django_capture_on_commit_callbacks(execute=True):
            return client_for(user or oval.alice).post(sheets_url(oval.race), data, format=format)

    return send


def judged(response) -> RaceSheet:
    assert response.status_code == 201, response.content
    return RaceSheet.objects.get(pk=response.json()["id"])


def test_not_json_is_stored_as_an_invalid_sheet_with_the_format_error(oval, post):
    before = snapshot(oval.race)

    sheet = judged(post({"log": upload("log.json", b"{'car': 7,}", "application/json")}, format="multipart"))

    assert sheet.status == "invalid"
    assert (
        sheet.error
        == "race log: not JSON (Expecting property name enclosed in double quotes at line 1 column 2)"
    )
    assert bytes(sheet.raw) == b"{'car': 7,}"
    assert snapshot(oval.race) == before


def test_a_log_for_another_circuit_is_invalid_and_says_so(oval, example, post):
    before = snapshot(oval.race)

    sheet = judged(post({"log": json.loads(log_for(example, circuit="spa"))}))

    assert sheet.status == "invalid"
    assert sheet.verdict["violations"][0]["message"].startswith("the log is for circuit 'spa'")
    assert snapshot(oval.race) == before


def test_cars_that_are_not_the_races_entries_are_invalid(oval, example, post):
    log = json.loads(example("race-ovale-valid.json"))
    log["cars"][1]["team"] = "verte"
    before = snapshot(oval.race)

    sheet = judged(post({"log": log}))

    assert sheet.status == "invalid"
    assert ("3", "SITE-entries", "car 3 races for team 'bleu', the log says 'verte'") in [
        (v["car"], v["rule"], v["message"]) for v in sheet.verdict["violations"]
    ]
    assert snapshot(oval.race) == before


class CountingStream(io.BytesIO):
    """A request body that counts what the server reads of it."""

    read_bytes = 0

    def read(self, size: int | None = -1) -> bytes:
        data = super().read(size)
        self.read_bytes += len(data)
        return data

    def readline(self, size: int | None = -1) -> bytes:
        data = super().readline(size)
        self.read_bytes += len(data)
        return data


def send_raw(oval, body: bytes, content_type: str):
    stream = CountingStream(body)
    environ = RequestFactory()._base_environ(
        PATH_INFO=sheets_url(oval.race),
        REQUEST_METHOD="POST",
        CONTENT_TYPE=content_type,
        CONTENT_LENGTH=str(len(body)),
        **{"wsgi.input": stream},
    )
    from django.core.handlers.wsgi import WSGIRequest

    request = WSGIRequest(environ)
    force_authenticate(request, user=oval.alice)
    return RaceSheetCreateApi.as_view()(request, pk=oval.race.pk), stream


def test_a_20_mb_log_file_is_refused_after_reading_little_more_than_the_limit(oval):
    before = snapshot(oval.race)
    body = encode_multipart("BoUnDaRy", {"log": upload("big.json", b"[" + b"0," * (10 * MB) + b"0]")})
    assert len(body) > 20 * MB

    response, stream = send_raw(oval, body, "multipart/form-data; boundary=BoUnDaRy")

    assert response.status_code == 413
    assert response.data["detail"] == "The upload is larger than the 2.0\xa0MB allowed."
    assert stream.read_bytes < 3 * MB  # stopped at the limit, the rest never read
    attempt = SubmissionAttempt.objects.get()
    assert (attempt.outcome, attempt.user, attempt.size) == ("too_large", oval.alice, len(body))
    assert not RaceSheet.objects.exists()
    assert snapshot(oval.race) == before


def test_a_20_mb_json_body_is_refused_from_its_length_without_reading_it(oval):
    body = b'{"log": "' + b"x" * (20 * MB) + b'"}'

    response, stream = send_raw(oval, body, "application/json")

    assert response.status_code == 413
    assert response.data["detail"] == "The upload is 20.0\xa0MB: more than the 2.2\xa0MB a race sheet may be."
    assert stream.read_bytes == 0
    assert SubmissionAttempt.objects.get().outcome == "too_large"


def test_a_log_just_over_2_mb_in_a_small_enough_body_is_refused_too(oval, post):
    response = post({"log": "x" * (2 * MB + 1)})

    assert response.status_code == 413
    assert (
        response.json()["detail"] == "The upload is 2.0\xa0MB: more than the 2.0\xa0MB a race sheet may be."
    )
    assert not RaceSheet.objects.exists()


@pytest.mark.parametrize(
    ("photo", "message"),
    [
        (upload("pano.png", png_header(20_000, 20_000), "image/png"), "far too large"),
        (upload("notes.txt", b"car 7 was first", "image/jpeg"), "not a JPEG, PNG or WebP image"),
    ],
    # A truncated JPEG passes the request's header checks: the worker drops it (test_sheet_photos.py).
    ids=["20000x20000-png", "not-an-image"],
)
def test_a_bad_photo_is_refused_with_a_message_and_nothing_stored(oval, example, post, photo, message):
    before = snapshot(oval.race)

    response = post(
        {"log": upload("log.json", example("race-ovale-valid.json"), "application/json"), "photos": [photo]},
        format="multipart",
    )

    assert response.status_code == 400
    assert message in response.json()["detail"]
    assert SubmissionAttempt.objects.get().outcome == "refused"
    assert not RaceSheet.objects.exists()
    assert snapshot(oval.race) == before


def test_a_player_not_in_the_race_is_forbidden(oval, example, post):
    before = snapshot(oval.race)

    response = post({"log": json.loads(example("race-ovale-valid.json"))}, user=oval.chiara)

    assert response.status_code == 403
    assert response.json()["detail"].startswith("Only the drivers entered in")
    attempt = SubmissionAttempt.objects.get()
    assert (attempt.outcome, attempt.user) == ("forbidden", oval.chiara)
    assert not RaceSheet.objects.exists()
    assert snapshot(oval.race) == before


def test_a_body_that_is_not_an_object_is_refused(oval, post):
    response = post([1, 2, 3])

    assert response.status_code == 400
    assert SubmissionAttempt.objects.get().outcome == "refused"


def test_it_never_answers_500_to_garbage(oval, post):
    for data, fmt in [
        ({"log": None}, "json"),
        ({"log": 7}, "json"),
        ({"log": {"format": "formule-de/race-log@1"}}, "json"),
        ({"log": "", "kind": "pit"}, "json"),
        ({"log": "{}", "kind": "nonsense"}, "json"),
        ({"log": upload("empty.json", b"", "application/json")}, "multipart"),
    ]:
        assert post(data, format=fmt).status_code in (201, 400), data
    assert reverse("api:race-sheets", kwargs={"pk": oval.race.pk})
