"""Every error under /api/ is JSON with a `detail`, whoever answers it: a move body over the
limit is a 413 (not Django's HTML 400), an id no route takes a 404, a throttled client a 429 with
Retry-After; and the schema documents them: 404 on every path with an id, 413 on every write, 429
on every throttled view."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.live.conftest import build_night, new_table

pytestmark = pytest.mark.django_db


def _is_json_detail(response) -> str:
    assert response["Content-Type"] == "application/json", response.content[:200]
    return response.json()["detail"]


def test_a_move_body_over_the_limit_is_a_json_413_and_plays_nothing(settings):
    night = build_night()
    table = new_table(night)
    client = night.client(night.entrant)
    body = json.dumps({"car": "1", "gear": 1, "pad": "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)})

    response = client.post(
        f"/api/tables/{table}/moves/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 413
    assert "larger than" in _is_json_detail(response)
    assert client.get(f"/api/tables/{table}/").json()["steps"] == 0


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/abc/",
        "/api/tables/abc/moves/",
        "/api/tables/1x/choices/",
        "/api/nowhere/",
        "/api/races/-1/",
    ],
)
def test_an_address_no_route_takes_is_a_json_404(path):
    response = APIClient(HTTP_ACCEPT_LANGUAGE="en").get(path)

    assert response.status_code == 404
    assert _is_json_detail(response) == "Not found."


def test_a_missing_table_is_a_json_404_in_the_reader_s_language():
    response = APIClient(HTTP_ACCEPT_LANGUAGE="fr").get("/api/tables/999999/")

    assert response.status_code == 404
    assert _is_json_detail(response) == "Non trouvé."


def test_a_throttled_client_gets_a_json_429_with_retry_after():
    cache.clear()
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    with mock.patch.dict(ScopedRateThrottle.THROTTLE_RATES, {"auth": "1/min"}):
        client.post("/api/auth/token/", {"username": "x", "password": "y"}, format="json")
        response = client.post("/api/auth/token/", {"username": "x", "password": "y"}, format="json")
    cache.clear()

    assert response.status_code == 429
    assert _is_json_detail(response).startswith("Request was throttled")
    assert int(response["Retry-After"]) > 0


def test_an_html_error_from_outside_drf_becomes_json_with_its_headers():
    from django.http import HttpResponse

    from core.api_errors import ApiJsonErrors

    def locked_out(_request):
        response = HttpResponse("<h1>Locked</h1>", status=429, content_type="text/html")
        response["Retry-After"] = "900"
        return response

    request = APIClient().get("/api/x/").wsgi_request
    response = ApiJsonErrors(locked_out)(request)

    assert response.status_code == 429 and response["Retry-After"] == "900"
    assert json.loads(response.content)["detail"]


def test_the_schema_documents_404_413_and_429():
    schema = json.loads(APIClient().get("/api/schema/", {"format": "json"}).content)
    missing = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            codes = set(operation["responses"])
            if "{" in path and "404" not in codes:
                missing.append(f"{method} {path}: 404")
            if method in ("post", "put", "patch") and "413" not in codes:
                missing.append(f"{method} {path}: 413")

    assert not missing, missing
    throttled = ["/api/auth/token/", "/api/races/{id}/sheets/", "/api/tables/{id}/moves/"]
    assert all("429" in schema["paths"][path]["post"]["responses"] for path in throttled)
    assert "429" not in schema["paths"]["/api/seasons/"]["get"]["responses"]


def test_the_413_speaks_the_reader_s_language(settings):
    night = build_night()
    table = new_table(night)
    client = night.client(night.entrant)
    body = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)

    response = client.post(
        f"/api/tables/{table}/moves/", body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert response.status_code == 413
    assert _is_json_detail(response).startswith("Le corps de la requête dépasse")
