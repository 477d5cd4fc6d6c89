"""A5: the choices of a retired driver's spare car, played as the last move of the turn just
closed (the car to play is then the next turn's, so `gears` and `stops` do not serve it).

`spare_table(table, car, option)` is the table that move is judged on, as `play` judges it: the
closed turn's state with the spare taken (the option's `spare` hook, A5's: in its stand, in neutral,
its build less the points in `option["spare"]`), with that car to play. `gears` and `stops` asked of it
give the spare move's gears and stops; every stop's move carries `option`, so it can be posted as
it is. `spare_gears` drops the gears above the spare car's limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.log import Move
from rules.messages import Code, Message, msg, render
from rules.options.registry import SPARE_GEARS, SPARES
from rules.play.gears import Gears, gears
from rules.play.table import Table, ToPlay
from rules.state import CarStatus
from rules.verdict import Violation


class NoSpare(ValueError):
    """The spare car cannot be taken now: `reason` (a code and its params, the words the reader's),
    or the engine's `violations` when `take_spare` refused; `str()` is the English."""

    def __init__(self, reason: Message | None = None, violations: tuple[Violation, ...] = ()) -> None:
        super().__init__(render(*reason) if reason is not None else violations[0].message)
        self.reason = reason
        self.violations = violations


def spare_table(table: Table, car: str, option: Mapping[str, Any] | None, gear: int = 1) -> Table:
    """The table the spare move of `car` (gear `gear`, the move's `option`) is judged on. Raises
    `NoSpare` outside the spare window (no turn just closed), for a car that is not out, or when
    `take_spare` refuses (the points, the gear, the option off…)."""
    if table.closed is None:
        raise NoSpare(msg(Code.SPARE_NOT_NOW))
    turn, state = table.closed
    if car not in table.game.entries:
        raise NoSpare(msg(Code.SPARE_NO_SUCH_CAR, car=car))
    out = state.car(car)
    if out.status is not CarStatus.OUT:
        raise NoSpare(msg(Code.SPARE_CAR_NOT_OUT, car=car))
    move = Move(car, "spare", gear, 0, option=dict(option or {}))
    # the spare hook of the key the option names; when it names none, the first's (A5's: it says so)
    key = next((k for k in move.option or () if k in SPARES), next(iter(SPARES)))
    taken, took = SPARES[key](table.game, state, out, move, turn.number)
    refused = tuple(e for e in took if isinstance(e, Violation))
    if refused:
        raise NoSpare(violations=refused)
    return replace(table, state=taken, to_play=ToPlay(turn.number, car), previous=None)


def spare_gears(table: Table) -> Gears:
    """The gears of a `spare_table`'s car: those of a car leaving its stand, up to the spare's limit."""
    found = gears(table)
    most = max(SPARE_GEARS.values())
    return replace(found, choices=tuple(c for c in found.choices if c.gear <= most))
