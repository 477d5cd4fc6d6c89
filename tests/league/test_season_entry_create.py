"""Entering a driver in a team's car for a season."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from league.models import SeasonEntry
from league.services import season_entry_create
from tests.factories import make_driver, make_season, make_team

pytestmark = pytest.mark.django_db


def test_it_enters_a_driver_in_a_teams_car():
    season, driver, team = (
        make_season(),
        make_driver("Alice Martin", "alice"),
        make_team("Écurie Rouge", "rouge"),
    )

    entry = season_entry_create(season=season, driver=driver, team=team, car_number=7)

    assert SeasonEntry.objects.get() == entry
    assert (entry.driver, entry.team, entry.car_id) == (driver, team, "7")


def test_it_refuses_a_car_number_taken_twice():
    season = make_season()
    season_entry_create(season=season, driver=make_driver(), team=make_team(), car_number=7)

    with pytest.raises(ValidationError) as caught:
        season_entry_create(season=season, driver=make_driver(), team=make_team(), car_number=7)

    assert caught.value.messages == ["This car number is already taken in this season."]
    assert SeasonEntry.objects.count() == 1


def test_a_car_number_is_free_again_in_another_season():
    driver, team = make_driver(), make_team()
    season_entry_create(season=make_season(year=2025), driver=driver, team=team, car_number=7)

    season_entry_create(season=make_season(year=2026), driver=driver, team=team, car_number=7)

    assert SeasonEntry.objects.filter(car_number=7).count() == 2


def test_it_refuses_a_teams_third_car():
    season, team = make_season(), make_team("Écurie Rouge", "rouge")
    season_entry_create(season=season, driver=make_driver(), team=team, car_number=1)
    season_entry_create(season=season, driver=make_driver(), team=team, car_number=2)

    with pytest.raises(ValidationError) as caught:
        season_entry_create(season=season, driver=make_driver(), team=team, car_number=3)

    assert caught.value.message_dict == {
        "team": ["Écurie Rouge already fields 2 cars this season (at most 2)."]
    }
    assert season.entries.count() == 2


def test_it_lets_a_season_allow_three_cars_a_team():
    season, team = make_season(max_cars_per_team=3), make_team()
    for car in (1, 2, 3):
        season_entry_create(season=season, driver=make_driver(), team=team, car_number=car)

    assert season.entries.filter(team=team).count() == 3


def test_it_refuses_a_driver_entered_twice():
    season, driver = make_season(), make_driver()
    season_entry_create(season=season, driver=driver, team=make_team(), car_number=1)

    with pytest.raises(ValidationError) as caught:
        season_entry_create(season=season, driver=driver, team=make_team(), car_number=2)

    assert caught.value.messages == ["This driver is already entered in this season."]


def test_it_refuses_car_number_zero():
    with pytest.raises(ValidationError) as caught:
        season_entry_create(season=make_season(), driver=make_driver(), team=make_team(), car_number=0)

    assert "car_number" in caught.value.message_dict
