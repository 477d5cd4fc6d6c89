"""The public season page before round 1, and the form that asks to enter."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from league.models import EntryRequest
from races.registration import entry_request_create
from tests.factories import make_entry, make_season, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def planned():
    season = make_season(
        name="Coupe", slug="coupe", status="planned", entries_open_at=timezone.now() - timedelta(days=1)
    )
    team = make_team(name="Rouge", slug="rouge")
    make_entry(season, 7, team=team)
    return season, team


def test_before_round_1_the_page_shows_the_entry_list_not_standings(client, planned):
    season, team = planned
    user = get_user_model().objects.create_user("nina", "n@example.org", "x")
    entry_request_create(season=season, team=team, car_number=9, by=user)

    html = client.get(season.get_absolute_url()).content.decode()

    assert 'id="entry-list-title"' in html
    assert 'id="drivers-title"' not in html and 'id="results-title"' not in html
    entry_list = html.split('id="entry-list-title"')[1].split("</section>")[0]
    assert ">7<" in entry_list and "(9)" in entry_list and "nina" in entry_list
    assert reverse("races:season-enter", args=[season.slug]) in html


def test_a_player_asks_to_enter_from_the_form(client, planned):
    season, team = planned
    user = get_user_model().objects.create_user("nina", "n@example.org", "x")
    client.force_login(user)

    response = client.post(
        reverse("races:season-enter", args=[season.slug]), {"team": team.pk, "car_number": 12}
    )

    assert response.status_code == 302
    request = EntryRequest.objects.get(user=user)
    assert (request.team, request.car_number, request.status) == (team, 12, "pending")


def test_a_taken_number_is_refused_on_the_form(client, planned):
    season, team = planned
    client.force_login(get_user_model().objects.create_user("nina", "n@example.org", "x"))

    response = client.post(
        reverse("races:season-enter", args=[season.slug]), {"team": team.pk, "car_number": 7}
    )

    assert response.status_code == 200
    assert "car_number" in response.context["form"].errors
    assert not EntryRequest.objects.exists()


def test_a_shut_entry_list_offers_no_form(client, planned):
    season, _team = planned
    season.entries_open_at = None
    season.save()
    client.force_login(get_user_model().objects.create_user("nina", "n@example.org", "x"))

    html = client.get(reverse("races:season-enter", args=[season.slug])).content.decode()

    assert '<form method="post">' not in html.split("<main")[1]
