"""Every JSON endpoint reads its body with the one strict reader: refused JSON is a 400 naming the place."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

BAD_BODIES = [
    ("[" * 100_000 + "]" * 100_000, "nested more than"),
    ('{"username": "a", "username": "b", "password": "x"}', "'username' is given twice"),
    ('{"username": "\\ud800", "password": "x"}', "username: a lone surrogate"),
    ('{"username": "a\\u0000", "password": "x"}', "username: the character U+0000"),
    ('{"username": "a", "password": ' + "7" * 4400 + "}", "password: a number too large"),
    ('{"username": "a", "password": NaN}', "password: NaN"),
]


@pytest.mark.parametrize(("body", "message"), BAD_BODIES)
def test_the_anonymous_token_endpoint_answers_400_naming_the_place(body, message):
    response = APIClient(HTTP_ACCEPT_LANGUAGE="en").post(
        reverse("api:token"), body, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert message in response.json()["detail"]


@pytest.mark.parametrize(("body", "message"), BAD_BODIES[:2])
def test_a_staff_write_answers_400_not_500(body, message, django_user_model):
    admin = django_user_model.objects.create_user("boss", password="demo", is_staff=True, is_superuser=True)
    client = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    client.force_authenticate(admin)
    response = client.post(reverse("api:team-list"), body, content_type="application/json")
    assert response.status_code == 400, response.content
    assert message in response.json()["detail"]
