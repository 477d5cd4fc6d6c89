"""The d20 tests a move calls for, learnt from the engine's own judgement of the move.

How: the move is judged by `replay_move.apply` with the tests rolled so far. Every test the engine
reads (`damage.Rolls` and the option units) and does not find is reported as a violation with a
"roll missing" message code (`MISSING`), naming the car that must roll it, in the order the engine
reads the tests (M6-3: handling, A14 accident, A18 spin, S2 pit, collision, engine, A10 debris,
A6 scatter, weather). Those violations *are* the tests due; their rule says the kind (the handling
test's code also names its square). Nothing is guessed: a test whose need depends on an earlier
roll (a collision only after a handling test left the car in, a scatter roll after damage, the
cars an A14 crash touches) shows up once that roll is in the move. So `tests_due` is asked again
after each roll: its first item is always the next roll to make; the rest are the tests due if the
rolls still to come change nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.formats import Move, TestKind, TestRoll
from rules.messages import Code
from rules.options.registry import TEST_RULES
from rules.play.step import judged_on, read
from rules.play.table import Table
from rules.replay import Game
from rules.replay_move import apply
from rules.state import RaceState
from rules.verdict import Event, Violation

# the rule a missing roll of each kind is reported under
KIND_OF_RULE: dict[str, TestKind] = {rule: kind for kind, rule in TEST_RULES.items()}
ANY_ORDER = frozenset({TestKind.ENGINE})
NAMED = frozenset({TestKind.SCATTER})


@dataclass(frozen=True, slots=True)
class TestDue:
    """One d20 roll to make: its kind, the car that rolls it, the dangerous square (handling)."""

    __test__ = False  # not a pytest class

    kind: TestKind
    car: str
    square: str | None = None
    # D4: the engine tests of one push are rolled in any order (`damage.engine_tests` reads them
    # so); D3: so are the collision rolls of the cars touched; the others in the order given
    any_order: bool = False

    def roll(self, value: int, mover: str) -> TestRoll:
        """The roll as the log records it (`car` left out for the moving car, except on an A6
        scatter roll: it is for one car's damage, and names that car)."""
        named = self.car != mover or self.kind in NAMED
        return TestRoll(self.kind, value, self.car if named else None, self.square)

    def to_json(self, value: int, mover: str) -> dict[str, Any]:
        return self.roll(value, mover).to_json()


# the message codes of the violations that say a d20 roll is missing (and nothing else)
MISSING: frozenset[Code] = frozenset(
    {
        Code.TEST_NO_HANDLING_TEST_ROLLED,  # D5
        Code.A14_NO_ACCIDENT_ROLL_D20,  # A14: the crashed car's roll
        Code.A14_CAR_WAS_TOUCHED_CAR,  # A14: a car its crash touched
        Code.TEST_NO_SPIN_ROLL_D20,  # A18
        Code.TEST_NO_PIT_ROLL_D20,  # S2
        Code.TEST_COLLISION_MISSING,  # D3: a car touched
        Code.TEST_COLLISION_MISSING_CAUSER,  # D3: the mover, per car touched
        Code.TEST_ENGINE_MISSING,  # D4, A13, A15
        Code.TEST_NO_DEBRIS_ROLL_D20,  # A10
        Code.TEST_NO_SCATTER_ROLL_DAMAGE,  # A6
        Code.TEST_NO_WEATHER_ROLL_AFTER,  # W1 under A9
        Code.W1_NO_WEATHER_ROLL_AFTER,  # W1
    }
)


def missing(events: Iterable[Event | Violation]) -> list[Violation]:
    """The violations that say a d20 roll is missing."""
    return [e for e in events if isinstance(e, Violation) and is_missing_test(e)]


def is_missing_test(v: Violation) -> bool:
    return v.code in MISSING


def others(events: Iterable[Event | Violation]) -> list[Violation]:
    """The violations that are not a missing roll: the move itself is illegal."""
    return [e for e in events if isinstance(e, Violation) and not is_missing_test(e)]


def tests_due(table: Table, move: Move | Mapping[str, Any]) -> tuple[TestDue, ...]:
    """The tests still due for `move` (its `tests`: the rolls made so far), in the order the log
    gives them. Empty once every roll the move calls for is in. Raises `ValueError` if the move
    is illegal for another reason than a missing roll."""
    read_move = read(table, move)
    return due_on(table.game, judged_on(table, read_move), read_move)


def due_on(game: Game, state: RaceState, move: Move) -> tuple[TestDue, ...]:
    """`tests_due` for a move on any state of a game (the bot asks this too)."""
    _, events = apply(game, state, move)
    wrong = others(events)
    if wrong:
        raise ValueError(f"the move is illegal: {wrong[0]}")
    return due_of(game, state, move, missing(events))


def due_of(game: Game, state: RaceState, move: Move, gaps: list[Violation]) -> tuple[TestDue, ...]:
    """The missing-roll violations of `move` as tests to roll."""
    if not gaps:
        return ()
    out = []
    for v in gaps:
        kind = KIND_OF_RULE[v.rule]
        assert v.car is not None
        square = dict(v.params).get("sq") if kind is TestKind.HANDLING else None
        # D3: the cars touched roll in any order (`damage.collision_tests` matches each by car),
        # the mover after them
        free = kind in ANY_ORDER or (kind is TestKind.COLLISION and v.car != move.car)
        out.append(TestDue(kind, v.car, square, free))
    if any(d.any_order for d in out):
        out = _header_order(game, out)
    return tuple(out)


def _header_order(game: Game, due: list[TestDue]) -> list[TestDue]:
    """Tests rolled in any order are listed in the order of the cars in the header."""
    rank = {car_id: i for i, car_id in enumerate(game.entries)}
    out: list[TestDue] = []
    i = 0
    while i < len(due):
        if not due[i].any_order:
            out.append(due[i])
            i += 1
            continue
        j = i
        while j < len(due) and due[j].any_order and due[j].kind is due[i].kind:
            j += 1
        out.extend(sorted(due[i:j], key=lambda d: rank.get(d.car, len(rank))))
        i = j
    return out


def next_rolls(due: tuple[TestDue, ...]) -> tuple[TestDue, ...]:
    """The rolls that may come next: the first due, or the whole leading run of tests of one push
    that are rolled in any order."""
    if not due:
        return ()
    if not due[0].any_order:
        return due[:1]
    run = [d for d in due]
    k = 0
    while k < len(run) and run[k].any_order and run[k].kind is due[0].kind:
        k += 1
    return due[:k]


tests_due.__test__ = False  # type: ignore[attr-defined]  # a name pytest would collect
