"""A7 — experience, « Expérience » (rules X1–X3: rules/scoring.py `grid_xp`, `team_start_xp`,
`experience`; rules/move/gear.py `driver_xp` for X2; rules/team_xp.py for X3).

« Pole Position = 0,3 point. Deuxième place sur la grille de départ = 0,1 point. Chaque course
gagnée = 0,5 point. Deuxième place rapporte 0,3 point. Troisième place rapporte 0,1 point. Les
points ainsi acquis sont effectifs immédiatement […]. → +1 ou -1 sur un jet de dé […]. → relancer
un dé de déplacement […]. Jamais le D20. Le pilote ne pourra utiliser qu'un seul point pendant la
course. » Écurie : « Victoire 0,5 ; deuxième 0,2 ; troisième 0,1 ; doublé à l'arrivée 0,3 ;
première ligne au départ (doublé) 0,1. → +1 point de vie de configuration […] (1 point maximum
par voiture et par course). »

Decisions « X1 », « X2 and the dice », « X2 on a 7th-gear throw (A13) », « X3 wear ». With A7 off,
the spending actions are violations of the rules they use (X2 driver, X3 team), each message
naming A7.
"""

from __future__ import annotations

from dataclasses import replace

from rules.formats import XpUse, read_race_log
from rules.messages import Code
from rules.replay import start
from rules.replay_move import apply
from rules.scoring import classify, experience, team_start_xp
from rules.state import CarStatus
from rules.verdict import Verdict, Violation
from tests.rules.conftest import car, move, mv, placed, race, rules_of

S1 = tuple(f"S1-b{i}" for i in range(2, 9))  # from S1-b1
# from T1-b1 (T1's stop made): 17 squares to T2-b4
LONG = ("T1-b2", "T1-b3", "T1-b4", *(f"S2-b{i}" for i in range(1, 11)), "T2-b1", "T2-b2", "T2-b3", "T2-b4")


def _started(ovale, cars, options=("A7",)):
    doc = race(cars, [[mv(cars[0]["car"], 1, 2, "S1-b1", "S1-b2")]], options=list(options))
    game, state, problems = start(read_race_log(doc), ovale)
    assert problems == []
    return game, replace(state, turn=1)


def _violation(events):
    return next(e for e in events if isinstance(e, Violation))


def _finish(state, order):
    for k, car_id in enumerate(order):
        c = state.car(car_id)
        state = state.with_car(c.with_(status=CarStatus.FINISHED, finish_turn=9, finish_margin=10 - k))
    return state


def test_grid_points_count_at_once_and_can_be_spent_on_the_first_move(ovale):
    cars = [car("7", 1, experience={"driver": 0.7, "team": 0.0}), car("3", 2)]
    game, state = _started(ovale, cars)
    assert (state.car("7").driver_xp, state.car("3").driver_xp) == (10, 1)  # 0.7 + pole 0.3; 2nd 0.1
    first = move("7", 1, 2, "S1-b1", "S1-b2", xp=XpUse("plus1", 1))
    state, events = apply(game, state, first)
    assert rules_of(events) == []
    assert state.car("7").driver_xp == 0 and state.car("7").square == "S1-b2"


def test_the_first_three_earn_driver_and_team_points(ovale):
    game, state = placed(ovale, {"1": "S1-a1", "2": "S1-b1", "3": "S1-c1", "4": "S1-a2"})
    for car_id in "1234":
        state = state.with_car(state.car(car_id).with_(driver_xp=0))
    state = _finish(state, ["1", "2", "3", "4"])
    xp = experience(game.rules, game.entries, state, classify(ovale, game.rules, state))
    assert xp == {"1": (5, 5), "2": (3, 2), "3": (1, 1), "4": (0, 0)}


def test_a_team_one_two_and_front_row_lockout_earn_the_team_more(ovale):
    cars = [car("1", 1, team="rouge"), car("2", 2, team="rouge"), car("3", 3)]
    game, state = _started(ovale, cars)
    assert dict(state.team_xp) == {"rouge": 1, "team3": 0}  # front row lockout 0.1 at once
    state = _finish(state, ["1", "2", "3"])
    xp = experience(game.rules, game.entries, state, classify(ovale, game.rules, state))
    # drivers: pole 0.3 + win 0.5; 2nd on the grid 0.1 + 2nd 0.3; 3rd 0.1
    # team rouge: 0.1 + 0.5 + 0.2 + one-two 0.3
    assert xp == {"1": (8, 11), "2": (4, 11), "3": (1, 1)}


def test_a_driver_spends_a_point_only_once_per_race(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    state = state.with_car(state.car("7").with_(driver_xp=25))
    state, events = apply(game, state, move("7", 3, 5, *S1[:5], xp=XpUse("plus1", 4)))
    assert rules_of(events) == [] and state.car("7").driver_xp == 15
    state, events = apply(game, state, move("7", 3, 3, *S1[5:], "T1-b1", xp=XpUse("minus1", 4)))
    assert rules_of(events) == ["X2"] and state.car("7").driver_xp == 15


def test_decision_plus_one_may_take_the_roll_off_the_die(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, gears={"7": 1})
    state = state.with_car(state.car("7").with_(driver_xp=10))
    state, events = apply(game, state, move("7", 1, 3, *S1[:3], xp=XpUse("plus1", 2)))
    assert rules_of(events) == []
    assert state.car("7").square == "S1-b4" and state.car("7").driver_xp == 0


def test_decision_the_engine_test_follows_the_die_as_it_finally_lies(ovale):
    # 5th, braked 2: 17 squares. A natural 20 moved to 19 still pushes; a 20 re-rolled to 19 does not
    game, state = placed(
        ovale,
        {"7": "T1-b1"},
        gears={"7": 4},
        corner={"7": ("T1", 1)},
        wear={"7": {"brakes": 5, "handling": 2}},
    )
    state = state.with_car(state.car("7").with_(driver_xp=10))
    _, events = apply(
        game, state, move("7", 5, 19, *LONG, brake=2, xp=XpUse("minus1", 20), tests=[("engine", 15)])
    )
    assert rules_of(events) == []
    _, events = apply(game, state, move("7", 5, 19, *LONG, brake=2, xp=XpUse("minus1", 20)))
    assert rules_of(events) == ["D4"]
    _, events = apply(game, state, move("7", 5, 19, *LONG, brake=2, xp=XpUse("reroll", 20)))
    assert rules_of(events) == []


def test_decision_experience_on_a_7th_gear_throw_is_a_violation_and_spends_nothing(ovale):
    # 7th gear (A13), dice 11 + 21, braked 14: T1-b2 .. T2-c5, 18 squares
    path = (
        "T1-b2",
        "T1-b3",
        "T1-b4",
        *(f"S2-c{i}" for i in range(1, 11)),
        *(f"T2-c{i}" for i in range(1, 6)),
    )
    wear = {"tyres": 1, "brakes": 14, "gearbox": 1, "body": 1, "engine": 1, "handling": 2}
    game, state = placed(
        ovale,
        {"7": "T1-b1"},
        gears={"7": 6},
        options=("A7", "A13"),
        corner={"7": ("T1", 1)},
        wear={"7": wear},
    )
    state = state.with_car(state.car("7").with_(driver_xp=10))
    state, events = apply(
        game, state, move("7", 7, (11, 21), *path, brake=14, xp=XpUse("plus1", 11), tests=[("engine", 15)])
    )
    assert rules_of(events) == ["X2"]
    assert state.car("7").driver_xp == 10 and not state.car("7").driver_xp_used


def test_a_team_gives_one_wear_point_per_car_per_race(ovale):
    game, state = placed(ovale, {"7": "S1-b1"})
    state = state.with_(team_xp=(("team7", 20),))
    state, events = apply(game, state, move("7", 3, 4, *S1[:4], xp=XpUse(team="wear", part="tyres")))
    assert rules_of(events) == []
    assert state.car("7").wear.tyres == 5 and dict(state.team_xp) == {"team7": 10}
    state, events = apply(game, state, move("7", 3, 4, *S1[4:], "T1-b1", xp=XpUse(team="wear", part="body")))
    assert rules_of(events) == ["X3"]
    assert state.car("7").wear.body == 3 and dict(state.team_xp) == {"team7": 10}


def test_without_a7_spending_experience_is_a_violation_that_names_a7(ovale):
    game, state = placed(ovale, {"7": "S1-b1"}, options=())
    state = state.with_car(state.car("7").with_(driver_xp=10)).with_(team_xp=(("team7", 10),))
    after, events = apply(game, state, move("7", 3, 5, *S1[:5], xp=XpUse("plus1", 4)))
    assert rules_of(events) == ["X2"]
    assert _violation(events).code is Code.X2_SPENDS_DRIVER_EXPERIENCE_EXPERIENCE
    assert after.car("7").driver_xp == 10
    after, events = apply(game, state, move("7", 3, 4, *S1[:4], xp=XpUse(team="wear", part="tyres")))
    assert rules_of(events) == ["X3"]
    assert _violation(events).code is Code.X3_SPENDS_TEAM_EXPERIENCE_EXPERIENCE
    assert after.car("7").wear.tyres == 4 and dict(after.team_xp) == {"team7": 10}


def test_without_a7_nobody_earns_grid_or_finishing_points(ovale):
    cars = [car("1", 1, team="rouge"), car("2", 2, team="rouge")]
    game, state = _started(ovale, cars, options=())
    assert (state.car("1").driver_xp, dict(state.team_xp)) == (0, {"rouge": 0})
    state = _finish(state, ["1", "2"])
    xp = experience(game.rules, game.entries, state, classify(ovale, game.rules, state))
    assert xp == {"1": (0, 0), "2": (0, 0)}


def test_decision_the_team_balance_is_its_first_cars_declared_balance(ovale):
    cars = [
        car("1", 1, team="rouge", experience={"team": 1.0}),
        car("2", 3, team="rouge", experience={"team": 0.5}),
    ]
    game, _ = _started(ovale, cars)
    assert team_start_xp(game.rules, game.entries) == {"rouge": 10}


def test_decision_balances_are_kept_in_tenths_without_float_drift(ovale):
    cars = [car("1", 3, team="rouge", experience={"driver": 0.1, "team": 0.1}), car("2", 4)]
    game, state = _started(ovale, cars)
    assert (game.entries["1"].driver_xp, game.entries["1"].team_xp) == (1, 1)
    state = _finish(state, ["2", "1"])
    placings = classify(ovale, game.rules, state)
    xp = experience(game.rules, game.entries, state, placings)
    assert xp["1"] == (4, 3)  # 0.1 + 0.3 driver, 0.1 + 0.2 team
    verdict = Verdict((), placings, state.cars, xp, None)
    assert verdict.to_json()["cars"]["1"]["experience"] == {"driver": 0.4, "team": 0.3}
