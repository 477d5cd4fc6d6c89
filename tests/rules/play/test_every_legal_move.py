"""Property: at a real table every legal move can be entered. For the bot's races, at each move of
a small roll, every path the board allows (a plain walk over its forward edges, written here and
sharing nothing with `stops()`'s search) with every brake and bonus is judged by the engine; the
set of (stop, cost, rolls due) it accepts must be the set `stops()` offers for that gear and roll.

Not offered, and left out here: a bonus square (W2) claimed on a move that is then blocked (C5),
which the engine accepts but which costs more than the same move without it.

Paths are walked up to `DEPTH` squares (the walk grows as 3^depth), so rolls whose longest move
could be longer are skipped; slipstreams and pit stops have tests of their own."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.bot import write_race
from rules.formats import read_move
from rules.play import Table, play, restart, stops
from rules.play.due import due_of, missing, others
from rules.replay_move import apply
from rules.ruleset import RuleSet
from rules.state import PARTS, CarStatus, RaceState
from tests.rules.play.conftest import circuit
from tests.rules.play.test_bot_races import ALL_OPTIONS

DEPTH = 7  # the longest path walked
MORE = 3  # the most squares a move may add to its die (slide, W2 bonus, option squares)


def walks(successors, start: str, occupied: set[str], depth: int) -> Iterator[tuple[str, ...]]:
    """Every path of 1..depth squares along forward edges that enters no occupied square."""
    stack = [(start, ())]
    while stack:
        square, path = stack.pop()
        if path:
            yield path
        if len(path) < depth:
            for nxt in successors[square]:
                if nxt not in occupied:
                    stack.append((nxt, (*path, nxt)))


def outcome(before: RaceState, after: RaceState, car_id: str) -> tuple:
    """What a move costs its car, read off the two states: parts lost, spun, out, penalties."""
    a, b = before.car(car_id), after.car(car_id)
    lost = tuple((p, a.wear[i] - b.wear[i]) for i, p in enumerate(PARTS) if a.wear[i] > b.wear[i])
    out = b.cause if b.status is CarStatus.OUT and a.status is not CarStatus.OUT else None
    return (lost, b.spun, out, b.penalties[len(a.penalties) :])


def accepted(table: Table, car_id: str, gear: int, roll: int) -> set[tuple]:
    game, state = table.game, table.state
    car = state.car(car_id)
    occupied = set(state.occupied()) - {car.square}
    ids = set(game.entries)
    brakes = car.wear.brakes
    found = set()
    moves = [{"to": car.square, "brake": b} for b in range(1, brakes + 1)]
    for path in walks(game.track.successor_map, car.square, occupied, min(DEPTH, roll + MORE)):
        for brake in range(brakes + 1):
            for bonus in range(MORE + 1):
                if roll - MORE <= len(path) + brake - bonus <= roll + MORE and not (brake and bonus):
                    moves.append({"path": list(path), "brake": brake, "bonus": bonus})
    for fields in moves:
        raw = {"car": car_id, "gear": gear, "roll": roll, **{k: v for k, v in fields.items() if v != 0}}
        move = read_move(raw, "test", ids)
        after, events = apply(game, state, move)
        if others(events):
            continue
        if move.bonus and any(p.rule == "C5" for p in after.car(car_id).penalties):
            continue  # a bonus square claimed and then blocked: the same move without it costs less
        due = due_of(game, state, move, missing(events))
        found.add((move.stop or car.square, outcome(state, after, car_id), _rolls(due)))
    return found


def _rolls(due) -> tuple:
    return tuple(sorted((d.kind, d.car, d.square or "") for d in due))


def offered(table: Table, gear: int, roll: int) -> set[tuple]:
    out = set()
    for choice in stops(table, gear, roll, slipstreams=False):
        for way in choice.ways:
            if way.slipstream or len(way.path) > DEPTH:
                continue
            c = way.cost
            out.add((choice.square, (c.wear, c.spun, c.out, c.penalties), _rolls(way.tests)))
    return out


def check(name: str, cars: int, seed: int, options: tuple[str, ...]) -> int:
    track = circuit(name)
    doc = write_race(track, cars=cars, laps=1, seed=seed, options=options, pits=False)
    table = Table.start(
        {k: v for k, v in doc.items() if k not in ("turns", "result")}, track, RuleSet.from_options(options)
    )
    checked = 0
    for turn in doc["turns"]:
        if "restart" in turn:
            table, _ = restart(table, turn["restart"])
        for raw in turn["moves"]:
            roll = raw.get("roll")
            plain = "wait" not in raw and not raw.get("option") and not raw.get("pit") and not raw.get("xp")
            if plain and isinstance(roll, int) and roll + MORE <= DEPTH:
                mine, theirs = (
                    offered(table, raw["gear"], roll),
                    accepted(table, raw["car"], raw["gear"], roll),
                )
                assert mine == theirs, (
                    turn["turn"],
                    raw,
                    sorted(theirs - mine, key=str),
                    sorted(mine - theirs, key=str),
                )
                checked += 1
            table, events = play(table, raw)
    return checked


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "seed", "options"),
    [
        ("ovale", 1, ("A7",)),  # a dangerous square with two ways round it
        ("ovale", 4, ALL_OPTIONS),
        ("monza", 1, ALL_OPTIONS),  # several dangerous squares, collisions
        ("monza", 3, ("A7",)),  # blocked in a corner, a car on the pit entry
        ("montreal", 2, ("A7",)),
        ("spa", 2, ALL_OPTIONS),
    ],
)
def test_every_move_the_engine_accepts_is_offered(name, seed, options):
    assert check(name, 6, seed, options) > 10
