"""A18 — severe spin ("Tête à queue grave"): every spin (C6) calls for a `spin` d20. 1: the
car stalls and sits out its next turn (`{"car": "7", "wait": "stalled"}`); 20: the driver
catches it, no spin, the car stays in 3rd; otherwise a normal spin."""

from __future__ import annotations

from rules.formats import TestKind
from rules.verdict import Event, Violation

STALL = 1
CAUGHT = 20


def roll(game, state, car_id, rolls, out):
    given = rolls.take(TestKind.SPIN)
    if not given:
        rolls.violation(TestKind.SPIN, car_id, "no spin roll (d20) after a spin (A18)")
        return state
    for extra in given[1:]:
        rolls.violation(TestKind.SPIN, car_id, f"a second spin roll ({extra.roll})")
    test = given[0]
    if not rolls.check_roll(test):
        return state
    car = state.car(car_id)
    if test.roll == STALL:
        out.append(Event(state.turn, car_id, "stalled", "severe spin: stalls, sits out its next turn (A18)"))
        return state.with_car(car.with_(ext=car.ext.with_(stalled=True)))
    if test.roll == CAUGHT:
        out.append(Event(state.turn, car_id, "caught", "severe spin: caught, stays in 3rd (A18)"))
        return state.with_car(car.with_(spun=False, gear=3))
    return state


def wait(game, state, move, out):
    car = state.car(move.car)
    turn = state.turn
    if not game.rules.has("A18"):
        out.append(Violation(turn, car.id, "A18", "stalling is option A18, not in force this season"))
    elif not car.ext.stalled:
        out.append(Violation(turn, car.id, "A18", f"car {car.id} sits out a turn but did not stall"))
    car = car.with_(ext=car.ext.with_(stalled=False))
    return state.with_car(car, played=state.played | {car.id}, clock=state.clock + 1)
