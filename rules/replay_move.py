"""One move: `apply(game, state, move) -> (state, events)`, the steps of a player's move in the
order the rules give them (M6-3), each in `rules/move/`:

0. the plan, for a move the championship rules or an option in force shape (`move/plan.py`,
   `rules/advanced.py`);
1. the gear, over-revving paid before the roll (G2–G4; `move/gear.py` `shift`);
2. the die: one of the gear's (G1, `move/gear.py` `throw` says when not), or the one a driver's
   point changes (X2, `spend_point`);
3. the total: slide, bonus or handicap (W2), brakes (C4), the plan's squares (`move/total.py`);
4. the path, walked with its slipstreams and pit lane, and its length: blocking (T1, T2, S1–S3,
   C7, C5; `move/path.py`);
5. the car on its stop: the line, the corner exits, the options after the move (T3, C2, C3, C6;
   `move/arrive.py`);
6. the d20 tests: handling, accidents, blocking, collisions, engine, weather (D5, A14's, C5, D3,
   D4, W1; `move/tests.py`).

The championship rules and the options come in through the `Plan` and through the hooks of the
options in force that a `Game` keeps per hook point (`rules/options/spec.py`); no step imports an
option. The steps read the circuit through `Track`'s lookup tables (`track.lane_map`, …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
from rules.gearbox import FACE_SETS
from rules.journal import Journal
from rules.move.arrive import arrive
from rules.move.gear import out_before_moving, shift, spend_point, throw
from rules.move.path import SEARCH_CAP, drive
from rules.move.plan import needs_plan
from rules.move.tests import roll_tests
from rules.move.total import size
from rules.state import CarStatus

if TYPE_CHECKING:
    from rules.game import Game
    from rules.log import Move
    from rules.state import RaceState
    from rules.verdict import Event, Violation

__all__ = ["SEARCH_CAP", "apply"]

_OUT = CarStatus.OUT  # looked up once (`CarStatus.OUT` is a slow lookup in Python 3.11)


def apply(game: Game, state: RaceState, move: Move) -> tuple[RaceState, tuple[Event | Violation, ...]]:
    """Play one move on a state; returns the new state and what happened (violations included)."""
    car = state.cars[state.index[move.car]]
    out = Journal()
    x = None  # the advanced rules' plan for this move (rules/advanced.py), if it needs one
    if needs_plan(game, car, move):
        x, state = advanced.prepare(game, state, car, move, out)
        if x.done:
            return state, tuple(out)
        car = state.car(move.car)
    gear = move.gear
    previous = car.gear
    # the usual move (the same gear, or one up or down) costs nothing: no call for it
    if (
        x is not None
        or not (previous and previous - 1 <= gear <= previous + 1 and 1 <= gear <= 6)
        or car.spun
    ):
        shifted = shift(game, state, car, move, x, out)
        if shifted is not state:  # over-revving paid
            state = shifted
            car = state.car(move.car)
    if car.status is _OUT:  # over-revving (7 → 2 included) took its last engine point
        return out_before_moving(state, car, move, out)
    roll = move.roll if x is None else x.roll
    assert isinstance(roll, int)
    xp = move.xp
    if xp is not None and xp.driver is not None:  # X2: a driver's point changes the die
        die, state, car = spend_point(game, state, car, move, out)
    else:
        die = roll
        if 1 <= gear <= 6 and roll not in FACE_SETS[gear] and (x is None or not x.die_ok):
            throw(state, car, move, roll, out)  # G1: a roll off the gear's die
    sized = size(game, state, car, move, x, roll, out)
    if sized is None:
        return state, tuple(out)
    in_corner, effect, forced, total = sized
    driven = drive(game, state, car, move, x, roll, in_corner, forced, total, out)
    if driven is None:
        return state, tuple(out)
    state, x, path, w, blocked, occupied = driven
    state, x, crash = arrive(game, state, car, move, x, path, w, effect, occupied, out)
    state = roll_tests(game, state, move, x, die, car, w, effect, blocked, crash, out)
    return state, tuple(out) if out else ()
