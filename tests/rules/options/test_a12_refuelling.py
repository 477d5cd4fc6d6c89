"""A12 — refuelling (« Ravitaillement »).

« Ravitaillement d'essence pendant la course. 1 TOUR : 1/3 rés. +3 pds pneu, 2/3 rés. +2 pds
pneu, 3/3 rés. normal ; 2 TOUR : 1/3 rés. +2 pds pneu […] ; 3 TOUR : 1/3 rés. normal. En cas de
pluie, les variations sont réduites de 1. »

Unit under test: `rules.options.a12_refuelling` (`bonus`, `start` on the grid, `refuel` in a
stop, `crossed` at the line), with the tank on the car (`cars[].fuel`) and `pit: {"fuel": n}`.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.formats import read_race_log
from rules.options.a12_refuelling import bonus
from rules.replay import start
from rules.replay_move import apply
from tests.rules.conftest import car, move, placed, race, rules_of

A12 = ("A7", "A12")
TO_STAND = ("S3-c2", "PIT-1", "PIT-2", "PIT-3")  # from S3-b1; PIT-3 is before the line


@pytest.mark.parametrize(
    ("lap", "thirds", "points"),
    [(1, 1, 3), (1, 2, 2), (1, 3, 0), (2, 1, 2), (2, 2, 0), (3, 1, 0)],
)
def test_a_light_tank_gives_tyre_points_by_lap_and_load(lap, thirds, points):
    assert bonus(lap, thirds, rain=False) == points


@pytest.mark.parametrize(("lap", "thirds", "points"), [(1, 1, 2), (1, 2, 1), (2, 1, 1), (1, 3, 0)])
def test_rain_takes_one_tyre_point_off_the_bonus(lap, thirds, points):
    assert bonus(lap, thirds, rain=True) == points


def _grid(ovale, options, weather=14, **kw):
    log = read_race_log(race([car("7", 1, **kw)], [], options=list(options), weather=weather))
    _, state, problems = start(log, ovale)
    return state.car("7"), problems


def test_a_light_tank_on_the_grid_adds_its_lap_1_tyre_points(ovale):
    one_third, problems = _grid(ovale, A12, fuel=1)
    assert problems == [] and one_third.wear.tyres == 4 + 3
    assert _grid(ovale, A12, fuel=2)[0].wear.tyres == 4 + 2
    assert _grid(ovale, A12, weather=2, fuel=1)[0].wear.tyres == 4 + 2  # rain: one less
    assert _grid(ovale, A12)[0].wear.tyres == 4  # no fuel given: a full tank, no bonus


def test_a_fuel_load_without_a12_breaks_a12(ovale):
    built, problems = _grid(ovale, ("A7",), fuel=1)
    assert [(v.turn, v.car, v.rule) for v in problems] == [(0, "7", "A12")]
    assert built.wear.tyres == 4


def test_a12_a_tank_taken_before_the_line_is_for_the_next_lap(ovale):
    # Decision A12: « the bonus is for the lap the tank is taken in »; the stand PIT-3 lies
    # before the line, so a tank taken there in lap 1 is lap 2's: 1/3 in lap 2 gives +2.
    game, state = placed(ovale, {"7": "S3-b1"}, options=A12)
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    state, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "tyres", "fuel": 1}, tests=[("pit", 15)])
    )
    assert rules_of(events) == []
    after = state.car("7")
    assert after.wear.tyres == 4 + 2
    assert (after.ext.fuel, after.ext.fuel_from) == (1, 2)


def test_refuelling_in_a_stop_without_a12_breaks_a12(ovale):
    game, state = placed(ovale, {"7": "S3-b1"}, options=("A7",))
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    state, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "tyres", "fuel": 1}, tests=[("pit", 15)])
    )
    assert rules_of(events) == ["A12"]
    assert state.car("7").wear.tyres == 4  # no light-tank bonus either


def _at_the_line(ovale, fuel):
    game, state = placed(ovale, {"7": "S3-b4"}, options=A12)
    game = replace(game, laps=3)
    c = state.car("7")
    state = state.with_car(c.with_(ext=c.ext.with_(fuel=fuel, fuel_from=1)))
    # S3-b4 -> the line -> S1-b2: the car starts lap 2
    return apply(game, state, move("7", 3, 4, "S3-b5", "S3-b6", "S1-b1", "S1-b2"))


def test_a12_a_tank_of_k_thirds_lasts_k_laps(ovale):
    # Decision A12: « a tank of k thirds lasts k laps »: 2/3 taken for lap 1 covers lap 2.
    state, events = _at_the_line(ovale, fuel=2)
    assert rules_of(events) == []
    assert state.car("7").crossings == 2


def test_a12_starting_a_lap_the_tank_does_not_cover_breaks_a12(ovale):
    # Decision A12: « Starting a lap the tank does not cover is an A12 violation ».
    _, events = _at_the_line(ovale, fuel=1)
    assert rules_of(events) == ["A12"]


def test_a12_no_fuel_given_is_a_full_tank_for_the_race(ovale):
    # Decision A12: « no `fuel` = a full tank for the race »: the car starts lap 2 freely.
    game, state = placed(ovale, {"7": "S3-b4"}, options=A12)
    game = replace(game, laps=3)
    _, events = apply(game, state, move("7", 3, 4, "S3-b5", "S3-b6", "S1-b1", "S1-b2"))
    assert rules_of(events) == []
