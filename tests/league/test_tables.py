"""A round on several tables: the cars split (by standings or drawn), each table scored on its own,
the standings counting every table."""

from __future__ import annotations

import random

import pytest
from django.core.exceptions import ValidationError

from races.entry_lists import season_entry_list_accept, season_entry_race_entries
from races.models import Race, RaceEntry
from races.results import ResultRow, race_results_record
from races.seating import round_split
from races.standings import driver_standings
from tests.factories import make_entry, make_race, make_season, make_team

pytestmark = pytest.mark.django_db


@pytest.fixture
def field():
    season = make_season()
    teams = [make_team() for _ in range(7)]
    cars = [make_entry(season, n, team=teams[(n - 1) // 2]) for n in range(1, 15)]
    race = make_race(season, 1)
    season_entry_list_accept(season=season)
    return season, race, cars


def _cars(race: Race) -> list[int]:
    return sorted(race.entries.values_list("season_entry__car_number", flat=True))


def test_fourteen_cars_make_two_tables_of_seven_each_car_once(field):
    season, race, cars = field

    tables, seed = round_split(race=race)

    assert [t.table for t in tables] == [1, 2] and seed == ""
    assert [len(_cars(t)) for t in tables] == [7, 7]
    assert sorted(_cars(tables[0]) + _cars(tables[1])) == list(range(1, 15))
    assert {t.round for t in tables} == {1} and "table 2" in str(tables[1])


def test_a_drawn_split_is_the_seeds_shuffle(field):
    season, race, cars = field

    tables, seed = round_split(race=race, by="draw", seed="s1")

    order = list(range(1, 15))
    random.Random("s1").shuffle(order)
    assert seed == "s1" and _cars(tables[0]) == sorted(order[:7])


def test_a_car_accepted_later_joins_the_emptiest_table(field):
    season, race, cars = field
    tables, _seed = round_split(race=race)
    RaceEntry.objects.filter(race=tables[1], season_entry__car_number=14).delete()

    made = season_entry_race_entries(season_entry=cars[13])

    assert [m.race_id for m in made] == [tables[1].pk]


def test_too_few_tables_for_the_field_is_refused(field):
    with pytest.raises(ValidationError, match="more than 10"):
        round_split(race=field[1], tables=1)


def test_each_table_is_scored_on_its_own_and_the_standings_count_both(field):
    season, race, cars = field
    tables, _seed = round_split(race=race)
    for table in tables:
        order = _cars(table)
        race_results_record(
            race=table,
            rows=[ResultRow(car=car, position=i) for i, car in enumerate(order, start=1)],
            status="official",
        )

    winners = {row.driver.pk: row.points for row in driver_standings(season=season) if row.wins}

    # Both tables' winners score the 10 points of a win.
    assert sorted(winners.values()) == [10, 10]
    assert len(winners) == 2
