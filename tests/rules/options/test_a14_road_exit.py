"""A14 — road exit (« Sortie de route »).

« Une sortie de virage entraînant une perte de pneus strictement supérieure aux pneus (et
freins) disponibles, entraîne une élimination immédiate de la voiture et est aussitôt retirée
de la piste. On ne pose pas d'autocollant tenue de route sur la case d'élimination. »

Units under test: `rules.corners.settle_exits` (C6 as A14 completes it, played with the core
rules), the elimination it leads to in `rules.replay_move.apply` / `rules.damage.eliminate`, and
the serious accident (`rules.options.a14_road_exit`, when the season plays A14).
"""

from __future__ import annotations

import pytest

from rules.corners import settle_exits
from rules.moves import CornerExit
from rules.replay_move import apply
from rules.state import CarStatus, Cause
from rules.track import Segment, SegmentKind
from tests.rules.conftest import move, placed, rules_of

# From S1-b8 through T1 (1 stop, 4 squares in lane b) without stopping: 3rd gear, roll 7 leaves
# the corner by 3 squares.
EXIT_3 = ("T1-b1", "T1-b2", "T1-b3", "T1-b4", "S2-b1", "S2-b2", "S2-b3")


def _exit(squares: int, stops: int = 0, corner_stops: int = 1) -> tuple[CornerExit, ...]:
    corner = Segment("T9", 3, SegmentKind.CORNER, (3, 4, 5), corner_stops)
    return (CornerExit(corner, stops, 3, squares, 1),)


def test_a_tyre_loss_greater_than_the_tyres_left_eliminates():
    out = settle_exits(_exit(3), tyres=2, multiplier=1, turn=4, lap=1)
    assert out.eliminated is Cause.ROAD_EXIT and out.tyres == 0 and not out.spun


def test_c3_a14_a_tyre_loss_equal_to_the_tyres_left_is_a_spin_not_a_road_exit():
    # Decision C3/C6/A14: « A tyre loss equal to the tyres left is a spin ».
    out = settle_exits(_exit(3), tyres=3, multiplier=1, turn=4, lap=1)
    assert out.eliminated is None and out.spun and out.tyres == 0


def test_the_tyre_multiplier_counts_in_the_loss_needed():
    # Soft tyres (×2): 2 squares need 4 tyre points, the car has 3.
    assert settle_exits(_exit(2), tyres=3, multiplier=2, turn=4, lap=1).eliminated is Cause.ROAD_EXIT
    assert settle_exits(_exit(2), tyres=3, multiplier=1, turn=4, lap=1).tyres == 1


def test_c3_a14_with_no_tyres_one_square_spins_and_two_eliminate_whatever_the_multiplier():
    # Decision C3/C6/A14: « With 0 tyres, a 1-square exit is a spin regardless of the
    # multiplier, 2+ squares eliminates ».
    one = settle_exits(_exit(1), tyres=0, multiplier=3, turn=4, lap=1)
    assert one.spun and one.eliminated is None
    two = settle_exits(_exit(2), tyres=0, multiplier=1, turn=4, lap=1)
    assert two.eliminated is Cause.ROAD_EXIT


@pytest.mark.parametrize("options", [("A7",), ("A7", "A14")])
def test_a_road_exit_removes_the_car_at_once_and_leaves_no_dangerous_square(ovale, options):
    # Played whether or not the season lists A14 (the engine plays it with C6); a 3rd-gear exit
    # is no serious accident.
    game, state = placed(
        ovale, {"7": "S1-b8", "3": "S2-a1"}, wear={"7": {"tyres": 2, "body": 5}}, options=options
    )
    state, events = apply(game, state, move("7", 3, 7, *EXIT_3))
    assert rules_of(events) == []
    out = state.car("7")
    assert (out.status, out.cause, out.square) == (CarStatus.OUT, Cause.ROAD_EXIT, None)
    assert state.dangerous == frozenset()
    # « aussitôt retirée de la piste »: the next car may stop on S2-b3 in the same turn.
    state, events = apply(game, state, move("3", 3, 4, "S2-a2", "S2-b3", "S2-b4", "S2-b5"))
    assert rules_of(events) == []


def test_braking_reduces_the_loss_needed_below_a_road_exit(ovale):
    # « supérieure aux pneus (et freins) disponibles »: braking 1 square leaves a 2-square exit,
    # 2 tyre points, the last ones: a spin (C6), not a road exit.
    game, state = placed(ovale, {"7": "S1-b8"}, wear={"7": {"tyres": 2, "body": 5}})
    state, events = apply(game, state, move("7", 3, 7, *EXIT_3[:-1], brake=1))
    assert rules_of(events) == []
    spun = state.car("7")
    assert spun.status is CarStatus.RACING and spun.spun and spun.wear.tyres == 0 and spun.wear.brakes == 2


def test_c3_a14_a_c3_elimination_is_treated_as_a_road_exit(ovale):
    # Decision C3/C6/A14: « C3 is treated as a road exit »: out at once, no dangerous square.
    game, state = placed(ovale, {"7": "S2-b9"})
    state, _ = apply(game, state, move("7", 3, 6, "S2-b10", "T2-b1", "T2-b2", "T2-b3", "T2-b4", "S3-b1"))
    out = state.car("7")
    assert (out.status, out.cause, out.square) == (CarStatus.OUT, Cause.CORNER, None)
    assert state.dangerous == frozenset()


# -- the serious accident (A14 on) ------------------------------------------------------------
# Car 7 in 4th leaves T1 (1 stop) with none by lane a: 3 squares in the corner, 5 past it with 2
# tyre points: 2 paid, 3 unpaid (« plus de 2 cases non payées »), off the road on S2-a5.
CRASH = ("T1-a1", "T1-a2", "T1-a3", "S2-a1", "S2-a2", "S2-a3", "S2-a4", "S2-a5")
A14 = ("A7", "A14")


def _crash(ovale, tests, options=A14, gear=4):
    game, state = placed(
        ovale,
        {"7": "S1-a8", "3": "S2-b5", "5": "S2-c5"},
        gears={"7": gear, "3": 3, "5": 3},
        wear={"7": {"tyres": 2, "body": 5}},
        options=options,
    )
    roll = 8 if gear == 4 else 7
    path = CRASH if gear == 4 else CRASH[:-1]
    return apply(game, state, move("7", gear, roll, *path, tests=tests))


def test_a14_a_serious_road_exit_calls_for_the_accident_roll(ovale):
    state, events = _crash(ovale, [])
    assert rules_of(events) == ["A14"]
    assert state.car("7").status is CarStatus.OUT


def test_a14_on_1_to_10_the_car_leaves_the_track_and_touches_no_one(ovale):
    state, events = _crash(ovale, [("accident", 7)])
    assert rules_of(events) == []
    assert state.dangerous == frozenset()  # « On ne pose pas d'autocollant »


def test_a14_on_11_to_15_it_bounces_back_alongside_and_the_car_beside_rolls(ovale):
    state, events = _crash(ovale, [("accident", 12), ("accident", "3", 1)])
    assert rules_of(events) == []
    hit = state.car("3")
    assert hit.wear.body == 2 and hit.spun  # −1 body, turned round: next move in 1st
    assert state.dangerous == {"S2-a5", "S2-b5"}  # where it bounced; where car 3 lost a point
    assert state.car("5").wear.body == 3  # across the track, untouched


def test_a14_on_16_to_20_it_crosses_the_track_and_every_car_across_rolls(ovale):
    state, events = _crash(ovale, [("accident", 18), ("accident", "5", 6), ("accident", "3", 1)])
    assert rules_of(events) == []
    assert (state.car("3").wear.body, state.car("5").wear.body) == (2, 3)
    assert not state.car("5").spun


def test_a14_a_touched_car_must_roll_and_an_untouched_one_must_not(ovale):
    _, events = _crash(ovale, [("accident", 12)])
    assert [(e.car, e.rule) for e in events if hasattr(e, "rule")] == [("3", "A14")]
    _, events = _crash(ovale, [("accident", 12), ("accident", "3", 9), ("accident", "5", 9)])
    assert [(e.car, e.rule) for e in events if hasattr(e, "rule")] == [("5", "A14")]


def test_a14_no_accident_roll_in_3rd_gear_or_with_the_option_off(ovale):
    _, events = _crash(ovale, [], gear=3)  # 7 squares: 4 past, 2 unpaid, and 3rd gear anyway
    assert rules_of(events) == []
    _, events = _crash(ovale, [], options=("A7",))
    assert rules_of(events) == []
