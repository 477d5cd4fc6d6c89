"""A16 — Super Top: once per race the driver chooses the number instead of rolling
(`option: {"supertop": true}`, `roll` = the number chosen, anywhere in the gear's range; 7th:
32–50). A 20 chosen in 5th or 30 in 6th calls for the engine tests as if rolled; « Idem pour un
20 et/ou 30 en 7ème »: in 7th, 49 or 50 (only a 20 or a 30 on a die reaches them) calls for them
too. « Le Super Top peut aussi éviter une élimination sur perte de point de moteur, tenue de route
ou carrosserie (il agit alors comme si on ajoutait un point de structure à la voiture et on ne
pose pas de débris) »: [decision] a car that still has its Super Top uses it then, without a word
in the log (no driver would rather go out): the part keeps 1 point, no sticker, the Super Top is
spent. That save is played where the point is lost (`rules/damage.py`, `lose`), for any loss:
the car carries its Super Top from the start (`start`: `CarExtras.super_top`)."""

from __future__ import annotations

from rules.gearbox import RANGES, SEVENTH
from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

# 19 + 30 or 20 + 29 at least (49): a 20 or a 30 was "shown"
PUSH_IN_SEVENTH = sum(RANGES[g][1] for g in SEVENTH) - 1


def prepare(game, state, car, move, plan, out):
    turn = state.turn
    if car.ext.supertop:
        out.violation(turn, car.id, "A16", Code.A16_SECOND_SUPER_TOP_RACE)
    if type(move.roll) is not int:
        out.violation(turn, car.id, "A16", Code.A16_SUPER_TOP_GIVES_NUMBER)
        return state
    low, high = RANGES.get(move.gear, (0, 0))
    if not low <= move.roll <= high:
        out.violation(
            turn,
            car.id,
            "A16",
            Code.A16_SUPER_TOP_OUTSIDE_GEAR,
            roll=move.roll,
            gear=move.gear,
            low=low,
            high=high,
        )
    plan.roll = move.roll
    plan.die_ok = True
    if move.gear == 7:
        if move.roll >= PUSH_IN_SEVENTH:  # the push calls for every car's test, the mover's too
            plan.pushed, plan.everyone, plan.mover_engine = True, True, 0
        else:
            plan.pushed = False
            plan.mover_engine = 1
    return state.with_car(car.with_(ext=car.ext.with_(supertop=True)))


def start(rules, entry, extras: dict, problems) -> None:
    if rules.has("A16"):
        extras["super_top"] = True  # given one (`supertop`: used)


OPTION = OptionSpec(
    id="A16",
    name=pgettext("rule option", "Super Top"),
    summary=gettext_noop("Once per race the driver chooses the number instead of rolling."),
    controls=(
        Control(
            "option.supertop", ControlKind.TOGGLE, gettext_noop("Super top: the die is the number chosen")
        ),
    ),
    hooks=Hooks(start=start, act=prepare),
    fields=("option.supertop",),
    state=("super_top", "supertop"),
)
