"""Paths: one square per edge, lane changes in straights, cars in the way, finding a path for `to`."""

from __future__ import annotations

from rules.moves import search, touches_corner, walk
from rules.replay import apply
from tests.rules.conftest import move, placed, rules_of


def test_a_path_must_follow_the_graph(ovale):
    w = walk(ovale, "S1-b1", ("S1-b2", "S1-b4"), {}, None, 0)
    assert w.fatal[0] == "T1"


def test_inside_a_corner_only_the_arrows_may_be_used(ovale):
    w = walk(ovale, "T1-a1", ("T1-a2", "T1-c3"), {}, "T1", 1)
    assert w.fatal[0] == "T3"


def test_it_counts_line_crossings_and_squares_past_the_line(ovale):
    w = walk(ovale, "S3-b5", ("S3-b6", "S1-b1", "S1-b2"), {}, None, 0)
    assert (w.crossings, w.after_line) == (1, 2)


def test_it_rejects_passing_through_a_car(ovale):
    game, state = placed(ovale, {"3": "S1-b3", "7": "S1-b1"})
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == ["T1"]


def test_it_rejects_a_zig_zag_in_a_straight(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    _, events = apply(game, state, move("7", 3, 4, "S1-a2", "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == ["T2"]


def test_it_allows_a_zig_zag_needed_to_pass_a_car(ovale):
    game, state = placed(ovale, {"3": "S1-b3", "7": "S1-b1"})
    _, events = apply(game, state, move("7", 3, 4, "S1-a2", "S1-a3", "S1-b4", "S1-b5"))
    assert rules_of(events) == []


def test_it_allows_a_zig_zag_around_a_dangerous_square(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, dangerous=frozenset({"S1-b3"}))
    _, events = apply(game, state, move("7", 3, 4, "S1-b2", "S1-a3", "S1-b4", "S1-b5"))
    assert rules_of(events) == []


def test_it_finds_a_path_around_cars_for_a_move_given_by_its_stop(ovale):
    game, state = placed(ovale, {"3": "S1-b3", "7": "S1-b1"})
    state, events = apply(game, state, move("7", 3, 4, to="S1-b5"))
    assert rules_of(events) == [] and state.car("7").square == "S1-b5"


def test_it_reports_a_stop_no_legal_path_reaches(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    _, events = apply(game, state, move("7", 3, 4, to="S1-b7"))
    assert rules_of(events) == ["T1"] and events[-1].fatal


def test_search_measures_how_far_a_blocked_car_can_go(ovale):
    occupied = {"S1-a4", "S1-b4", "S1-c4"}
    assert search(ovale, "S1-b1", 5, occupied, None, 0).reach == 2


def test_an_uncontrolled_exit_cannot_go_around_a_car(ovale):
    # 1 stop needed in T1, none made: the car must stay in lane b after the corner.
    assert search(ovale, "T1-b4", 4, {"S2-b2"}, None, 0).reach == 1
    assert search(ovale, "T1-b4", 4, {"S2-b2"}, "T1", 1).reach == 4  # with its stop, it may go around


def test_a_move_that_crosses_a_corner_is_a_corner_move(ovale):
    assert touches_corner(ovale, "S1-b5", "S2-b3")
    assert touches_corner(ovale, "T1-b1", "T1-b3")
    assert not touches_corner(ovale, "S1-b1", "S1-b5")
    assert not touches_corner(ovale, "S3-b1", "S1-b5")
