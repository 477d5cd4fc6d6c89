from __future__ import annotations

import pytest
from django.urls import reverse

from league.models import Season
from tests.pages.conftest import in_english


def test_it_shows_the_running_seasons_standings_table(client, league):
    """Home shows the running season's drivers' table, leader first, with a link to the full standings."""
    response = client.get(reverse("home"))

    assert response.status_code == 200
    rows = response.context["standings"]
    assert [row.driver for row in rows] == [league.bruno, league.alice, league.chloe]
    html = response.content.decode()
    assert "Classement des pilotes" in html
    assert "Saison 2026" in html
    assert html.index("Bruno Senna") < html.index("Alice Prost") < html.index("Chloé Lauda")
    assert '<td class="num points">18</td>' in html
    assert league.season.get_absolute_url() in html


def test_it_shows_the_next_race(client, league):
    """The next race is the first one scheduled from now on."""
    response = client.get(reverse("home"))

    assert response.context["next_race"] == league.next_race
    html = response.content.decode()
    assert "Prochaine course" in html
    assert league.next_race.get_absolute_url() in html
    assert "Manche 3" in html


def test_it_speaks_english_on_request(client, league):
    response = in_english(client).get(reverse("home"))

    html = response.content.decode()
    assert "Drivers' standings" in html
    assert "Next race" in html
    assert "Round 3" in html
    assert "Classement" not in html


@pytest.mark.django_db
def test_it_says_so_when_there_is_no_season(client):
    response = client.get(reverse("home"))

    assert response.status_code == 200
    assert "Aucune saison n’est en cours" in response.content.decode()


def test_it_falls_back_to_the_latest_season_when_none_is_running(client, league):
    Season.objects.filter(pk=league.season.pk).update(status=Season.Status.FINISHED)

    response = client.get(reverse("home"))

    assert response.context["season"] == league.season
    assert "Bruno Senna" in response.content.decode()
