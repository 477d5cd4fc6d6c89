"""POST /api/races/{id}/tables/: a table from a race-log@1 header, checked against the race like a
submitted sheet's header; GET /api/tables/{id}/ is its state, open to anyone."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from live.models import LiveTable
from tests.live.conftest import post_table

pytestmark = pytest.mark.django_db


def test_an_entrant_opens_a_table_and_gets_its_state(night):
    response = post_table(night)

    assert response.status_code == 201
    body = response.json()
    assert response["Location"] == body["url"] == f"http://testserver/api/tables/{body['id']}/"
    state = body["state"]
    assert state["status"] == "playing" and state["steps"] == 0
    assert state["to_play"] == {"turn": 1, "car": "1", "restart_due": False, "wait": None, "again": False}
    assert {c["car"] for c in state["cars"]} == {"1", "2"}
    assert all(c["gear"] == 0 and c["status"] == "racing" for c in state["cars"])
    assert LiveTable.objects.get(pk=body["id"]).created_by == night.entrant


def test_anyone_may_watch_a_table(night):
    table = post_table(night).json()["id"]

    response = APIClient().get(f"/api/tables/{table}/")

    assert response.status_code == 200
    assert response.json()["to_play"]["car"] == "1"


def test_a_steward_may_open_a_table(night):
    assert post_table(night, night.steward).status_code == 201


def test_a_non_entrant_may_not_open_a_table(night):
    response = post_table(night, night.outsider)

    assert response.status_code == 403
    assert not LiveTable.objects.exists()


def test_an_anonymous_user_may_not_open_a_table(night):
    response = APIClient().post(
        f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json"
    )

    assert response.status_code in (401, 403)
    assert not LiveTable.objects.exists()


def test_a_header_missing_an_entered_car_is_refused_naming_it(night):
    header = night.header
    header["cars"] = header["cars"][:1]

    response = night.client(night.entrant).post(f"/api/races/{night.race.pk}/tables/", header, format="json")

    assert response.status_code == 400
    body = response.json()
    assert [(v["rule"], v["code"], v["car"]) for v in body["violations"]] == [
        ("SITE-entries", "site.car_missing", "2")
    ]
    assert not LiveTable.objects.exists()


def test_the_refusal_speaks_french_when_asked(night):
    header = night.header
    header["cars"][1]["driver"] = "quelqu-un"

    response = night.client(night.entrant).post(
        f"/api/races/{night.race.pk}/tables/",
        {"header": header},
        format="json",
        headers={"Accept-Language": "fr"},
    )

    assert response.status_code == 400
    [violation] = response.json()["violations"]
    assert violation["code"] == "site.driver_differs"
    assert "quelqu-un" in violation["message"]
    assert violation["message"] != "car 2 is driven by 'driver-2' in this race, the log says 'quelqu-un'"


def test_a_header_with_turns_is_refused(night):
    header = {**night.header, "turns": []}

    response = night.client(night.entrant).post(f"/api/races/{night.race.pk}/tables/", header, format="json")

    assert response.status_code == 400
    assert response.json()["violations"][0]["code"] == "site.unreadable"


def test_options_other_than_the_seasons_are_refused(night):
    header = {**night.header, "options": ["A7", "A8"]}

    response = night.client(night.entrant).post(f"/api/races/{night.race.pk}/tables/", header, format="json")

    assert response.status_code == 400
    assert [v["rule"] for v in response.json()["violations"]] == ["O"]


def test_another_circuit_is_refused(night):
    header = {**night.header, "circuit": "monza"}

    response = night.client(night.entrant).post(f"/api/races/{night.race.pk}/tables/", header, format="json")

    assert response.status_code == 400
    assert response.json()["violations"][0]["code"] == "site.circuit_other"


def test_a_table_that_does_not_exist_is_404(db):
    assert APIClient().get("/api/tables/999/").status_code == 404
