"""Step 6 of a move (rules/move/tests.py): the d20 rolls, blocking and the weather roll."""

from __future__ import annotations

import rules.dice as dice
from rules.damage import Rolls
from rules.journal import Journal
from rules.move.tests import blocking, car_in_front, roll_tests, weather
from rules.moves import walk
from rules.options.registry import TEST_RULES
from rules.state import Cause
from tests.rules.conftest import move, placed, rules_of


def _tests(game, state, mv, die, blocked=0):
    car = state.car(mv.car)
    w = walk(game.track, car.square, mv.path, {}, car.corner, car.stops, state.dangerous)
    out = Journal()
    return roll_tests(
        game,
        state,
        mv,
        None,
        die,
        car,
        w,
        game.terms(car.tyres, False, 1, mv.gear, False)[0],
        blocked,
        None,
        out,
    ), out


def test_a_move_that_calls_for_no_roll_checks_nothing(ovale):
    game, state = placed(ovale, {"7": "S1-b6"})
    after, out = _tests(game, state, move("7", 3, 4, "S1-b7"), 4)
    assert after is state and not out


def test_a_dangerous_square_calls_for_its_handling_roll(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, dangerous=frozenset({"S1-b3"}))
    _, out = _tests(game, state, move("7", 3, 4, "S1-b3"), 4)
    assert rules_of(out) == ["D5"]
    _, out = _tests(game, state, move("7", 3, 4, "S1-b3", tests=[("handling", 12)]), 4)
    assert rules_of(out) == []


def test_a_roll_nothing_called_for_is_refused(ovale):
    game, state = placed(ovale, {"7": "S1-b6"})
    _, out = _tests(game, state, move("7", 3, 4, "S1-b7", tests=[("engine", 12)]), 4)
    assert rules_of(out) == ["D4"]


def test_blocking_is_paid_from_the_table_or_puts_the_car_out(ovale):
    where = {"1": "S1-a5", "2": "S1-b5", "3": "S1-c5", "7": "S1-b4"}
    game, state = placed(ovale, where)
    out = Journal()
    paid = blocking(game, state, "7", 3, 1, 1, out)
    car = paid.car("7")
    assert car.wear.brakes == 0 and car.penalties[-1].squares == 3 and len(out) == 1
    game, state = placed(ovale, where, wear={"7": {"brakes": 1}})
    out = Journal()
    after = blocking(game, state, "7", 3, 1, 1, out)
    assert after.car("7").cause is Cause.BLOCKING and after.car("2").wear.body == 2
    assert car_in_front(game, state, "S1-b4") == "2"
    assert car_in_front(game, state, "S1-b1") is None


def test_a_push_under_variable_weather_calls_for_one_weather_roll(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, weather=6)
    assert state.weather.evolves
    out = Journal()
    assert weather(game, state, "7", Rolls((), "7", 1, out, TEST_RULES), out) is state
    assert rules_of(out) == ["W1"]
    mv = move("7", 5, 20, tests=[("weather", 2), ("weather", 3)])
    out = Journal()
    rolls = Rolls(mv.tests, "7", 1, out, TEST_RULES)
    after = weather(game, state, "7", rolls, out)
    assert after.weather.is_rain and rules_of(out) == ["W1"]  # one roll only: the second refused
    assert rolls.take(dice.TestKind.WEATHER) == ()
