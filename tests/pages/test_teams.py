from __future__ import annotations

from django.urls import reverse

from tests.pages.conftest import in_english, page_html


def test_the_list_shows_every_team_with_its_colour(client, league):
    html = page_html(client, reverse("races:teams"))
    assert "Écuries" in html
    assert "Scuderia Rossa" in html and "Équipe Bleue" in html
    assert "background-color: #cc0000" in html
    assert "0,3" in html  # the red team's one-two bonus


def test_the_team_page_shows_drivers_results_and_experience(client, league):
    response = client.get(league.red.get_absolute_url())

    assert response.status_code == 200
    html = response.content.decode()
    assert "Pilotes" in html and "Expérience" in html and "Résultats" in html
    assert "Alice Prost" in html and "Bruno Senna" in html
    assert "Chloé Lauda" not in html
    assert len(response.context["results"]) == 4  # two cars, two scored races
    assert "0,3" in html


def test_the_team_page_speaks_english(client, league):
    html = in_english(client).get(league.red.get_absolute_url()).content.decode()

    assert "Drivers" in html and "Experience" in html and "Results" in html
