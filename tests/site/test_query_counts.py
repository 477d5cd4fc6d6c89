"""Feeds, charts, experience and statistics run as many queries for 1 race as for 20."""

from __future__ import annotations

import pytest
from django.urls import reverse

from races.progression import driver_progression, team_progression
from tests.conftest import count_queries
from tests.site.conftest import race_more, small_league

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_uncached")]


URLS = {
    "season page (charts)": lambda lg: lg.season.get_absolute_url(),
    "calendar.ics": lambda lg: reverse("races:season-calendar", args=[lg.season.slug]),
    "season results.atom": lambda lg: reverse("races:season-results-feed", args=[lg.season.slug]),
    "league results.atom": lambda lg: reverse("races:results-feed"),
    "standings.csv drivers": lambda lg: reverse("races:season-standings-csv", args=[lg.season.slug]),
    "standings.csv teams": lambda lg: (
        reverse("races:season-standings-csv", args=[lg.season.slug]) + "?table=teams"
    ),
    "experience": lambda lg: reverse("league:experience"),
    "experience of a season": lambda lg: reverse("league:experience") + f"?season={lg.season.slug}",
    "driver ledger": lambda lg: reverse("league:experience-driver", args=[lg.alice.slug]),
    "team ledger": lambda lg: reverse("league:experience-team", args=[lg.red.slug]),
    "driver page (statistics)": lambda lg: lg.alice.get_absolute_url(),
}


@pytest.mark.parametrize("page", list(URLS))
def test_the_query_count_does_not_grow_with_the_races(client, db, page):
    league = small_league(races=1)
    url = URLS[page](league)
    client.get(url)  # warm up: sessions, content types
    one = count_queries(client, url)

    for _ in range(19):
        race_more(league)

    assert count_queries(client, url) == one


def test_the_progression_takes_one_query_per_table(db, django_assert_num_queries):
    league = small_league(races=5)
    with django_assert_num_queries(1):
        driver_progression(season=league.season)
    with django_assert_num_queries(1):
        team_progression(season=league.season)
