"""The play API on the oval: the table, gears, stops, tests due, play and undo."""

from __future__ import annotations

import pytest

from rules.formats import LogFormatError, read_race_log
from rules.formats import TestKind as Kind
from rules.gearbox import FACES
from rules.play import GearRule, Table, gears, play, stops, tests_due, undo
from rules.play.due import TestDue
from rules.replay import replay
from rules.ruleset import RuleSet
from rules.state import CarStatus, Cause
from rules.verdict import Violation
from tests.rules.conftest import car, placed
from tests.rules.play.conftest import grid_table, hand_table, header

# car 2's spare car (A5) out of the pits, as the restart's last move of the turn
SPARE_CAR = {
    "car": "2",
    "gear": 4,
    "roll": 7,
    "path": ["PIT-4", "PIT-5", "PIT-6", "S1-c3", "S1-c4", "S1-c5", "S1-c6"],
    "option": {"spare": {"engine": 1, "tyres": 1}},
}


def rolled(table: Table, move: dict, value: int = 15) -> dict:
    """The move with every d20 it calls for rolled `value`, one at a time as tests_due asks."""
    for _ in range(30):
        due = tests_due(table, move)
        if not due:
            return move
        move = {**move, "tests": [*move.get("tests", []), due[0].to_json(value, move["car"])]}
    raise AssertionError("tests_due never ends")


# -- the table ------------------------------------------------------------------------------
def test_start_puts_the_pole_sitter_first_in_first_gear(oval):
    table = grid_table(oval, 3)
    assert table.problems == ()
    assert (table.to_play.turn, table.to_play.car) == (1, "1")
    g = gears(table)
    assert g.rule is GearRule.FIRST_MOVE
    assert [c.gear for c in g.choices] == [1]
    assert table.log()["turns"] == [] and "result" not in table.log()


def test_header_problems_are_those_of_a_whole_log(oval):
    cars = [car("1", 1), car("2", 2)]
    with pytest.raises(LogFormatError, match="turns"):
        Table.start({**header(cars), "turns": []}, oval)
    bad = header([car("1", 1), car("2", 1)])
    with pytest.raises(LogFormatError) as got:
        Table.start(bad, oval)
    with pytest.raises(LogFormatError) as whole:
        read_race_log({**bad, "turns": []})
    assert str(got.value) == str(whole.value)
    rolled = Table.start(header(cars, weather=25), oval)
    assert [(v.rule, v.fatal) for v in rolled.problems] == [("W1", True)]
    assert rolled.to_play is None
    verdict = replay(read_race_log({**header(cars, weather=25), "turns": []}), oval)
    assert [(v.turn, v.car, v.rule, v.fatal) for v in rolled.problems] == [
        (v.turn, v.car, v.rule, v.fatal) for v in verdict.violations
    ]


def test_a_turn_follows_the_play_order_then_the_next_turn_starts(oval):
    table = grid_table(oval, 2)
    order = []
    for _ in range(3):
        to = table.to_play
        order.append((to.turn, to.car))
        table, events = play(table, rolled(table, stops(table, 1, 2)[-1].way.to_json()))
        assert not any(isinstance(e, Violation) for e in events)
    assert order[:2] == [(1, "1"), (1, "2")] and order[2][0] == 2
    assert len(table.log()["turns"]) == 2


# -- gears -----------------------------------------------------------------------------------
def test_after_a_spin_only_first_gear(oval):
    table = hand_table(
        oval, {"1": "S2-b3"}, gears={"1": 4}, state_edit=lambda s: s.with_car(s.car("1").with_(spun=True))
    )
    g = gears(table)
    assert g.rule is GearRule.SPUN
    assert [(c.gear, c.free) for c in g.choices] == [(1, True)]


def test_over_revving_costs_as_g3_says(oval):
    table = hand_table(oval, {"1": "S2-b3"}, gears={"1": 6})
    g = gears(table)
    costs = {c.gear: (c.skipped, c.gearbox, c.brakes, c.engine) for c in g.choices}
    assert costs == {2: (3, 1, 1, 1), 3: (2, 1, 1, 0), 4: (1, 1, 0, 0), 5: (0, 0, 0, 0), 6: (0, 0, 0, 0)}


def test_no_gear_skipped_with_an_empty_gearbox_and_seventh_with_a13(oval):
    empty = hand_table(oval, {"1": "S2-b3"}, gears={"1": 6}, wear={"1": {"gearbox": 0}})
    assert [c.gear for c in gears(empty).choices] == [5, 6]
    a13 = hand_table(oval, {"1": "S2-b3"}, gears={"1": 6}, options=("A7", "A13"))
    assert [c.gear for c in gears(a13).choices] == [2, 3, 4, 5, 6, 7]
    seventh = hand_table(oval, {"1": "S2-b3"}, gears={"1": 7}, options=("A7", "A13"))
    two = gears(seventh).get(2)
    assert two is not None and two.skipped == 4 and two.overrev == ("gearbox", "brakes", "engine")


def test_seven_to_two_says_what_engine_is_left_for_the_drivers_choice(oval):
    table = hand_table(oval, {"1": "S2-b3"}, gears={"1": 7}, options=("A7", "A13"), wear={"1": {"engine": 2}})
    two = gears(table).get(2)
    assert two is not None and (two.engine, two.engine_left) == (1, 1)
    assert two.overrev == ("gearbox", "brakes")  # not the engine's last point: the car would be out
    # a part with no point left once the shift is paid cannot pay the extra one
    spent = hand_table(
        oval, {"1": "S2-b3"}, gears={"1": 7}, options=("A7", "A13"), wear={"1": {"gearbox": 1, "engine": 5}}
    )
    assert gears(spent).get(2).overrev == ("brakes", "engine")
    # and with no part to pay it, 7 → 2 is not offered
    none = hand_table(
        oval,
        {"1": "S2-b3"},
        gears={"1": 7},
        options=("A7", "A13"),
        wear={"1": {"gearbox": 1, "brakes": 1, "engine": 2}},
    )
    assert gears(none).get(2) is None and gears(none).get(3) is not None
    # with 1 engine point, skipping 3 or 4 gears is refused (G3): not offered
    last = hand_table(oval, {"1": "S2-b3"}, gears={"1": 7}, options=("A7", "A13"), wear={"1": {"engine": 1}})
    assert [c.gear for c in gears(last).choices] == [4, 5, 6, 7]


# -- stops -----------------------------------------------------------------------------------
def test_stops_before_a_corner_cost_brakes_and_past_it_tyres(oval):
    # S1-b6 in 3rd, roll 6, 3 brake points: T1 (1 stop) starts 3 squares on
    table = hand_table(oval, {"1": "S1-b6"}, gears={"1": 3})
    by_square = {s.square: s for s in stops(table, 3, 6)}
    assert "S1-b8" not in by_square  # 4 brake points needed
    c1 = by_square["T1-c1"]
    assert [(w.path, w.brake, w.cost.wear) for w in c1.ways] == [
        (("S1-b7", "S1-b8", "T1-c1"), 3, (("brakes", 3),))
    ]
    past = by_square["S2-a1"].way
    assert past.brake == 0 and past.cost.wear == (("tyres", 1),)
    assert [(p.rule, p.squares) for p in past.cost.penalties] == [("C2", 1)]
    free = [s for s in by_square.values() if s.square.startswith("T1-") and s.way.brake == 0]
    assert free and all(s.way.cost.points == 0 and len(s.way.path) == 6 for s in free)


def test_a_stop_says_when_the_way_there_matters(oval):
    table = hand_table(oval, {"1": "S1-b6"}, gears={"1": 3})
    b1 = next(s for s in stops(table, 3, 6) if s.square == "T1-b1")
    # straight in braking 3, or one square longer (a lane change in the corner) braking 2
    assert sorted((len(w.path), w.brake) for w in b1.ways) == [(3, 3), (4, 2)]
    assert b1.way.brake == 2 and [w.brake for w in b1.alternatives] == [3]
    for s in stops(table, 3, 6):
        assert all(len(w.path) + w.brake == 6 for w in s.ways)
        assert len(s.alternatives) == len({w.cost for w in s.ways}) - 1


def test_a_car_boxed_in_has_one_stop_and_pays_the_blocking_table(oval):
    def obstacles(state):
        for cid in "234":
            state = state.with_car(state.car(cid).with_(status=CarStatus.OUT, out_turn=0, remove_turn=9))
        return state

    where = {"1": "S1-b2", "2": "S1-a3", "3": "S1-b3", "4": "S1-c3"}
    table = hand_table(oval, where, gears={"1": 2}, state_edit=obstacles)
    assert table.to_play.car == "1"
    (only,) = stops(table, 2, 3)
    assert only.square == "S1-b2" and only.way.path == ()
    assert only.way.brake == 3 and only.way.cost.penalties == ()  # braking it all: no blocking
    blocked = [w for w in only.ways if w.brake < 3]
    assert [w.cost.penalties[0].squares for w in blocked] == [3, 2, 1]
    assert all(p.rule == "C5" for w in blocked for p in w.cost.penalties)
    # one collision roll of its own per obstacle touched (D3)
    assert only.way.tests == (TestDue(Kind.COLLISION, "1"),) * 3


# -- tests due ---------------------------------------------------------------------------------
def test_a_dangerous_square_calls_for_a_handling_test(oval):
    table = hand_table(oval, {"1": "S1-b2"}, gears={"1": 3}, dangerous=frozenset({"S1-b4"}))
    move = {"car": "1", "gear": 3, "roll": 4, "path": ["S1-b3", "S1-b4", "S1-b5", "S1-b6"]}
    assert tests_due(table, move) == (TestDue(Kind.HANDLING, "1", "S1-b4"),)
    assert tests_due(table, {**move, "tests": [{"test": "handling", "square": "S1-b4", "roll": 12}]}) == ()
    refused, why = play(table, move)
    assert refused is table and [v.rule for v in why] == ["D5"]
    played, _ = play(table, {**move, "tests": [{"test": "handling", "square": "S1-b4", "roll": 12}]})
    assert played.to_play != table.to_play or played.moves() == 1


def test_a_collision_calls_for_the_touched_car_then_the_mover(oval):
    table = hand_table(oval, {"1": "S1-b6", "2": "S1-b2"}, gears={"1": 3, "2": 3})
    table, _ = play(table, {"car": "1", "gear": 3, "roll": 4, "path": ["S1-b7", "S1-b8", "T1-b1", "T1-b2"]})
    behind = {
        "car": "2",
        "gear": 3,
        "roll": 7,
        "path": ["S1-b3", "S1-b4", "S1-b5", "S1-b6", "S1-b7", "S1-b8", "T1-b1"],
    }
    # the touched car's roll first (any order among touched cars), the mover's after it
    assert tests_due(table, behind) == (
        TestDue(Kind.COLLISION, "1", any_order=True),
        TestDue(Kind.COLLISION, "2"),
    )
    first = {"test": "collision", "car": "1", "roll": 15}
    assert tests_due(table, {**behind, "tests": [first]}) == (TestDue(Kind.COLLISION, "2"),)
    both = [first, {"test": "collision", "roll": 9}]
    assert tests_due(table, {**behind, "tests": both}) == ()
    far = next(s for s in stops(table, 3, 4) if s.square == "S1-b6")
    assert far.way.tests == ()


# -- play and undo -------------------------------------------------------------------------------
def test_an_illegal_move_is_refused_and_the_table_unchanged(oval):
    table = grid_table(oval, 2)
    before = table.log()
    skipped, why = play(table, {"car": "1", "gear": 3, "roll": 5, "to": "S1-b5"})
    assert skipped is table and "G4" in [v.rule for v in why]
    assert all(v.turn == 1 and v.car == "1" for v in why)
    wrong_car, why = play(table, {"car": "2", "gear": 1, "roll": 1, "path": ["S1-a1"]})
    assert wrong_car is table and [(v.rule, v.car) for v in why] == [("T4", "2")]
    assert table.log() == before


def test_undo_gives_back_the_table_before_the_move(oval):
    table = grid_table(oval, 2)
    after, _ = play(table, rolled(table, stops(table, 1, 2)[0].way.to_json()))
    assert after.moves() == 1 and after.to_play.car == "2"
    back = undo(after)
    assert back is table and back.log() == table.log() and back.to_play == table.to_play
    with pytest.raises(ValueError):
        undo(table)


def test_a_played_race_replays_to_the_tables_verdict(oval):
    table = grid_table(oval, 2, laps=1)
    rules = RuleSet.from_options(("A7",))
    moves = 0
    while table.to_play is not None and moves < 200:
        # a careful driver: the lowest face of each free gear, the stop that costs least, furthest
        best = None
        for choice in gears(table).choices:
            if not choice.free:
                continue
            for stop in stops(table, choice.gear, FACES[choice.gear][0]):
                key = (stop.way.cost.key(), -len(stop.way.path))
                if best is None or key < best[0]:
                    best = (key, stop)
        assert best is not None
        choice = best[1]
        table, events = play(table, rolled(table, choice.way.to_json()))
        assert not any(isinstance(e, Violation) for e in events), events
        moves += 1
    assert table.to_play is None
    over, why = play(table, {"car": "1", "gear": 1, "roll": 1, "to": "S1-a1"})
    assert over is table and [(v.rule, v.car) for v in why] == [("T5", "1")]
    log = table.log()
    assert log["result"], table.verdict().classification
    verdict = replay(read_race_log(log), oval, rules)
    assert verdict.valid
    mine = table.verdict()
    assert mine.classification == verdict.classification and mine.cars == verdict.cars
    assert mine.to_json() == verdict.to_json()


def test_a_spare_car_is_the_last_move_of_the_turn_just_played(oval):
    options = ("A5", "A7")
    cars = [car("1", 1, stand="PIT-1"), car("2", 2, stand="PIT-3")]
    table = Table.start(header(cars, options=list(options)), oval, RuleSet.from_options(options))
    _, state = placed(oval, {"1": "S2-b3", "2": "S2-b1"}, options=options)
    state = state.with_car(
        state.car("2").with_(status=CarStatus.OUT, square=None, cause=Cause.ENGINE, out_turn=0)
    )
    table = table.with_state(state)
    table, _ = play(table, stops(table, 3, 6)[-1].way.to_json())
    assert (table.to_play.turn, table.to_play.car) == (2, "1")
    spare = dict(SPARE_CAR)
    too_fast, why = play(table, {**spare, "gear": 5, "roll": 15})
    assert too_fast is table and [v.rule for v in why] == ["A5"]
    after, _ = play(table, spare)
    assert after.state.car("2").status is CarStatus.RACING and after.state.car("2").square == "S1-c6"
    assert [m["car"] for m in after.log()["turns"][0]["moves"]] == ["1", "2"]
    assert len(after.log()["turns"]) == 1 and after.to_play.turn == 2
    assert undo(after) is table


# -- every legal move offered (race night at a real table) -----------------------------------
def test_braking_the_whole_roll_in_a_two_stop_corner_stays_put_and_saves_the_car(oval):
    last = [s for s in oval.squares if s.startswith("T2-b")][-1]
    table = hand_table(oval, {"1": last}, gears={"1": 1}, corner={"1": ("T2", 0)})
    found = stops(table, 1, 2)
    onward = [s for s in found if s.square != last]
    assert onward and all(s.way.cost.out is Cause.CORNER for s in onward)  # every way on eliminates
    (stay,) = [s for s in found if s.square == last]
    assert stay.way.path == () and stay.way.brake == 2 and stay.way.cost.out is None
    assert stay.way.cost.lost("brakes") == 2
    after, _ = play(table, stay.way.to_json())
    assert after.state.car("1").square == last and after.state.car("1").stops == 1  # a stop (C5)


def test_staying_put_needs_the_brakes_for_the_whole_total(oval):
    last = [s for s in oval.squares if s.startswith("T2-b")][-1]
    worn = hand_table(oval, {"1": last}, gears={"1": 1}, corner={"1": ("T2", 0)}, wear={"1": {"brakes": 1}})
    assert last not in {s.square for s in stops(worn, 1, 2)}
    assert last in {s.square for s in stops(worn, 1, 1)}


def test_a_way_over_a_dangerous_square_is_offered_beside_the_way_round_it(oval):
    table = hand_table(oval, {"1": "S1-b2"}, gears={"1": 3}, dangerous=frozenset({"S1-b4"}))
    at = next(s for s in stops(table, 3, 4) if s.square == "S1-b6")
    assert at.way.tests == ()  # the way the rules prefer avoids it
    over = [w for w in at.alternatives if w.tests == (TestDue(Kind.HANDLING, "1", "S1-b4"),)]
    assert over and "S1-b4" in over[0].path and over[0].cost == at.way.cost
    played, _ = play(table, rolled(table, over[0].to_json(), 12))
    assert played.moves() == 1


def test_the_touched_cars_collision_rolls_are_taken_in_any_order(oval):
    where = {"1": "S1-a3", "2": "S1-c3", "3": "S1-b1"}
    table = hand_table(oval, where, gears={"1": 3, "2": 3, "3": 3})
    for cid, lane in (("1", "a"), ("2", "c")):
        path = [f"S1-{lane}{i}" for i in range(4, 8)]
        table, _ = play(table, {"car": cid, "gear": 3, "roll": 4, "path": path})
    assert table.to_play.car == "3"
    stop = next(s for s in stops(table, 3, 6) if s.square == "S1-b7")
    due = stop.way.tests
    assert {d.car for d in due[:2]} == {"1", "2"} and all(d.any_order for d in due[:2])
    for order in (("1", "2"), ("2", "1")):
        rolls = [{"test": "collision", "car": c, "roll": 15} for c in order]
        move = {**stop.way.to_json(), "tests": rolls}
        mine = [{"test": "collision", "roll": 15}] * len(tests_due(table, move))
        after, events = play(table, {**move, "tests": rolls + mine})
        assert after is not table, [str(e) for e in events]


def test_a_spare_car_still_plays_once_every_car_is_out(oval):
    options = ("A5", "A7")
    cars = [car("1", 1, stand="PIT-1"), car("2", 2, stand="PIT-3")]
    table = Table.start(header(cars, options=list(options)), oval, RuleSet.from_options(options))
    last = [s for s in oval.squares if s.startswith("T2-b")][-1]
    _, state = placed(oval, {"1": last, "2": "S2-b1"}, options=options, corner={"1": ("T2", 0)})
    state = state.with_car(
        state.car("2").with_(status=CarStatus.OUT, square=None, cause=Cause.ENGINE, out_turn=0)
    )
    state = state.with_car(state.car("1").with_(gear=1))
    table = table.with_state(state)
    doomed = next(s for s in stops(table, 1, 1) if s.way.cost.out is not None)
    table, _ = play(table, rolled(table, doomed.way.to_json()))
    assert table.to_play is None  # every car is out
    spare = dict(SPARE_CAR)
    after, events = play(table, spare)
    assert after is not table, [str(e) for e in events]
    assert after.state.car("2").status is CarStatus.RACING and after.to_play is not None
    assert undo(after) is table
