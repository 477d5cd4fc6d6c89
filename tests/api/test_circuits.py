"""/api/circuits/: the boards; a stored document is judged by the rules engine, its errors naming the field."""

from __future__ import annotations

import pytest

from circuits.models import Circuit
from tests.api.conftest import results_of
from tests.factories import oval_document

pytestmark = pytest.mark.django_db

URL = "/api/circuits/"


def test_anyone_lists_the_circuits_without_their_documents(league, anonymous):
    rows = results_of(anonymous.get(URL))

    assert rows == [{"id": league.circuit.pk, "slug": "anneau", "name": "Anneau large", "country": ""}]


def test_a_circuits_detail_carries_its_circuit_document(league, anonymous):
    body = anonymous.get(f"{URL}{league.circuit.pk}/").json()

    assert body["document"]["format"] == "formule-de/circuit@1"
    assert body["document"]["id"] == body["slug"] == "anneau"
    assert len(body["document"]["grid"]) == 10


def test_circuits_are_filtered_by_slug(league, anonymous, staff):
    staff.post(URL, {"document": oval_document(), "country": "FR"}, format="json")

    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?slug=ovale"))] == ["ovale"]
    assert [r["slug"] for r in results_of(anonymous.get(f"{URL}?country=FR"))] == ["ovale"]


def test_an_admin_stores_a_circuit_named_by_its_document(staff):
    response = staff.post(URL, {"document": oval_document(), "country": "FR"}, format="json")

    assert response.status_code == 201, response.content
    circuit = Circuit.objects.get(slug="ovale")
    assert (circuit.name, circuit.country) == ("Ovale d'essai", "FR")
    assert response.json()["document"] == oval_document()


def test_a_document_the_engine_refuses_is_a_400_naming_the_document(staff):
    response = staff.post(URL, {"document": oval_document(grid=["S3-b6", "S9-b1"])}, format="json")

    assert response.status_code == 400
    assert response.json() == {"document": ["grid[1]: unknown square 'S9-b1'"]}
    assert not Circuit.objects.exists()


def test_a_document_that_is_not_an_object_is_a_400(staff):
    response = staff.post(URL, {"document": ["a", "list"]}, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["document"]


def test_a_circuit_id_taken_twice_is_a_400(league, staff):
    response = staff.post(URL, {"document": oval_document(id="anneau")}, format="json")

    assert response.status_code == 400
    assert response.json() == {"slug": ["Circuit with this Id already exists."]}


def test_an_admin_replaces_a_circuits_document(league, staff):
    document = {**league.circuit.document, "name": "Anneau refait", "laps": 4}

    response = staff.patch(f"{URL}{league.circuit.pk}/", {"document": document}, format="json")

    assert response.status_code == 200, response.content
    league.circuit.refresh_from_db()
    assert (league.circuit.name, league.circuit.document["laps"]) == ("Anneau refait", 4)


def test_changing_a_circuits_id_is_refused(league, staff):
    response = staff.patch(
        f"{URL}{league.circuit.pk}/", {"document": {**league.circuit.document, "id": "autre"}}, format="json"
    )

    assert response.status_code == 400
    assert list(response.json()) == ["document"]
    league.circuit.refresh_from_db()
    assert league.circuit.document["id"] == "anneau"
