"""/api/schema/ is a valid OpenAPI 3 document of the whole API; /api/docs/ shows it, offline."""

from __future__ import annotations

import pytest
from django.contrib.staticfiles import finders
from django.core.management import call_command
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema() -> dict:
    response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_a_valid_openapi_3_document(schema):
    validate_schema(schema)  # raises on any departure from the OpenAPI 3.0 JSON schema

    assert schema["openapi"].startswith("3.")
    assert schema["info"]["title"] == "Formule Dé league API"


def test_the_schema_is_generated_without_a_warning(tmp_path):
    """drf-spectacular warns when it has to guess a type or a name: nothing is left to guess."""
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))


def test_the_schema_describes_every_resource(schema):
    paths = set(schema["paths"])

    for resource in ("seasons", "season-entries", "races", "race-entries", "drivers", "teams", "circuits"):
        assert {f"/api/{resource}/", f"/api/{resource}/{{id}}/"} <= paths
        assert set(schema["paths"][f"/api/{resource}/"]) == {"get", "post"}
        assert set(schema["paths"][f"/api/{resource}/{{id}}/"]) == {"get", "patch"}
    assert {
        "/api/results/",
        "/api/experience/",
        "/api/experience/tallies/",
        "/api/races/{id}/entries/",
    } <= paths
    # The endpoints that were there before stay.
    assert {
        "/api/auth/token/",
        "/api/races/{id}/sheets/",
        "/api/sheets/{id}/",
        "/api/seasons/{id}/standings/",
    } <= paths


def test_the_schema_documents_filters_and_errors(schema):
    races = schema["paths"]["/api/races/"]
    parameters = {p["name"] for p in races["get"]["parameters"]}

    assert {"season", "circuit", "status", "date_after", "date_before", "page"} <= parameters
    assert set(races["get"]["responses"]) == {"200", "400", "404"}
    assert set(races["post"]["responses"]) == {"201", "400", "401", "403", "413"}
    assert set(schema["paths"]["/api/races/{id}/"]["patch"]["responses"]) == {
        "200",
        "400",
        "401",
        "403",
        "404",
        "413",
    }
    assert set(schema["paths"]["/api/races/{id}/"]["get"]["responses"]) == {"200", "404"}


def test_reads_are_documented_as_open_to_anonymous_users(schema):
    assert {} in schema["paths"]["/api/seasons/"]["get"]["security"]
    assert {} not in schema["paths"]["/api/seasons/"]["post"]["security"]


def test_the_swagger_ui_is_served_from_our_own_static_files(client):
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    assert "cdn.jsdelivr.net" not in page
    assert finders.find("drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
