"""Reads are public; writes need an admin (staff), by token or by session with its CSRF token."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from league.models import Season

pytestmark = pytest.mark.django_db

LISTS = [
    "seasons",
    "season-entries",
    "races",
    "race-entries",
    "results",
    "drivers",
    "teams",
    "circuits",
    "experience",
]
WRITABLE = ["seasons", "season-entries", "races", "race-entries", "drivers", "teams", "circuits"]
NEW_SEASON = {"name": "Coupe", "slug": "coupe", "year": 2027}


@pytest.mark.parametrize("resource", LISTS)
def test_anyone_reads_every_list(league, anonymous, resource):
    response = anonymous.get(f"/api/{resource}/")

    assert response.status_code == 200
    assert response.json()["count"] > 0


@pytest.mark.parametrize("resource", WRITABLE)
def test_an_anonymous_write_is_refused_with_401(league, anonymous, resource):
    created = anonymous.post(f"/api/{resource}/", {}, format="json")
    changed = anonymous.patch(f"/api/{resource}/1/", {}, format="json")

    assert created.status_code == changed.status_code == 401
    assert created["WWW-Authenticate"] == "Token"


@pytest.mark.parametrize("resource", WRITABLE)
def test_a_user_who_is_not_an_admin_is_refused_with_403(league, fan, resource):
    created = fan.post(f"/api/{resource}/", {}, format="json")
    changed = fan.patch(f"/api/{resource}/1/", {}, format="json")

    assert created.status_code == changed.status_code == 403
    assert created.json() == {"detail": "Only the league's admins may change this."}


def test_a_refused_write_changes_nothing(league, fan):
    fan.patch(f"/api/seasons/{league.season.pk}/", {"name": "Hacked"}, format="json")
    fan.post("/api/seasons/", NEW_SEASON, format="json")

    league.season.refresh_from_db()
    assert league.season.name == "Championnat 2026"
    assert not Season.objects.filter(slug="coupe").exists()


def _admin() -> object:
    # a league admin: staff with every permission (a staff account writes what its permissions allow)
    return get_user_model().objects.create_superuser("admin", "admin@example.org", "demo")


def test_an_admin_logged_in_by_session_writes_with_the_csrf_token(db):
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(_admin())

    refused = client.post("/api/seasons/", NEW_SEASON, format="json")
    client.get("/")  # a page with a form (the header's) sets the CSRF cookie
    accepted = client.post(
        "/api/seasons/", NEW_SEASON, format="json", HTTP_X_CSRFTOKEN=client.cookies["csrftoken"].value
    )

    assert refused.status_code == 403
    assert "CSRF" in refused.json()["detail"]
    assert accepted.status_code == 201


def test_an_admin_gets_a_token_and_writes_with_it(db):
    _admin()
    client = APIClient()
    token = client.post("/api/auth/token/", {"username": "admin", "password": "demo"}, format="json").json()

    client.credentials(HTTP_AUTHORIZATION=f"Token {token['token']}")

    assert client.post("/api/seasons/", NEW_SEASON, format="json").status_code == 201


def test_a_write_to_a_format_suffixed_address_is_answered_not_a_500(db):
    # `/api/seasons.json`: the router passes `format` to the view's method
    client = APIClient()
    client.force_authenticate(_admin())
    created = client.post("/api/seasons.json", NEW_SEASON, format="json")
    assert created.status_code == 201, created.content
    season = Season.objects.get(slug="coupe")
    changed = client.patch(f"/api/seasons/{season.pk}.json", {"name": "Coupe d'hiver"}, format="json")
    assert changed.status_code == 200, changed.content
    assert client.get("/api/seasons.json").status_code == 200
