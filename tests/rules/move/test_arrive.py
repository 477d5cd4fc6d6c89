"""Step 5 of a move (rules/move/arrive.py): the car on its stop, the line, the corner exits."""

from __future__ import annotations

from rules.journal import Journal
from rules.move.arrive import arrive
from rules.moves import walk
from rules.state import CarStatus
from tests.rules.conftest import move, placed


def _arrive(game, state, mv, effect_of=None):
    car = state.car(mv.car)
    occupied = {k: v for k, v in state.occupied().items() if v != car.id}
    w = walk(game.track, car.square, mv.path, occupied, car.corner, car.stops, state.dangerous)
    effect = game.terms(car.tyres, False, 1, mv.gear, False)[0]
    out = Journal()
    after, x, crash = arrive(game, state, car, mv, None, mv.path, w, effect, None, out)
    return after, x, crash, out


def test_the_car_stands_on_its_stop_in_its_gear_with_its_brakes_paid(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 2})
    after, x, crash, out = _arrive(game, state, move("7", 3, 5, "S1-b3", "S1-b4", "S1-b5", "S1-b6", brake=1))
    car = after.car("7")
    assert (car.square, car.gear, car.wear.brakes, car.spun) == ("S1-b6", 3, 2, False)
    assert x is None and crash is None and not out
    assert "7" in after.played


def test_an_uncontrolled_corner_exit_costs_tyres_in_the_same_state(ovale):
    game, state = placed(ovale, {"7": "S1-b7"})
    mv = move("7", 3, 7, "S1-b8", "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2")
    after, _, _, out = _arrive(game, state, mv)
    car = after.car("7")
    assert car.wear.tyres == 2 and car.penalties[0].rule == "C2" and len(out) == 1


def test_crossing_the_line_of_the_last_lap_finishes_the_race(ovale):
    game, state = placed(ovale, {"7": "S3-b5"})
    car = state.car("7").with_(crossings=game.laps)
    state = state.with_car(car)
    after, _, _, out = _arrive(game, state, move("7", 3, 3, "S3-b6", "S1-b1", "S1-b2"))
    done = after.car("7")
    assert done.status is CarStatus.FINISHED and done.crossings == game.laps + 1 and len(out) == 1
