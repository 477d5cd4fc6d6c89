"""Qualifying: absolute times and the grid (F1)."""

from __future__ import annotations

import json

import pytest

from rules import qualify
from rules.formats import LogFormatError
from tests.rules.logs import lap


def _sheet(*laps):
    return {"format": "formule-de/qualifying@1", "circuit": "ovale", "laps": list(laps)}


def test_the_example_sheet_puts_car_3_on_pole(examples_dir):
    result = qualify(json.loads((examples_dir / "qualifying-ovale.json").read_text()))
    assert result.to_json() == {
        "grid": [
            {"position": 1, "car": "3", "absolute": 23, "clock": "3:10"},
            {"position": 2, "car": "7", "absolute": 24, "clock": "4:22"},
        ]
    }


def test_equal_absolute_times_are_split_by_the_clock():
    result = qualify(_sheet(lap("1", 20, "3:50"), lap("2", 20, "3:10")))
    assert [s.car for s in result.grid] == ["2", "1"]


def test_soft_tyres_double_the_exit_squares():
    result = qualify(_sheet(lap("1", 20, "2:00", exits=2, tyres="soft")))
    assert result.grid[0].absolute == 20 + 4 + 2


def test_an_unfinished_lap_starts_last():
    result = qualify(_sheet(lap("1", 10, "1:00", completed=False), lap("2", 30, "6:00")))
    assert [(s.car, s.absolute) for s in result.grid] == [("2", 36), ("1", None)]


def test_a_completed_lap_of_no_throw_is_refused_and_an_unfinished_one_may_have_none():
    with pytest.raises(LogFormatError) as caught:
        qualify(_sheet(lap("1", 0, "0:00"), lap("2", 30, "6:00")))
    assert caught.value.where == "laps[0].throws" and caught.value.params["minimum"] == 1
    result = qualify(_sheet(lap("1", 0, "0:00", completed=False), lap("2", 30, "6:00")))
    assert [(s.car, s.absolute) for s in result.grid] == [("2", 36), ("1", None)]
