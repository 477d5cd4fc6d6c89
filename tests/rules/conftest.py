"""Helpers for the rules engine tests: the test oval, small logs, states with cars placed by hand.

The oval (`fixtures/examples/circuit-ovale.json`): S1 8 rows (levels 1–8), T1 1 stop
(lanes a/b/c: 3/4/5 squares, levels 8–12), S2 10 rows (13–22), T2 2 stops (22–26),
S3 6 rows (27–32), grid S3-b6, S3-a5, S3-b4, ...
"""

from __future__ import annotations

import copy
import json
from dataclasses import replace

import pytest

from rules.formats import Move, TestKind, TestRoll, read_race_log
from rules.replay import Game, start
from rules.ruleset import RuleSet
from rules.state import RaceState, Wear
from rules.track import Track, load_circuit
from tests.conftest import EXAMPLES
from tests.rules.logs import car, race

OVALE_DOC = json.loads((EXAMPLES / "circuit-ovale.json").read_text(encoding="utf-8"))


@pytest.fixture
def ovale_doc() -> dict:
    return copy.deepcopy(OVALE_DOC)


@pytest.fixture
def ovale(ovale_doc) -> Track:
    return load_circuit(ovale_doc)


@pytest.fixture(scope="module")
def long_oval() -> Track:
    """The oval with a 60-row second straight (S2-a1 … S2-c60): room for 50 squares in a move."""
    doc = copy.deepcopy(OVALE_DOC)
    doc["segments"][2]["straight"] = 60
    return load_circuit(doc)


def row(first: int, last: int, lane: str = "b") -> list[str]:
    """The squares of the second straight's `lane`, rows `first` to `last`."""
    return [f"S2-{lane}{i}" for i in range(first, last + 1)]


def mv(car_id: str, gear: int, roll: int, *path: str, **kw) -> dict:
    move = {"car": car_id, "gear": gear, "roll": roll}
    if path:
        move["path"] = list(path)
    move.update(kw)
    return move


def placed(
    track: Track,
    where: dict[str, str],
    *,
    gears: dict[str, int] | None = None,
    wear: dict[str, dict] | None = None,
    options: tuple[str, ...] = ("A7",),
    weather: int = 14,
    tyres: dict[str, str] | None = None,
    corner: dict[str, tuple[str, int]] | None = None,
    dangerous: frozenset[str] = frozenset(),
) -> tuple[Game, RaceState]:
    """A game on `track` with cars put by hand on squares (crossed the line once, racing lap 1)."""
    cars = [
        car(cid, i + 1, wear=(wear or {}).get(cid, {}), tyres=(tyres or {}).get(cid, "hard"))
        for i, cid in enumerate(where)
    ]
    log = read_race_log(race(cars, [], options=list(options), weather=weather))
    game, state, _ = start(log, track, RuleSet.from_options(options))
    for cid, square in where.items():
        c = state.car(cid)
        c = c.with_(square=square, crossings=1, gear=(gears or {}).get(cid, 3))
        if corner and cid in corner:
            c = c.with_(corner=corner[cid][0], stops=corner[cid][1])
        state = state.with_car(c)
    return game, replace(state, turn=1, dangerous=dangerous)


def move(car_id: str, gear: int, roll: int, *path: str, to: str | None = None, tests=(), **kw) -> Move:
    rolls = tuple(
        TestRoll(TestKind(t[0]), t[-1], t[1] if len(t) > 2 else None, t[2] if len(t) > 3 else None)
        for t in tests
    )
    return Move(car_id, "test", gear, roll, tuple(path) if path else None, to, tests=rolls, **kw)


def rules_of(events) -> list[str]:
    from rules.verdict import Violation

    return [e.rule for e in events if isinstance(e, Violation)]


__all__ = ["Wear", "car", "mv", "move", "placed", "race", "rules_of"]
