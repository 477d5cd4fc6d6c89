"""Every list of the API runs a fixed number of queries, however many rows it shows."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.api.conftest import build_league
from tests.factories import make_circuit, make_entry, make_season, oval_document, run_race

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("pages_uncached")]


LISTS = [
    "/api/seasons/",
    "/api/season-entries/",
    "/api/races/",
    "/api/race-entries/",
    "/api/results/",
    "/api/drivers/",
    "/api/teams/",
    "/api/circuits/",
    "/api/experience/",
    "/api/experience/tallies/",
]


def count_queries(client, url: str) -> tuple[int, int]:
    """(queries, rows) of one GET."""
    with CaptureQueriesContext(connection) as context:
        response = client.get(url)
    assert response.status_code == 200, response.content
    body = response.json()
    rows = body["count"] if "count" in body else len(body["drivers"]) + len(body["teams"])
    return len(context.captured_queries), rows


def race_a_lot() -> None:
    """Another season of six cars (new drivers and teams) and four races on another circuit."""
    season = make_season(max_cars_per_team=3)
    circuit = make_circuit(oval_document())
    cars = [make_entry(season, number) for number in range(10, 16)]
    for round in range(1, 5):
        order = cars[round:] + cars[:round]
        run_race(season, round, order[:5], eliminated=order[5:], circuit=circuit)


@pytest.mark.parametrize("url", LISTS)
def test_a_list_runs_the_same_queries_for_few_rows_and_many(anonymous, url):
    build_league()
    few = count_queries(anonymous, url)

    race_a_lot()
    many = count_queries(anonymous, url)

    assert many[1] > few[1]
    assert many[0] == few[0]


def test_a_races_cars_are_read_in_a_fixed_number_of_queries(anonymous):
    league = build_league()
    with CaptureQueriesContext(connection) as context:
        rows = anonymous.get(f"/api/races/{league.first_race.pk}/entries/").json()

    assert len(rows) == 3
    assert len(context.captured_queries) == 2  # the race, then its cars with drivers and teams
