"""Corners (rules C1–C3, C6): what leaving a corner with too few stops costs."""

from __future__ import annotations

from typing import NamedTuple

from rules.messages import Code, Message, msg
from rules.moves import CornerExit
from rules.state import Cause, Penalty

# message codes on the hot path, looked up once (enum members are slow lookups in Python 3.11)
_CORNER_TOO_FEW_STOPS_OUT = Code.CORNER_TOO_FEW_STOPS_OUT
_CORNER_NO_TYRES_SPIN = Code.CORNER_NO_TYRES_SPIN
_CORNER_NO_TYRES_OFF_ROAD = Code.CORNER_NO_TYRES_OFF_ROAD
_CORNER_TOO_FEW_TYRES_OFF_ROAD = Code.CORNER_TOO_FEW_TYRES_OFF_ROAD
_CORNER_LAST_TYRES_SPIN = Code.CORNER_LAST_TYRES_SPIN
_CORNER_TYRES_PAID = Code.CORNER_TYRES_PAID


class ExitOutcome(NamedTuple):
    """The tyres left after a move's corner exits, its penalties, and whether it spun or went out."""

    tyres: int
    penalties: tuple[Penalty, ...] = ()
    spun: bool = False
    eliminated: Cause | None = None
    messages: tuple[Message, ...] = ()


def eliminates_outright(corner_stops: int, stops: int) -> bool:
    """C3: 0 stops in a 2-stop corner, fewer than 2 in a 3-stop corner."""
    return (corner_stops == 2 and stops == 0) or (corner_stops == 3 and stops < 2)


def settle_exits(
    exits: tuple[CornerExit, ...], tyres: int, multiplier: int, turn: int, lap: int
) -> ExitOutcome:
    """Apply C2/C3/C6 to the corner exits of one move, in order."""
    penalties: list[Penalty] = []
    messages: list[Message] = []
    spun = False
    for ex in exits:
        if ex.controlled:
            continue
        corner = ex.corner
        what = {"n": ex.squares, "corner": corner.id, "stops": ex.stops, "need": corner.stops}
        if eliminates_outright(corner.stops, ex.stops):
            messages.append(
                msg(
                    _CORNER_TOO_FEW_STOPS_OUT,
                    corner=corner.id,
                    stops=ex.stops,
                    need=corner.stops,
                )
            )
            return ExitOutcome(tyres, tuple(penalties), spun, Cause.CORNER, tuple(messages))
        if tyres == 0:
            penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, 0))
            if ex.squares == 1:
                spun = True
                messages.append(msg(_CORNER_NO_TYRES_SPIN, **what))
                continue
            messages.append(msg(_CORNER_NO_TYRES_OFF_ROAD, **what))
            return ExitOutcome(0, tuple(penalties), spun, Cause.ROAD_EXIT, tuple(messages))
        cost = ex.squares * multiplier
        if cost > tyres:
            messages.append(msg(_CORNER_TOO_FEW_TYRES_OFF_ROAD, **what, cost=cost, tyres=tyres))
            penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, tyres))
            return ExitOutcome(0, tuple(penalties), spun, Cause.ROAD_EXIT, tuple(messages))
        penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, cost))
        tyres -= cost
        if tyres == 0:
            spun = True
            messages.append(msg(_CORNER_LAST_TYRES_SPIN, **what, cost=cost))
        else:
            messages.append(msg(_CORNER_TYRES_PAID, **what, cost=cost, tyres=tyres))
    return ExitOutcome(tyres, tuple(penalties), spun, None, tuple(messages))
