"""A19 — Top: one square more or less on a move (`option: {"top": 1}` or `{"top": -1}`), once
per lap; a Top not used before the car crosses the line is lost."""

from __future__ import annotations

from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec


def prepare(state, car, move, plan, out):
    value = move.option.get("top")
    turn = state.turn
    if value not in (1, -1):
        out.violation(turn, car.id, "A19", Code.A19_TOP_ADDS_TAKES_OFF, value=value)
        return state
    plan.add += value
    lap = car.lap
    if car.ext.top_lap == lap:
        out.violation(turn, car.id, "A19", Code.A19_SECOND_TOP_LAP_ONE, lap=lap)
        return state
    return state.with_car(car.with_(ext=car.ext.with_(top_lap=lap)))


def act(game, state, car, move, plan, out):
    return prepare(state, car, move, plan, out)


OPTION = OptionSpec(
    id="A19",
    name=pgettext("rule option", "Top"),
    summary=gettext_noop("One square more or less on a move, once per lap."),
    controls=(Control("option.top", ControlKind.CHOICE, gettext_noop("Top (once a lap)"), choices=(1, -1)),),
    hooks=Hooks(act=act),
    fields=("option.top",),
    state=("top_lap",),
)
