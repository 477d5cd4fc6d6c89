from __future__ import annotations

from django.urls import reverse

from tests.pages.conftest import in_english, page_html


def test_the_list_shows_every_driver_and_their_experience(client, league):
    html = page_html(client, reverse("races:drivers"))
    assert "Pilotes" in html
    for name in ("Alice Prost", "Bruno Senna", "Chloé Lauda"):
        assert name in html
    assert league.alice.get_absolute_url() in html
    assert "0,5" in html  # Alice's win, in French notation


def test_the_driver_page_shows_seasons_results_and_experience(client, league):
    response = client.get(league.alice.get_absolute_url())

    assert response.status_code == 200
    html = response.content.decode()
    assert "Saisons disputées" in html and "Expérience" in html
    assert "Saison 2025" in html and "Saison 2026" in html
    assert "Scuderia Rossa" in html and "Équipe Bleue" in html  # one team per season
    assert len(response.context["results"]) == 3
    assert response.context["experience"] == league.alice.experience.get().amount
    assert "0,5" in html


def test_the_driver_page_speaks_english(client, league):
    html = in_english(client).get(league.alice.get_absolute_url()).content.decode()

    assert "Seasons entered" in html and "Experience" in html and "0.5" in html
