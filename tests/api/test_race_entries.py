"""/api/race-entries/: the cars of each race; admins enter them, the race's checks answering 400."""

from __future__ import annotations

import pytest

from races.models import RaceEntry
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/race-entries/"


def test_anyone_lists_a_races_cars(league, anonymous):
    rows = results_of(anonymous.get(f"{URL}?race={league.first_race.pk}"))

    assert [(row["car_number"], row["grid_slot"]) for row in rows] == [(7, 1), (3, 2), (8, 3)]
    assert rows[0]["race"] == league.first_race.pk
    assert rows[0]["season_entry"] == league.car7.pk
    assert rows[0]["wear"] == {}


def test_race_entries_are_filtered_by_season_and_driver(league, anonymous):
    alice = results_of(anonymous.get(f"{URL}?driver={league.alice.pk}"))
    old = results_of(anonymous.get(f"{URL}?season={league.old_season.pk}"))

    assert sorted(row["race"] for row in alice) == sorted([league.first_race.pk, league.old_race.pk])
    assert {row["race"] for row in old} == {league.old_race.pk}


def test_an_admin_enters_a_car_with_tyres_and_wear(league, staff):
    wear = {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4}

    response = staff.post(
        URL,
        {
            "race": league.next_race.pk,
            "season_entry": league.car3.pk,
            "grid_slot": 1,
            "tyres": "soft",
            "wear": wear,
        },
        format="json",
    )

    assert response.status_code == 201, response.content
    entry = RaceEntry.objects.get(race=league.next_race, season_entry=league.car3)
    assert (entry.grid_slot, entry.tyres, entry.wear) == (1, "soft", wear)
    assert response.json()["car_number"] == 3


def test_a_car_entered_twice_is_a_400_naming_the_entry(league, staff):
    response = staff.post(URL, {"race": league.first_race.pk, "season_entry": league.car7.pk}, format="json")

    assert response.status_code == 400
    assert response.json() == {"season_entry": ["This car is already entered in this race."]}


def test_a_car_of_another_season_is_a_400(league, staff):
    old_car = league.old_race.entries.first().season_entry

    response = staff.post(URL, {"race": league.next_race.pk, "season_entry": old_car.pk}, format="json")

    assert response.status_code == 400
    assert response.json() == {"season_entry": ["This entry belongs to another season."]}


def test_a_grid_slot_past_the_circuits_grid_is_a_400(league, staff):
    response = staff.post(
        URL, {"race": league.next_race.pk, "season_entry": league.car7.pk, "grid_slot": 11}, format="json"
    )

    assert response.status_code == 400
    assert response.json() == {
        "grid_slot": ["Anneau large has 10 starting squares: there is no grid slot 11."]
    }


def test_unknown_wear_parts_are_a_400(league, staff):
    response = staff.post(
        URL,
        {"race": league.next_race.pk, "season_entry": league.car7.pk, "wear": {"wings": 2}},
        format="json",
    )

    assert response.status_code == 400
    assert response.json() == {"wear": ["Unknown parts: wings."]}


def test_an_admin_changes_a_cars_tyres(league, staff):
    entry = league.first_race.entries.get(season_entry=league.car8)

    response = staff.patch(f"{URL}{entry.pk}/", {"tyres": "rain"}, format="json")

    assert response.status_code == 200, response.content
    entry.refresh_from_db()
    assert entry.tyres == "rain"


def test_a_grid_slot_taken_is_a_400_naming_it(league, staff):
    entry = league.first_race.entries.get(season_entry=league.car8)

    response = staff.patch(f"{URL}{entry.pk}/", {"grid_slot": 1}, format="json")

    assert response.status_code == 400
    assert response.json() == {"grid_slot": ["This grid slot is already taken in this race."]}
