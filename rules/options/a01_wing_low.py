"""A1 — low wing ("Aileron en position basse"): +1 mandatory square in 4th–7th, and +1 tyre
point per corner-exit square in those gears (a car with `"wing": "low"`)."""

from __future__ import annotations

from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

FROM_GEAR = 4


def acts(move) -> bool:
    """Whether the low wing changes this move (the car then needs a `Plan`)."""
    return move.gear >= FROM_GEAR


def prepare(car, move, plan) -> None:
    if move.gear >= FROM_GEAR:
        plan.add += 1
        plan.exit_extra += 1


def wants(ext, move) -> bool:
    """The car's low wing changes this move: it needs a `Plan`."""
    return ext.wing == "low" and move.gear >= FROM_GEAR  # `acts`, without the call (every move)


def plan(game, state, car, move, plan, out):
    if car.ext.wing == "low":
        prepare(car, move, plan)
    return state


def start(rules, entry, extras: dict, problems) -> None:
    """The car's wing: the low one if asked for (or A1 alone is on, and none is asked for)."""
    if entry.wing is None:
        if rules.has("A1") and not rules.has("A2"):
            extras["wing"] = "low"
    elif entry.wing == "low":
        if rules.has("A1"):
            extras["wing"] = "low"
        else:
            problems.violation(0, entry.car, "A1", Code.OPTION_WING_NOT_IN_FORCE, wing=entry.wing, opt="A1")


OPTION = OptionSpec(
    id="A1",
    name=pgettext("rule option", "wing low"),
    summary=gettext_noop(
        "A low wing: one more mandatory square in 4th–7th, one more tyre point per corner-exit square."
    ),
    controls=(Control("cars.wing", ControlKind.CHOICE, gettext_noop("Wing"), choices=("low",)),),
    hooks=Hooks(start=start, wants=wants, plan=plan),
    fields=("cars.wing",),
    state=("wing=low",),
)
