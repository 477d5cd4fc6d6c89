"""A6 — debris scatter, « Eparpillement de taches » (rules/options/a06_debris_scatter.py).

« Dans le cas de dégâts occasionnés par un jet de dé carrosserie, moteur ou blocage, le dé noir
est relancé : 1 à 9 : débris normal sous la voiture. 10 à 15 : 2 taches de débris sur la piste :
une sous la voiture et une à droite si pair, à gauche si impair. 16 à 20 : 3 taches de débris une
à droite et une à gauche. Une case occupée par une autre voiture en contact avec la voiture qui
occasionne des débris ne peut recevoir ces débris. Si les débris tombent dans le bac à sable ou
sur le vibreur… tant mieux. »

Decisions « A6 »: right = the lane to the car's right (towards c); the scatter rolls follow the
move's other tests, one per point lost on a roll or by blocking; the square beside is the nearest
one in that lane, two as near (one behind, one ahead): the one behind.
"""

from __future__ import annotations

from rules.options.a06_debris_scatter import side
from rules.replay_move import apply
from tests.rules.conftest import move, placed, rules_of

A6 = ("A7", "A6")
BEHIND = ("S2-b2", "S2-b3", "S2-b4")  # car 7 from S2-b1 to S2-b4, right behind car 3 on S2-b5


def _bump(ovale, tests, options=A6, path=BEHIND):
    """Car 7 (2nd gear) stops next to car 3 (S2-b5); car 3 rolls its collision test, then 7."""
    game, state = placed(ovale, {"7": "S2-b1", "3": "S2-b5"}, options=options)
    return apply(game, state, move("7", 2, len(path), *path, tests=tests))


HIT_3 = [("collision", "3", 1), ("collision", 15)]  # car 3 loses a body point on S2-b5


def test_a_scatter_roll_of_1_to_9_leaves_only_the_debris_under_the_car(ovale):
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 5)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5"}


def test_a_scatter_roll_of_10_to_15_adds_debris_right_if_even_left_if_odd(ovale):
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 12)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5", "S2-c5"}
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 11)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5", "S2-a5"}


def test_a_scatter_roll_of_16_to_20_adds_debris_on_both_sides(ovale):
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 17)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-a5", "S2-b5", "S2-c5"}


def test_a_square_holding_a_car_gets_no_debris(ovale):
    # car 7 stops beside car 3, on S2-a5: the odd roll's debris (left of S2-b5) cannot fall there
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 11)], path=("S2-b2", "S2-b3", "S2-b4", "S2-a5"))
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5"}


def test_decision_right_is_the_lane_towards_c_and_past_the_edge_there_is_no_square(ovale):
    assert (side(ovale, "S2-b5", 1), side(ovale, "S2-b5", -1)) == ("S2-c5", "S2-a5")
    assert side(ovale, "S2-a5", -1) is None and side(ovale, "S2-c5", 1) is None


def test_decision_of_two_squares_as_near_the_one_behind_gets_the_debris(ovale):
    # T1-b2 (level 10): T1-c2 (9.6) and T1-c3 (10.4) are as near
    assert side(ovale, "T1-b2", 1) == "T1-c2"


def test_decision_one_scatter_roll_per_damage_after_the_other_tests_in_the_order_of_the_damage(ovale):
    both = [("collision", "3", 1), ("collision", 1)]  # car 3 loses a body point, then car 7
    state, events = _bump(ovale, [*both, ("scatter", "3", 12), ("scatter", 11)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5", "S2-c5", "S2-b4", "S2-a4"}
    state, events = _bump(ovale, [*both, ("scatter", "3", 11), ("scatter", 12)])
    assert rules_of(events) == []
    assert state.dangerous == {"S2-b5", "S2-a5", "S2-b4", "S2-c4"}
    # a scatter roll before the collision rolls: they are all read out of place
    _, events = _bump(ovale, [("scatter", "3", 12), *HIT_3])
    assert rules_of(events) == ["D3", "D3", "A6", "D3", "D3"]


def test_a_body_point_lost_by_blocking_calls_for_a_scatter_roll(ovale):
    # car 7 boxed in behind a wall of cars, 7 squares short: out; car 5, in front, loses a body point
    where = {"7": "S2-b1", "5": "S2-b2", "4": "S2-a2", "6": "S2-c2"}
    game, state = placed(ovale, where, options=A6)
    _, events = apply(game, state, move("7", 4, 7, to="S2-b1", tests=[("scatter", "5", 5)]))
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 4, 7, to="S2-b1"))
    assert rules_of(events) == ["A6"]


def test_a_damage_without_its_scatter_roll_is_a_violation_naming_a6(ovale):
    _, events = _bump(ovale, HIT_3)
    assert rules_of(events) == ["A6"]


def test_a_scatter_roll_with_no_damage_is_a_violation_naming_a6(ovale):
    _, events = _bump(ovale, [("collision", "3", 9), ("collision", 15), ("scatter", "3", 12)])
    assert rules_of(events) == ["A6"]


def test_a_scatter_roll_when_a6_is_off_is_a_violation_naming_a6_and_scatters_nothing(ovale):
    state, events = _bump(ovale, [*HIT_3, ("scatter", "3", 12)], options=("A7",))
    assert rules_of(events) == ["A6"]
    assert state.dangerous == {"S2-b5"}


def test_decision_in_a_corner_the_nearest_square_of_a_lane_with_fewer_squares(ovale):
    # T1-b2 (level 10): lane a has 3 squares, T1-a1 (9.33) and T1-a2 (10.67) are as near
    assert side(ovale, "T1-b2", -1) == "T1-a1"
    assert side(ovale, "T1-b2", 1) == "T1-c2"
