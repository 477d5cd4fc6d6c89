"""The teams' table: a team's race score is the sum of its cars' net points."""

from __future__ import annotations

import pytest

from races.standings import team_standings
from tests.factories import make_driver, make_entry, make_season, make_team, run_race

pytestmark = pytest.mark.django_db


def three_teams(season):
    rouge, bleu, verte = make_team("Écurie Rouge"), make_team("Écurie Bleue"), make_team("Écurie Verte")
    cars = [(1, rouge), (2, rouge), (3, bleu), (4, bleu), (5, verte)]
    return [make_entry(season, car, driver=make_driver(), team=team) for car, team in cars]


def rows_of(season):
    return [
        (r.position, r.team.name, r.points, r.total_points, r.races, r.wins, r.podiums)
        for r in team_standings(season=season)
    ]


def race_two_rounds(season, a, b, c, d, e):
    run_race(season, 1, [a, c, b, d, e])  # rouge 10+6, bleu 8+5, verte 4
    run_race(season, 2, [c, d, a, e], eliminated=[b])  # bleu 10+8, rouge 6+0, verte 5


def test_it_adds_up_each_teams_cars():
    season = make_season()
    race_two_rounds(season, *three_teams(season))

    assert rows_of(season) == [
        (1, "Écurie Bleue", 31, 31, 2, 1, 3),
        (2, "Écurie Rouge", 22, 22, 2, 1, 3),
        (3, "Écurie Verte", 9, 9, 2, 0, 0),
    ]
    assert [r.finishes for r in team_standings(season=season)] == [
        (1, 2, 0, 1, 0),
        (1, 0, 2, 0, 1),
        (0, 0, 0, 1, 1),
    ]


def test_best_n_takes_a_teams_best_race_scores():
    season = make_season(best_results=1)
    race_two_rounds(season, *three_teams(season))

    assert rows_of(season) == [
        (1, "Écurie Bleue", 18, 31, 1, 1, 3),
        (2, "Écurie Rouge", 16, 22, 1, 1, 3),
        (3, "Écurie Verte", 5, 9, 1, 0, 0),
    ]


def test_a_tie_goes_to_the_team_with_more_wins():
    season = make_season(points_table=[3, 2, 1])
    a, b, c, d, _e = three_teams(season)
    run_race(season, 1, [a, c, d, b])  # rouge 3+0, bleu 2+1

    # Name order would put Bleue first: countback decides for Rouge's win.
    assert [(r.team.name, r.points) for r in team_standings(season=season)][:2] == [
        ("Écurie Rouge", 3),
        ("Écurie Bleue", 3),
    ]


def test_team_rows_carry_no_driver():
    season = make_season()
    three_teams(season)

    assert {(r.driver, r.car_number, r.points) for r in team_standings(season=season)} == {(None, None, 0)}


def test_penalties_come_off_the_team_score():
    season = make_season()
    a, b, c, d, e = three_teams(season)
    run_race(season, 1, [a, c, b, d, e], penalties={1: 4})  # rouge 6+6, bleu 8+5

    assert [(r.team.name, r.points) for r in team_standings(season=season)][:2] == [
        ("Écurie Bleue", 13),
        ("Écurie Rouge", 12),
    ]
