"""The table's own refusals, with the engine's own rules and message codes: a move by a car whose
turn it is not (T4), by a car that moves no more (T5), before the restart after a red flag (A5).
Every other refusal is the engine's violation of the move itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.messages import Code, msg
from rules.replay import not_racing, restart_race
from rules.state import CarStatus
from rules.verdict import Violation

if TYPE_CHECKING:
    from rules.play.table import Table


def not_to_play(table: Table, car: str) -> Violation:
    """T4 as `play_turn` says it (T5 for a car that is not racing): another car plays next."""
    to = table.to_play
    assert to is not None and to.car is not None
    state = table.state
    if car in state.index and state.car(car).status is not CarStatus.RACING:
        return _t5(to.turn, table, car)
    code, params = msg(Code.T4_CAR_PLAYED_BEFORE_CAR, played=car, due=to.car)
    return Violation(to.turn, car, "T4", code, params)


def not_playing(table: Table, car: str) -> Violation:
    """The race is over: every car has finished or is out (T5)."""
    return _t5(table.state.turn, table, car)


def _t5(turn: int, table: Table, car: str) -> Violation:
    code, params = not_racing(table.state.car(car))
    return Violation(turn, car, "T5", code, params)


def restart_first(table: Table, car: str) -> Violation:
    """A5: a red flag fell; the turn starts with the restart (the engine's own violation)."""
    to = table.to_play
    assert to is not None
    _, problems = restart_race(table.game, table.state, None, to.turn)
    (problem,) = problems
    return Violation(problem.turn, car, problem.rule, problem.code, problem.params)
