"""/api/season-entries/: who drives which car in a season; the season's constraints come back as 400s."""

from __future__ import annotations

import pytest

from league.models import SeasonEntry
from tests.api.conftest import results_of
from tests.factories import make_driver, make_team

pytestmark = pytest.mark.django_db

URL = "/api/season-entries/"


def test_anyone_lists_a_seasons_cars_with_driver_and_team(league, anonymous):
    rows = results_of(anonymous.get(f"{URL}?season={league.season.pk}"))

    assert [(row["car_number"], row["driver"]["slug"], row["team"]["slug"]) for row in rows] == [
        (3, "bruno", "bleue"),
        (7, "alice", "rouge"),
        (8, "chloe", "rouge"),
    ]
    assert rows[0]["driver"] == {"id": league.bruno.pk, "slug": "bruno", "name": "Bruno"}


def test_entries_are_filtered_by_driver_and_team(league, anonymous):
    alice = results_of(anonymous.get(f"{URL}?driver={league.alice.pk}"))
    red_2026 = results_of(anonymous.get(f"{URL}?team={league.red.pk}&season={league.season.pk}"))

    assert sorted(row["season"] for row in alice) == sorted([league.season.pk, league.old_season.pk])
    assert [row["car_number"] for row in red_2026] == [7, 8]


def test_an_unknown_season_filter_is_a_400(league, anonymous):
    response = anonymous.get(f"{URL}?season=999999")

    assert response.status_code == 400
    assert list(response.json()) == ["season"]


def test_an_admin_enters_a_driver(league, staff):
    dora = make_driver("Dora", "dora")

    response = staff.post(
        URL,
        {"season": league.season.pk, "driver": dora.pk, "team": league.blue.pk, "car_number": 12},
        format="json",
    )

    assert response.status_code == 201, response.content
    entry = SeasonEntry.objects.get(season=league.season, driver=dora)
    assert response.json() == {
        "id": entry.pk,
        "season": league.season.pk,
        "car_number": 12,
        "driver": {"id": dora.pk, "slug": "dora", "name": "Dora"},
        "team": {"id": league.blue.pk, "slug": "bleue", "name": "Écurie Bleue"},
    }


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        pytest.param(
            lambda league: {"driver": make_driver().pk, "team": league.blue.pk, "car_number": 7},
            {"car_number": ["This car number is already taken in this season."]},
            id="a-car-number-taken-twice",
        ),
        pytest.param(
            lambda league: {"driver": league.alice.pk, "team": make_team().pk, "car_number": 70},
            {"driver": ["This driver is already entered in this season."]},
            id="a-driver-entered-twice",
        ),
        pytest.param(
            lambda league: {"driver": make_driver().pk, "team": league.red.pk, "car_number": 9},
            {"team": ["Écurie Rouge already fields 2 cars this season (at most 2)."]},
            id="a-team-over-its-car-limit-named",
        ),
    ],
)
def test_an_entry_the_season_refuses_is_a_400_with_a_clear_message(league, staff, entry, errors):
    response = staff.post(URL, {"season": league.season.pk, **entry(league)}, format="json")

    assert response.status_code == 400
    assert response.json() == errors
    assert SeasonEntry.objects.filter(season=league.season).count() == 3


def test_an_unknown_driver_or_a_bad_number_is_named(league, staff):
    response = staff.post(
        URL,
        {"season": league.season.pk, "driver": 999999, "team": league.red.pk, "car_number": 0},
        format="json",
    )

    assert response.status_code == 400
    assert set(response.json()) == {"driver", "car_number"}


def test_an_admin_moves_an_entry_to_another_number(league, staff):
    response = staff.patch(f"{URL}{league.car3.pk}/", {"car_number": 33}, format="json")

    assert response.status_code == 200, response.content
    league.car3.refresh_from_db()
    assert league.car3.car_number == 33


def test_moving_to_a_taken_number_is_a_400_and_changes_nothing(league, staff):
    response = staff.patch(f"{URL}{league.car3.pk}/", {"car_number": 7}, format="json")

    assert response.status_code == 400
    assert response.json() == {"car_number": ["This car number is already taken in this season."]}
    league.car3.refresh_from_db()
    assert league.car3.car_number == 3
