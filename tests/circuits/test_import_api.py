"""/api/circuits/ takes an `@2` board as it takes an `@1` circuit: the engine's loader reads both."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from circuits.models import Circuit
from tests.api.conftest import token_client
from tests.circuits.import_files import v2_document

pytestmark = pytest.mark.django_db
URL = "/api/circuits/"


@pytest.fixture
def staff():
    user = get_user_model().objects.create_superuser("steward", "steward@example.org", "demo")
    return token_client(user)


def test_an_admin_stores_an_at_2_board(staff) -> None:
    document = v2_document()

    response = staff.post(URL, {"document": document}, format="json")

    assert response.status_code == 201, response.content
    circuit = Circuit.objects.get(slug="trace")
    assert (circuit.name, circuit.document) == ("Tracé", document)


def test_an_at_2_board_with_a_problem_is_a_400_naming_its_field(staff) -> None:
    document = v2_document()
    document["grid"] = [*document["grid"][:-1], "nowhere"]

    response = staff.post(URL, {"document": document}, format="json")

    assert response.status_code == 400
    assert "nowhere" in response.json()["document"][0]
    assert not Circuit.objects.exists()
