"""The drivers' table: net points, best-N, countback, one query."""

from __future__ import annotations

import pytest

from races.models import Race
from races.standings import driver_standings
from tests.factories import make_driver, make_entry, make_season, make_team, run_race

pytestmark = pytest.mark.django_db


def entries(season, *names):
    """One car per driver, two drivers a team, car numbers 1, 2, 3… in the order given."""
    made = []
    for i, name in enumerate(names):
        team = made[-1].team if i % 2 else make_team()
        made.append(make_entry(season, i + 1, driver=make_driver(name), team=team))
    return made


def table(season):
    return [(row.position, row.driver.name, row.points) for row in driver_standings(season=season)]


def test_it_ranks_drivers_by_points_with_their_team_and_car():
    season = make_season()
    alice, bruno, chiara = entries(season, "Alice", "Bruno", "Chiara")
    run_race(season, 1, [bruno, alice, chiara])

    rows = driver_standings(season=season)

    assert table(season) == [(1, "Bruno", 10), (2, "Alice", 8), (3, "Chiara", 6)]
    assert (rows[0].team, rows[0].car_number) == (bruno.team, 2)
    assert (rows[0].wins, rows[0].podiums, rows[0].races, rows[0].finishes) == (1, 1, 1, (1, 0, 0))


def test_it_subtracts_penalty_points():
    season = make_season()
    alice, bruno = entries(season, "Alice", "Bruno")
    run_race(season, 1, [alice, bruno], penalties={1: 3})

    assert table(season) == [(1, "Bruno", 8), (2, "Alice", 7)]


def test_it_breaks_a_tie_on_most_wins_then_by_name():
    season = make_season(points_table=[3, 2, 1])
    alice, bruno, chiara = entries(season, "Alice", "Bruno", "Chiara")
    run_race(season, 1, [alice, bruno, chiara])
    run_race(season, 2, [chiara, bruno, alice])

    # All on 4 points. Bruno has two 2nd places but no win; Alice and Chiara have one win and
    # one 3rd place each, so they stay tied and the name decides, with distinct positions.
    assert table(season) == [(1, "Alice", 4), (2, "Chiara", 4), (3, "Bruno", 4)]


def test_countback_goes_on_to_second_places():
    season = make_season(points_table=[4, 3, 2, 1])
    zoe, alice, paul, quentin = entries(season, "Zoé", "Alice", "Paul", "Quentin")
    run_race(season, 1, [zoe, paul, alice, quentin])
    run_race(season, 2, [alice, zoe, quentin, paul])
    run_race(season, 3, [quentin, paul, alice, zoe])

    # Zoé 4+3+1 and Alice 2+4+2 both have 8 points and one win: Zoé's 2nd place puts her ahead.
    # Quentin 1+2+4 and Paul 3+1+3 have 7: Quentin's win beats Paul's two 2nd places.
    assert table(season) == [(1, "Zoé", 8), (2, "Alice", 8), (3, "Quentin", 7), (4, "Paul", 7)]
    assert driver_standings(season=season)[0].finishes == (1, 1, 0, 1)


def test_only_the_best_n_results_count():
    season = make_season(best_results=2)
    alice, bruno, chiara = entries(season, "Alice", "Bruno", "Chiara")
    run_race(season, 1, [alice, bruno, chiara])  # 10 8 6
    run_race(season, 2, [alice, bruno, chiara])  # 10 8 6
    run_race(season, 3, [bruno, chiara], eliminated=[alice])  # 10 8 0

    rows = driver_standings(season=season)

    # Bruno scored most (26) but his best two make 18; Alice's best two make 20.
    assert [(r.driver.name, r.points, r.total_points, r.races) for r in rows] == [
        ("Alice", 20, 20, 2),
        ("Bruno", 18, 26, 2),
        ("Chiara", 14, 20, 2),
    ]


def test_an_eliminated_car_scores_nothing_but_its_place_counts_back():
    season = make_season()
    alice, bruno = entries(season, "Alice", "Bruno")
    run_race(season, 1, [bruno], eliminated=[alice])

    rows = driver_standings(season=season)

    assert [(r.driver.name, r.points, r.races, r.finishes) for r in rows] == [
        ("Bruno", 10, 1, (1, 0)),
        ("Alice", 0, 1, (0, 1)),
    ]


def test_it_lists_entered_drivers_without_results_at_zero():
    season = make_season()
    alice, bruno = entries(season, "Alice", "Bruno")
    run_race(season, 1, [bruno])

    rows = driver_standings(season=season)

    assert [(r.driver.name, r.points, r.races, r.wins) for r in rows] == [
        ("Bruno", 10, 1, 1),
        ("Alice", 0, 0, 0),
    ]


def test_results_not_yet_validated_do_not_count():
    season = make_season()
    alice, bruno = entries(season, "Alice", "Bruno")
    run_race(season, 1, [alice, bruno])
    run_race(season, 2, [bruno, alice], status=Race.Status.SUBMITTED)

    assert table(season) == [(1, "Alice", 10), (2, "Bruno", 8)]


def test_another_seasons_results_do_not_count():
    season, other = make_season(), make_season()
    alice, bruno = entries(season, "Alice", "Bruno")
    elsewhere = make_entry(other, 1, driver=alice.driver)
    run_race(season, 1, [alice, bruno])
    run_race(other, 1, [elsewhere])

    assert table(season) == [(1, "Alice", 10), (2, "Bruno", 8)]


def test_an_empty_season_has_an_empty_table():
    assert driver_standings(season=make_season()) == []
