"""Property: the bot's races, replayed move by move through a `Table`. Every move the bot plays is
among the choices offered (its gear among `gears`, its stop and way among `stops` for its roll,
each of its d20 rolls the next one `tests_due` asks for), the table accepts it, and `replay()` of
the finished log gives the table's verdict."""

from __future__ import annotations

import pytest

from rules.bot import write_race
from rules.formats import Move, read_move, read_race_log
from rules.play import Table, gears, play, restart, stops, tests_due
from rules.play.due import next_rolls
from rules.replay import replay
from rules.ruleset import OPTIONS, RuleSet
from rules.verdict import Violation
from tests.rules.play.conftest import CIRCUITS, circuit

ALL_OPTIONS = tuple(sorted(OPTIONS, key=lambda o: int(o[1:])))
NAMES = sorted(p.stem for p in CIRCUITS.glob("*.json"))


def check_race(name: str, cars: int, laps: int, seed: int, options: tuple[str, ...]) -> int:
    track = circuit(name)
    doc = write_race(track, cars=cars, laps=laps, seed=seed, options=options, pits=True)
    rules = RuleSet.from_options(options)
    table = Table.start({k: v for k, v in doc.items() if k not in ("turns", "result")}, track, rules)
    ids = set(table.game.entries)
    for turn in doc["turns"]:
        if "restart" in turn:
            assert table.to_play is not None and table.to_play.restart_due
            table, events = restart(table, turn["restart"])
            assert not any(isinstance(e, Violation) for e in events), events
        for raw in turn["moves"]:
            to = table.to_play
            assert to is not None and (to.turn, to.car) == (turn["turn"], raw["car"]), (turn["turn"], raw)
            move = read_move(raw, "bot", ids)
            if move.wait is None and not (move.option and "spare" in move.option):
                offered(table, move)
            after, events = play(table, raw)
            assert after is not table, (turn["turn"], raw, [str(v) for v in events])
            table = after
    assert table.to_play is None
    log = table.log()
    assert log["result"] == doc["result"]
    theirs = replay(read_race_log(log), track, rules)
    ours = table.verdict()
    assert theirs.valid and ours.valid
    assert ours.classification == theirs.classification
    assert ours.cars == theirs.cars
    assert ours.experience == theirs.experience
    assert ours.changes == theirs.changes
    assert ours.to_json() == theirs.to_json()
    return table.moves()


def offered(table: Table, move: Move) -> None:
    where = (table.to_play, move.to_json())
    assert gears(table).get(move.gear) is not None, where
    roll = move.roll
    found = stops(table, move.gear, roll, option=move.option, xp=move.xp, pit=move.pit)
    at = [s for s in found if s.square == move.stop]
    assert at, (where, [s.square for s in found])
    assert any(
        (w.move.path == move.path or w.move.path is None)
        and (w.brake, w.bonus, w.slipstream) == (move.brake, move.bonus, move.slipstream)
        for w in at[0].ways
    ), (where, at[0].ways)
    for stop in found:  # and every stop offered is played once its rolls are in
        way = stop.way.to_json()
        for _ in range(64):
            due = tests_due(table, way)
            if not due:
                break
            way = {**way, "tests": [*way.get("tests", []), due[0].to_json(15, move.car)]}
        after, events = play(table, way)
        assert after is not table, (where, way, [str(v) for v in events])
    raw = move.to_json()
    tests = move.tests
    for k in range(len(tests) + 1):
        due = tests_due(table, {**raw, "tests": [t.to_json() for t in tests[:k]]})
        if k == len(tests):
            assert due == (), (where, due)
            break
        want = tests[k]
        who = want.car or move.car
        assert any(
            d.kind is want.kind and d.car == who and (want.square is None or d.square == want.square)
            for d in next_rolls(due)
        ), (where, k, due)


@pytest.mark.parametrize(
    ("name", "cars", "seed", "options"),
    [("ovale", 3, 1, ("A7",)), ("monaco", 4, 2, ALL_OPTIONS)],
)
def test_bot_moves_are_among_the_choices(name, cars, seed, options):
    assert check_race(name, cars, 1, seed, options) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("options", [("A7",), ALL_OPTIONS], ids=["core", "all-options"])
@pytest.mark.parametrize("cars", [2, 6, 10])
def test_bot_races_on_every_circuit(name, options, cars):
    for seed in (1, 2):
        check_race(name, min(cars, len(circuit(name).grid)), 2 if cars < 10 else 1, seed, options)
