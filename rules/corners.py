"""Corners (rules C1–C3, C6): what leaving a corner with too few stops costs."""

from __future__ import annotations

from typing import NamedTuple

from rules.moves import CornerExit
from rules.state import Cause, Penalty


class ExitOutcome(NamedTuple):
    """The tyres left after a move's corner exits, its penalties, and whether it spun or went out."""

    tyres: int
    penalties: tuple[Penalty, ...] = ()
    spun: bool = False
    eliminated: Cause | None = None
    messages: tuple[str, ...] = ()


def eliminates_outright(corner_stops: int, stops: int) -> bool:
    """C3: 0 stops in a 2-stop corner, fewer than 2 in a 3-stop corner."""
    return (corner_stops == 2 and stops == 0) or (corner_stops == 3 and stops < 2)


def settle_exits(
    exits: tuple[CornerExit, ...], tyres: int, multiplier: int, turn: int, lap: int
) -> ExitOutcome:
    """Apply C2/C3/C6 to the corner exits of one move, in order."""
    penalties: list[Penalty] = []
    messages: list[str] = []
    spun = False
    for ex in exits:
        if ex.controlled:
            continue
        corner = ex.corner
        what = f"{_squares(ex.squares)} past corner {corner.id} with {ex.stops} of {corner.stops} stops"
        if eliminates_outright(corner.stops, ex.stops):
            messages.append(
                f"left corner {corner.id} with {ex.stops} of {corner.stops} stops: eliminated (C3)"
            )
            return ExitOutcome(tyres, tuple(penalties), spun, Cause.CORNER, tuple(messages))
        if tyres == 0:
            penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, 0))
            if ex.squares == 1:
                spun = True
                messages.append(f"{what} with no tyre points left: spin (C6)")
                continue
            messages.append(f"{what} with no tyre points left: off the road, eliminated (C6)")
            return ExitOutcome(0, tuple(penalties), spun, Cause.ROAD_EXIT, tuple(messages))
        cost = ex.squares * multiplier
        if cost > tyres:
            messages.append(f"{what}: {cost} tyre points, has {tyres}: off the road, eliminated (C6, A14)")
            penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, tyres))
            return ExitOutcome(0, tuple(penalties), spun, Cause.ROAD_EXIT, tuple(messages))
        penalties.append(Penalty(turn, lap, "C2", ex.squares, multiplier, cost))
        tyres -= cost
        if tyres == 0:
            spun = True
            messages.append(f"{what}: {cost} tyre points, the last ones: spin (C6)")
        else:
            messages.append(f"{what}: {cost} tyre points, {tyres} left (C2)")
    return ExitOutcome(tyres, tuple(penalties), spun, None, tuple(messages))


def _squares(n: int) -> str:
    return "1 square" if n == 1 else f"{n} squares"
