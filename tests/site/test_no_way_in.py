"""No way in: repeated failed logins lock the client out, on the login page (allauth's), the admin and the API token."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice():
    return get_user_model().objects.create_user("alice", "a@example.org", "right-password")


def test_the_login_page_locks_out_a_guesser(client, alice, settings):
    codes = [
        client.post(reverse("login"), {"login": "alice", "password": "guess"}).status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert codes == [200] * (settings.AXES_FAILURE_LIMIT - 1) + [429]
    response = client.post(reverse("login"), {"login": "alice", "password": "right-password"})
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_admin_login_locks_out_a_guesser(client, alice, settings):
    url = reverse("admin:login")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post(url, {"username": "alice", "password": "guess"})
    assert client.post(url, {"username": "alice", "password": "right-password"}).status_code == 429


def test_the_token_endpoint_locks_out_a_guesser(alice, settings):
    client = APIClient()
    url = reverse("api:token")
    codes = [
        client.post(url, {"username": "alice", "password": "guess"}, format="json").status_code
        for _ in range(settings.AXES_FAILURE_LIMIT)
    ]
    assert codes[:-1] == [400] * (settings.AXES_FAILURE_LIMIT - 1) and codes[-1] in (400, 429)
    response = client.post(url, {"username": "alice", "password": "right-password"}, format="json")
    assert response.status_code == 429
    assert "token" not in response.json()


def test_the_token_endpoint_is_throttled(alice, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"auth": "3/min", "sheets": "9/min"})
    client = APIClient()
    url = reverse("api:token")
    codes = [
        client.post(url, {"username": "alice", "password": "right-password"}, format="json").status_code
        for _ in range(4)
    ]
    assert codes == [200, 200, 200, 429]
