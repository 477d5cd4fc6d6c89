"""Corners: stops, uncontrolled exits, C3 eliminations, spins and road exits (C1–C3, C6)."""

from __future__ import annotations

from rules.corners import settle_exits
from rules.moves import CornerExit
from rules.replay import apply
from rules.state import CarStatus, Cause
from tests.rules.conftest import move, placed, rules_of


def test_a_stop_inside_a_corner_counts_for_it(ovale):
    game, state = placed(ovale, {"7": "S1-b6"})
    state, events = apply(game, state, move("7", 3, 4, "S1-b7", "S1-b8", "T1-b1", "T1-b2"))
    assert rules_of(events) == []
    assert (state.car("7").corner, state.car("7").stops) == ("T1", 1)


def test_leaving_a_corner_after_its_stops_costs_nothing(ovale):
    game, state = placed(ovale, {"7": "T1-b2"}, corner={"7": ("T1", 1)})
    state, events = apply(game, state, move("7", 3, 4, "T1-b3", "T1-b4", "S2-b1", "S2-b2"))
    assert rules_of(events) == []
    assert state.car("7").wear.tyres == 4 and state.car("7").penalties == ()


def test_an_uncontrolled_exit_costs_a_tyre_point_per_square_beyond(ovale):
    game, state = placed(ovale, {"7": "S1-b7"})
    state, events = apply(
        game, state, move("7", 3, 7, "S1-b8", "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2")
    )
    assert rules_of(events) == []
    car = state.car("7")
    assert car.wear.tyres == 2
    assert car.penalties[0].to_json() == {
        "turn": 1,
        "lap": 1,
        "rule": "C2",
        "squares": 2,
        "multiplier": 1,
        "tyres": 2,
    }


def test_soft_tyres_double_the_corner_exit_penalty(ovale):
    game, state = placed(ovale, {"7": "S1-b8"}, tyres={"7": "soft"})
    state, _ = apply(game, state, move("7", 3, 5, "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1"))
    assert state.car("7").wear.tyres == 2
    assert state.car("7").penalties[0].multiplier == 2


def test_braking_reduces_an_uncontrolled_exit(ovale):
    game, state = placed(ovale, {"7": "S1-b8"})
    state, events = apply(game, state, move("7", 3, 6, "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", brake=1))
    assert rules_of(events) == []
    assert (state.car("7").wear.tyres, state.car("7").wear.brakes) == (3, 2)


def test_it_eliminates_a_car_leaving_a_two_stop_corner_without_stopping(ovale):
    game, state = placed(ovale, {"7": "S2-b9"})
    state, events = apply(game, state, move("7", 3, 6, "S2-b10", "T2-b1", "T2-b2", "T2-b3", "T2-b4", "S3-b1"))
    car = state.car("7")
    assert car.status is CarStatus.OUT and car.cause is Cause.CORNER
    assert car.square is None  # leaves the track at once


def test_it_spins_a_car_whose_last_tyre_point_goes_in_an_exit(ovale):
    game, state = placed(ovale, {"7": "S1-b8"}, wear={"7": {"tyres": 2, "body": 5}})
    state, _ = apply(game, state, move("7", 3, 6, "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2"))
    car = state.car("7")
    assert car.wear.tyres == 0 and car.spun and car.status is CarStatus.RACING
    state, events = apply(game, state, move("7", 2, 3, "S2-b3", "S2-b4", "S2-b5"))
    assert rules_of(events) == ["G4"]


def test_it_puts_out_a_car_needing_more_tyre_points_than_it_has(ovale):
    game, state = placed(ovale, {"7": "S1-b8"}, wear={"7": {"tyres": 1, "body": 6}})
    state, _ = apply(game, state, move("7", 3, 6, "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2"))
    car = state.car("7")
    assert car.status is CarStatus.OUT and car.cause is Cause.ROAD_EXIT and car.square is None
    assert "T2" not in state.dangerous and not state.dangerous  # no sticker for a road exit


def test_it_keeps_an_uncontrolled_exit_in_its_lane(ovale):
    game, state = placed(ovale, {"7": "S1-b8"})
    _, events = apply(game, state, move("7", 3, 6, "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-a2"))
    assert rules_of(events) == ["C2"]


def test_a_corner_exit_with_no_tyres_left_is_a_spin_for_one_square():
    corner = _corner(stops=1)
    out = settle_exits((CornerExit(corner, 0, 3, 1, 1),), 0, 2, 5, 1)
    assert out.spun and out.eliminated is None


def test_a_corner_exit_with_no_tyres_left_eliminates_for_two_squares():
    corner = _corner(stops=1)
    out = settle_exits((CornerExit(corner, 0, 3, 2, 1),), 0, 1, 5, 1)
    assert out.eliminated is Cause.ROAD_EXIT


def test_a_three_stop_corner_left_with_one_stop_eliminates():
    out = settle_exits((CornerExit(_corner(stops=3), 1, 3, 1, 1),), 6, 1, 5, 1)
    assert out.eliminated is Cause.CORNER


def test_a_three_stop_corner_left_with_two_stops_costs_tyres():
    out = settle_exits((CornerExit(_corner(stops=3), 2, 3, 3, 1),), 6, 1, 5, 2)
    assert out.tyres == 3 and out.eliminated is None and out.penalties[0].lap == 2


def _corner(stops: int):
    from rules.track import Segment, SegmentKind

    return Segment("T9", 3, SegmentKind.CORNER, (3, 4, 5), stops)
