"""The public pages are served from the cache, and a change to the league shows on them at once."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Driver
from league.services import driver_update, season_update
from races.models import Result
from tests.site.conftest import small_league

pytestmark = pytest.mark.django_db


def urls(league) -> list[str]:
    return [
        "/",
        reverse("races:season", args=[league.season.slug]),
        reverse("races:season-standings-csv", args=[league.season.slug]),
        reverse("api:season-standings", args=[league.season.pk]),
        reverse("sheets:race", args=[league.races[0].pk]),
        reverse("sheets:driver", args=[league.alice.slug]),
    ]


def queries(client, url) -> int:
    with CaptureQueriesContext(connection) as context:
        assert client.get(url).status_code == 200
    return len(context.captured_queries)


def test_a_second_anonymous_fetch_runs_no_query(client):
    league = small_league()
    for url in urls(league):
        client.get(url)
        assert queries(client, url) == 0, url


def test_a_renamed_driver_shows_at_once_on_every_cached_page(client):
    league = small_league()
    for url in urls(league):
        assert "Alice" in client.get(url).content.decode(), url
    driver_update(driver=league.alice, data={"name": "Alicia"})
    for url in urls(league):
        content = client.get(url).content.decode()
        assert "Alicia" in content, url


def test_a_result_change_and_a_season_change_show_at_once(client):
    league = small_league()
    url = reverse("api:season-standings", args=[league.season.pk])
    before = client.get(url).json()
    result = Result.objects.filter(race__season=league.season, position=1).first()
    Result.objects.filter(pk=result.pk).update(points=0)  # a bulk update sends no signal…
    result.refresh_from_db()
    result.penalty_reason = "steward"
    result.save()  # …the save after it does, as every service's does
    assert client.get(url).json() != before
    season_update(season=league.season, data={"name": "Saison renommée"})
    assert (
        "Saison renommée" in client.get(reverse("races:season", args=[league.season.slug])).content.decode()
    )


def test_a_bulk_update_of_a_shown_model_shows_at_once_without_a_save_after_it(client):
    league = small_league()
    url = reverse("races:season", args=[league.season.slug])
    assert "Alice" in client.get(url).content.decode()

    Driver.objects.filter(pk=league.alice.pk).update(name="Alicia")  # no signal: the queryset moves the pages

    assert "Alicia" in client.get(url).content.decode()


def test_every_model_the_pages_show_moves_them_on():
    from core.page_cache import shown_models

    labels = {model._meta.label for model in shown_models()}
    assert labels == {
        "league.Driver", "league.Team", "league.Season", "league.SeasonEntry", "league.ExperienceEntry",
        "races.Race", "races.RaceEntry", "races.Result", "races.Penalty", "races.RaceSheet", "races.Circuit",
    }  # fmt: skip


def test_a_cached_page_carries_a_csrf_token_of_its_own_request():
    league = small_league()
    url = reverse("races:season", args=[league.season.slug])
    first = Client(enforce_csrf_checks=True)
    first.get(url)
    second = Client(enforce_csrf_checks=True)
    page = second.get(url).content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    assert "__csrf" not in token
    response = second.post(
        reverse("set_language"), {"language": "en", "next": url, "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302


def test_signed_in_users_are_not_served_the_anonymous_page(client, django_user_model):
    league = small_league()
    url = reverse("races:season", args=[league.season.slug])
    client.get(url)
    user = django_user_model.objects.create_user("zoe", password="x")
    client.force_login(user)
    assert "zoe" in client.get(url).content.decode()
    assert Driver.objects.exists()


def test_an_api_client_signed_in_by_token_is_never_served_the_cached_copy():
    league = small_league()
    url = reverse("api:season-standings", args=[league.season.pk])
    anonymous = Client()
    anonymous.get(url)
    assert queries(anonymous, url) == 0  # cached for visitors
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    token = Token.objects.create(user=get_user_model().objects.create_user("reader", password="x-long-pass"))
    token_client = Client(HTTP_AUTHORIZATION=f"Token {token.key}")
    with CaptureQueriesContext(connection) as context:
        assert token_client.get(url).status_code == 200
    assert len(context.captured_queries) > 0  # answered by the view itself
