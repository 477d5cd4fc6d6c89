"""A19 — Top: one square more or less on a move (`option: {"top": 1}` or `{"top": -1}`), once
per lap; a Top not used before the car crosses the line is lost."""

from __future__ import annotations

from rules.options.spec import Hooks, OptionSpec
from rules.verdict import Violation


def prepare(state, car, move, plan, out):
    value = move.option.get("top")
    turn = state.turn
    if value not in (1, -1):
        out.append(Violation(turn, car.id, "A19", f"a Top adds or takes off 1 square, not {value!r}"))
        return state
    plan.add += value
    lap = car.lap
    if car.ext.top_lap == lap:
        out.append(Violation(turn, car.id, "A19", f"a second Top in lap {lap} (one per lap)"))
        return state
    return state.with_car(car.with_(ext=car.ext.with_(top_lap=lap)))


def act(game, state, car, move, plan, out):
    return prepare(state, car, move, plan, out)


OPTION = OptionSpec(id="A19", name="Top", hooks=Hooks(act=act), fields=("option.top",))
