"""S1 slipstream: the three patterns, gears, braking, corners (rules/slipstream.py)."""

from __future__ import annotations

from rules.replay import end_turn
from rules.replay_move import apply
from rules.state import CarStatus
from tests.rules.conftest import move, placed, rules_of

MAIN = ("S2-b2", "S2-b3", "S2-b4", "S2-b5", "S2-b6", "S2-b7", "S2-b8")


def _game(ovale, gears=(4, 4)):
    return placed(ovale, {"3": "S2-b9", "7": "S2-b1"}, gears={"3": gears[0], "7": gears[1]})


def test_it_adds_three_squares_behind_a_car_in_the_same_gear(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-a10", "T2-a1", slipstream=1))
    assert rules_of(events) == []
    assert state.car("7").square == "T2-a1"


def test_entering_a_corner_by_slipstream_costs_a_brake_point_and_no_square(ovale):
    game, state = _game(ovale)
    state, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-b10", "T2-b1", slipstream=1))
    assert rules_of(events) == []
    assert state.car("7").wear.brakes == 2


def test_the_pattern_out_one_lane_and_back_is_not_a_zigzag(ovale):
    game, state = _game(ovale)
    _, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-c9", "S2-b10", "T2-b1", slipstream=1))
    assert rules_of(events) == []


def test_it_rejects_a_path_that_follows_none_of_the_patterns(ovale):
    game, state = _game(ovale)
    _, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-b10", "T2-c1", slipstream=1))
    assert rules_of(events) == ["S1"]


def test_it_rejects_a_follower_in_a_lower_gear(ovale):
    game, state = _game(ovale, gears=(5, 4))
    _, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-a10", "T2-a1", slipstream=1))
    assert rules_of(events) == ["S1"]


def test_braking_comes_after_the_slipstream(ovale):
    game, state = _game(ovale)
    _, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-a10", slipstream=1, brake=1))
    assert rules_of(events) == []


def test_it_rejects_braking_to_get_behind_a_car(ovale):
    game, state = _game(ovale)
    _, events = apply(game, state, move("7", 4, 8, *MAIN, "S2-a9", "S2-a10", "T2-a1", slipstream=1, brake=1))
    assert "S1" in rules_of(events)


def test_a_car_that_finished_in_this_turn_still_gives_a_slipstream(ovale):
    # Decisions D2: a car that crossed the line stays on the track until the game turn ends.
    game, state = _game(ovale)
    state = state.with_car(state.car("3").with_(status=CarStatus.FINISHED, finish_turn=1))
    slip = move("7", 4, 7, *MAIN, "S2-a9", "S2-a10", "T2-a1", slipstream=1)
    after, events = apply(game, state, slip)
    assert rules_of(events) == [] and after.car("7").square == "T2-a1"
    # once the turn is over it has left the track: nothing to follow
    _, events = apply(game, end_turn(game, state), slip)
    assert "S1" in rules_of(events)


def test_a_car_out_of_the_race_gives_no_slipstream(ovale):
    game, state = _game(ovale)
    state = state.with_car(state.car("3").with_(status=CarStatus.OUT, out_turn=1))
    _, events = apply(game, state, move("7", 4, 7, *MAIN, "S2-a9", "S2-a10", "T2-a1", slipstream=1))
    assert rules_of(events) == ["S1"]
