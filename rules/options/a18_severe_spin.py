"""A18 — severe spin ("Tête à queue grave"): every spin (C6) calls for a `spin` d20. 1: the
car stalls and sits out its next turn (`{"car": "7", "wait": "stalled"}`); 20: the driver
catches it, no spin, the car stays in 3rd; otherwise a normal spin."""

from __future__ import annotations

from rules.dice import TestKind
from rules.messages import Code, Kind
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

STALL = 1
CAUGHT = 20


def roll(game, state, car_id, rolls, out):
    test = rolls.one(
        TestKind.SPIN, car_id, missing=Code.TEST_NO_SPIN_ROLL_D20, second=Code.TEST_SECOND_SPIN_ROLL
    )
    if test is None or not rolls.check_roll(test):
        return state
    car = state.car(car_id)
    if test.roll == STALL:
        out.event(state.turn, car_id, Kind.STALLED, Code.STALLED_SITS_OUT)
        return state.with_car(car.with_(ext=car.ext.with_(stalled=True)))
    if test.roll == CAUGHT:
        out.event(state.turn, car_id, Kind.CAUGHT, Code.CAUGHT_STAYS_IN_3RD)
        return state.with_car(car.with_(spun=False, gear=3))
    return state


def wait(game, state, move, out):
    car = state.car(move.car)
    turn = state.turn
    if not game.rules.has("A18"):
        out.violation(turn, car.id, "A18", Code.A18_STALLING_OPTION_NOT_FORCE)
    elif not car.ext.stalled:
        out.violation(turn, car.id, "A18", Code.A18_CAR_SITS_OUT_TURN, car=car.id)
    car = car.with_(ext=car.ext.with_(stalled=False))
    return state.with_car(car, played=state.played | {car.id}, clock=state.clock + 1)


def wants(ext, move) -> bool:
    """A stalled car sits out: its move needs a `Plan` (to say so)."""
    return ext.stalled


def plan(game, state, car, move, plan, out):
    if car.ext.stalled:
        out.violation(state.turn, car.id, "A18", Code.A18_CAR_STALLED_SEVERE_SPIN, car=car.id)
        state = state.with_car(car.with_(ext=car.ext.with_(stalled=False)))
    return state


def spin(game, plan) -> None:
    """A spin calls for a d20 (`mid_tests`)."""
    plan.spun = True


def mid_tests(game, state, car_id, move, plan, rolls, out):
    return roll(game, state, car_id, rolls, out) if plan.spun else state


OPTION = OptionSpec(
    id="A18",
    name=pgettext("rule option", "severe spin"),
    summary=gettext_noop(
        "Every spin calls for a die: the car may stall for a turn, or the driver may catch it."
    ),
    controls=(Control("wait.stalled", ControlKind.ACTION, gettext_noop("The stalled car waits this turn")),),
    hooks=Hooks(wants=wants, wait=wait, plan=plan, spin=spin, mid_tests=mid_tests),
    fields=("wait.stalled", "tests.spin"),
    state=("stalled",),
)
