"""A10 — pedal to the metal ("Pédale au plancher"): `option: {"pedal": true}` adds 1 square and
costs 1 engine point (paid when the move ends); then a `debris` d20: 1 (dry) or 1–2 (rain)
leaves debris (a dangerous square) under the car. No scatter (A6) for it."""

from __future__ import annotations

import rules.damage as damage
from rules.dice import TestKind
from rules.messages import Code, Kind, msg
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec


def prepare(move, plan) -> None:
    plan.add += 1


def burn(game, state, car_id, out):
    # no sticker for this point: « 1 (sec) … des débris » — the debris roll decides
    return damage.lose(state, car_id, "engine", 1, state.turn, out, msg(Code.LOST_PEDAL_METAL), mark=False)


def debris(state, car_id, rolls, out):
    test = rolls.one(
        TestKind.DEBRIS, car_id, missing=Code.TEST_NO_DEBRIS_ROLL_D20, second=Code.TEST_SECOND_DEBRIS_ROLL
    )
    if test is None:
        return state
    limit = 2 if state.weather.is_rain else 1
    car = state.car(car_id)
    if rolls.check_roll(test) and test.roll <= limit and car.square is not None:
        out.event(
            state.turn,
            car_id,
            Kind.DEBRIS,
            Code.DEBRIS_PEDAL_TO_THE_METAL,
            square=car.square,
            roll=test.roll,
        )
        return state.with_(dangerous=state.dangerous | {car.square})
    return state


def act(game, state, car, move, plan, out):
    prepare(move, plan)
    return state


def after_move(game, state, car_id, move, plan, out):
    return burn(game, state, car_id, out) if plan.options.get("pedal") else state


def late_tests(game, state, car_id, plan, rolls, out, first_event):
    if plan is not None and plan.options.get("pedal"):
        return debris(state, car_id, rolls, out)
    return state


OPTION = OptionSpec(
    id="A10",
    name=pgettext("rule option", "pedal to the metal"),
    summary=gettext_noop("One more square for an engine point, and a die for debris."),
    controls=(
        Control(
            "option.pedal", ControlKind.TOGGLE, gettext_noop("Pedal to the metal (+1 square, −1 engine)")
        ),
    ),
    hooks=Hooks(act=act, after_move=after_move, late_tests=late_tests),
    fields=("option.pedal", "tests.debris"),
)
