"""Standings as CSV: the rows and points of the standings selectors, drivers or teams, with the
car numbers and the points of each round; `?sep=;` for a spreadsheet set to French."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from races.standings import driver_standings, team_standings
from tests.site.conftest import net_points_by_round, small_league

pytestmark = pytest.mark.django_db


def csv_response(client, season, **params: str):
    return client.get(reverse("races:season-standings-csv", args=[season.slug]), params)


def rows_of(client, season, table: str | None = None) -> list[dict[str, str]]:
    response = csv_response(client, season, **({"table": table} if table else {}))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


def test_the_drivers_table_matches_the_selector(client, league):
    rows = rows_of(client, league.season, "drivers")

    standings = driver_standings(season=league.season)
    assert [
        {k: r[k] for k in ("position", "name", "car", "team", "points", "wins", "podiums")} for r in rows
    ] == [
        {
            "position": str(s.position),
            "name": s.driver.name,
            "car": str(s.car_number),
            "team": s.team.name,
            "points": str(s.points),
            "wins": str(s.wins),
            "podiums": str(s.podiums),
        }
        for s in standings
    ]
    assert (rows[0]["name"], rows[0]["car"], rows[0]["points"]) == ("Chloé", "3", "24")  # 6 + 8 + 10


def test_each_round_has_a_column_of_the_points_scored_in_it(client, league):
    rows = rows_of(client, league.season)

    assert list(rows[0])[-3:] == ["round_1", "round_2", "round_3"]
    scores = net_points_by_round(league.season)
    names = {d.name: d.pk for d in (league.alice, league.bruno, league.chloe, league.david)}
    for row in rows:
        by_round = scores.get(names[row["name"]], {})
        assert [row[f"round_{n}"] for n in (1, 2, 3)] == [str(by_round.get(n, "")) for n in (1, 2, 3)]
    assert {row["name"]: row["round_3"] for row in rows}["Chloé"] == "10"


def test_the_drivers_table_is_the_default(client, league):
    assert rows_of(client, league.season) == rows_of(client, league.season, "drivers")


def test_the_teams_table_matches_the_selector(client, league):
    rows = rows_of(client, league.season, "teams")

    standings = team_standings(season=league.season)
    assert [(r["position"], r["name"], r["points"]) for r in rows] == [
        (str(s.position), s.team.name, str(s.points)) for s in standings
    ]
    assert {r["name"]: r["car"] for r in rows} == {"Rouge": "1 2", "Bleue": "3 4"}
    assert sum(int(r["points"]) for r in rows) == sum(
        int(r["points"]) for r in rows_of(client, league.season, "drivers")
    )
    for n in (1, 2, 3):
        assert sum(int(r[f"round_{n}"] or 0) for r in rows) == sum(
            int(r[f"round_{n}"] or 0) for r in rows_of(client, league.season, "drivers")
        )


def test_best_n_counts_as_in_the_table(client, db):
    league = small_league(races=4, best_results=2)

    rows = rows_of(client, league.season)
    assert {r["name"]: r["points"] for r in rows} == {
        s.driver.name: str(s.points) for s in driver_standings(season=league.season)
    }


def test_semicolons_and_a_byte_order_mark_for_a_french_spreadsheet(client, league):
    response = csv_response(client, league.season, sep=";")

    assert response.status_code == 200
    assert response.content.startswith("\ufeff".encode())
    assert response["Content-Disposition"] == 'attachment; filename="saison-test-drivers-fr.csv"'
    text = response.content.decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text), delimiter=";"))
    assert rows == rows_of(client, league.season)
    assert text.splitlines()[0].startswith("position;name;car;team;points")
    assert "Chloé" in text


def test_the_plain_csv_has_no_byte_order_mark(client, league):
    assert not csv_response(client, league.season).content.startswith("\ufeff".encode())


def test_the_season_page_links_the_french_spreadsheet_file(client, league):
    page = client.get(league.season.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="fr").content.decode()

    url = reverse("races:season-standings-csv", args=[league.season.slug])
    assert f'href="{url}?table=drivers&amp;sep=%3B"' in page
    assert "Excel en français" in page


def test_an_unknown_separator_is_refused_with_a_reason(client, league):
    response = csv_response(client, league.season, sep="|")

    assert response.status_code == 400
    assert "|" in response.content.decode()


def test_an_unknown_table_is_refused_with_a_reason(client, league):
    response = client.get(
        reverse("races:season-standings-csv", args=[league.season.slug]),
        {"table": "cars"},
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert response.status_code == 400
    assert "choose drivers or teams" in response.content.decode()
