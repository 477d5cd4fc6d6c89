"""A16 — Super Top: once per race the driver chooses the number instead of rolling
(`option: {"supertop": true}`, `roll` = the number chosen, anywhere in the gear's range; 7th:
32–50). A 20 chosen in 5th or 30 in 6th calls for the engine tests as if rolled."""

from __future__ import annotations

from rules.gearbox import RANGES, nth
from rules.verdict import Violation


def prepare(game, state, car, move, plan, out):
    turn = state.turn
    if car.ext.supertop:
        out.append(Violation(turn, car.id, "A16", "a second Super Top in this race (one per race)"))
    if type(move.roll) is not int:
        out.append(
            Violation(turn, car.id, "A16", "a Super Top gives the number chosen as `roll`, one integer")
        )
        return state
    low, high = RANGES.get(move.gear, (0, 0))
    if not low <= move.roll <= high:
        out.append(
            Violation(
                turn,
                car.id,
                "A16",
                f"Super Top {move.roll} is outside the {nth(move.gear)} gear's range ({low}–{high})",
            )
        )
    plan.roll = move.roll
    plan.die_ok = True
    if move.gear == 7:
        plan.pushed = False
        plan.mover_engine = 1
    return state.with_car(car.with_(ext=car.ext.with_(supertop=True)))
