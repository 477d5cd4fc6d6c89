"""The gears the car to play may engage, each with what engaging it costs (rules G1–G4, A13, S3).

Every gear the car could name (1st to 6th, 7th with A13) is judged by the checks `replay_move.apply`
makes before the roll: `gearbox.check_shift` (G2–G4, G3 over-revving), `advanced.stand_gear` for a
car leaving its stand (S2/S3), A13's 7 → 2 (one more point, the driver's choice). A gear is offered
iff those report nothing; its cost is their `Shift`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import rules.advanced as advanced
from rules.gearbox import CORE_SKIP, Shift, check_shift
from rules.options import registry
from rules.play.table import Table
from rules.ruleset import RuleSet
from rules.state import CarState


class GearRule(StrEnum):
    """Why the choice is narrowed down this move."""

    FREE = "free"  # the usual move: up one, down as far as over-revving allows (G2, G3)
    FIRST_MOVE = "first-move"  # G4: the first move of the race is in 1st
    SPUN = "spun"  # G4: after a spin, 1st
    STAND = "stand"  # S2/S3: leaving the stand, any gear up to 4th
    WAIT = "wait"  # the car makes no move this turn (A18 stall): no gear


@dataclass(frozen=True, slots=True)
class GearChoice:
    """A gear the car may engage: the gears skipped going down (G3) and the points they cost.
    `engine_left`: the car's engine points once they are paid. `overrev`: A13 7 → 2, one more
    point of the driver's choice among these parts (`option: {"overrev": part}`): those with a
    point to give, the engine only when it is not its last (`_payable`)."""

    gear: int
    skipped: int = 0
    gearbox: int = 0
    brakes: int = 0
    engine: int = 0
    engine_left: int = 0
    overrev: tuple[str, ...] = ()

    @property
    def free(self) -> bool:
        return not (self.gearbox or self.brakes or self.engine or self.overrev)


@dataclass(frozen=True, slots=True)
class Gears:
    car: str
    current: int
    rule: GearRule
    choices: tuple[GearChoice, ...]

    def get(self, gear: int) -> GearChoice | None:
        return next((c for c in self.choices if c.gear == gear), None)


def gears(table: Table) -> Gears:
    """The gears the car to play may engage now."""
    to = table.to_play
    if to is None or to.car is None:
        raise ValueError("no car to play: the race is over or a restart is due")
    return gear_choices(table.game.rules, table.state.car(to.car))


def gear_choices(rules: RuleSet, car: CarState) -> Gears:
    """The gears `car` may engage under `rules` (the bot asks this too)."""
    if to_wait(car):
        return Gears(car.id, car.gear, GearRule.WAIT, ())
    top = registry.top_gear(rules.options)
    stand = car.ext.in_stand
    choices = []
    for gear in range(1, top + 1):
        if stand:
            shift, problem = advanced.stand_gear(car, gear)
        else:
            shift, problem = check_shift(car.gear, gear, car.wear, spun=car.spun, top_gear=top)
        if problem is not None:
            continue
        overrev: tuple[str, ...] = ()
        if shift.skipped > CORE_SKIP and not stand:
            overrev = _payable(car, shift)  # and one more point (`registry.OVER_REV`)
            if not overrev:
                continue
        engine_left = max(0, car.wear.engine - shift.engine)
        choices.append(
            GearChoice(
                gear,
                shift.skipped,
                shift.gearbox,
                shift.brakes,
                shift.engine,
                engine_left,
                overrev,
            )
        )
    if stand:
        rule = GearRule.STAND
    elif car.gear == 0:
        rule = GearRule.FIRST_MOVE
    elif car.spun:
        rule = GearRule.SPUN
    else:
        rule = GearRule.FREE
    return Gears(car.id, car.gear, rule, tuple(choices))


def _payable(car: CarState, shift: Shift) -> tuple[str, ...]:
    """A13 7 → 2: the parts that can pay its extra point once the shift is paid. A part with no
    point left would make it free; the engine's last point would put the car out before it moves,
    which over-revving never may (G3: with 1 engine point left, no skip of 3)."""
    left = {part: getattr(car.wear, part) - getattr(shift, part, 0) for part in registry.OVER_REV}
    return tuple(part for part in registry.OVER_REV if left[part] >= (2 if part == "engine" else 1))


def to_wait(car: CarState) -> bool:
    """A18: a stalled car sits out the turn (`{"car": …, "wait": "stalled"}`)."""
    return bool(car.ext.stalled)
