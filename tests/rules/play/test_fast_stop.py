"""`stops(..., pit=…, pit_roll=R)`: once a tyre stop's d20 is rolled (S2), a fast stop (1–10)
goes on past the stand by ceil(R / 2) squares, and `stops` offers those squares; a missed stop
(11–20) ends in the stand. On the oval: S3-c2 (entry) → PIT-1 … PIT-6 → S1-c3 (exit)."""

from __future__ import annotations

from rules.formats import TestKind as Kind
from rules.play import Table, play, stops, tests_due
from rules.ruleset import RuleSet
from tests.rules.conftest import car, placed
from tests.rules.play.conftest import header

TYRES = {"stop": "tyres"}


def pit_table(oval) -> Table:
    options = ("A7",)
    cars = [car("1", 1, stand="PIT-2"), car("2", 2, stand="PIT-5")]
    table = Table.start(header(cars, options=list(options)), oval, RuleSet.from_options(options))
    _, state = placed(oval, {"1": "S3-c1", "2": "S2-a1"}, gears={"1": 3}, options=options)
    table = table.with_state(state)
    assert table.to_play.car == "1"
    return table


def test_before_the_roll_the_stop_is_the_stand_and_the_pit_roll_is_due(oval):
    table = pit_table(oval)

    found = stops(table, 3, 4, pit=TYRES)

    assert [s.square for s in found] == ["PIT-2"]
    assert [t.kind for t in found[0].way.tests] == [Kind.PIT]
    assert [t.kind for t in tests_due(table, found[0].way.to_json())] == [Kind.PIT]


def test_a_fast_stop_goes_on_past_the_stand_by_half_the_roll(oval):
    table = pit_table(oval)

    four_on = stops(table, 3, 4, pit=TYRES, pit_roll=7)  # ceil(7 / 2) = 4: PIT-3 … PIT-6
    out_of_the_lane = stops(table, 3, 4, pit=TYRES, pit_roll=9)  # 5: the exit

    assert [s.square for s in four_on] == ["PIT-6"]
    assert [s.square for s in out_of_the_lane] == ["S1-c3"]
    move = four_on[0].way.to_json()
    assert move["tests"] == [{"test": "pit", "roll": 7}]
    assert tests_due(table, move) == ()
    after, events = play(table, move)
    assert after is not table, [str(e) for e in events]
    assert after.state.car("1").square == "PIT-6" and after.state.car("1").gear == 4


def test_a_missed_stop_ends_in_the_stand(oval):
    table = pit_table(oval)

    found = stops(table, 3, 4, pit=TYRES, pit_roll=15)

    assert [s.square for s in found] == ["PIT-2"]
    after, _ = play(table, found[0].way.to_json())
    assert after.state.car("1").square == "PIT-2" and after.state.car("1").ext.in_stand
