"""Photos of a paper sheet, alone, through the API (`POST /api/races/{id}/sheets/`, multipart with
`photos` and no `log`): a sheet to transcribe on race night, as the sheet form makes one."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from sheets.models import RaceSheet, SheetPhoto
from sheets.selectors import sheets_to_transcribe
from tests.factories import Oval
from tests.sheets.conftest import jpeg_bytes, upload

pytestmark = pytest.mark.django_db


def client_for(user) -> APIClient:  # noqa: ANN001
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(user)
    return client


def post(oval: Oval, data: dict, user=None):  # noqa: ANN001, ANN201
    return client_for(user or oval.alice).post(
        reverse("api:race-sheets", kwargs={"pk": oval.race.pk}), data, format="multipart"
    )


def test_photos_alone_make_a_sheet_to_transcribe(oval, django_capture_on_commit_callbacks) -> None:
    photos = [upload("a.jpg", jpeg_bytes((60, 40))), upload("b.jpg", jpeg_bytes((40, 60)))]

    with django_capture_on_commit_callbacks(execute=True):
        response = post(oval, {"photos": photos})

    assert response.status_code == 201, response.content
    body = response.json()
    sheet = RaceSheet.objects.get()
    assert (body["id"], body["status"]) == (sheet.pk, "transcribe")
    assert sheet.raw == b"" and sheet.verdict is None and sheet.kind == RaceSheet.Kind.RACE
    assert SheetPhoto.objects.filter(sheet=sheet).count() == 2
    assert list(sheets_to_transcribe(race=oval.race)) == [sheet]
    detail = client_for(oval.alice).get(body["url"]).json()
    assert detail["status"] == "transcribe"


def test_neither_log_nor_photos_is_refused(oval) -> None:
    response = post(oval, {"kind": "race"})

    assert response.status_code == 400
    assert "log" in response.json()["detail"]
    assert not RaceSheet.objects.exists()


def test_a_qualifying_sheet_needs_its_log_even_with_photos(oval) -> None:
    response = post(oval, {"kind": "qualifying", "photos": [upload("a.jpg", jpeg_bytes((60, 40)))]})

    assert response.status_code == 400
    assert not RaceSheet.objects.exists()


def test_photos_alone_from_a_non_entrant_are_forbidden(oval) -> None:
    from tests.factories import make_user

    response = post(oval, {"photos": [upload("a.jpg", jpeg_bytes((60, 40)))]}, user=make_user("nobody"))

    assert response.status_code == 403
    assert not RaceSheet.objects.exists()


def test_the_schema_says_photos_alone_are_a_sheet_to_transcribe() -> None:
    schema = APIClient().get("/api/schema/?format=json").json()
    post = schema["paths"]["/api/races/{id}/sheets/"]["post"]
    assert "photos alone" in post["description"]
    fields = schema["components"]["schemas"]["RaceSheetSubmission"]["properties"]
    assert "transcribe" in fields["photos"]["description"]
    assert "photos alone" in fields["log"]["description"]
