"""/api/races/: anyone reads the calendar, filtered by season, circuit, status and dates; admins schedule races."""

from __future__ import annotations

import pytest

from races.models import Race
from tests.api.conftest import ids, later, race_body, results_of
from tests.factories import make_circuit, oval_document

pytestmark = pytest.mark.django_db

URL = "/api/races/"


def test_anyone_lists_the_races_latest_season_first(league, anonymous):
    rows = results_of(anonymous.get(URL))

    assert [row["id"] for row in rows] == [league.first_race.pk, league.next_race.pk, league.old_race.pk]
    first = rows[0]
    assert first["season"] == {"id": league.season.pk, "slug": "championnat-2026", "name": "Championnat 2026"}
    assert first["circuit"]["slug"] == "anneau"
    assert (first["round"], first["status"], first["has_results"]) == (1, "official", True)
    assert (first["laps"], first["race_laps"]) == (None, 3)


def test_a_race_is_read_by_id(league, anonymous):
    body = anonymous.get(f"{URL}{league.next_race.pk}/").json()

    assert (body["round"], body["status"], body["has_results"]) == (2, "scheduled", False)
    assert body["scheduled_at"].startswith("2026-06-14T")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("season={season}", ["first_race", "next_race"]),
        ("status=scheduled", ["next_race"]),
        ("season={old_season}&status=official", ["old_race"]),
        ("round=2", ["next_race"]),
        ("date_after=2026-06-14&date_before=2026-06-14", ["next_race"]),
        ("date_after=2026-06-15", []),
        ("date_before=2026-03-08", ["first_race", "old_race"]),
    ],
)
def test_races_are_filtered(league, anonymous, query, expected):
    query = query.format(season=league.season.pk, old_season=league.old_season.pk)

    assert ids(anonymous.get(f"{URL}?{query}")) == [getattr(league, name).pk for name in expected]


def test_races_are_filtered_by_circuit(league, anonymous):
    elsewhere = make_circuit(oval_document())
    Race.objects.filter(pk=league.next_race.pk).update(circuit=elsewhere)

    assert ids(anonymous.get(f"{URL}?circuit={elsewhere.pk}")) == [league.next_race.pk]


def test_a_bad_date_is_a_400_naming_it(league, anonymous):
    response = anonymous.get(f"{URL}?date_after=yesterday")

    assert response.status_code == 400
    assert list(response.json()) == ["date_after"]


def test_anyone_reads_the_cars_of_a_race_in_grid_order(league, anonymous):
    rows = anonymous.get(f"{URL}{league.first_race.pk}/entries/").json()

    assert [
        (row["grid_slot"], row["car_number"], row["driver"]["slug"], row["team"]["slug"]) for row in rows
    ] == [
        (1, 7, "alice", "rouge"),
        (2, 3, "bruno", "bleue"),
        (3, 8, "chloe", "rouge"),
    ]
    assert rows[0]["tyres"] == "hard"
    assert anonymous.get(f"{URL}999999/entries/").status_code == 404


def test_an_admin_schedules_a_race(league, staff):
    response = staff.post(URL, race_body(league, 3, later(0), laps=2), format="json")

    assert response.status_code == 201, response.content
    race = Race.objects.get(season=league.season, round=3)
    assert response.json()["id"] == race.pk
    assert (race.status, race.laps, race.scheduled_at) == ("scheduled", 2, later(0))


def test_a_round_taken_twice_is_a_400_naming_the_round(league, staff):
    response = staff.post(URL, race_body(league, 2, later(1)), format="json")

    assert response.status_code == 400
    assert response.json() == {"round": ["This season already has a race for this round."]}


def test_an_unknown_circuit_and_a_bad_date_are_named(league, staff):
    response = staff.post(
        URL,
        {"season": league.season.pk, "round": 3, "circuit": 999999, "scheduled_at": "soon"},
        format="json",
    )

    assert response.status_code == 400
    assert set(response.json()) == {"circuit", "scheduled_at"}


def test_an_admin_moves_a_race_and_changes_its_status(league, staff):
    response = staff.patch(
        f"{URL}{league.next_race.pk}/",
        {"scheduled_at": later(7).isoformat(), "status": "qualifying"},
        format="json",
    )

    assert response.status_code == 200, response.content
    league.next_race.refresh_from_db()
    assert (league.next_race.scheduled_at, league.next_race.status) == (later(7), "qualifying")
    assert league.next_race.history.first().history_user.username == "steward"


def test_a_race_far_in_the_past_or_future_is_a_400_naming_the_date(league, staff):
    response = staff.patch(
        f"{URL}{league.next_race.pk}/", {"scheduled_at": "0192-06-15T23:47:46Z"}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == {
        "scheduled_at": ["A race is scheduled between the years 1970 and 2999, not on 0192-06-15."]
    }


def test_a_day_filter_far_in_the_past_finds_every_race(league, anonymous):
    assert len(ids(anonymous.get(f"{URL}?date_after=0001-01-01&date_before=9999-12-31"))) == 3
