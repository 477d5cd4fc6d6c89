"""`stops` offers a drive through the pit lane without stopping (no `pit`): down the lane as far
as the total goes, out of the exit and on; a car in the lane blocks it. On the oval the lane is
S3-c2 (entry) → PIT-1 … PIT-6 → S1-c3 (exit)."""

from __future__ import annotations

from rules.play import play, stops
from tests.rules.play.conftest import hand_table

LANE = ("PIT-1", "PIT-2", "PIT-3", "PIT-4", "PIT-5", "PIT-6")


def lane_ways(found):
    return {s.square: [w for w in s.ways if set(w.path) & set(LANE)] for s in found}


def test_a_car_may_drive_down_the_pit_lane_and_out_without_stopping(oval):
    table = hand_table(oval, {"1": "S3-c1", "2": "S1-a1"}, gears={"1": 3})

    found = stops(table, 3, 8)

    ways = lane_ways(found)
    [out] = ways["S1-c3"]
    assert out.path == ("S3-c2", *LANE, "S1-c3")
    assert out.move.pit is None and out.brake == 0
    after, events = play(table, out.to_json())
    assert after is not table, [str(e) for e in events]
    assert after.state.car("1").crossings == 2  # the exit is past the line: it crossed it, in the lane


def test_a_move_may_end_in_the_pit_lane(oval):
    table = hand_table(oval, {"1": "S3-c1", "2": "S1-a1"}, gears={"1": 3})

    ways = lane_ways(stops(table, 3, 6))

    assert [w.path for w in ways["PIT-5"]] == [("S3-c2", "PIT-1", "PIT-2", "PIT-3", "PIT-4", "PIT-5")]
    after, _ = play(table, ways["PIT-5"][0].to_json())
    assert after.state.car("1").square == "PIT-5"


def test_a_car_in_the_lane_blocks_the_drive_through(oval):
    table = hand_table(oval, {"1": "S3-c1", "2": "PIT-3"}, gears={"1": 3, "2": 3})
    assert table.to_play.car == "2"  # the leader, in the lane: it stops on PIT-5 first
    [in_lane] = [s for s in stops(table, 2, 2) if s.square == "PIT-5"]
    table, _ = play(table, in_lane.way.to_json())
    assert table.to_play.car == "1"

    ways = lane_ways(stops(table, 3, 8))

    lane_paths = [w.path for found in ways.values() for w in found]
    assert ("S3-c2", "PIT-1", "PIT-2", "PIT-3", "PIT-4") in lane_paths  # up to the car in the lane
    assert all("PIT-5" not in p and "PIT-6" not in p for p in lane_paths)
