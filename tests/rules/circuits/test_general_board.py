"""The engine on a general `@2` board that no `@1` document describes (tests/rules/circuits/boards.py):
corners whose lanes differ in length, arrows that forbid a lane change, a two-lane section, half
steps, a pit lane whose first and last squares are not stands. The bot races it, 10 cars and 3
laps with a stand each, and every race it writes replays as valid; each geometry rule reads the
board as docs/rules-decisions.md ("Reading a general board") says."""

from __future__ import annotations

import json

import pytest

import rules.bot as bot
from rules import read_race_log, replay
from rules.circuits import load, problems
from rules.moves import walk
from rules.options.a05_red_flag import walls
from rules.options.a06_debris_scatter import side
from rules.ruleset import OPTIONS
from rules.slipstream import car_ahead
from tests.rules.circuits.boards import small_board

ALL = tuple(sorted(OPTIONS, key=lambda o: int(o[1:])))


@pytest.fixture(scope="module")
def track():
    return load(json.loads(json.dumps(small_board())))


def test_the_board_has_no_problem_and_its_sections_are_derived_in_race_order(track):
    assert problems(small_board()) == []
    got = [(s.id, s.kind.value, s.cells, s.start_level, s.length, s.stops) for s in track.segments]
    assert got == [
        ("straight-1", "straight", (12, 12, 12), 0, 12, 0),
        ("T1", "corner", (3, 4, 5), 12, 4, 2),
        ("straight-2", "straight", (8, 8, 0), 16, 8, 0),
        ("T2", "corner", (2, 3, 0), 24, 3.5, 1),
        ("straight-3", "straight", (13, 13, 13), 27.5, 13, 0),
        ("T3", "corner", (4, 3, 3), 40.5, 3.5, 2),
        ("straight-4", "straight", (16, 16, 16), 44, 16, 0),
    ]
    assert (
        track.lap_length == 60
        and track.level("E1b") == 28.5
        and track.level("D1b") == pytest.approx(24 + 7 / 6)
    )
    t1 = track.segment("T1")
    assert [t1.square(2, i) for i in range(1, 6)] == ["B1c", "B2c", "B3c", "B4c", "B5c"] and t1.rank(
        "B4c"
    ) == 4
    assert track.pit.stand_squares == tuple(f"P{k}" for k in range(2, 12))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("options", [("A7",), ALL], ids=["core", "all-options"])
def test_the_bot_races_it_10_cars_3_laps_with_stands_and_every_log_replays_valid(track, seed, options):
    doc = bot.write_race(track, cars=10, laps=3, seed=seed, options=options, pits=True)
    verdict = replay(read_race_log(json.dumps(doc)), track)
    assert verdict.valid, [str(v) for v in verdict.violations[:3]]
    assert {c["stand"] for c in doc["cars"]} == set(track.pit.stand_squares)
    assert any(p.status == "finished" for p in verdict.classification)


def test_the_bot_stops_in_its_stand_there(track, monkeypatch):
    monkeypatch.setattr(bot, "PIT_AT", 0)  # every car stops when it can: the stands are used
    stops = []
    for seed in (1, 4):
        doc = bot.write_race(track, cars=10, laps=3, seed=seed, options=("A7",), pits=True)
        verdict = replay(read_race_log(json.dumps(doc)), track)
        assert verdict.valid, [str(v) for v in verdict.violations[:3]]
        stops += [m["path"][-1] for t in doc["turns"] for m in t["moves"] if m.get("pit")]
    assert stops and set(stops) <= set(track.pit.stand_squares)


def test_a_lane_change_is_where_an_arrow_is(track):
    assert walk(track, "A4a", ("A5b",), {}, None, 0).fatal is None
    assert walk(track, "A5a", ("A6b",), {}, None, 0).fatal[0] == "T1"  # rows 5 to 8: straight on
    assert walk(track, "D1a", ("D2b",), {}, "T2", 0).fatal[0] == "T3"  # the chicane: no lane change


def test_an_uncontrolled_exit_stays_in_its_lane_unless_the_lane_ends(track):
    # T1's lane c ends: its only arrow leads into lane b of the two-lane straight
    assert track.lane_ends == frozenset({"B5c"})
    assert walk(track, "B4c", ("B5c", "C1b", "C2b"), {}, "T1", 0).problems == ()
    [(rule, _)] = walk(track, "B2a", ("B3a", "C1a", "C2b"), {}, "T1", 0).problems
    assert rule == "C2"


def test_side_by_side_slipstream_and_collisions_read_levels_and_arrows(track):
    assert track.beside("C3a") == {"C3b"}  # the two-lane straight: nothing in lane c
    assert track.beside("B2b") == {"B2c", "B3c"}  # a corner's lanes of different lengths
    assert track.risk_zone("C3a") == {"C3b", "C4a", "C4b"}
    assert car_ahead(track, "E3b", {"E4b": "7"}) == "7" and car_ahead(track, "E3b", {"E4a": "7"}) is None
    assert car_ahead(track, "B5c", {"C1b": "7"}) is None  # the lane ends: no square directly ahead


def test_the_corner_between_two_squares_goes_by_sections(track):
    assert not track.corner_between("C1a", "C8b")
    assert track.corner_between("C8a", "E1b") and track.corner_between("A1a", "C1a")
    assert track.corner_between("D1a", "D2a")  # starts in a corner


def test_the_options_read_the_lanes_a_section_has(track):
    assert walls(track, frozenset({"C3a", "C3b"})) == 1  # two squares close a two-lane straight
    assert walls(track, frozenset({"A3a", "A3b"})) == 0
    assert side(track, "C3b", 1) is None and side(track, "C3a", 1) == "C3b"


@pytest.mark.parametrize("options", [("A7",), ALL], ids=["core", "all-options"])
def test_a_table_offers_every_move_the_bot_plays_there(track, options, monkeypatch):
    """rules/play on the general board: the bot's gears, stops, ways and d20 rolls are among the
    choices a table offers (tests/rules/play/test_bot_races.py's property)."""
    import tests.rules.play.test_bot_races as bot_races

    monkeypatch.setattr(bot_races, "circuit", lambda name: track)
    assert bot_races.check_race(track.id, 6, 2, 1, options) > 50
