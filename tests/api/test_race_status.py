"""A race's status moves only through the services that check it: the API's PATCH refuses the rest."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from races.models import Race
from races.results import ResultRow, race_results_record
from races.standings import driver_standings
from tests.api.conftest import race_body

pytestmark = pytest.mark.django_db
URL = "/api/races/"


def points(season) -> dict[str, int]:
    return {row.driver.slug: row.points for row in driver_standings(season=season)}


@pytest.mark.parametrize("status", ["validated", "official", "submitted"])
def test_a_scheduled_race_cannot_be_patched_to_a_status_the_sheets_or_stewards_give(league, staff, status):
    before = points(league.season)

    response = staff.patch(f"{URL}{league.next_race.pk}/", {"status": status}, format="json")

    assert response.status_code == 400
    assert "cannot be set to" in response.json()["status"][0]
    assert Race.objects.get(pk=league.next_race.pk).status == "scheduled"
    assert points(league.season) == before


def test_a_race_with_results_cannot_be_patched_back_to_scheduled(league, staff):
    before = points(league.season)

    response = staff.patch(f"{URL}{league.first_race.pk}/", {"status": "scheduled"}, format="json")

    assert response.status_code == 400
    assert "a correction is a penalty or a new sheet version" in response.json()["status"][0]
    assert Race.objects.get(pk=league.first_race.pk).status == "official"
    assert points(league.season) == before


def test_a_race_in_the_future_cannot_be_marked_run(league, staff):
    Race.objects.filter(pk=league.next_race.pk).update(scheduled_at=timezone.now() + timedelta(days=3))

    response = staff.patch(f"{URL}{league.next_race.pk}/", {"status": "run"}, format="json")

    assert response.status_code == 400
    assert "it cannot have been run yet" in response.json()["status"][0]


def test_a_race_already_held_is_marked_run(league, staff):
    response = staff.patch(f"{URL}{league.next_race.pk}/", {"status": "run"}, format="json")

    assert response.status_code == 200, response.content
    assert Race.objects.get(pk=league.next_race.pk).status == "run"


def test_a_new_race_cannot_be_created_official(league, staff):
    response = staff.post(
        URL, race_body(league, 9, timezone.now() + timedelta(days=30), status="official"), format="json"
    )

    assert response.status_code == 400 and "status" in response.json()
    assert not Race.objects.filter(season=league.season, round=9).exists()


def test_a_race_that_has_not_been_run_takes_no_results(league):
    future = league.next_race
    Race.objects.filter(pk=future.pk).update(scheduled_at=timezone.now() + timedelta(days=3))
    future.refresh_from_db()
    before = points(league.season)

    with pytest.raises(ValidationError, match="a race that has not been run has no results"):
        race_results_record(race=future, rows=[ResultRow(car=7, position=1)])

    assert not future.results.exists() and points(league.season) == before
