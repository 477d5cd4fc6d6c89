"""Each standings table costs one query, however many races the season has."""

from __future__ import annotations

import pytest

from league.selectors import driver_standings, team_standings
from tests.factories import make_driver, make_entry, make_season, make_team, run_race

pytestmark = pytest.mark.django_db


def season_of(races: int):
    season = make_season()
    teams = [make_team(), make_team()]
    cars = [make_entry(season, n, driver=make_driver(), team=teams[n % 2]) for n in range(1, 5)]
    for round_ in range(1, races + 1):
        order = cars[round_ % 4 :] + cars[: round_ % 4]
        run_race(season, round_, order[:3], eliminated=order[3:])
    return season


@pytest.mark.parametrize("races", [1, 20])
@pytest.mark.parametrize("selector", [driver_standings, team_standings])
def test_a_table_is_one_query(selector, races, django_assert_num_queries):
    season = season_of(races)

    with django_assert_num_queries(1):
        rows = selector(season=season)
        # Touch everything a page shows: no lazy query may hide behind a row.
        for row in rows:
            str(row.driver), str(row.team), row.team.colour

    assert sum(row.races for row in rows) == (4 if selector is driver_standings else 2) * races
