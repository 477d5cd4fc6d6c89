"""A11 — structure points (« Points de Structure »).

« 22 points de structure (PDS) avant le début de la course. Si seulement 20 PDS, reste 2 clés
pour les arrêts aux stands. Si 21 PDS, reste 1 clé […]. Si 22 PDS, 0 clé pour les arrêts aux
stands. »

Units under test: the D1 build check `rules.advanced.start_car` (the build, the keys left in
`CarExtras.pit_points`) and the long stop's repairs `rules.pits.apply_stop`, paid from the keys.
"""

from __future__ import annotations

from dataclasses import replace

from rules.formats import read_race_log
from rules.replay import start
from rules.replay_move import apply
from tests.rules.conftest import car, move, placed, race, rules_of

A11 = ["A7", "A11"]
TO_STAND = ("S3-c2", "PIT-1", "PIT-2", "PIT-3")  # from S3-b1, 4 squares to the stand PIT-3


def _start(ovale, options, team=0.0, **wear):
    entry = car("7", 1, wear=wear, experience={"driver": 0.0, "team": team})
    log = read_race_log(race([entry], [], options=options))
    game, state, problems = start(log, ovale)
    return state.car("7"), problems


def test_a_22_point_build_is_legal_and_leaves_no_key(ovale):
    built, problems = _start(ovale, A11, tyres=6)  # 20 + 2
    assert problems == []
    assert built.wear.total == 22 and built.ext.pit_points == 0


def test_a_21_point_build_leaves_one_key(ovale):
    built, problems = _start(ovale, A11, tyres=5)
    assert problems == []
    assert built.ext.pit_points == 1


def test_a_20_point_build_keeps_its_two_keys(ovale):
    built, problems = _start(ovale, A11)
    assert problems == []
    assert built.ext.pit_points == 2


def test_a_build_over_22_points_breaks_d1(ovale):
    # 24 points: two over the 22 structure points, more than a team point (X3) could explain.
    _, problems = _start(ovale, A11, tyres=8)
    assert [(v.turn, v.car, v.rule) for v in problems] == [(0, "7", "D1")]


def test_a_team_point_adds_one_over_the_22_points(ovale):
    # X3 « +1 point de vie de configuration sur une voiture avant […] une course »: 23 points.
    built, problems = _start(ovale, A11, team=1.0, tyres=7)
    assert problems == []
    assert built.wear.total == 23 and built.ext.pit_points == 0


def test_without_a11_a_22_point_build_breaks_d1(ovale):
    # The build rule is D1 (« Option A11: 22 structure points » is written in D1).
    _, problems = _start(ovale, ["A7"], tyres=6)
    assert [(v.turn, v.car, v.rule) for v in problems] == [(0, "7", "D1")]


def _stand_game(ovale, tyres):
    game, state = placed(ovale, {"7": "S3-b1"}, options=tuple(A11), wear={"7": {"tyres": tyres}})
    game.entries["7"] = replace(game.entries["7"], stand="PIT-3")
    worn = state.car("7").wear._replace(brakes=1)
    return game, state.with_car(state.car("7").with_(wear=worn))


def test_a_long_stop_repairs_with_the_keys_left(ovale):
    game, state = _stand_game(ovale, tyres=5)  # 21 points: 1 key
    state, events = apply(
        game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "long", "repair": {"brakes": 1}})
    )
    assert rules_of(events) == []
    assert state.car("7").wear.brakes == 2 and state.car("7").ext.pit_points == 0


def test_a_repair_beyond_the_keys_left_breaks_s3(ovale):
    game, state = _stand_game(ovale, tyres=5)  # 1 key, 2 brake points repaired
    _, events = apply(game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "long", "repair": {"brakes": 2}}))
    assert rules_of(events) == ["S3"]


def test_a_22_point_car_has_no_key_for_a_repair(ovale):
    game, state = _stand_game(ovale, tyres=6)
    _, events = apply(game, state, move("7", 3, 6, *TO_STAND, pit={"stop": "long", "repair": {"brakes": 1}}))
    assert rules_of(events) == ["S3"]
