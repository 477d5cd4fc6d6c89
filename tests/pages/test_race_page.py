from __future__ import annotations

from tests.pages.conftest import in_english, page_html


def test_it_shows_circuit_date_status_entries_and_results(client, league):
    response = client.get(league.first_race.get_absolute_url())

    assert response.status_code == 200
    html = response.content.decode()
    assert "Ovale d&#x27;essai" in html
    assert "Manche 1" in html
    assert "officielle" in html
    for heading in ("Résultats", "Engagés", "Éliminations"):
        assert heading in html
    assert [r.race_entry.season_entry.driver for r in response.context["results"]] == [
        league.alice,
        league.bruno,
        league.chloe,
    ]
    assert '<span class="car">21</span>' in html
    assert "Équipe Bleue" in html


def test_it_shows_eliminations_with_cause_and_turn(client, league):
    response = client.get(league.first_race.get_absolute_url())

    [out] = response.context["eliminations"]
    assert out.race_entry.season_entry.driver == league.chloe
    html = response.content.decode()
    assert "éliminé" in html
    assert "moteur" in html  # cause "engine"
    assert '<td class="num">12</td>' in html  # on turn 12


def test_it_shows_penalties(client, league):
    response = client.get(league.second_race.get_absolute_url())

    html = response.content.decode()
    assert "Pénalités" in html
    assert "Blocking in T2" in html
    # Alice scored 8 − 2.
    assert '6 <span class="note">(8 − 2)</span>' in html


def test_a_scheduled_race_lists_no_results(client, league):
    html = page_html(client, league.next_race.get_absolute_url())
    assert "prévue" in html
    assert "Aucune voiture n’est encore engagée." in html
    assert "Éliminations" not in html


def test_it_speaks_english(client, league):
    html = in_english(client).get(league.first_race.get_absolute_url()).content.decode()

    for words in ("Round 1", "Results", "Entries", "Eliminations", "eliminated", "engine", "official"):
        assert words in html
