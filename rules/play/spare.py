"""A5: the choices of a retired driver's spare car, played as the last move of the turn just
closed (the car to play is then the next turn's, so `gears` and `stops` do not serve it).

`spare_table(table, car, option)` is the table that move is judged on, as `play` judges it: the
closed turn's state with the spare taken (`a05_red_flag.take_spare`: in its stand, in neutral, its
build less the points in `option["spare"]`), with that car to play. `gears` and `stops` asked of it
give the spare move's gears and stops; every stop's move carries `option`, so it can be posted as
it is. `spare_gears` drops the gears above the spare car's limit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules.formats import Move
from rules.options import a05_red_flag
from rules.play.gears import Gears, gears
from rules.play.table import Table, ToPlay
from rules.state import CarStatus
from rules.verdict import Violation


class NoSpare(ValueError):
    """The spare car cannot be taken now; `violations`: the engine's reasons (may be empty)."""

    def __init__(self, detail: str, violations: tuple[Violation, ...] = ()) -> None:
        super().__init__(detail)
        self.violations = violations


def spare_table(table: Table, car: str, option: Mapping[str, Any] | None, gear: int = 1) -> Table:
    """The table the spare move of `car` (gear `gear`, the move's `option`) is judged on. Raises
    `NoSpare` outside the spare window (no turn just closed), for a car that is not out, or when
    `take_spare` refuses (the points, the gear, the option off…)."""
    if table.closed is None:
        raise NoSpare(
            "a spare car plays at the end of the turn just played, before the next turn's first move"
        )
    turn, state = table.closed
    if car not in table.game.entries:
        raise NoSpare(f"no car {car} in this race")
    out = state.car(car)
    if out.status is not CarStatus.OUT:
        raise NoSpare(f"car {car} is not out of the race")
    move = Move(car, "spare", gear, 0, option=dict(option or {}))
    taken, took = a05_red_flag.take_spare(table.game, state, out, move, turn.number)
    refused = tuple(e for e in took if isinstance(e, Violation))
    if refused:
        raise NoSpare(refused[0].message, refused)
    return replace(table, state=taken, to_play=ToPlay(turn.number, car), previous=None)


def spare_gears(table: Table) -> Gears:
    """The gears of a `spare_table`'s car: those of a car leaving its stand, up to the spare's limit."""
    found = gears(table)
    return replace(found, choices=tuple(c for c in found.choices if c.gear <= a05_red_flag.SPARE_GEAR))
