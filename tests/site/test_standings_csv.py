"""Standings as CSV: the rows and points of the standings selectors, drivers or teams."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from league.selectors import driver_standings, team_standings
from tests.site.conftest import small_league

pytestmark = pytest.mark.django_db


def rows_of(client, season, table: str | None = None) -> list[dict[str, str]]:
    url = reverse("league:season-standings-csv", args=[season.slug])
    response = client.get(url, {"table": table} if table else {})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def test_the_drivers_table_matches_the_selector(client, league):
    rows = rows_of(client, league.season, "drivers")

    standings = driver_standings(season=league.season)
    assert rows == [
        {
            "position": str(s.position),
            "name": s.driver.name,
            "team": s.team.name,
            "points": str(s.points),
            "wins": str(s.wins),
            "podiums": str(s.podiums),
        }
        for s in standings
    ]
    assert (rows[0]["name"], rows[0]["points"]) == ("Chloé", "24")  # 6 + 8 + 10


def test_the_drivers_table_is_the_default(client, league):
    assert rows_of(client, league.season) == rows_of(client, league.season, "drivers")


def test_the_teams_table_matches_the_selector(client, league):
    rows = rows_of(client, league.season, "teams")

    standings = team_standings(season=league.season)
    assert [(r["position"], r["name"], r["points"]) for r in rows] == [
        (str(s.position), s.team.name, str(s.points)) for s in standings
    ]
    assert sum(int(r["points"]) for r in rows) == sum(
        int(r["points"]) for r in rows_of(client, league.season, "drivers")
    )


def test_best_n_counts_as_in_the_table(client, db):
    league = small_league(races=4, best_results=2)

    rows = rows_of(client, league.season)
    assert {r["name"]: r["points"] for r in rows} == {
        s.driver.name: str(s.points) for s in driver_standings(season=league.season)
    }


def test_an_unknown_table_is_refused_with_a_reason(client, league):
    response = client.get(
        reverse("league:season-standings-csv", args=[league.season.slug]),
        {"table": "cars"},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 400
    assert "choose drivers or teams" in response.content.decode()
