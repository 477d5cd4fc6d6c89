"""Step 0 of a move (rules/move/plan.py): which moves need a `Plan`."""

from __future__ import annotations

from rules.move.plan import needs_plan
from tests.rules.conftest import move, placed


def test_a_plain_move_of_a_plain_car_needs_no_plan(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    assert not needs_plan(game, state.car("7"), move("7", 3, 4, "S1-b3", "S1-b4"))


def test_a_gear_beyond_the_gearbox_an_option_key_or_the_pit_lane_needs_one(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    car = state.car("7")
    assert needs_plan(game, car, move("7", 7, 40, "S1-b3"))
    assert needs_plan(game, car, move("7", 0, 4, "S1-b3"))
    assert needs_plan(game, car, move("7", 3, 4, "S1-b3", option={"top": 1}))
    assert needs_plan(game, car, move("7", 3, 4, to="PIT-1"))
    assert needs_plan(game, car.with_(gear=7), move("7", 6, 25, "S1-b3"))
    assert needs_plan(game, car.with_(ext=car.ext.with_(in_stand=True)), move("7", 3, 4, "S1-b3"))


def test_an_option_in_force_asks_for_one_only_when_the_car_s_state_is_its_own(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, options=("A7", "A1"))
    car = state.car("7")
    assert car.ext.wing == "low"  # A1 alone: the low wing
    assert needs_plan(game, car, move("7", 4, 8, "S1-b3"))  # it adds a square from 4th
    assert not needs_plan(game, car, move("7", 3, 4, "S1-b3"))
    bare, _ = placed(ovale, {"7": "S1-b2"})
    assert not needs_plan(bare, car, move("7", 4, 8, "S1-b3"))  # A1 off: no one asks
