"""A5 — red flag and spare car (`rules/options/a05_red_flag.py`).

« → 22ème tenue de route posée sur le circuit. → Au 3ème « murs » de tenue de route. → 6ème
tenue de route posée avant la fin du 1er virage. » « Dans le premier tour : les voitures
reviennent sur la grille de départ … Il reste 2 tours de course. … Dans le troisième tour : la
course est terminée. » « Jusqu'au 8ème coup … tout pilote ayant abandonné peut … repartir de ses
stands en 4ème avec le mulet … −2 points au choix. »
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.formats import read_race_log
from rules.messages import Code
from rules.options import a05_red_flag as a5
from rules.replay import finish_turn, play_turn, start
from rules.ruleset import RuleSet
from rules.state import CarStatus, Cause
from rules.weather import Tyres
from tests.rules.conftest import car, move, placed, race, rules_of
from tests.rules.logs import WEAR

A5 = ("A7", "A5")
# T1 of the oval and S1 before it: inside the start zone (grid to the end of the first corner)
START_SQUARES = frozenset({"S1-a2", "S1-b4", "S1-c6", "T1-a1", "T1-b2", "T1-c3"})
# S2 (levels 13-22): outside it
FAR_SQUARES = frozenset(f"S2-{lane}{row}" for lane in "abc" for row in range(1, 11))


def _flagged(ovale, where, dangerous, crossings=1, laps=3, options=A5):
    game, state = placed(ovale, where, options=options, dangerous=frozenset(dangerous))
    state = state.with_(cars=tuple(c.with_(crossings=crossings) for c in state.cars))
    return replace(game, laps=laps), state


def _out(state, car_id, turn=1):
    c = state.car(car_id)
    return state.with_car(c.with_(status=CarStatus.OUT, cause=Cause.CORNER, out_turn=turn, square=None))


# -- the triggers ---------------------------------------------------------------------
def test_three_squares_side_by_side_across_the_track_make_a_wall(ovale):
    assert a5.walls(ovale, frozenset({"S2-a3", "S2-b3", "S2-c3"})) == 1
    assert a5.walls(ovale, frozenset({"S2-a3", "S2-b3", "S2-c7"})) == 0  # lane c is open
    assert a5.walls(ovale, frozenset({"S2-a3", "S2-b3", "S2-c3", "S2-a7", "S2-b7", "S2-c7"})) == 2


def test_the_twenty_second_dangerous_square_brings_out_the_red_flag(ovale):
    squares = sorted(FAR_SQUARES) + ["S3-a1", "S3-b1"]
    game, state = _flagged(ovale, {"3": "S2-a1"}, squares[:21], crossings=2)
    assert a5.triggered(game, state) is None
    game, state = _flagged(ovale, {"3": "S2-a1"}, squares[:22], crossings=2)
    assert a5.triggered(game, state) == a5.DANGEROUS


def test_the_third_wall_brings_out_the_red_flag(ovale):
    walls = [f"S2-{lane}{row}" for row in (2, 5, 8) for lane in "abc"]
    game, state = _flagged(ovale, {"3": "S2-a1"}, walls[:6], crossings=2)
    assert a5.triggered(game, state) is None
    game, state = _flagged(ovale, {"3": "S2-a1"}, walls, crossings=2)
    assert a5.triggered(game, state) == a5.WALL


def test_six_dangerous_squares_before_the_end_of_the_first_corner_count_only_in_lap_one(ovale):
    game, state = _flagged(ovale, {"3": "S2-a1"}, START_SQUARES, crossings=1)
    assert a5.triggered(game, state) == a5.START
    game, state = _flagged(ovale, {"3": "S2-a1"}, set(START_SQUARES) - {"S1-a2"} | {"S2-a5"}, crossings=1)
    assert a5.triggered(game, state) is None  # S2 is past the first corner
    game, state = _flagged(ovale, {"3": "S2-a1"}, START_SQUARES, crossings=2)
    assert a5.triggered(game, state) is None  # lap 2


def test_each_trigger_fires_once_in_a_race(ovale):
    game, state = _flagged(ovale, {"3": "S2-a1"}, START_SQUARES)
    state = state.with_(flags=frozenset({a5.START}))
    assert a5.triggered(game, state) is None


def test_with_the_option_off_nothing_happens(ovale):
    game, state = _flagged(ovale, {"3": "S2-a1"}, START_SQUARES, options=("A7",))
    state, events = finish_turn(game, state)
    assert state.restart_due is None and events == []


# -- after the flag -------------------------------------------------------------------
def test_a_red_flag_in_the_last_lap_ends_the_race_with_the_cars_as_they_stand(ovale):
    squares = sorted(FAR_SQUARES) + ["S3-a1", "S3-b1"]
    game, state = _flagged(ovale, {"3": "S2-a1", "7": "S3-b4", "5": "S1-a1"}, squares, crossings=3)
    state = state.with_(turn=40)
    state, events = finish_turn(game, state)
    assert [e.kind for e in events] == ["red-flag"]
    assert {c.id: (c.status, c.finish_turn) for c in state.cars} == {
        c: (CarStatus.FINISHED, 40) for c in ("3", "7", "5")
    }
    from rules.scoring import finishing_order

    assert finishing_order(state) == ["7", "3", "5"]  # S3 is further round the lap than S2, then S1


def test_a_red_flag_in_lap_one_restarts_with_the_cars_in_race_order_and_the_pit_stops_behind(ovale):
    game, state = _flagged(
        ovale, {"3": "S2-a9", "7": "S2-b4", "5": "S2-c1"}, FAR_SQUARES | {"S3-a1", "S3-b1"}
    )
    state = state.with_(turn=9)
    state, events = finish_turn(game, state)
    assert state.restart_due is not None and events[0].code is Code.RED_FLAG_RESTART
    assert dict(events[0].params)["left"] == 2
    state, out = a5.restart(game, state, {"pits": [{"car": "3", "tyres": "soft"}]}, 10)
    assert out == []
    grid = {c.id: (c.square, c.gear, c.crossings) for c in state.cars}
    assert grid == {"7": ("S3-b6", 0, 1), "5": ("S3-a5", 0, 1), "3": ("S3-b4", 0, 1)}
    assert state.car("3").tyres is Tyres.SOFT and state.car("3").tyre_set_crossing == 2


def test_a_log_that_does_not_restart_after_the_flag_stops_the_replay(ovale):
    game, state = _flagged(ovale, {"3": "S2-a9"}, FAR_SQUARES | {"S3-a1", "S3-b1"})
    state, _ = finish_turn(game, state.with_(turn=9))
    _, out, stopped = play_turn(game, state, (move("3", 1, 1, to="S2-a10"),), 10)
    assert stopped and [(v.turn, v.rule) for v in out] == [(10, "A5")]


def test_a_restart_at_the_start_puts_every_car_back_on_its_grid_slot_repaired(ovale):
    where = {"3": "S1-a4", "7": "T1-b2"}
    game, state = _flagged(ovale, where, START_SQUARES)
    worn = state.car("7").wear._replace(body=1, engine=2)
    state = state.with_car(state.car("7").with_(wear=worn)).with_(turn=3)
    state, events = finish_turn(game, state)
    assert events[0].code is Code.RED_FLAG_RESTART and dict(events[0].params)["left"] == 3
    state, out = a5.restart(game, state, {"pits": []}, 4)
    assert out == []
    assert state.car("3").square == "S3-b6" and state.car("7").square == "S3-a5"  # grid slots 1, 2
    assert tuple(state.car("7").wear) == tuple(WEAR.values()) and state.car("7").crossings == 0


def test_no_pit_stop_at_a_start_restart(ovale):
    game, state = _flagged(ovale, {"3": "S1-a4"}, START_SQUARES)
    state, _ = finish_turn(game, state.with_(turn=3))
    _, out = a5.restart(game, state, {"pits": [{"car": "3", "tyres": "soft"}]}, 4)
    assert rules_of(out) == ["A5"]


# -- the spare car --------------------------------------------------------------------
def _spare_race(options=A5):
    cars = [car("3", 1, stand="PIT-1"), car("7", 2, stand="PIT-2")]
    log = read_race_log(race(cars, [], options=list(options), laps=3))
    from rules.track import load_circuit
    from tests.rules.conftest import OVALE_DOC

    game, state, _ = start(log, load_circuit(OVALE_DOC), RuleSet.from_options(options))
    state = state.with_car(state.car("7").with_(square="S1-b5", gear=2, crossings=1))
    return game, _out(state, "3")


SPARE = {"spare": {"engine": 1, "tyres": 1}}


def test_a_retired_driver_takes_the_spare_car_from_its_stand_with_two_points_less():
    game, state = _spare_race()
    moves = (move("7", 2, 3, to="S1-b8"), move("3", 4, 7, to="S1-c4", option=SPARE))
    state, out, stopped = play_turn(game, state, moves, 5)
    assert rules_of(out) == [] and not stopped
    spare = state.car("3")
    assert spare.status is CarStatus.RACING and spare.square == "S1-c4" and spare.gear == 4
    assert spare.wear.engine == WEAR["engine"] - 1 and spare.wear.tyres == WEAR["tyres"] - 1


@pytest.mark.parametrize(
    ("turn", "option", "options"),
    [
        (9, SPARE, A5),  # after the 8th game turn
        (5, {"spare": {"engine": 1}}, A5),  # one point off, not two
        (5, SPARE, ("A7",)),  # option off
    ],
    ids=["turn-9", "one-point-off", "option-off"],
)
def test_the_spare_car_is_refused(turn, option, options):
    game, state = _spare_race(options)
    moves = (move("7", 2, 3, to="S1-b8"), move("3", 4, 7, to="S1-c4", option=option))
    state, out, _ = play_turn(game, state, moves, turn)
    assert rules_of(out) == ["A5"] and state.car("3").status is CarStatus.OUT


def test_a_racing_car_cannot_take_the_spare():
    game, state = _spare_race()
    _, out, _ = play_turn(game, state, (move("7", 2, 3, to="S1-b8", option=SPARE),), 5)
    assert rules_of(out) == ["A5"]


def test_a_spare_car_from_a_stand_before_the_line_gains_no_lap():
    # Decision A5: the spare car starts the lap its car retired in from the stand; PIT-1 lies
    # before the line, so crossing it on the way out begins that lap again, not the next one.
    game, state = _spare_race()
    state = state.with_car(state.car("3").with_(crossings=1))
    moves = (move("7", 2, 3, to="S1-b8"), move("3", 4, 7, to="S1-c4", option=SPARE))
    state, out, _ = play_turn(game, state, moves, 5)
    assert rules_of(out) == [] and state.car("3").crossings == 1 and state.car("3").laps == ()
