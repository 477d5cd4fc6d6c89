"""Step 0 of a move: whether it needs a `Plan` (`rules/advanced.py`), the championship rules' and
the options' shaping of the move. Most moves do not, and cost one test here."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
from rules.extras import NO_EXTRAS
from rules.gearbox import CORE_TOP_GEAR, RANGES

if TYPE_CHECKING:
    from rules.game import Game
    from rules.log import Move
    from rules.state import CarState

_NO_EXT = NO_EXTRAS
_HIGHEST = max(RANGES)  # the highest gear the gearbox has a die for (7th, A13's)


def needs_plan(game: Game, car: CarState, move: Move) -> bool:
    """A stand to leave, an option in force that `wants` a plan for the car's state (its hook asked
    only when the option's `state` is set on the car), a gear beyond the core gearbox (A13's, in
    force or not), something a core move lacks, or the pit lane (S2, S3)."""
    ext = car.ext
    if ext is not _NO_EXT:
        if ext.in_stand:
            return True
        if (wants_of := game.wants_of) is not None:
            values = wants_of(ext)  # the fields the wants read, in one call
            for i, value, wants in game.wants:  # a loop, not a call: every move
                if (v := values[i]) and (value is None or v == value):
                    for want in wants:
                        if want(ext, move):
                            return True
    lane_of = game.track.lane_map
    return (
        not 1 <= move.gear <= CORE_TOP_GEAR
        or car.gear == _HIGHEST
        or (not move.plain and advanced.unusual(move))
        or lane_of[car.square] < 0
        or (move.to is not None and lane_of.get(move.to, 0) < 0)
    )
