"""A2 — high wing, « Aileron en position haute » (rules/options/a02_wing_high.py).

« Peut choisir de se déplacer d'une case en moins dans les virages. […] dans les lignes droites,
le déplacement maximal de la voiture est de 11 cases en quatrième vitesse, de 18 cases en
cinquième vitesse et de 26 cases en sixième vitesse, 44 cases en septième vitesse. Cependant, si
le pilote lance un 20 ou un 30, il doit quand même tester son moteur. »

The square less is `option: {"highwing": true}` on a move; decisions « A1/A2 »: with only one of
A1/A2 on, every car runs it; the caps apply to the die in a straight move (the engine test
still follows the die).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.advanced import Plan
from rules.formats import read_race_log
from rules.options import a02_wing_high
from rules.replay import start
from rules.replay_move import apply
from tests.rules.conftest import car, move, mv, placed, race, rules_of

HIGH = {"highwing": True}
INTO_T1 = ("S1-b6", "S1-b7", "S1-b8", "T1-b1", "T1-b2")  # from S1-b5: 5 squares, into T1
# S3-b1 -> the line -> S1-b8: one straight move of 13 squares (S3 and S1 meet at the line)
LONG = tuple(f"S3-b{i}" for i in range(2, 7)) + tuple(f"S1-b{i}" for i in range(1, 9))
INTO_T1_C = tuple(f"S1-c{i}" for i in range(2, 9)) + tuple(f"T1-c{i}" for i in range(1, 6))  # 12


def _game(ovale, square, gear, options=("A7", "A2"), wing="high", **kw):
    game, state = placed(ovale, {"7": square}, gears={"7": gear}, options=options, **kw)
    c = state.car("7")
    return replace(game, laps=3), state.with_car(c.with_(ext=c.ext.with_(wing=wing)))


@pytest.mark.parametrize(
    ("start", "gear", "roll", "path", "option", "square"),
    [
        pytest.param("S1-b5", 3, 5, INTO_T1[:4], HIGH, "T1-b1", id="one-square-less-in-a-corner"),
        pytest.param(
            "S1-b5", 3, 5, INTO_T1, None, "T1-b2", id="the-square-less-a-choice-the-full-roll-legal"
        ),
        # decision: the cap is for straight moves, a corner move uses the whole die
        pytest.param(
            "S1-c1", 4, 12, INTO_T1_C, None, "T1-c5", id="decision-a-corner-move-uses-the-whole-die"
        ),
    ],
)
def test_a_high_wing_s_legal_moves(ovale, start, gear, roll, path, option, square):
    game, state = _game(ovale, start, 3)
    state, events = apply(game, state, move("7", gear, roll, *path, option=option))
    assert rules_of(events) == []
    assert state.car("7").square == square


def test_a_square_taken_off_must_not_be_moved_anyway(ovale):
    game, state = _game(ovale, "S1-b5", 3)
    _, events = apply(game, state, move("7", 3, 5, *INTO_T1, option=HIGH))
    assert rules_of(events) == ["C7"]


def test_in_a_straight_a_high_wing_moves_at_most_11_squares_in_4th(ovale):
    game, state = _game(ovale, "S3-b1", 4)
    after, events = apply(game, state, move("7", 4, 12, *LONG[:11]))
    assert rules_of(events) == []
    assert after.car("7").square == "S1-b6"
    _, events = apply(game, state, move("7", 4, 12, *LONG[:12]))
    assert rules_of(events) == ["C7"]


def test_the_unit_caps_the_die_at_18_in_5th_26_in_6th_and_44_in_7th():
    for gear, roll, squares in ((4, 12, -1), (5, 20, -2), (6, 30, -4), (7, 50, -6), (5, 18, 0), (3, 8, 0)):
        plan = Plan(roll=roll)
        a02_wing_high.prepare(move("7", gear, roll), plan)
        assert plan.squares(in_corner=False) == squares, (gear, roll)


def test_decision_a_20_in_5th_capped_in_a_straight_still_calls_for_the_engine_test(ovale):
    # 20 capped to 18, braked 5: 13 squares; the 20 still makes car 7 test its engine
    game, state = _game(ovale, "S3-b1", 4, wear={"7": {"brakes": 5, "handling": 2}})
    after, events = apply(game, state, move("7", 5, 20, *LONG, brake=5, tests=[("engine", 15)]))
    assert rules_of(events) == []
    assert after.car("7").wear.brakes == 0
    _, events = apply(game, state, move("7", 5, 20, *LONG, brake=5))
    assert rules_of(events) == ["D4"]


def test_taking_a_square_off_when_a2_is_off_is_a_violation_naming_a2(ovale):
    game, state = _game(ovale, "S1-b5", 3, options=("A7",), wing=None)
    _, events = apply(game, state, move("7", 3, 5, *INTO_T1[:4], option=HIGH))
    assert rules_of(events) == ["A2", "A2", "C7"]


def test_taking_a_square_off_with_a_low_wing_is_a_violation_naming_a2(ovale):
    game, state = _game(ovale, "S1-b5", 3, options=("A7", "A1", "A2"), wing="low")
    _, events = apply(game, state, move("7", 3, 5, *INTO_T1[:4], option=HIGH))
    assert rules_of(events) == ["A2", "C7"]


def test_a_high_wing_when_a2_is_off_is_a_violation_naming_a2(ovale):
    doc = race([car("7", 1, wing="high")], [[mv("7", 1, 2, "S1-b1", "S1-b2")]], options=["A7", "A1"])
    _, state, problems = start(read_race_log(doc), ovale)
    assert [(p.turn, p.car, p.rule) for p in problems] == [(0, "7", "A2")]
    assert state.car("7").ext.wing is None


def test_decision_with_only_a2_on_every_car_runs_the_high_wing(ovale):
    doc = race([car("7", 1)], [[mv("7", 1, 2, "S1-b1", "S1-b2")]], options=["A7", "A2"])
    game, state, problems = start(read_race_log(doc), ovale)
    assert problems == [] and state.car("7").ext.wing == "high"
    state = replace(state.with_car(state.car("7").with_(square="S1-b5", gear=3, crossings=1)), turn=1)
    state, events = apply(game, state, move("7", 3, 5, *INTO_T1[:4], option=HIGH))
    assert rules_of(events) == [] and state.car("7").square == "T1-b1"
