"""The race-night endpoints are in the OpenAPI schema, with their errors; reads open to anyone; what
they answer is what the schema says (live/serializers.py makes both)."""

from __future__ import annotations

import json
from typing import Any

import jsonschema  # schemathesis's (requirements-dev.txt)
import pytest
from rest_framework.test import APIClient

from tests.live.conftest import build_night, golden, moves_of, new_table, night_for

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
        "413",
        "429",
    }
    assert {} not in paths["/api/tables/{id}/moves/"]["post"]["security"]


def test_watching_is_documented_as_open_to_anonymous_users(paths):
    assert {} in paths["/api/tables/{id}/"]["get"]["security"]
    assert {} in paths["/api/tables/{id}/choices/"]["get"]["security"]


# -- the answers are what the schema says, no key left out of it -------------------------------


def _json_schema(node: Any) -> Any:
    """An OpenAPI 3.0 schema as JSON Schema: `nullable` as a null type, components as `$defs`;
    the race-night objects closed (a key the schema does not document is an error)."""
    if isinstance(node, list):
        return [_json_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    out = {k: _json_schema(v) for k, v in node.items()}
    if out.pop("nullable", False):
        out = {"anyOf": [out, {"type": "null"}]}
    if "$ref" in out:
        out["$ref"] = out["$ref"].replace("#/components/schemas/", "#/$defs/")
    return out


class Conformance:
    def __init__(self, schema: dict) -> None:
        self.schema = schema
        self.defs = {}
        for name, component in schema["components"]["schemas"].items():
            if name.startswith("RaceNight") or name in ("Detail", "NotFound"):
                component = _json_schema(component)
                if name.startswith("RaceNight") and "properties" in component:
                    component["additionalProperties"] = False
                self.defs[name] = component
        self.checked: set[tuple[str, str, int]] = set()

    def check(self, path: str, method: str, response: Any) -> Any:
        documented = self.schema["paths"][path][method]["responses"]
        assert str(response.status_code) in documented, (path, method, response.status_code)
        content = documented[str(response.status_code)].get("content", {}).get("application/json")
        body = response.json()
        if content is not None:
            schema = {**_json_schema(content["schema"]), "$defs": self.defs}
            jsonschema.Draft202012Validator(schema).validate(body)
            self.checked.add((path, method, response.status_code))
        return body


def test_every_answer_of_a_race_played_through_the_api_is_as_its_schema_says(db) -> None:  # noqa: ANN001
    """Create, read, choices (gears, stops, the tests due), moves (stored, repeated, refused with
    the rolls due, unreadable, behind), undo and finish: each body matches the documented schema
    of its status, every key documented."""
    schema = APIClient().get("/api/schema/?format=json").json()
    conform = Conformance(schema)
    night = night_for(golden("d5-breach-missing-test"))
    client = night.client(night.entrant)
    created = conform.check(
        "/api/races/{id}/tables/",
        "post",
        client.post(f"/api/races/{night.race.pk}/tables/", {"header": night.header}, format="json"),
    )
    table = created["id"]
    choices, moves = f"/api/tables/{table}/choices/", f"/api/tables/{table}/moves/"
    for steps, (_turn, _restart, move) in enumerate(moves_of(night.log)):
        conform.check("/api/tables/{id}/choices/", "get", client.get(choices))
        roll = ",".join(map(str, move["roll"])) if isinstance(move["roll"], list) else str(move["roll"])
        conform.check(
            "/api/tables/{id}/choices/", "get", client.get(choices, {"gear": move["gear"], "roll": roll})
        )
        conform.check(
            "/api/tables/{id}/choices/",
            "get",
            client.get(choices, {"move": json.dumps({**move, "tests": []})}),
        )
        answer = client.post(moves, {"move": move, "expected": steps}, format="json")
        if answer.status_code == 400:  # the golden log's missing test: refused with the rolls due
            body = conform.check("/api/tables/{id}/moves/", "post", answer)
            assert body["violations"] and "tests_due" in body
            break
        conform.check("/api/tables/{id}/moves/", "post", answer)
        again = client.post(moves, {"move": move, "expected": steps}, format="json")
        assert conform.check("/api/tables/{id}/moves/", "post", again)["steps"] == steps + 1
    conform.check("/api/tables/{id}/moves/", "post", client.post(moves, {"move": {"car": 1}}, format="json"))
    conform.check(
        "/api/tables/{id}/moves/", "post", client.post(moves, {"move": {}, "expected": 999}, format="json")
    )
    conform.check("/api/tables/{id}/choices/", "get", client.get(choices, {"gear": "x"}))
    conform.check("/api/tables/{id}/", "get", night.client().get(f"/api/tables/{table}/?events=1"))
    conform.check("/api/tables/{id}/moves/last/", "delete", client.delete(f"/api/tables/{table}/moves/last/"))
    conform.check("/api/tables/{id}/finish/", "post", client.post(f"/api/tables/{table}/finish/"))
    assert {status_code for _p, _m, status_code in conform.checked} >= {200, 201, 400, 409}


def test_a_finished_race_and_a_spare_cars_choices_are_as_their_schema_says(db) -> None:  # noqa: ANN001
    schema = APIClient().get("/api/schema/?format=json").json()
    conform = Conformance(schema)
    night = build_night("ovale", cars=2, laps=1, seed=3)
    table = new_table(night)
    client = night.client(night.entrant)
    for steps, (_turn, _restart, move) in enumerate(moves_of(night.log)):
        conform.check(
            "/api/tables/{id}/moves/",
            "post",
            client.post(f"/api/tables/{table}/moves/", {"move": move, "expected": steps}, format="json"),
        )
    over = conform.check("/api/tables/{id}/choices/", "get", client.get(f"/api/tables/{table}/choices/"))
    assert over["gears"] is None
    conform.check(
        "/api/tables/{id}/choices/", "get", client.get(f"/api/tables/{table}/choices/", {"spare": "1"})
    )
    finished = conform.check("/api/tables/{id}/finish/", "post", client.post(f"/api/tables/{table}/finish/"))
    state = conform.check("/api/tables/{id}/", "get", client.get(f"/api/tables/{table}/"))
    assert state["sheet"]["id"] == finished["sheet"] and state["urls"]["sheet"]
