"""What a race entry may be: a car of the race's season, on a grid slot the circuit has."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from races.services import race_entry_create
from tests.factories import make_circuit, make_entry, make_race, make_season, oval_document

pytestmark = pytest.mark.django_db


def test_it_refuses_a_grid_slot_the_circuit_does_not_have():
    season = make_season()
    race = make_race(season, 1, circuit=make_circuit(oval_document()))  # 6 starting squares

    with pytest.raises(ValidationError) as caught:
        race_entry_create(race=race, season_entry=make_entry(season, 7), grid_slot=7)

    assert caught.value.message_dict == {
        "grid_slot": ["Ovale d'essai has 6 starting squares: there is no grid slot 7."]
    }


def test_it_refuses_a_car_of_another_season():
    race = make_race(make_season(), 1)

    with pytest.raises(ValidationError) as caught:
        race_entry_create(race=race, season_entry=make_entry(make_season(), 7))

    assert caught.value.message_dict == {"season_entry": ["This entry belongs to another season."]}


def test_it_refuses_two_cars_on_one_grid_slot():
    season = make_season()
    race = make_race(season, 1)
    race_entry_create(race=race, season_entry=make_entry(season, 7), grid_slot=1)

    with pytest.raises(ValidationError) as caught:
        race_entry_create(race=race, season_entry=make_entry(season, 3), grid_slot=1)

    assert caught.value.messages == ["This grid slot is already taken in this race."]


def test_it_refuses_unknown_wear_parts():
    season = make_season()

    with pytest.raises(ValidationError) as caught:
        race_entry_create(race=make_race(season, 1), season_entry=make_entry(season, 7), wear={"wings": 2})

    assert caught.value.message_dict == {"wear": ["Unknown parts: wings."]}
