"""The race-night endpoints are in the OpenAPI schema, with their errors; reads open to anyone."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def paths() -> dict:
    response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()["paths"]


def test_every_race_night_endpoint_is_documented(paths):
    assert set(paths["/api/races/{id}/tables/"]) == {"post"}
    assert set(paths["/api/tables/{id}/"]) == {"get"}
    assert set(paths["/api/tables/{id}/choices/"]) == {"get"}
    assert set(paths["/api/tables/{id}/moves/"]) == {"post"}
    assert set(paths["/api/tables/{id}/moves/last/"]) == {"delete"}
    assert set(paths["/api/tables/{id}/restart/"]) == {"post"}
    assert set(paths["/api/tables/{id}/finish/"]) == {"post"}


def test_writes_document_their_refusals_and_conflicts(paths):
    assert set(paths["/api/tables/{id}/moves/"]["post"]["responses"]) == {
        "200",
        "201",
        "400",
        "401",
        "403",
        "404",
        "409",
    }
    assert {} not in paths["/api/tables/{id}/moves/"]["post"]["security"]


def test_watching_is_documented_as_open_to_anonymous_users(paths):
    assert {} in paths["/api/tables/{id}/"]["get"]["security"]
    assert {} in paths["/api/tables/{id}/choices/"]["get"]["security"]
