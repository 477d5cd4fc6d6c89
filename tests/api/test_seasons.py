"""/api/seasons/: anyone reads the seasons; admins create and change them, the model's checks answering 400."""

from __future__ import annotations

import pytest

from league.models import Season
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/seasons/"


def test_anyone_lists_the_seasons_latest_first(league, anonymous):
    rows = results_of(anonymous.get(URL))

    assert [(row["slug"], row["year"], row["status"]) for row in rows] == [
        ("championnat-2026", 2026, "running"),
        ("championnat-2025", 2025, "finished"),
    ]
    assert rows[0]["points_table"] == [10, 8, 6, 5, 4, 3, 2, 1]
    assert rows[0]["options"] == ["A7"]
    assert rows[0]["best_results"] is None


def test_a_season_is_read_by_id(league, anonymous):
    body = anonymous.get(f"{URL}{league.season.pk}/").json()

    assert body["id"] == league.season.pk
    assert body["name"] == "Championnat 2026"
    assert body["protest_window_hours"] == 48


def test_an_unknown_season_is_not_found(league, anonymous):
    response = anonymous.get(f"{URL}999999/")

    assert response.status_code == 404
    assert "detail" in response.json()


@pytest.mark.parametrize(
    ("query", "expected"),
    [("year=2025", ["championnat-2025"]), ("status=running", ["championnat-2026"]), ("slug=nope", [])],
)
def test_seasons_are_filtered_by_year_status_and_slug(league, anonymous, query, expected):
    rows = results_of(anonymous.get(f"{URL}?{query}"))

    assert [row["slug"] for row in rows] == expected


def test_a_bad_filter_value_is_a_400_naming_the_parameter(league, anonymous):
    response = anonymous.get(f"{URL}?status=paused&year=soon")

    assert response.status_code == 400
    assert set(response.json()) == {"status", "year"}


def test_the_list_is_paginated_by_50(db, anonymous):
    Season.objects.bulk_create(Season(name=f"S{n}", slug=f"s-{n}", year=2000 + n) for n in range(51))

    first = anonymous.get(URL).json()
    second = anonymous.get(first["next"]).json()

    assert first["count"] == 51
    assert len(first["results"]) == 50
    assert first["previous"] is None
    assert [row["slug"] for row in second["results"]] == ["s-0"]
    assert anonymous.get(f"{URL}?page=9").status_code == 404


def test_an_admin_creates_a_season_with_the_default_rules(staff):
    response = staff.post(URL, {"name": "Coupe d'hiver", "slug": "coupe-hiver", "year": 2027}, format="json")

    assert response.status_code == 201, response.content
    season = Season.objects.get(slug="coupe-hiver")
    assert response.json()["id"] == season.pk
    assert (season.status, season.points_table, season.options) == (
        "planned",
        [10, 8, 6, 5, 4, 3, 2, 1],
        ["A7"],
    )


def test_an_admin_creates_a_season_with_its_own_rules(staff):
    response = staff.post(
        URL,
        {
            "name": "Sprint",
            "slug": "sprint",
            "year": 2027,
            "status": "running",
            "points_table": [3, 2, 1],
            "best_results": 4,
            "laps_per_race": 1,
            "options": ["A7", "A13"],
            "max_cars_per_team": 1,
            "protest_window_hours": 12,
        },
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["points_table"], body["best_results"], body["options"]) == ([3, 2, 1], 4, ["A7", "A13"])
    assert Season.objects.get(slug="sprint").protest_window_hours == 12


def test_an_increasing_points_table_is_a_400_with_the_models_message(staff):
    response = staff.post(
        URL, {"name": "Odd", "slug": "odd", "year": 2027, "points_table": [1, 2, 3]}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == {"points_table": ["The points table must not increase down the order."]}
    assert not Season.objects.filter(slug="odd").exists()


def test_a_slug_taken_twice_is_a_400(league, staff):
    response = staff.post(URL, {"name": "Again", "slug": "championnat-2026", "year": 2026}, format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["slug"]


def test_missing_fields_are_named(staff):
    response = staff.post(URL, {}, format="json")

    assert response.status_code == 400
    assert set(response.json()) == {"name", "slug", "year"}


def test_an_admin_changes_a_season(league, staff):
    response = staff.patch(
        f"{URL}{league.season.pk}/", {"status": "finished", "best_results": 5}, format="json"
    )

    assert response.status_code == 200, response.content
    league.season.refresh_from_db()
    assert (league.season.status, league.season.best_results) == ("finished", 5)
    assert league.season.history.first().history_user.username == "steward"


def test_a_change_breaking_the_rules_is_refused_and_nothing_changes(league, staff):
    response = staff.patch(f"{URL}{league.season.pk}/", {"options": ["A7", "A7"]}, format="json")

    assert response.status_code == 400
    assert response.json() == {"options": ["An option is listed twice."]}
    league.season.refresh_from_db()
    assert league.season.options == ["A7"]
