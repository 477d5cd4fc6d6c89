"""A10 — pedal to the metal, « Pédale au plancher » (rules/options/a10_pedal_to_the_metal.py).

« Un pilote peut pousser son moteur à fond : +1 à son mouvement, mais -1 point moteur. Comme le
moteur est sollicité, il se peut qu'il laisse des traces sur la piste. Lancer le D20 : 1 (sec) /
1 à 2 (pluie) : Débris. Si la voiture ne possède plus de moteur, elle est soumise à la règle
« casse moteur ». Il n'y a pas éparpillement de tache dans ce cas. »

The action is `option: {"pedal": true}` with a `debris` d20 (docs/race-log-extensions.md).
Decisions « A10 »: the engine point is paid when the move ends; the debris roll follows the
engine tests.
"""

from __future__ import annotations

from rules.replay_move import apply
from rules.state import CarStatus, Cause
from tests.rules.conftest import move, placed, rules_of

A10 = ("A7", "A10")
PEDAL = {"pedal": True}
TWO = ("S1-b2", "S1-b3")  # from S1-b1: 1st gear, roll 1 + 1
# from T1-b1 (T1's stop made): a 20 in 5th + 1, braked 4: 17 squares to T2-b4
PUSH = ("T1-b2", "T1-b3", "T1-b4", *(f"S2-b{i}" for i in range(1, 11)), "T2-b1", "T2-b2", "T2-b3", "T2-b4")


def _apply(ovale, m, options=A10, weather=14, wear=None, **kw):
    game, state = placed(
        ovale,
        {"7": kw.pop("square", "S1-b1")},
        options=options,
        weather=weather,
        wear={"7": wear} if wear else None,
        **kw,
    )
    return apply(game, state, m)


def test_pedal_adds_a_square_and_costs_an_engine_point(ovale):
    state, events = _apply(ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 12)]), gears={"7": 1})
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.square == "S1-b3" and car7.wear.engine == 2


def test_the_pedal_square_is_mandatory(ovale):
    _, events = _apply(ovale, move("7", 1, 1, *TWO[:1], option=PEDAL, tests=[("debris", 12)]), gears={"7": 1})
    assert rules_of(events) == ["C7"]


def test_a_debris_roll_of_1_in_the_dry_or_2_in_the_rain_leaves_debris_under_the_car(ovale):
    state, events = _apply(ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 1)]), gears={"7": 1})
    assert rules_of(events) == [] and state.dangerous == {"S1-b3"}
    state, events = _apply(
        ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 2)]), gears={"7": 1}, weather=2
    )
    assert rules_of(events) == [] and state.dangerous == {"S1-b3"}


def test_pedal_when_a10_is_off_is_a_violation_naming_a10(ovale):
    _, events = _apply(
        ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 12)]), options=("A7",), gears={"7": 1}
    )
    assert rules_of(events) == ["A10"]


def test_pedal_without_its_debris_roll_is_a_violation_naming_a10(ovale):
    _, events = _apply(ovale, move("7", 1, 1, *TWO, option=PEDAL), gears={"7": 1})
    assert rules_of(events) == ["A10"]


def test_decision_the_engine_point_is_paid_when_the_move_ends(ovale):
    # the last engine point: the car makes its whole move, then breaks on its stop (« casse moteur »)
    state, events = _apply(
        ovale,
        move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 12)]),
        gears={"7": 1},
        wear={"engine": 1, "tyres": 6},
    )
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.square == "S1-b3" and car7.status is CarStatus.OUT and car7.cause is Cause.ENGINE


def test_decision_the_debris_roll_follows_the_engine_tests(ovale):
    kw = {
        "square": "T1-b1",
        "gears": {"7": 4},
        "corner": {"7": ("T1", 1)},
        "wear": {"brakes": 4, "handling": 3},
    }
    pushed = move("7", 5, 20, *PUSH, brake=4, option=PEDAL, tests=[("engine", 3), ("debris", 12)])
    state, events = _apply(ovale, pushed, **kw)
    assert rules_of(events) == []
    assert state.car("7").wear.engine == 1  # 1 for the pedal, 1 on the engine test
    swapped = move("7", 5, 20, *PUSH, brake=4, option=PEDAL, tests=[("debris", 12), ("engine", 3)])
    _, events = _apply(ovale, swapped, **kw)
    assert rules_of(events) == ["D4", "D4"]


def test_the_pedal_engine_point_calls_for_no_scatter_roll_under_a6(ovale):
    options = ("A7", "A6", "A10")
    _, events = _apply(
        ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 1)]), options=options, gears={"7": 1}
    )
    assert rules_of(events) == []
    _, events = _apply(
        ovale,
        move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 1), ("scatter", 12)]),
        options=options,
        gears={"7": 1},
    )
    assert rules_of(events) == ["A6"]


def test_the_pedal_engine_point_leaves_no_debris_by_itself(ovale):
    # only the debris roll does: 12 in the dry, 3 in the rain leave the square clean
    state, events = _apply(ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 12)]), gears={"7": 1})
    assert rules_of(events) == [] and state.dangerous == frozenset()
    assert state.car("7").wear.engine == 2
    state, events = _apply(
        ovale, move("7", 1, 1, *TWO, option=PEDAL, tests=[("debris", 3)]), gears={"7": 1}, weather=2
    )
    assert rules_of(events) == [] and state.dangerous == frozenset()
    assert state.car("7").wear.engine == 2
