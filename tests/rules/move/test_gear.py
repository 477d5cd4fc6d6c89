"""Steps 1 and 2 of a move (rules/move/gear.py): the gear and over-revving, then the die."""

from __future__ import annotations

from rules.journal import Journal
from rules.ledger import XpChange, XpKind, XpReason
from rules.log import XpUse
from rules.messages import Code
from rules.move.gear import driver_xp, out_before_moving, shift, spend_point, throw
from rules.replay_move import apply
from rules.state import CarStatus
from tests.rules.conftest import move, placed, rules_of


def _shift(game, state, gear, roll=4, **kw):
    out = Journal()
    after = shift(game, state, state.car("7"), move("7", gear, roll, "S1-b3", **kw), None, out)
    return after, after.car("7"), out


def test_the_usual_shift_costs_nothing_and_changes_nothing(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3})
    for gear in (2, 3, 4):
        after, car, out = _shift(game, state, gear)
        assert after is state and car is state.car("7") and not out


def test_skipping_gears_down_costs_the_over_rev_points_before_the_roll(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 5})
    after, car, out = _shift(game, state, 2)  # 2 gears skipped: gearbox and brakes
    assert rules_of(out) == [] and (car.wear.gearbox, car.wear.brakes, car.wear.engine) == (2, 2, 3)
    assert after.car("7") == car
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 6})
    after, car, out = _shift(game, state, 2)  # 3 skipped: the engine too, said
    assert (car.wear.gearbox, car.wear.brakes, car.wear.engine) == (2, 2, 2)
    assert [e.code for e in out] == [Code.PART_LOST_LOSES_POINTS]
    assert Code.LOST_OVER_REVVING.value in repr(out[0].params)


def test_skipping_up_is_a_g2_violation(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 2})
    _, _, out = _shift(game, state, 4)
    assert rules_of(out) == ["G2"]


def test_the_last_engine_point_lost_over_revving_leaves_the_car_where_it_is(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 6}, wear={"7": {"engine": 1}})
    after, car, out = _shift(game, state, 2)
    assert car.status is CarStatus.OUT and "G3" in rules_of(out)
    mv = move("7", 2, 3, "S1-b3", tests=[("engine", 5)])
    final, events = out_before_moving(after, car, mv, out)
    assert final.car("7").square == "S1-b2"  # an obstacle where it stood
    assert rules_of(events)[-1] == "D4"  # the roll nobody called for


def test_a_roll_off_the_gear_s_die_is_a_g1_violation(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3})
    out = Journal()
    throw(state, state.car("7"), move("7", 3, 3, "S1-b3"), 3, out)
    assert rules_of(out) == ["G1"] and dict(out[0].params)["low"] == 4
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3})
    _, events = apply(game, state, move("7", 3, 5, "S1-b3", "S1-b4", "S1-b5", "S1-b6", "S1-b7"))
    assert rules_of(events) == []  # on the die: nothing said
    _, events = apply(game, state, move("7", 3, 3, "S1-b3", "S1-b4", "S1-b5"))
    assert rules_of(events) == ["G1"]


def test_a_driver_s_point_changes_the_die_and_is_paid(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3})
    car = state.car("7").with_(driver_xp=15)
    state = state.with_car(car)
    mv = move("7", 3, 7, "S1-b3", xp=XpUse(driver="plus1", natural=6))
    out = Journal()
    die, after, paid = spend_point(game, state, car, mv, out)
    assert rules_of(out) == [] and die == 6  # the face that counts for the engine: the natural one
    assert paid.driver_xp == 5 and paid.driver_xp_used
    assert after.xp_changes[len(state.xp_changes) :] == (XpChange("7", XpKind.DRIVER, XpReason.DIE, -10, 1),)


def test_a_driver_s_point_is_refused_without_experience_or_twice(ovale):
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3}, options=())
    mv = move("7", 3, 7, "S1-b3", xp=XpUse(driver="plus1", natural=6))
    out = Journal()
    assert driver_xp(game, state.car("7").with_(driver_xp=15), mv, out, 1) == (6, False)
    assert rules_of(out) == ["X2"]
    game, state = placed(ovale, {"7": "S1-b2"}, gears={"7": 3})
    out = Journal()
    used = state.car("7").with_(driver_xp=15, driver_xp_used=True)
    assert driver_xp(game, used, mv, out, 1) == (6, False) and rules_of(out) == ["X2"]
