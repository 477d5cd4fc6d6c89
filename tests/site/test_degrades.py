"""Degrades, not dies: a cache outage serves pages uncached; a database outage answers 503, not 500."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import caches
from django.db import OperationalError, connection
from django.test import Client
from django.urls import reverse

from tests.site.conftest import small_league

pytestmark = pytest.mark.django_db

DEAD_REDIS = {"default": {"BACKEND": "config.cache.ResilientRedisCache", "LOCATION": "redis://127.0.0.1:1/0"}}


def test_pages_are_served_uncached_while_the_cache_is_down(settings):
    league = small_league()
    settings.CACHES = DEAD_REDIS  # changing CACHES resets the connections: the next use is the dead one
    client = Client(raise_request_exception=False)
    for url in [
        "/",
        reverse("races:season", args=[league.season.slug]),
        reverse("sheets:race", args=[league.races[0].pk]),
        reverse("api:season-standings", args=[league.season.pk]),
    ]:
        assert client.get(url).status_code == 200, url
    assert caches["default"].get("x", "missing") == "missing"
    caches["default"].set("x", 1)
    assert caches["default"].add("y", 1) is False


def test_the_plain_redis_cache_fails_where_ours_degrades(settings):
    settings.CACHES = {
        "default": {**DEAD_REDIS["default"], "BACKEND": "django.core.cache.backends.redis.RedisCache"}
    }
    with pytest.raises(Exception):  # noqa: B017 - what the site used to meet: a redis ConnectionError
        caches["default"].get("x")


@pytest.fixture
def database_down():
    with mock.patch.object(
        connection, "ensure_connection", side_effect=OperationalError("server closed the connection")
    ):
        yield


def test_the_api_answers_a_json_503_with_retry_after_while_the_database_is_down(database_down):
    response = Client(raise_request_exception=False).get(reverse("api:driver-list"))
    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    assert response["Retry-After"] == "30"
    assert "base de données" in response.json()["detail"]  # the site's language by default
    english = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en").get(reverse("api:driver-list"))
    assert "database" in english.json()["detail"]


def test_the_pages_answer_a_styled_503_while_the_database_is_down(database_down):
    response = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE="en").get(reverse("races:seasons"))
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    html = response.content.decode()
    assert "site.css" in html and "cannot be reached" in html
