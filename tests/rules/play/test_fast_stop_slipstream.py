"""S1 out of a fast stop (docs/rules-decisions.md): `stops(…, pit=…, pit_roll=R)` also offers the
exit's ceil(R / 2) squares followed by a slipstream when they end right behind a car in 4th,
as the whole path; the golden log's move is among them, and a missed stop offers none."""

from __future__ import annotations

import json
from pathlib import Path

from rules.play import Table, play, stops, tests_due
from rules.play.due import others
from rules.play.step import read
from rules.replay_move import apply
from rules.ruleset import RuleSet

GOLDEN = Path(__file__).resolve().parents[3] / "fixtures" / "race_logs" / "advanced"
TYRES = {"stop": "tyres"}


def before_the_stop(oval) -> tuple[Table, dict]:
    """The golden log played up to car 7's fast stop of turn 8 (car 3 in 4th on S1-c5)."""
    log = json.loads((GOLDEN / "s2-legal-slipstream-out-of-a-fast-stop.json").read_text(encoding="utf-8"))
    header = {k: v for k, v in log.items() if k not in ("turns", "result")}
    table = Table.start(header, oval, RuleSet.from_options(log["options"]))
    moves = [m for t in log["turns"] for m in t["moves"]]
    at = next(i for i, m in enumerate(moves) if m.get("slipstream"))
    for move in moves[:at]:
        after, events = play(table, move)
        assert after is not table, [str(e) for e in events]
        table = after
    return table, moves[at]


def test_the_slipstream_out_of_a_fast_stop_is_offered_with_its_whole_path(oval) -> None:
    table, golden = before_the_stop(oval)
    assert table.to_play.car == golden["car"] == "7"

    found = stops(table, golden["gear"], golden["roll"], pit=TYRES, pit_roll=9)

    slips = [w for s in found for w in s.ways if w.slipstream]
    assert slips, [s.square for s in found]
    # the way to the stand is the one `pits.find_path` takes (S3-b1 or S3-c1 first: the same
    # length); from the pit entry on, the golden move's path
    tail = tuple(golden["path"][1:])
    way = next(w for w in slips if w.path[1:] == tail)
    assert way.slipstream == 1 and way.path[-1] == "S1-b7" and len(way.path) == len(golden["path"])
    move = way.to_json()
    assert move["tests"] == [{"test": "pit", "roll": 9}] and tests_due(table, move) == ()
    after, events = play(table, move)
    assert after is not table, [str(e) for e in events]
    assert after.state.car("7").square == "S1-b7"
    # the plain exit is still offered too, where the slipstream would start
    assert "S1-c4" in {s.square for s in found}


def test_no_slipstream_after_a_missed_stop(oval) -> None:
    table, golden = before_the_stop(oval)

    found = stops(table, golden["gear"], golden["roll"], pit=TYRES, pit_roll=15)

    assert [s.square for s in found] == ["PIT-3"]
    assert not any(w.slipstream for s in found for w in s.ways)


def test_every_way_offered_out_of_a_fast_stop_is_legal(oval) -> None:
    table, golden = before_the_stop(oval)

    found = stops(table, golden["gear"], golden["roll"], pit=TYRES, pit_roll=9)
    assert any(w.slipstream == 1 for s in found for w in s.ways)
    for choice in found:
        for way in choice.ways:  # legal once its d20s are rolled: nothing else refused
            _, events = apply(table.game, table.state, read(table, way.to_json()))
            assert not others(events), (way.path, [str(e) for e in others(events)])
