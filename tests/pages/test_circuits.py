from __future__ import annotations

from django.urls import reverse

from circuits.summary import summarise_circuit
from tests.pages.conftest import OVALE, in_english, page_html


def test_a_circuit_is_summarised_from_its_document():
    summary = summarise_circuit(OVALE)

    assert [(c.id, c.name, c.stops) for c in summary.corners] == [("T1", "Épingle", 1), ("T2", "", 2)]
    assert summary.lap_length == 8 + 4 + 10 + 4 + 6  # straights plus the corners' middle lane
    assert [(w.key, w.low, w.high) for w in summary.weather] == [
        ("rain", 1, 4),
        ("variable", 5, 8),
        ("sun", 9, 20),
    ]
    assert (summary.laps, summary.grid_slots, summary.pit_stands) == (2, 6, 6)


def test_the_list_shows_every_circuit(client, league):
    html = page_html(client, reverse("races:circuits"))
    assert "Circuits" in html and "Virages" in html
    assert "Ovale d&#x27;essai" in html
    assert "32 cases" in html


def test_the_circuit_page_shows_corners_weather_lap_length_and_races(client, league):
    response = client.get(league.circuit.get_absolute_url())

    assert response.status_code == 200
    html = response.content.decode()
    assert "Épingle" in html and "T2" in html
    assert "Météo" in html and "pluie" in html and "soleil" in html
    assert "32 cases" in html
    assert "Courses disputées ici" in html
    assert list(response.context["races"]) == [
        league.next_race,
        league.second_race,
        league.first_race,
        league.old_season.races.get(),
    ]


def test_the_circuit_page_speaks_english(client, league):
    html = in_english(client).get(league.circuit.get_absolute_url()).content.decode()

    for words in ("Corners", "Stops", "Weather", "rain", "sun", "32 squares", "Races held here"):
        assert words in html
