"""The API answers in the language the client asks for (`Accept-Language`): French here."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.factories import make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def french() -> APIClient:
    return APIClient(HTTP_ACCEPT_LANGUAGE="fr")


def detail(response) -> str:
    return response.json()["detail"]


def test_a_missing_object_is_not_found_in_french(french):
    response = french.get(reverse("api:race-detail", args=[999_999]))

    assert response.status_code == 404 and response["Content-Language"] == "fr"
    assert detail(response) == "Non trouvé."


def test_a_missing_page_of_results_too(french):
    response = french.get(reverse("api:race-list"), {"page": 99})
    assert response.status_code == 404 and detail(response) == "Page non valide."


def test_validation_errors_are_french(french):
    response = french.post(reverse("api:token"), {}, format="json")

    assert response.status_code == 400
    assert response.json() == {
        "username": ["Ce champ est obligatoire."],
        "password": ["Ce champ est obligatoire."],
    }


def test_a_filter_s_bad_choice_is_french(french):
    response = french.get(reverse("api:race-list"), {"status": "zzz"})
    assert response.status_code == 400
    assert response.json()["status"][0].startswith("Sélectionnez un choix valide.")


def test_unreadable_json_is_french_and_names_the_place(french):
    response = french.post(
        reverse("api:token"), '{"username": "a", "username": "b"}', content_type="application/json"
    )

    assert response.status_code == 400
    assert detail(response) == "JSON illisible - corps de la requête : la clé 'username' est donnée deux fois"


def test_anonymous_and_forbidden_writes_are_french(french, django_user_model):
    assert detail(french.post(reverse("api:team-list"), {"name": "x"}, format="json")) == (
        "Informations d'authentification non fournies."
    )
    french.force_authenticate(django_user_model.objects.create_user("fan", password="x"))

    response = french.post(reverse("api:team-list"), {"name": "x"}, format="json")

    assert response.status_code == 403
    assert detail(response) == "Seuls les administrateurs de la ligue peuvent modifier ceci."


def test_a_service_refusal_is_french(french, django_user_model):
    make_team("Écurie Rouge", "rouge")
    french.force_authenticate(
        django_user_model.objects.create_superuser("boss", password="x", email="b@x.org")
    )

    response = french.post(reverse("api:team-list"), {"name": "Écurie Rouge", "slug": "rouge"}, format="json")

    assert response.status_code == 400
    assert "existe déjà" in str(response.json())


def test_throttling_is_french(french, monkeypatch):
    monkeypatch.setitem(ScopedRateThrottle.THROTTLE_RATES, "auth", "1/min")
    french.post(reverse("api:token"), {}, format="json")

    response = french.post(reverse("api:token"), {}, format="json")

    assert response.status_code == 429
    assert detail(response).startswith("Requête ralentie.")


def test_the_same_in_english_when_asked(monkeypatch):
    english = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    assert detail(english.get(reverse("api:race-detail", args=[999_999]))) == "Not found."
    response = english.post(reverse("api:token"), '{"a": 1, "a": 2}', content_type="application/json")
    assert detail(response) == "JSON parse error - body: the key 'a' is given twice"
