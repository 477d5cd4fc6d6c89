"""The links in mails start with the site's address: `SITE_URL` when it is set, else the host
the event's request came through (never a fixed 127.0.0.1:8000), else the first allowed host."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from notifications.events import race_tomorrow
from races.registration import entry_request_create
from tests.factories import build_oval, make_season, make_team, make_user

pytestmark = pytest.mark.django_db

HOST = "league.example.org"


@pytest.fixture
def oval():
    return build_oval()


@pytest.fixture
def request_to_accept(oval):
    cup = make_season(name="Coupe", slug="coupe", entries_open_at=timezone.now() - timedelta(days=1))
    return entry_request_create(season=cup, team=make_team(), car_number=30, by=oval.chiara)


def _accept_in_the_admin(client, request_to_accept, django_capture_on_commit_callbacks, **extra):
    client.force_login(make_user("chief", is_staff=True, is_superuser=True))  # the league admin
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/league/entryrequest/",
            {"action": "accept", "_selected_action": [request_to_accept.pk]},
            **extra,
        )
    assert response.status_code == 302
    (message,) = mail.outbox
    return message.body


def test_without_site_url_links_use_the_host_the_steward_worked_on(
    client, settings, request_to_accept, django_capture_on_commit_callbacks
):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = [HOST, "testserver"]

    body = _accept_in_the_admin(
        client, request_to_accept, django_capture_on_commit_callbacks, HTTP_HOST=HOST, secure=True
    )

    assert f"https://{HOST}/my-races/" in body
    assert "127.0.0.1" not in body


def test_the_configured_site_url_wins_over_the_request_host(
    client, settings, request_to_accept, django_capture_on_commit_callbacks
):
    settings.SITE_URL = "https://formule-de.example.net/"
    settings.ALLOWED_HOSTS = [HOST]

    body = _accept_in_the_admin(client, request_to_accept, django_capture_on_commit_callbacks, HTTP_HOST=HOST)

    assert "https://formule-de.example.net/my-races/" in body
    assert HOST not in body


def test_an_event_outside_a_request_links_to_the_first_allowed_host(
    oval, settings, django_capture_on_commit_callbacks
):
    """The reminders of beat have no request: `SITE_URL` should be set; else the first host."""
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = [".example.org", HOST, "localhost"]
    settings.SECURE_SSL_REDIRECT = True
    oval.race.scheduled_at = timezone.now() + timedelta(hours=3)

    with django_capture_on_commit_callbacks(execute=True):
        race_tomorrow(oval.race)

    assert mail.outbox
    assert all(f"https://{HOST}/my-races/" in m.body for m in mail.outbox)


def test_a_refused_host_is_never_linked(
    client, settings, request_to_accept, django_capture_on_commit_callbacks
):
    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = ["testserver"]

    response = client.get("/", HTTP_HOST="evil.example.com")

    assert response.status_code == 400
    body = _accept_in_the_admin(client, request_to_accept, django_capture_on_commit_callbacks)
    assert "http://testserver/my-races/" in body and "evil" not in body


def test_the_deploy_check_asks_for_site_url(settings):
    from notifications.checks import site_url_set

    settings.SITE_URL = ""
    settings.ALLOWED_HOSTS = [HOST]
    (warning,) = site_url_set()
    assert warning.id == "notifications.W001" and f"http://{HOST}" in warning.msg

    settings.SITE_URL = "https://league.example.org"
    assert site_url_set() == []
