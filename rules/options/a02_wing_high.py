"""A2 — high wing ("Aileron en position haute"): in a corner the car may move one square less
(`option: {"highwing": true}`); in a straight its die counts at most 11 in 4th, 18 in 5th, 26 in
6th, 44 in 7th (a 20 or 30 rolled still calls for engine tests)."""

from __future__ import annotations

from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

CAPS = {4: 11, 5: 18, 6: 26, 7: 44}


def acts(move) -> bool:
    """Whether the high wing may change this move with no `highwing` option: a die over its cap
    (in a straight; the car then needs a `Plan`)."""
    cap = CAPS.get(move.gear)
    return cap is not None and (type(move.roll) is not int or move.roll > cap)


def prepare(move, plan) -> None:
    plan.cap = CAPS.get(move.gear)
    if plan.options.get("highwing") or (move.option and move.option.get("highwing")):
        plan.corner_add -= 1


def wants(ext, move) -> bool:
    """The car's high wing may change this move: it needs a `Plan`."""
    if ext.wing != "high":
        return False
    cap = CAPS.get(move.gear)  # `acts`, without the call (every move)
    return cap is not None and (type(move.roll) is not int or move.roll > cap)


def plan(game, state, car, move, plan, out):
    if car.ext.wing == "high":
        prepare(move, plan)
    return state


def act(game, state, car, move, plan, out):
    """`option: {"highwing": true}`: the square off in a corner needs the high wing."""
    if car.ext.wing != "high":
        out.violation(state.turn, car.id, "A2", Code.A2_TAKES_SQUARE_OFF_CORNER)
    return state


def start(rules, entry, extras: dict, problems) -> None:
    """The car's wing: the high one if asked for (or A2 alone is on, and none is asked for)."""
    if entry.wing is None:
        if rules.has("A2") and not rules.has("A1"):
            extras["wing"] = "high"
    elif entry.wing == "high":
        if rules.has("A2"):
            extras["wing"] = "high"
        else:
            problems.violation(0, entry.car, "A2", Code.OPTION_WING_NOT_IN_FORCE, wing=entry.wing, opt="A2")


OPTION = OptionSpec(
    id="A2",
    name=pgettext("rule option", "wing high"),
    summary=gettext_noop(
        "A high wing: one square less allowed in a corner; the straight-line dice are capped."
    ),
    controls=(
        Control("cars.wing", ControlKind.CHOICE, gettext_noop("Wing"), choices=("high",)),
        Control(
            "option.highwing", ControlKind.TOGGLE, gettext_noop("High wing: one square less in the corner")
        ),
    ),
    hooks=Hooks(start=start, wants=wants, plan=plan, act=act),
    fields=("cars.wing", "option.highwing"),
    state=("wing=high",),
)
