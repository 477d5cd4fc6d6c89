"""Every page runs a fixed number of queries, however much the league has raced."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from races.models import Race
from tests.conftest import count_queries
from tests.pages.conftest import make_circuit, run_race

pytestmark = pytest.mark.usefixtures("pages_uncached")


PAGES = {
    "home": lambda lg: reverse("home"),
    "seasons": lambda lg: reverse("races:seasons"),
    "season": lambda lg: lg.season.get_absolute_url(),
    "race": lambda lg: lg.first_race.get_absolute_url(),
    "drivers": lambda lg: reverse("races:drivers"),
    "driver": lambda lg: lg.alice.get_absolute_url(),
    "teams": lambda lg: reverse("races:teams"),
    "team": lambda lg: lg.red.get_absolute_url(),
    "circuits": lambda lg: reverse("races:circuits"),
    "circuit": lambda lg: lg.circuit.get_absolute_url(),
}


def race_more(league, seasons: int = 3, races: int = 6) -> None:
    """Old seasons on the same circuit, with Alice and Bruno for the red team and strangers beside them."""
    start = timezone.now() - timedelta(days=3000)
    for s in range(seasons):
        season = Season.objects.create(
            name=f"Saison {1990 + s}", slug=f"old-{s}", year=1990 + s, status=Season.Status.FINISHED
        )
        other_team = Team.objects.create(name=f"Other {s}", slug=f"other-{s}")
        make_circuit(slug=f"other-{s}", name=f"Other circuit {s}")
        entries = [
            SeasonEntry.objects.create(season=season, driver=league.alice, team=league.red, car_number=1),
            SeasonEntry.objects.create(season=season, driver=league.bruno, team=league.red, car_number=2),
        ]
        for n in range(3):
            driver = Driver.objects.create(name=f"Other {s}-{n}", slug=f"other-{s}-{n}")
            entries.append(
                SeasonEntry.objects.create(season=season, driver=driver, team=other_team, car_number=10 + n)
            )
        for rnd in range(1, races + 1):
            race = Race.objects.create(
                season=season,
                round=rnd,
                circuit=league.circuit,
                scheduled_at=start + timedelta(days=100 * s + rnd),
                status=Race.Status.OFFICIAL,
            )
            run_race(race, entries[rnd % 5 :] + entries[: rnd % 5], eliminated={1: ("engine", 9)})
            ExperienceEntry.objects.create(
                season=season, race=race, driver=league.alice, reason="win", amount="0.5"
            )


@pytest.mark.parametrize("page", list(PAGES))
def test_a_page_runs_as_many_queries_for_a_long_history(client, league, page):
    url = PAGES[page](league)
    client.get(url)  # warm up once: sessions, content types
    before = count_queries(client, url)

    race_more(league)

    assert count_queries(client, url) == before
