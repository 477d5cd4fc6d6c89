"""A qualifying sheet sets the race's grid and the experience the grid earns (X1), never twice."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from league.models import ExperienceEntry
from sheets.judging import race_sheet_choose
from sheets.models import RaceSheet

pytestmark = pytest.mark.django_db


def grid(race) -> dict[int, int]:
    return dict(race.entries.values_list("season_entry__car_number", "grid_slot"))


def gains(race) -> list[tuple[str, str, Decimal]]:
    rows = ExperienceEntry.objects.filter(race=race).select_related("driver", "team")
    return sorted(((r.driver or r.team).slug, r.reason, r.amount) for r in rows)


def test_a_valid_qualifying_sheet_sets_the_grid_and_its_experience(oval, example, submit):
    sheet = submit(oval.race, example("qualifying-ovale.json"), oval.alice, kind="qualifying")

    assert (sheet.status, sheet.chosen) == (RaceSheet.Status.VALID, True)
    assert sheet.verdict["grid"][0] == {"position": 1, "car": "3", "absolute": 23, "clock": "3:10"}
    assert grid(oval.race) == {3: 1, 7: 2}
    assert gains(oval.race) == [("alice", "grid2", Decimal("0.1")), ("bruno", "pole", Decimal("0.3"))]


def test_a_front_row_lockout_earns_the_team_experience(oval, example, submit):
    oval.race.entries.filter(season_entry=oval.car3).delete()
    from races.services import race_entry_create

    race_entry_create(race=oval.race, season_entry=oval.car8)  # chiara, rouge like alice
    sheet = json.loads(example("qualifying-ovale.json"))
    sheet["laps"][1]["car"] = "8"

    submit(oval.race, json.dumps(sheet).encode(), oval.alice, kind="qualifying")

    assert ("rouge", "front_row", Decimal("0.1")) in gains(oval.race)


def test_choosing_another_qualifying_version_rewrites_the_grid_without_counting_twice(oval, example, submit):
    submit(oval.race, example("qualifying-ovale.json"), oval.alice, kind="qualifying")
    other = json.loads(example("qualifying-ovale.json"))
    other["laps"][0]["throws"] = 10  # car 7 now on pole
    second = submit(oval.race, json.dumps(other).encode(), oval.bruno, kind="qualifying")
    assert (second.status, second.chosen) == (RaceSheet.Status.VALID, False)
    assert grid(oval.race) == {3: 1, 7: 2}

    race_sheet_choose(sheet=second, by=oval.steward)
    race_sheet_choose(sheet=second, by=oval.steward)

    assert grid(oval.race) == {7: 1, 3: 2}
    assert gains(oval.race) == [("alice", "pole", Decimal("0.3")), ("bruno", "grid2", Decimal("0.1"))]


def test_a_race_log_must_start_from_the_qualifying_grid(oval, example, submit):
    submit(oval.race, example("qualifying-ovale.json"), oval.alice, kind="qualifying")
    xp = gains(oval.race)

    sheet = submit(oval.race, example("race-ovale-valid.json"), oval.alice)  # car 7 from slot 1

    assert sheet.status == RaceSheet.Status.INVALID
    assert [v["message"] for v in sheet.verdict["violations"] if v["rule"] == "SITE-grid"] == [
        "car 7 starts from grid slot 2 in this race, the log says 1",
        "car 3 starts from grid slot 1 in this race, the log says 2",
    ]
    assert gains(oval.race) == xp


def test_a_qualifying_sheet_for_cars_not_in_the_race_is_invalid(oval, example, submit):
    sheet = json.loads(example("qualifying-ovale.json"))
    sheet["laps"][0]["car"] = "99"

    result = submit(oval.race, json.dumps(sheet).encode(), oval.alice, kind="qualifying")

    assert result.status == RaceSheet.Status.INVALID
    assert [v["message"] for v in result.verdict["violations"]] == [
        "car 99 is not entered in this race (entered: 3, 7)",
        "car 7 (alice) is entered in this race but missing from the log",
    ]
    assert grid(oval.race) == {7: 1, 3: 2}
