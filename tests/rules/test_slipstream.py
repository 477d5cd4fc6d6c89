"""S1 slipstream: the three patterns, gears, braking, corners (rules/slipstream.py)."""

from __future__ import annotations

from rules.replay_move import apply
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
