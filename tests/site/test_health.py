"""/healthz answers without the database; /readyz checks the database and Redis."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext

from config import health


def test_healthz_answers_ok_without_touching_the_database(client, db):
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/healthz")

    assert response.status_code == 200
    assert response.content == b"ok"
    assert len(queries) == 0
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db
def test_readyz_is_ok_when_the_database_answers_and_redis_is_not_configured(client, settings):
    settings.REDIS_URL = ""

    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "not configured"}


@pytest.mark.django_db
def test_readyz_is_503_and_names_the_database_when_it_is_down(client, settings, monkeypatch):
    settings.REDIS_URL = ""

    def broken() -> None:
        raise DatabaseError("connection refused")

    monkeypatch.setattr(health, "database_ping", broken)

    response = client.get("/readyz")

    assert response.status_code == 503
    assert response.json() == {"database": "down", "redis": "not configured", "down": ["database"]}
    assert "connection refused" not in response.content.decode()  # the reason stays in the log


@pytest.mark.django_db
def test_readyz_pings_redis_when_it_is_configured(client, settings, monkeypatch):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    pinged: list[str] = []
    monkeypatch.setattr(health, "redis_ping", pinged.append)

    response = client.get("/readyz")

    assert response.status_code == 200
    assert response.json() == {"database": "ok", "redis": "ok"}
    assert pinged == ["redis://127.0.0.1:1/0"]


@pytest.mark.django_db
def test_readyz_is_503_and_names_redis_when_it_does_not_answer(client, settings):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens on port 1

    response = client.get("/readyz")

    assert response.status_code == 503
    assert response.json() == {"database": "ok", "redis": "down", "down": ["redis"]}


@pytest.mark.django_db
def test_readyz_talks_to_a_real_redis(client, settings, redis_server):
    settings.REDIS_URL = redis_server

    assert client.get("/readyz").json()["redis"] == "ok"
