"""Reads for the race pages: right rows, right order, a fixed number of queries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from races.models import Race
from races.selectors import (
    circuit_races,
    driver_results,
    next_race,
    race_results,
    season_calendar,
    team_results,
)
from tests.factories import (
    make_circuit,
    make_driver,
    make_entry,
    make_race,
    make_season,
    make_team,
    oval_document,
    run_race,
    wide_oval_document,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def season_with_cars():
    season = make_season()
    rouge, bleu = make_team("Écurie Rouge"), make_team("Écurie Bleue")
    cars = [
        make_entry(season, 7, driver=make_driver("Alice"), team=rouge),
        make_entry(season, 3, driver=make_driver("Bruno"), team=bleu),
        make_entry(season, 8, driver=make_driver("Chiara"), team=rouge),
    ]
    return season, cars


def test_race_results_come_in_finishing_order_in_one_query(season_with_cars, django_assert_num_queries):
    season, (alice, bruno, chiara) = season_with_cars
    race = run_race(season, 1, [bruno, chiara], eliminated=[alice])[0].race

    with django_assert_num_queries(1):
        rows = [
            (r.position, r.race_entry.season_entry.driver.name, r.race_entry.season_entry.team.name, r.points)
            for r in race_results(race=race)
        ]

    assert rows == [
        (1, "Bruno", "Écurie Bleue", 10),
        (2, "Chiara", "Écurie Rouge", 8),
        (3, "Alice", "Écurie Rouge", 0),
    ]


def test_the_calendar_lists_races_by_round_with_their_circuit(django_assert_num_queries):
    season = make_season()
    oval, ring = make_circuit(oval_document()), make_circuit(wide_oval_document())
    make_race(season, 2, circuit=oval)
    make_race(season, 1, circuit=ring)

    with django_assert_num_queries(1):
        calendar = [(race.round, race.circuit.slug) for race in season_calendar(season=season)]

    assert calendar == [(1, "anneau"), (2, "ovale")]


def test_the_next_race_is_the_first_one_still_to_come():
    season, now = make_season(), timezone.now()
    make_race(season, 1, scheduled_at=now - timedelta(days=7), status=Race.Status.OFFICIAL)
    make_race(season, 3, scheduled_at=now + timedelta(days=14))
    coming = make_race(season, 2, scheduled_at=now + timedelta(days=7))

    assert next_race(season=season) == coming
    assert next_race(season=season, now=now + timedelta(days=10)).round == 3
    assert next_race(season=season, now=now + timedelta(days=30)) is None


def test_a_drivers_results_span_seasons_latest_first(django_assert_num_queries):
    old, new = make_season(year=2025), make_season(year=2026)
    alice, rouge = make_driver("Alice"), make_team("Écurie Rouge")
    first, second = make_entry(old, 1, driver=alice, team=rouge), make_entry(new, 7, driver=alice, team=rouge)
    run_race(old, 1, [first])
    run_race(new, 1, [second])
    run_race(new, 2, [second])
    run_race(new, 3, [second], status=Race.Status.SUBMITTED)  # not validated yet: not shown

    with django_assert_num_queries(1):
        rows = [
            (r.race.season.year, r.race.round, r.race.circuit.slug, r.race_entry.season_entry.team.name)
            for r in driver_results(driver=alice)
        ]

    assert rows == [
        (2026, 1, "anneau", "Écurie Rouge"),
        (2026, 2, "anneau", "Écurie Rouge"),
        (2025, 1, "anneau", "Écurie Rouge"),
    ]


def test_a_teams_results_include_every_car(season_with_cars, django_assert_num_queries):
    season, (alice, bruno, chiara) = season_with_cars
    run_race(season, 1, [alice, bruno, chiara])

    with django_assert_num_queries(1):
        rows = [
            (r.race.round, r.position, r.race_entry.season_entry.driver.name)
            for r in team_results(team=alice.team)
        ]

    assert rows == [(1, 1, "Alice"), (1, 3, "Chiara")]


def test_a_circuits_races_come_latest_first(django_assert_num_queries):
    old, new = make_season(year=2025), make_season(year=2026)
    oval = make_circuit(oval_document())
    make_race(old, 1, circuit=oval, scheduled_at=timezone.now() - timedelta(days=400))
    make_race(new, 4, circuit=oval, scheduled_at=timezone.now() - timedelta(days=10))
    make_race(new, 1, circuit=make_circuit(wide_oval_document()))

    with django_assert_num_queries(1):
        rows = [(race.season.year, race.round, race.circuit.name) for race in circuit_races(circuit=oval)]

    assert rows == [(2026, 4, "Ovale d'essai"), (2025, 1, "Ovale d'essai")]
