"""A13 — 7th gear ("Septième"): the 5th and 6th gear dice thrown together (`roll: [d5, d6]`,
32–50). After every throw in 7th the car tests its engine; a 20 on the 5th die or a 30 on the
6th adds a test and (like in 5th/6th) a weather roll under variable weather; both at once make
every car in 5th–7th test. 7 → 2 skips 4 gears: gearbox, brakes, engine and one more point of
the driver's choice (`option: {"overrev": "brakes"}`)."""

from __future__ import annotations

import rules.damage as damage
from rules.gearbox import RANGES, SEVENTH, is_face, pushes_engine
from rules.messages import Code, msg
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

TOP_GEAR = 7
CHOICES = ("gearbox", "brakes", "engine")  # 7 → 2: the extra point, the driver's choice


def prepare(game, state, car, move, plan, out) -> None:
    turn = state.turn
    if not game.rules.has("A13"):
        out.violation(turn, car.id, "A13", Code.A13_7TH_GEAR_OPTION_NOT)
    roll = move.roll
    if type(roll) is tuple:
        d5, d6 = roll
        if move.gear != TOP_GEAR:
            out.violation(turn, car.id, "G1", Code.G1_TWO_DICE_ARE_THROWN, d5=d5, d6=d6)
        for die, gear in zip(roll, SEVENTH, strict=True):
            if not is_face(gear, die):
                low, high = RANGES[gear]
                out.violation(
                    turn, car.id, "G1", Code.G1_ROLL_NOT_ON_DIE_7TH, die=die, gear=gear, low=low, high=high
                )
        plan.roll = d5 + d6
        plan.die_ok = True
        extremes = sum(pushes_engine(gear, die) for die, gear in zip(roll, SEVENTH, strict=True))
        plan.pushed = extremes > 0
        plan.everyone = extremes == 2
        plan.mover_engine = 1 + (1 if extremes else 0)
    elif not (move.option and "supertop" in move.option):
        out.violation(turn, car.id, "A13", Code.A13_MOVE_7TH_GEAR_THROWS)


def over_rev(game, state, car, move, out):
    """The 4th gear skipped (7 → 2): one more point, the driver's choice."""
    choice = (move.option or {}).get("overrev")
    if choice not in CHOICES:
        out.violation(state.turn, car.id, "A13", Code.A13_7_2_COSTS_ONE)
        return state
    if choice == "engine":
        return damage.lose(state, car.id, "engine", 1, state.turn, out, msg(Code.LOST_OVER_REVVING_7_2))
    wear = car.wear._replace(**{choice: max(0, getattr(car.wear, choice) - 1)})
    return state.with_car(car.with_(wear=wear))


def uses(car, move) -> bool:
    """A move in 7th gear, or out of it, uses A13 whether the season plays it or not."""
    return type(move.roll) is tuple or move.gear == TOP_GEAR or car.gear == TOP_GEAR


def plan(game, state, car, move, plan, out):
    if game.rules.has("A13"):
        plan.top_gear = TOP_GEAR
    if type(move.roll) is tuple or move.gear == TOP_GEAR:
        prepare(game, state, car, move, plan, out)
    return state


def check(game, state, car, move, plan, out):
    if car.gear == TOP_GEAR and move.gear == 2:
        return over_rev(game, state, car, move, out)
    return state


OPTION = OptionSpec(
    id="A13",
    name=pgettext("rule option", "7th gear"),
    summary=gettext_noop(
        "A 7th gear: the 5th and 6th gear dice together, with an engine test after each throw."
    ),
    controls=(
        Control("gear", ControlKind.CHOICE, gettext_noop("7th gear"), choices=(TOP_GEAR,)),
        Control(
            "option.overrev",
            ControlKind.CHOICE,
            gettext_noop("7 → 2: the extra point comes off"),
            choices=CHOICES,
        ),
    ),
    hooks=Hooks(uses=uses, plan=plan, check=check),
    fields=("option.overrev",),
    top_gear=TOP_GEAR,
    over_rev=CHOICES,
)
