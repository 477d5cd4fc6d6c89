from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from league.models import Driver, Season, SeasonEntry, Team
from races.models import Race
from tests.pages.conftest import in_english, make_circuit, page_html, run_race

pytestmark = pytest.mark.usefixtures("pages_uncached")


def test_the_list_shows_every_season(client, league):
    html = page_html(client, reverse("races:seasons"))
    assert "Saisons" in html
    assert "Saison 2026" in html and "Saison 2025" in html
    assert "en cours" in html and "terminée" in html
    assert league.old_season.get_absolute_url() in html


def test_the_season_page_shows_calendar_results_and_both_standings(client, league):
    response = client.get(league.season.get_absolute_url())

    assert response.status_code == 200
    html = response.content.decode()
    for heading in ("Calendrier", "Classement des pilotes", "Classement des écuries", "Résultats"):
        assert heading in html
    # Calendar: round, circuit, status and winner.
    calendar = response.context["calendar"]
    assert [line.race.round for line in calendar] == [1, 2, 3]
    assert [line.winner.race_entry.season_entry.driver if line.winner else None for line in calendar] == [
        league.alice,
        league.bruno,
        None,
    ]
    assert "officielle" in html and "prévue" in html
    # Standings: Bruno 10 + 8, Alice 10 + 8 − 2; the red team has every point of its two cars.
    drivers = response.context["driver_standings"]
    assert [(row.driver, row.points, row.wins, row.podiums) for row in drivers] == [
        (league.bruno, 18, 1, 2),
        (league.alice, 16, 1, 2),
        (league.chloe, 12, 0, 2),
    ]
    teams = response.context["team_standings"]
    assert [(row.team, row.points) for row in teams] == [(league.red, 34), (league.blue, 12)]
    assert "Scuderia Rossa" in html and "#cc0000" in html
    # Best-N is noted when the season uses it.
    assert "Seuls les 2 meilleurs résultats comptent." in html


def test_the_results_grid_gives_each_drivers_place_in_each_round(client, league):
    response = client.get(league.season.get_absolute_url())

    grid = {
        line.standing.driver: [r.position if r else None for r in line.cells]
        for line in response.context["grid"]
    }
    assert grid == {league.bruno: [2, 1], league.alice: [1, 2], league.chloe: [3, 3]}
    assert "Ab." in response.content.decode()  # Chloé was eliminated in round 1


def test_the_season_page_speaks_english(client, league):
    response = in_english(client).get(league.season.get_absolute_url())

    html = response.content.decode()
    for words in ("Calendar", "Teams' standings", "Winner", "Only the best 2 results count.", "official"):
        assert words in html


def test_best_n_is_not_mentioned_when_every_race_counts(client, league):
    Season.objects.filter(pk=league.season.pk).update(best_results=None)

    html = client.get(league.season.get_absolute_url()).content.decode()

    assert "meilleurs résultats" not in html


def build_season(races: int) -> Season:
    """A season of `races` official rounds, three cars each."""
    slug = f"s{races}"
    season = Season.objects.create(
        name=f"Season {races}", slug=slug, year=2000 + races, status=Season.Status.RUNNING
    )
    circuit = make_circuit(slug=f"c{races}", name=f"Circuit {races}")
    entries = []
    for n in range(3):
        team = Team.objects.create(name=f"Team {slug}-{n}", slug=f"team-{slug}-{n}")
        driver = Driver.objects.create(name=f"Driver {slug}-{n}", slug=f"driver-{slug}-{n}")
        entries.append(SeasonEntry.objects.create(season=season, driver=driver, team=team, car_number=n + 1))
    start = timezone.now() - timedelta(days=races + 1)
    for rnd in range(1, races + 1):
        race = Race.objects.create(
            season=season,
            round=rnd,
            circuit=circuit,
            scheduled_at=start + timedelta(days=rnd),
            status=Race.Status.OFFICIAL,
        )
        run_race(race, entries[rnd % 3 :] + entries[: rnd % 3])
    return season


def queries_for(client, url: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200
    return len(context.captured_queries)


@pytest.mark.django_db
def test_the_season_page_runs_as_many_queries_for_20_races_as_for_1(client):
    small = build_season(1)
    large = build_season(20)
    client.get(small.get_absolute_url())  # warm caches (content types, translations)

    assert queries_for(client, small.get_absolute_url()) == queries_for(client, large.get_absolute_url())


@pytest.mark.django_db
def test_the_season_page_reads_the_results_once(client):
    season = build_season(20)
    url = season.get_absolute_url()
    client.get(url)  # warm caches (content types, translations)

    with CaptureQueriesContext(connection) as context:
        client.get(url)

    # The season, its calendar, the calendar's winners, then one query for both tables, both
    # charts and the results grid (there were 7: one per table, one per chart, one for the grid),
    # and the stewards' penalties for the standings' footnotes.
    assert len(context.captured_queries) == 5


@pytest.mark.django_db
def test_the_season_list_runs_as_many_queries_for_many_seasons(client):
    build_season(1)
    one = queries_for(client, reverse("races:seasons"))
    build_season(5)
    build_season(6)

    assert queries_for(client, reverse("races:seasons")) == one
