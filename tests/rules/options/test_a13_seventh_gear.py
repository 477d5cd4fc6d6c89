"""A13 — 7th gear (« Septième »).

« Cette dernière se joue en lançant en même temps le dé de 5ème et de 6ème. Après chaque lancé
en 7ème, un test moteur sera obligatoire. De plus, si le résultat du dé de 5ème est 20, un
nouveau test moteur sera obligatoire. Il en va de même sur un 30 avec le dé de 6ème. Dans le cas
d'un 20 […] couplé avec un 30 […], l'ensemble des voitures en 5ème, 6ème et 7ème devront
effectuer un test moteur. » Over-revving 4 gears (7ème en 2ème): 1 gearbox, 1 brakes, 1 engine,
« + 1 au choix du pilote ».

Unit under test: `rules.options.a13_seventh_gear` (`prepare`: the two dice and the engine tests;
`over_rev`: 7 → 2), played through `rules.replay_move.apply` on an oval with a long straight.
"""

from __future__ import annotations

import pytest

from rules.extras import CarExtras
from rules.formats import XpUse
from rules.replay_move import apply
from rules.verdict import Violation
from tests.rules.conftest import move, placed, row, rules_of

A13 = ("A7", "A13")


def test_seventh_gear_moves_the_sum_of_the_5th_and_6th_dice(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    state, events = apply(game, state, move("7", 7, (15, 25), *row(2, 41), tests=[("engine", 10)]))
    assert rules_of(events) == []
    assert (state.car("7").square, state.car("7").gear) == ("S2-b41", 7)


def test_every_throw_in_seventh_calls_for_an_engine_test(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    _, events = apply(game, state, move("7", 7, (15, 25), *row(2, 41)))
    assert rules_of(events) == ["D4"]
    state, events = apply(game, state, move("7", 7, (15, 25), *row(2, 41), tests=[("engine", 4)]))
    assert rules_of(events) == [] and state.car("7").wear.engine == 2  # 1–4 dry loses a point


def test_a13_a_20_on_the_5th_die_adds_a_second_engine_test_for_the_mover_only(long_oval):
    # Decision A13: « the mover tests once per 7th-gear throw, twice with a 20 (5th die) »; the
    # other cars test only when both dice show their top face. Car 3 in 5th does not test.
    where = {"7": "S2-b1", "3": "S2-a55"}
    game, state = placed(long_oval, where, gears={"7": 6, "3": 5}, options=A13)
    _, events = apply(game, state, move("7", 7, (20, 25), *row(2, 46), tests=[("engine", 10)]))
    assert rules_of(events) == ["D4"]
    _, events = apply(
        game, state, move("7", 7, (20, 25), *row(2, 46), tests=[("engine", 10), ("engine", 12)])
    )
    assert rules_of(events) == []


def test_a13_a_20_and_a_30_make_every_car_in_fifth_to_seventh_test(long_oval):
    # Decision A13: « both at once: the other cars in 5th–7th test too ». Car 3 (5th) must test;
    # car 5 (4th) must not.
    where = {"7": "S2-b1", "3": "S2-a55", "5": "S2-c58"}
    game, state = placed(long_oval, where, gears={"7": 6, "3": 5, "5": 4}, options=A13)
    _, events = apply(
        game, state, move("7", 7, (20, 30), *row(2, 51), tests=[("engine", 10), ("engine", 12)])
    )
    assert [(v.car, v.rule) for v in events if isinstance(v, Violation)] == [("3", "D4")]
    tests = [("engine", 10), ("engine", 12), ("engine", "3", 2)]
    state, events = apply(game, state, move("7", 7, (20, 30), *row(2, 51), tests=tests))
    assert rules_of(events) == []
    assert state.car("3").wear.engine == 2 and state.car("7").wear.engine == 3


def test_a13_a_20_in_seventh_under_variable_weather_calls_for_a_weather_roll(long_oval):
    # Decision A13: « A 20 or 30 in 7th calls for the weather roll ».
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13, weather=6)
    tests = [("engine", 10), ("engine", 12)]
    _, events = apply(game, state, move("7", 7, (20, 25), *row(2, 46), tests=tests))
    assert rules_of(events) == ["W1"]
    state, events = apply(game, state, move("7", 7, (20, 25), *row(2, 46), tests=[*tests, ("weather", 2)]))
    assert rules_of(events) == [] and state.weather.is_rain


def test_a13_a_super_top_in_seventh_calls_for_no_push(long_oval):
    # Decision A13: « A Super Top in 7th calls for no push »: one engine test for the mover,
    # none for car 3 in 5th, no weather roll under variable weather (45: one number cannot say
    # whether a die would have shown 20 or 30).
    where = {"7": "S2-b1", "3": "S2-a55"}
    game, state = placed(long_oval, where, gears={"7": 6, "3": 5}, options=("A7", "A13", "A16"), weather=6)
    state, events = apply(
        game, state, move("7", 7, 45, *row(2, 46), option={"supertop": True}, tests=[("engine", 10)])
    )
    assert rules_of(events) == []
    assert state.car("7").square == "S2-b46"


@pytest.mark.parametrize(
    ("choice", "left"),
    [("brakes", (2, 1, 2)), ("gearbox", (1, 2, 2)), ("engine", (2, 2, 1))],
)
def test_seven_to_two_costs_a_fourth_point_of_the_drivers_choice(long_oval, choice, left):
    # A13 table: 4 gears skipped: gearbox 1, brakes 1, engine 1, + 1 of the driver's choice.
    game, state = placed(long_oval, {"7": "S2-b10"}, gears={"7": 7}, options=A13)
    state, events = apply(game, state, move("7", 2, 3, *row(11, 13), option={"overrev": choice}))
    assert rules_of(events) == []
    wear = state.car("7").wear
    assert (wear.gearbox, wear.brakes, wear.engine) == left
    assert state.dangerous == {"S2-b10"}  # an engine point lost over-revving (D5)


def test_seven_to_one_skips_too_many_gears(long_oval):
    game, state = placed(long_oval, {"7": "S2-b10"}, gears={"7": 7}, options=A13)
    _, events = apply(game, state, move("7", 1, 2, *row(11, 12)))
    assert rules_of(events) == ["G2"]


def test_a_die_off_its_faces_in_seventh_breaks_g1(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    _, events = apply(game, state, move("7", 7, (10, 25), *row(2, 36), tests=[("engine", 10)]))
    assert rules_of(events) == ["G1"]


def test_seventh_gear_without_a13_breaks_a13(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6})
    _, events = apply(game, state, move("7", 7, (15, 25), *row(2, 41), tests=[("engine", 10)]))
    assert rules_of(events) == ["A13", "G1"]  # and there is no gear 7 (1–6)


def test_x2_driver_experience_on_a_seventh_gear_throw_is_refused(long_oval):
    # Decision « X2 on a 7th-gear throw (A13) »: an X2 violation, no point spent, the dice count
    # as thrown (15 + 25 = 40 squares).
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    state = state.with_car(state.car("7").with_(driver_xp=10))
    xp = XpUse(driver="plus1", natural=15)
    state, events = apply(game, state, move("7", 7, (15, 25), *row(2, 41), tests=[("engine", 10)], xp=xp))
    assert rules_of(events) == ["X2"]
    assert (state.car("7").driver_xp, state.car("7").driver_xp_used) == (10, False)


def test_a13_a_throw_off_every_die_is_refused_without_hanging_the_replay(long_oval):
    # Decision « X2 on a 7th-gear throw (A13) »: « Replay bounds its path searches at 128
    # squares […]: a roll off every die is a G1 violation already and must not hang the replay ».
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    _, events = apply(game, state, move("7", 7, (2000, 3000), to="S2-b41", tests=[("engine", 10)]))
    assert rules_of(events) == ["G1", "G1", "T1"]  # no path of 5000 squares: the replay stops
    assert events[-1].fatal


def test_seven_to_two_without_the_drivers_choice_breaks_a13_even_for_a_plain_car(long_oval):
    # the over-rev check runs for a car with no advanced state as well (it once did not)
    game, state = placed(long_oval, {"7": "S2-b10"}, gears={"7": 7}, options=A13)
    assert state.car("7").ext == CarExtras()
    _, events = apply(game, state, move("7", 2, 3, *row(11, 13)))
    assert rules_of(events) == ["A13"]


def test_seventh_gear_with_one_die_breaks_a13(long_oval):
    game, state = placed(long_oval, {"7": "S2-b1"}, gears={"7": 6}, options=A13)
    _, events = apply(game, state, move("7", 7, 40, *row(2, 41)))
    assert rules_of(events) == ["A13"]  # not G1 "no gear 7": A13 is on
