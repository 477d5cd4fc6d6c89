"""/api/results/: the counted results, filtered by race, season, driver and team."""

from __future__ import annotations

import pytest

from races.models import Race
from tests.api.conftest import results_of

pytestmark = pytest.mark.django_db

URL = "/api/results/"


def test_anyone_reads_a_races_classification(league, anonymous):
    rows = results_of(anonymous.get(f"{URL}?race={league.first_race.pk}"))

    assert [
        (r["position"], r["car_number"], r["driver"]["slug"], r["status"], r["points"]) for r in rows
    ] == [
        (1, 7, "alice", "finished", 10),
        (2, 3, "bruno", "finished", 8),
        (3, 8, "chloe", "eliminated", 0),
    ]
    assert rows[2]["cause"] == "engine"
    assert rows[2]["turn"] == 10
    assert rows[0]["team"]["slug"] == "rouge"
    assert (rows[0]["season"], rows[0]["round"], rows[0]["net_points"]) == (league.season.pk, 1, 10)


def test_results_are_filtered_by_season_driver_and_team(league, anonymous):
    old = results_of(anonymous.get(f"{URL}?season={league.old_season.pk}"))
    alice = results_of(anonymous.get(f"{URL}?driver={league.alice.pk}"))
    blue = results_of(anonymous.get(f"{URL}?team={league.blue.pk}"))

    assert [(r["position"], r["driver"]["slug"]) for r in old] == [(1, "bruno"), (2, "alice")]
    assert [(r["season"], r["position"]) for r in alice] == [(league.season.pk, 1), (league.old_season.pk, 2)]
    assert [(r["season"], r["driver"]["slug"]) for r in blue] == [
        (league.season.pk, "bruno"),
        (league.old_season.pk, "alice"),
    ]


def test_results_of_a_race_still_being_judged_are_not_shown(league, anonymous):
    Race.objects.filter(pk=league.first_race.pk).update(status=Race.Status.SUBMITTED)

    assert results_of(anonymous.get(f"{URL}?race={league.first_race.pk}")) == []


def test_results_are_read_only(league, staff):
    assert staff.post(URL, {}, format="json").status_code == 405
