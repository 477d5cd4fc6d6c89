"""A1 — low wing, « Aileron en position basse » (rules/options/a01_wing_low.py).

« Variations : +1 case obligatoire en 4, 5, 6 et 7. +1 pénalité PDS pneu pour chaque case de
sortie de virage, non affecté en première, deuxième et troisième vitesse. »

A car runs it with `cars[].wing: "low"` (docs/race-log-extensions.md); decisions « A1/A2 »: with
only one of A1/A2 on, every car runs it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.advanced import Plan
from rules.formats import read_race_log
from rules.options import a01_wing_low
from rules.replay import start
from rules.replay_move import apply
from tests.rules.conftest import car, move, mv, placed, race, rules_of

S2 = tuple(f"S2-b{i}" for i in range(2, 11))  # S2-b2 .. S2-b10, a straight
# S1-b4 in 4th, through T1 (1 stop) without stopping: 8 squares to T1-b4, the 9th (S2-b1) past it
THROUGH_T1 = ("S1-b5", "S1-b6", "S1-b7", "S1-b8", "T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1")


def _low(state, car_id="7"):
    c = state.car(car_id)
    return state.with_car(c.with_(ext=c.ext.with_(wing="low")))


def _game(ovale, square, gear, options=("A7", "A1"), wear=None):
    game, state = placed(
        ovale, {"7": square}, gears={"7": gear}, options=options, wear={"7": wear} if wear else None
    )
    return game, _low(state)


def test_the_unit_adds_a_square_and_a_tyre_point_per_exit_square_from_4th():
    plan = Plan(roll=7)
    a01_wing_low.prepare(None, move("7", 4, 7), plan)
    assert (plan.add, plan.exit_extra) == (1, 1)
    plan = Plan(roll=7)
    a01_wing_low.prepare(None, move("7", 3, 7), plan)
    assert (plan.add, plan.exit_extra) == (0, 0)


@pytest.mark.parametrize(
    ("gear", "squares"),
    [pytest.param(4, 8, id="a-square-more-in-4th"), pytest.param(3, 7, id="nothing-changed-in-3rd")],
)
def test_a_low_wing_in_a_straight(ovale, gear, squares):
    game, state = _game(ovale, "S2-b1", 3)
    state, events = apply(game, state, move("7", gear, 7, *S2[:squares]))
    assert rules_of(events) == []
    assert state.car("7").square == S2[squares - 1]


def test_the_low_wing_square_is_mandatory(ovale):
    game, state = _game(ovale, "S2-b1", 3)
    _, events = apply(game, state, move("7", 4, 7, *S2[:7]))
    assert rules_of(events) == ["C7"]


def test_a_low_wing_costs_one_more_tyre_point_per_corner_exit_square_in_4th(ovale):
    # roll 8 + 1 = 9 squares: one past T1 with 0 of 1 stops; hard tyres ×1, +1: 2 tyre points
    game, state = _game(ovale, "S1-b4", 3, wear={"tyres": 6, "handling": 2})
    state, events = apply(game, state, move("7", 4, 8, *THROUGH_T1))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.wear.tyres == 4
    assert [(p.rule, p.squares, p.tyres) for p in car7.penalties] == [("C2", 1, 2)]


def test_a_low_wing_costs_no_extra_tyre_point_in_3rd(ovale):
    # 3rd, roll 8, no added square: S1-b6 .. S2-b1, one past T1, hard tyres ×1: 1 tyre point
    game, state = _game(ovale, "S1-b5", 3, wear={"tyres": 6, "handling": 2})
    state, events = apply(game, state, move("7", 3, 8, *THROUGH_T1[1:]))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.wear.tyres == 5
    assert [(p.rule, p.squares, p.tyres) for p in car7.penalties] == [("C2", 1, 1)]


def _started(ovale, options, **car_kw):
    """The log's start (D1, wings) with car 7 then put by hand on S2-b1 in 3rd, racing lap 1."""
    doc = race([car("7", 1, **car_kw)], [[mv("7", 1, 2, "S1-b1", "S1-b2")]], options=options)
    game, state, problems = start(read_race_log(doc), ovale)
    state = state.with_car(state.car("7").with_(square="S2-b1", gear=3, crossings=1))
    return game, replace(state, turn=1), problems


def test_a_low_wing_when_a1_is_off_is_a_violation_naming_a1_and_gives_no_square(ovale):
    game, state, problems = _started(ovale, ["A7"], wing="low")
    assert [(p.turn, p.car, p.rule) for p in problems] == [(0, "7", "A1")]
    state, events = apply(game, state, move("7", 4, 7, *S2[:7]))
    assert rules_of(events) == []
    assert state.car("7").square == "S2-b8"


def test_decision_with_only_a1_on_every_car_runs_the_low_wing(ovale):
    game, state, problems = _started(ovale, ["A7", "A1"])
    assert problems == [] and state.car("7").ext.wing == "low"
    state, events = apply(game, state, move("7", 4, 7, *S2[:8]))
    assert rules_of(events) == [] and state.car("7").square == "S2-b9"


def test_decision_with_a1_and_a2_on_a_car_without_a_wing_field_runs_neither(ovale):
    game, state, problems = _started(ovale, ["A7", "A1", "A2"])
    assert problems == [] and state.car("7").ext.wing is None
    state, events = apply(game, state, move("7", 4, 7, *S2[:7]))
    assert rules_of(events) == [] and state.car("7").square == "S2-b8"
