"""Damage: collision, engine and handling tests, dangerous squares, blocking (C5, D2–D5)."""

from __future__ import annotations

from rules.replay import apply
from rules.state import CarStatus, Cause
from rules.track import load_circuit
from rules.verdict import Violation
from tests.rules.conftest import move, placed, rules_of


def test_it_requires_a_collision_test_from_each_car_touched_and_the_mover_last(ovale):
    game, state = placed(ovale, {"3": "S1-a5", "7": "S1-b2"})
    _, events = apply(game, state, move("7", 3, 4, "S1-b3", "S1-b4", "S1-b5", "S1-b6"))
    assert rules_of(events) == []  # ending in front of a car is no risk
    _, events = apply(game, state, move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == ["D3", "D3"]  # side by side: both should have rolled
    _, events = apply(
        game,
        state,
        move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=[("collision", "3", 12), ("collision", 15)]),
    )
    assert rules_of(events) == []


def test_it_rejects_the_mover_rolling_before_the_car_it_touched(ovale):
    game, state = placed(ovale, {"3": "S1-a5", "7": "S1-b2"})
    _, events = apply(
        game,
        state,
        move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=[("collision", 15), ("collision", "3", 12)]),
    )
    assert rules_of(events) == ["D3"]


def test_a_collision_roll_of_1_costs_a_body_point_and_marks_the_square(ovale):
    game, state = placed(ovale, {"3": "S1-a5", "7": "S1-b2"})
    state, _ = apply(
        game,
        state,
        move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=[("collision", "3", 1), ("collision", 2)]),
    )
    assert state.car("3").wear.body == 2 and state.car("7").wear.body == 3
    assert "S1-a5" in state.dangerous


def test_a_rain_collision_costs_on_a_2(ovale):
    game, state = placed(ovale, {"3": "S1-a5", "7": "S1-b2"}, weather=2)
    state, _ = apply(
        game,
        state,
        move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=[("collision", "3", 3), ("collision", 2)]),
    )
    assert state.car("7").wear.body == 2 and state.car("3").wear.body == 3


def test_a_car_eliminated_in_a_collision_costs_the_mover_a_body_point_without_a_roll(ovale):
    game, state = placed(ovale, {"3": "S1-a5", "7": "S1-b2"}, wear={"3": {"body": 1, "handling": 6}})
    state, events = apply(
        game, state, move("7", 2, 3, "S1-b3", "S1-b4", "S1-b5", tests=[("collision", "3", 1)])
    )
    assert rules_of(events) == []
    assert state.car("3").status is CarStatus.OUT and state.car("3").cause is Cause.BODY
    assert state.car("3").square == "S1-a5"  # an obstacle until its next turn
    assert state.car("7").wear.body == 2


def test_a_20_in_fifth_calls_engine_tests_for_every_car_in_fifth_or_sixth(ovale_doc):
    ovale_doc["segments"][2]["straight"] = 30  # a long back straight
    track = load_circuit(ovale_doc)
    where = {"3": "S2-a25", "5": "S2-c1", "6": "S1-a1", "7": "S2-b1"}
    game, state = placed(track, where, gears={"3": 5, "5": 4, "6": 6, "7": 4})
    path = [f"S2-b{i}" for i in range(2, 22)]
    _, events = apply(game, state, move("7", 5, 20, *path))
    assert sorted((v.car, v.rule) for v in events if isinstance(v, Violation)) == [
        ("3", "D4"),
        ("6", "D4"),
        ("7", "D4"),
    ]
    tests = [("engine", "3", 2), ("engine", 10), ("engine", "6", 5)]
    state, events = apply(game, state, move("7", 5, 20, *path, tests=tests))
    assert rules_of(events) == []
    assert state.car("3").wear.engine == 2 and "S2-a25" in state.dangerous
    assert state.car("6").wear.engine == 3 and state.car("7").wear.engine == 3


def test_a_20_in_fifth_under_variable_weather_calls_a_weather_roll(ovale_doc):
    ovale_doc["segments"][2]["straight"] = 30
    track = load_circuit(ovale_doc)
    game, state = placed(track, {"7": "S2-b1"}, gears={"7": 4}, weather=6)
    path = [f"S2-b{i}" for i in range(2, 22)]
    _, events = apply(game, state, move("7", 5, 20, *path, tests=[("engine", 10)]))
    assert rules_of(events) == ["W1"]
    state, events = apply(game, state, move("7", 5, 20, *path, tests=[("engine", 10), ("weather", 2)]))
    assert rules_of(events) == [] and state.weather.is_rain and not state.weather.fixed


def test_it_rejects_an_engine_test_nobody_called_for(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    _, events = apply(
        game, state, move("7", 3, 5, "S1-b2", "S1-b3", "S1-b4", "S1-b5", "S1-b6", tests=[("engine", 3)])
    )
    assert rules_of(events) == ["D4"]


def test_a_dangerous_square_on_the_path_calls_a_handling_test(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, dangerous=frozenset({"S1-b3"}))
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == ["D5"]
    state, events = apply(
        game,
        state,
        move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5", tests=[("handling", "7", "S1-b3", 4)]),
    )
    assert rules_of(events) == [] and state.car("7").wear.handling == 3


def test_option_a17_spares_first_gear_the_handling_test(ovale):
    game, state = placed(
        ovale, {"7": "S1-b1"}, options=("A7", "A17"), dangerous=frozenset({"S1-b2"}), gears={"7": 1}
    )
    _, events = apply(game, state, move("7", 1, 1, "S1-b2"))
    assert rules_of(events) == []


def test_a_blocked_car_pays_the_blocking_table(ovale):
    game, state = placed(ovale, {"1": "S1-a5", "2": "S1-b5", "3": "S1-c5", "7": "S1-b2"}, gears={"7": 3})
    state, events = apply(game, state, move("7", 3, 5, "S1-b3", "S1-b4"))
    assert "C5" not in rules_of(events)
    car = state.car("7")
    assert car.wear.brakes == 0 and car.penalties[-1].rule == "C5" and car.penalties[-1].squares == 3


def test_a_car_boxed_in_stays_put_and_pays_for_its_whole_total(ovale):
    game, state = placed(ovale, {"1": "S1-a3", "2": "S1-b3", "3": "S1-c3", "7": "S1-b2"}, gears={"7": 2})
    rolls = [("collision", c, 15) for c in "123"] + [("collision", 16)] * 3  # it touches all three
    state, events = apply(game, state, move("7", 2, 2, to="S1-b2", tests=rolls))
    assert rules_of(events) == []
    car = state.car("7")
    assert car.square == "S1-b2" and car.gear == 2 and car.wear.brakes == 1
    assert car.penalties[-1].rule == "C5" and car.penalties[-1].squares == 2


def test_a_car_blocked_with_too_few_brakes_is_eliminated_and_hits_the_car_in_front(ovale):
    game, state = placed(
        ovale, {"1": "S1-a5", "2": "S1-b5", "3": "S1-c5", "7": "S1-b2"}, wear={"7": {"brakes": 1, "body": 5}}
    )
    state, _ = apply(game, state, move("7", 3, 5, "S1-b3", "S1-b4"))
    assert state.car("7").cause is Cause.BLOCKING and state.car("7").square == "S1-b4"
    assert state.car("2").wear.body == 2


def test_it_rejects_stopping_short_when_nothing_blocks(ovale):
    game, state = placed(ovale, {"7": "S1-b2"})
    _, events = apply(game, state, move("7", 3, 5, "S1-b3", "S1-b4"))
    assert rules_of(events) == ["C7"]
