"""Storing a circuit document: the rules engine judges it, its errors name the field."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from circuits.models import Circuit
from circuits.services import circuit_create, circuit_update
from tests.factories import oval_document

pytestmark = pytest.mark.django_db


def document_errors(document) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        circuit_create(document=document)
    assert not Circuit.objects.exists()
    return caught.value.message_dict["document"]


def test_it_stores_a_circuit_named_by_its_document():
    circuit = circuit_create(document=oval_document(), country="FR")

    assert Circuit.objects.get() == circuit
    assert (circuit.slug, circuit.name, circuit.country) == ("ovale", "Ovale d'essai", "FR")
    assert circuit.document["grid"][0] == "S3-b6"


def test_an_unknown_grid_square_is_refused_naming_the_grid():
    document = oval_document(grid=["S3-b6", "S3-a5", "S9-b1"])

    assert document_errors(document) == ["grid[2]: unknown square 'S9-b1'"]


def test_a_weather_scale_not_covering_1_to_20_is_refused_naming_the_weather():
    document = oval_document(weather={"rain": [1, 4], "variable": [5, 8], "sun": [9, 19]})

    [message] = document_errors(document)
    assert message.startswith("weather")


def test_a_corner_without_stops_is_refused_naming_the_corner():
    document = oval_document()
    document["segments"][1]["corner"]["stops"] = 0

    [message] = document_errors(document)
    assert message.startswith("segments[1]")
    assert "stops" in message


def test_an_unknown_pit_square_is_refused_naming_the_pit():
    document = oval_document(pit={"entry": "S3-z2", "exit": "S1-c3", "stands": 6})

    [message] = document_errors(document)
    assert message.startswith("pit")


def test_a_document_that_is_not_an_object_is_refused():
    with pytest.raises(ValidationError) as caught:
        circuit_create(document=["not", "a", "circuit"])

    assert caught.value.message_dict["document"] == ["The circuit document must be a JSON object."]


def test_it_refuses_a_second_circuit_with_the_same_id():
    circuit_create(document=oval_document())

    with pytest.raises(ValidationError) as caught:
        circuit_create(document=oval_document(name="Autre ovale"))

    assert "slug" in caught.value.message_dict
    assert Circuit.objects.count() == 1


def test_an_update_replaces_the_document_but_keeps_the_id():
    circuit = circuit_create(document=oval_document())

    circuit_update(circuit=circuit, document=oval_document(name="Ovale refait", laps=3))

    circuit.refresh_from_db()
    assert (circuit.name, circuit.document["laps"]) == ("Ovale refait", 3)


def test_an_update_cannot_change_the_id():
    circuit = circuit_create(document=oval_document())

    with pytest.raises(ValidationError) as caught:
        circuit_update(circuit=circuit, document=oval_document(id="anneau"))

    assert caught.value.message_dict["document"] == [
        "id: the document's id 'anneau' differs from the circuit's id 'ovale'."
    ]
    circuit.refresh_from_db()
    assert circuit.document["id"] == "ovale"
