"""Steps 1 and 2 of a move: the gear, over-revving paid before the roll (G2–G4, G3), and the die
(G1, a driver's experience point X2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
import rules.damage as damage
import rules.ledger as ledger
from rules.damage import Rolls
from rules.gearbox import CORE_TOP_GEAR, RANGES, check_shift, is_face
from rules.journal import Journal
from rules.ledger import XpChange, XpKind, XpReason
from rules.messages import Code, msg
from rules.options.registry import TEST_RULES

if TYPE_CHECKING:
    from rules.advanced import Plan
    from rules.game import Game
    from rules.log import Move
    from rules.state import CarState, RaceState

_LOST_OVER_REVVING = Code.LOST_OVER_REVVING


def shift(game: Game, state: RaceState, car: CarState, move: Move, x: Plan | None, out: Journal) -> RaceState:
    """G1–G4: the gear engaged, and the points over-revving costs, paid before the roll. Returns the
    state, the same one when nothing is paid (a car may lose its last engine point here: the
    caller then plays `out_before_moving`). The usual move (the same gear, or one up or down, no
    plan) costs nothing and breaks no rule: the caller need not ask."""
    gear = move.gear
    previous = car.gear
    if x is not None and x.free_gear:
        cost, problem = advanced.stand_gear(car, gear)
    else:
        top = CORE_TOP_GEAR if x is None else x.top_gear
        cost, problem = check_shift(previous, gear, car.wear, spun=car.spun, top_gear=top)
    if problem is not None:
        out.broken(state.turn, car.id, *problem)
    if not cost.skipped:
        return state
    wear = car.wear
    car = car.with_(
        wear=wear._replace(
            gearbox=max(0, wear.gearbox - cost.gearbox), brakes=max(0, wear.brakes - cost.brakes)
        )
    )
    state = state.with_car(car)
    if cost.engine:
        why = msg(_LOST_OVER_REVVING, previous=car.gear, gear=gear)
        state = damage.lose(state, car.id, "engine", cost.engine, state.turn, out, why)
    return state


def out_before_moving(state: RaceState, car: CarState, move: Move, out: Journal):
    """G3, D2: over-revving took the last engine point before the roll. The car does not move: it
    stays on its square as an obstacle until its next turn would have come (the next game turn's
    slot, not this one's, which is now); the move's d20 rolls were not called for."""
    turn = state.turn
    if car.remove_turn is not None and car.remove_turn <= turn and car.square is not None:
        car = car.with_(remove_turn=turn + 1)
    state = state.with_played(car)
    if move.tests:
        Rolls(move.tests, car.id, turn, out, TEST_RULES).finish()
    return state, tuple(out)


def throw(state: RaceState, car: CarState, move: Move, roll: int, out: Journal) -> None:
    """G1: the die rolled (`roll`: the move's) is not one of the gear's (`FACE_SETS[gear]`, which
    the caller looks up: most moves never come here; two dice or a number chosen are the plan's
    to check)."""
    gear = move.gear
    low, high = RANGES[gear]
    out.violation(state.turn, car.id, "G1", Code.G1_ROLL_NOT_ON_DIE, roll=roll, gear=gear, low=low, high=high)


def spend_point(
    game: Game, state: RaceState, car: CarState, move: Move, out: Journal
) -> tuple[int, RaceState, CarState]:
    """X2: the die a driver's point changes (`move.xp.driver`). Returns the die face that counts
    for the engine and weather (D4, W1), the state (the ledger) and the car (the point paid)."""
    turn = state.turn
    die, spent = driver_xp(game, car, move, out, turn)
    if spent:
        cost = game.rules.xp_cost
        car = car.with_(driver_xp=car.driver_xp - cost, driver_xp_used=True)
        state = ledger.record(state, XpChange(car.id, XpKind.DRIVER, XpReason.DIE, -cost, turn))
    return die, state, car


def driver_xp(game: Game, car: CarState, move: Move, out: Journal, turn: int) -> tuple[int, bool]:
    """X2: +1, −1 or a re-roll on the movement die; returns the die face that counts for D4/W1
    and whether the point could be spent."""
    xp = move.xp
    assert xp is not None and xp.natural is not None
    gear, roll, natural = move.gear, move.roll, xp.natural
    if type(roll) is tuple:
        # two dice (7th gear): `natural` is one number and cannot say which die it changes (decisions)
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_TWO, roll=list(roll))
        return sum(roll), False
    low, high = RANGES.get(gear, (0, 0))
    if 1 <= gear <= 6 and not is_face(gear, natural):
        out.violation(
            turn, car.id, "G1", Code.G1_NATURAL_ROLL_NOT_GEAR, natural=natural, gear=gear, low=low, high=high
        )
    face = natural
    if xp.driver == "plus1":
        ok = roll == natural + 1
    elif xp.driver == "minus1":
        ok = roll == natural - 1
    else:
        ok = is_face(gear, roll)
        face = roll
    if not ok:
        out.violation(
            turn, car.id, "G1", Code.G1_ROLL_DOES_NOT_FOLLOW, roll=roll, driver=xp.driver, natural=natural
        )
    if not game.rules.experience:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_EXPERIENCE)
    elif car.driver_xp_used:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_SECOND)
    elif car.driver_xp < game.rules.xp_cost:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_1_0_DRIVER, balance=car.driver_xp / 10)
    else:
        return face, True
    return face, False
