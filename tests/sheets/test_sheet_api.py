"""The API: a token, a sheet posted as JSON or as a file, its status and verdict, a season's standings."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from sheets.models import RaceSheet, SheetPhoto
from tests.sheets.conftest import jpeg_bytes, standings, upload

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    if user is not None:
        token = client.post(
            reverse("api:token"), {"username": user.username, "password": "demo"}, format="json"
        )
        assert token.status_code == 200, token.content
        client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    return client


def sheets_url(race) -> str:
    return reverse("api:race-sheets", kwargs={"pk": race.pk})


def test_a_user_gets_a_token_with_name_and_password(oval):
    response = APIClient().post(
        reverse("api:token"), {"username": "alice", "password": "demo"}, format="json"
    )

    assert response.status_code == 200
    assert len(response.json()["token"]) == 40


def test_a_wrong_password_gets_no_token(oval):
    response = APIClient().post(
        reverse("api:token"), {"username": "alice", "password": "nope"}, format="json"
    )

    assert response.status_code == 400


def test_an_entrant_posts_a_log_as_json_and_follows_it_to_the_verdict(
    oval, example, django_capture_on_commit_callbacks
):
    client = client_for(oval.alice)
    log = json.loads(example("race-ovale-valid.json"))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(sheets_url(oval.race), {"log": log}, format="json")

    assert response.status_code == 201, response.content
    body = response.json()
    sheet = RaceSheet.objects.get()
    assert body["id"] == sheet.pk
    assert body["status"] == "pending"  # as stored, before the worker's verdict
    assert body["url"] == f"http://testserver/api/sheets/{sheet.pk}/"
    assert response["Location"] == body["url"]
    assert json.loads(bytes(sheet.raw)) == log

    detail = client.get(body["url"]).json()
    assert detail["status"] == "valid"
    assert detail["race"] == oval.race.pk
    assert [(c["car"], c["points"]) for c in detail["verdict"]["classification"]] == [("7", 10), ("3", 8)]


def test_a_log_file_with_photos_is_accepted_as_multipart(oval, example, django_capture_on_commit_callbacks):
    client = client_for(oval.bruno)
    raw = example("race-ovale-valid.json")

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            sheets_url(oval.race),
            {
                "log": upload("log.json", raw, "application/json"),
                "photos": [upload("a.jpg", jpeg_bytes((60, 40))), upload("b.jpg", jpeg_bytes((40, 60)))],
            },
            format="multipart",
        )

    assert response.status_code == 201, response.content
    sheet = RaceSheet.objects.get()
    assert bytes(sheet.raw) == raw  # a file is kept byte for byte
    assert SheetPhoto.objects.filter(sheet=sheet).count() == 2
    assert client.get(response.json()["url"]).json()["status"] == "valid"


def test_a_log_sent_as_text_is_kept_as_sent(oval, example, submit):
    raw = example("race-ovale-valid.json").decode()

    response = client_for(oval.alice).post(sheets_url(oval.race), {"log": raw}, format="json")

    assert response.status_code == 201
    assert bytes(RaceSheet.objects.get().raw).decode() == raw


def test_a_post_without_a_log_is_refused_with_a_message(oval):
    response = client_for(oval.alice).post(sheets_url(oval.race), {"logs": {}}, format="json")

    assert response.status_code == 400
    assert "Send the log as" in response.json()["detail"]


def test_an_anonymous_post_is_refused(oval, example):
    response = APIClient().post(sheets_url(oval.race), {"log": {}}, format="json")

    assert response.status_code == 401
    assert not RaceSheet.objects.exists()


def test_an_unknown_race_or_sheet_is_not_found(oval):
    client = client_for(oval.alice)

    assert (
        client.post(reverse("api:race-sheets", kwargs={"pk": 999}), {"log": {}}, format="json").status_code
        == 404
    )
    assert client.get(reverse("api:sheet", kwargs={"pk": 999})).status_code == 404


def test_anyone_reads_a_sheets_status(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)

    body = APIClient().get(reverse("api:sheet", kwargs={"pk": sheet.pk})).json()

    assert body["status"] == "invalid"
    assert body["verdict"]["violations"][0]["rule"] == "G2"
    assert set(body) == {"id", "race", "kind", "version", "status", "chosen", "verdict", "error"}


def test_the_verdict_gives_each_message_in_english_with_its_code_and_params(oval, example, submit):
    sheet = submit(oval.race, example("race-ovale-gear-skip.json"), oval.alice)

    body = APIClient(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("api:sheet", kwargs={"pk": sheet.pk})).json()

    skip = body["verdict"]["violations"][0]
    assert skip["code"].startswith("g2.") and skip["params"]["gear"] > skip["params"]["previous"] + 1
    assert skip["message"].startswith(f"gear {skip['params']['previous']} → {skip['params']['gear']} skips")
    schema = APIClient().get(reverse("api:schema"), {"format": "json"}).json()
    verdict = schema["components"]["schemas"]["RaceSheet"]["properties"]["verdict"]
    assert "`code`" in verdict["description"] and "`params`" in verdict["description"]


def test_the_standings_give_drivers_and_teams_with_points(oval, example, submit):
    submit(oval.race, example("race-ovale-valid.json"), oval.alice)

    body = APIClient().get(reverse("api:season-standings", kwargs={"pk": oval.season.pk})).json()

    assert body["season"]["slug"] == "championnat-2026"
    drivers = {row["driver"]["slug"]: row for row in body["drivers"]}
    assert (drivers["alice"]["position"], drivers["alice"]["points"], drivers["alice"]["car_number"]) == (
        1,
        10,
        7,
    )
    assert drivers["alice"]["team"]["slug"] == "rouge"
    assert {row["team"]["slug"]: row["points"] for row in body["teams"]} == {"rouge": 10, "bleu": 8}
    assert {k: v for k, v in standings(oval.season).items() if k in drivers} == {
        slug: row["points"] for slug, row in drivers.items()
    }


def test_the_schema_describes_the_sheet_endpoints(oval):
    response = APIClient().get(reverse("api:schema"), {"format": "json"})

    paths = json.loads(response.content)["paths"]
    assert {
        "/api/auth/token/",
        "/api/races/{id}/sheets/",
        "/api/sheets/{id}/",
        "/api/seasons/{id}/standings/",
    } <= set(paths)
    created = paths["/api/races/{id}/sheets/"]["post"]["responses"]
    assert {"201", "400", "403", "413"} <= set(created)
