"""The table's own refusals: a move by a car whose turn it is not, after the race, before a
restart. (Every other refusal is the engine's own violation of the move.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.state import CarStatus
from rules.verdict import Violation

if TYPE_CHECKING:
    from rules.play.table import Table


def not_to_play(table: Table, car: str) -> Violation:
    """T4 (T5 for a car that is not racing): it is another car's move."""
    to = table.to_play
    assert to is not None and to.car is not None
    state = table.state
    if car in state.index and state.car(car).status is not CarStatus.RACING:
        return Violation(to.turn, car, "T5", f"car {car} is not racing and moves no more")
    return Violation(
        to.turn, car, "T4", f"car {car} cannot play now: car {to.car} plays next in turn {to.turn}"
    )


def not_playing(table: Table, car: str) -> Violation:
    return Violation(table.state.turn, car, "T5", f"the race is over: car {car} moves no more")


def restart_first(turn: int, car: str) -> Violation:
    return Violation(turn, car, "A5", f"red flag: turn {turn} must restart the race before any move")
