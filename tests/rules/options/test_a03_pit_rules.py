"""A3 — pit rules, « Arrêt aux stands » (rules/pits.py: `check_stop`; rules/options/a03_pit_rules.py:
`check_pit_gear`, `stand`; the pit-lane gear check in rules/advanced.py `after_walk`).

« Pour parvenir à son stand, la voiture doit être sur sa case stand. […] La vitesse dans les
puits est limitée à la 4ème, un pilote arrivant en 5e obtiendra une pénalité d'un point de frein,
cela sans réduire le nombre de cases à son dé. L'entrée en 6e ou 7e est simplement interdite.
Maximum une 4ème et au minimum une 3ème (sauf impossibilité […]). En cas de "20" réalisé par un
pilote entrant dans les stands […], les pilotes dans les stands […] ne doivent pas tester leur
moteur, mais les autres si. Le test météo en cas de météo variable est réalisé. […] Il est
possible de réaliser un arrêt long sans rien reprendre d'autre que des PdS pneus. »

Decisions « S2 stands »: « sur sa case stand » is read as *exactly* (braking allowed); entering
in 1st/2nd is allowed only if 3rd could not be engaged (spun, or from 1st).
"""

from __future__ import annotations

from dataclasses import replace

from rules.replay_move import apply
from tests.rules.conftest import move, placed, rules_of

A3 = ("A7", "A3")
OFF = ("A7",)
TO_PIT_3 = ("S3-c2", "PIT-1", "PIT-2", "PIT-3")  # from S3-b1: 4 squares to the stand PIT-3
# from T2-b1 (T2's 2 stops made): 11 squares to the stand PIT-6
TO_PIT_6 = ("T2-b2", "T2-b3", "T2-b4", "S3-c1", "S3-c2", "PIT-1", "PIT-2", "PIT-3", "PIT-4", "PIT-5", "PIT-6")
TYRES = {"stop": "tyres"}
MISSED = [("pit", 15)]


def _game(ovale, options, square="S3-b1", gear=3, stand="PIT-3", **kw):
    game, state = placed(
        ovale,
        {"7": square, **kw.pop("more", {})},
        gears={"7": gear, **kw.pop("gears", {})},
        options=options,
        **kw,
    )
    game.entries["7"] = replace(game.entries["7"], stand=stand)
    return replace(game, laps=3), state


def _t2(ovale, options, **kw):
    return _game(ovale, options, square="T2-b1", gear=4, stand="PIT-6", corner={"7": ("T2", 2)}, **kw)


def test_decision_with_a3_the_stand_is_reached_exactly_braking_allowed(ovale):
    game, state = _game(ovale, A3)
    state, events = apply(game, state, move("7", 3, 5, *TO_PIT_3, brake=1, pit=TYRES, tests=MISSED))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.square == "PIT-3" and car7.ext.in_stand and car7.wear.brakes == 2


def test_with_a3_a_roll_going_past_the_stand_is_a_violation_naming_a3(ovale):
    game, state = _game(ovale, A3)
    _, events = apply(game, state, move("7", 3, 5, *TO_PIT_3, pit=TYRES, tests=MISSED))
    assert rules_of(events) == ["A3"]


def test_without_a3_any_roll_reaching_the_stand_stops_there(ovale):
    game, state = _game(ovale, OFF)
    state, events = apply(game, state, move("7", 3, 5, *TO_PIT_3, pit=TYRES, tests=MISSED))
    assert rules_of(events) == []
    assert state.car("7").square == "PIT-3"


def test_entering_the_pit_lane_in_5th_costs_a_brake_point_and_no_square(ovale):
    game, state = _t2(ovale, A3)
    state, events = apply(game, state, move("7", 5, 11, *TO_PIT_6, pit=TYRES, tests=MISSED))
    assert rules_of(events) == []
    assert state.car("7").square == "PIT-6" and state.car("7").wear.brakes == 2
    game, state = _t2(ovale, OFF)
    state, events = apply(game, state, move("7", 5, 11, *TO_PIT_6, pit=TYRES, tests=MISSED))
    assert rules_of(events) == [] and state.car("7").wear.brakes == 3


def test_entering_the_pit_lane_in_6th_is_forbidden(ovale):
    # 6th, roll 21, braked 10: the same 11 squares
    wear = {"7": {"tyres": 1, "brakes": 12, "gearbox": 1, "body": 1, "handling": 2}}
    sixth = move("7", 6, 21, *TO_PIT_6, brake=10, pit=TYRES, tests=MISSED)
    game, state = _t2(ovale, A3, wear=wear, gears={"7": 5})
    _, events = apply(game, state, sixth)
    assert rules_of(events) == ["A3"]
    game, state = _t2(ovale, OFF, wear=wear, gears={"7": 5})
    _, events = apply(game, state, sixth)
    assert rules_of(events) == []


def test_decision_entering_in_2nd_is_allowed_only_if_3rd_could_not_be_engaged(ovale):
    to_pit_1 = ("S3-c2", "PIT-1")
    second = move("7", 2, 2, *to_pit_1, pit=TYRES, tests=MISSED)
    game, state = _game(ovale, A3, stand="PIT-1", gear=3)  # from 3rd: 3rd was possible
    _, events = apply(game, state, second)
    assert rules_of(events) == ["A3"]
    game, state = _game(ovale, A3, stand="PIT-1", gear=1)  # from 1st: 3rd out of reach
    _, events = apply(game, state, second)
    assert rules_of(events) == []
    game, state = _game(ovale, A3, stand="PIT-1", gear=3)  # spun: the next move is in 1st
    state = state.with_car(state.car("7").with_(spun=True))
    _, events = apply(game, state, move("7", 1, 2, *to_pit_1, pit=TYRES, tests=MISSED))
    assert rules_of(events) == []
    game, state = _game(ovale, OFF, stand="PIT-1", gear=3)
    _, events = apply(game, state, second)
    assert rules_of(events) == []


def test_driving_down_the_pit_lane_in_5th_is_a_violation_naming_a3(ovale):
    down_the_lane = ("PIT-2", "PIT-3", "PIT-4", "PIT-5", "PIT-6", "S1-c3", "S1-c4", "S1-c5", "S1-c6")
    fifth = move("7", 5, 11, *down_the_lane, "S1-c7", "S1-c8")
    game, state = _game(ovale, A3, square="PIT-1", gear=4)
    _, events = apply(game, state, fifth)
    assert rules_of(events) == ["A3"]
    game, state = _game(ovale, OFF, square="PIT-1", gear=4)
    _, events = apply(game, state, fifth)
    assert rules_of(events) == []


def test_a_20_entering_the_pits_tests_the_engines_out_of_the_pits_and_the_weather(ovale):
    # variable weather; 7 enters in 5th with a 20, braked 9 (and 1 brake point for 5th, A3) to its
    # stand: car 5 (5th, on the track) tests its engine, car 7 (in the pits) does not; the
    # weather roll is made
    wear = {"7": {"tyres": 1, "brakes": 10, "gearbox": 2, "body": 2, "handling": 2}}
    game, state = _t2(ovale, A3, wear=wear, weather=6, more={"5": "S1-a3"}, gears={"5": 5})
    pushed = move(
        "7", 5, 20, *TO_PIT_6, brake=9, pit=TYRES, tests=[("pit", 15), ("engine", "5", 3), ("weather", 2)]
    )
    state, events = apply(game, state, pushed)
    assert rules_of(events) == []
    assert state.car("7").wear.brakes == 0 and state.car("5").wear.engine == 2
    assert state.weather.is_rain
    game, state = _t2(ovale, A3, wear=wear, weather=6, more={"5": "S1-a3"}, gears={"5": 5})
    tested = move(
        "7",
        5,
        20,
        *TO_PIT_6,
        brake=9,
        pit=TYRES,
        tests=[("pit", 15), ("engine", 15), ("engine", "5", 15), ("weather", 12)],
    )
    _, events = apply(game, state, tested)
    assert rules_of(events) == ["D4"]


def test_a_long_stop_may_take_tyres_only(ovale):
    game, state = _game(ovale, A3)
    state = state.with_car(state.car("7").with_(wear=state.car("7").wear._replace(tyres=1)))
    state, events = apply(game, state, move("7", 3, 4, *TO_PIT_3, pit={"stop": "long"}))
    assert rules_of(events) == []
    car7 = state.car("7")
    assert car7.wear.tyres == 4 and car7.ext.pit_points == 2 and car7.ext.in_stand
