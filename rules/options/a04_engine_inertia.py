"""A4 — engine failure inertia ("Casse moteur"): a car in 5th or higher whose engine breaks (last
engine point) is not taken off: at its next turn it makes one last move in 4th with the 4th gear
die (never into the pit lane, no slipstream for it; one behind it is fine: « elle fonctionne sur
une voiture qui vient de casser son moteur »), then stays as an obstacle, on a new dangerous
square, until its following turn. « Si la voiture se retrouve en quatrième ou moins … (sur-régime
… ou tête à queue), il n'y a pas d'inertie … elle est aussitôt retirée de la piste »: a car in
4th or lower, or spun, is eliminated and taken off at once (no obstacle).
[decision] Reaching the finish by going down the gears (after the next-to-last corner) is not
played: the inertia move is the last one."""

from __future__ import annotations

import rules.damage as damage
from rules.messages import Code, Kind, msg
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Hooks, OptionSpec
from rules.state import CarStatus, Cause
from rules.verdict import Event

MIN_GEAR = 5


def catch(game, state, out, first_event):
    """Turn this move's engine eliminations of cars in 5th or higher into inertia; take the
    others off the track at once."""
    for ev in out[first_event:]:
        if not isinstance(ev, Event) or ev.kind != "eliminated":
            continue
        car = state.car(ev.car)
        if car.status is not CarStatus.OUT or car.cause is not Cause.ENGINE or car.ext.inertia:
            continue
        if car.gear < MIN_GEAR or car.spun:
            if car.square is not None:
                state = state.with_car(car.with_(square=None, remove_turn=None))
            continue
        car = car.with_(
            status=CarStatus.RACING,
            cause=None,
            out_turn=None,
            remove_turn=None,
            ext=car.ext.with_(inertia=True),
        )
        state = state.with_car(car)
        out.event(state.turn, car.id, Kind.INERTIA, Code.INERTIA_LAST_MOVE)
    return state


def prepare(game, state, car, move, plan, out) -> None:
    turn = state.turn
    if move.gear != 4:
        out.violation(turn, car.id, "A4", Code.A4_INERTIA_MOVE_MADE_4TH, gear=move.gear)
    if move.slipstream:
        out.violation(turn, car.id, "A4", Code.A4_NO_SLIPSTREAM_CAR_INERTIA)
    if plan.pit_route:
        out.violation(turn, car.id, "A4", Code.A4_CAR_INERTIA_MAY_NOT)
    plan.options["_inertia"] = True


def finish(state, car_id, out):
    """After the inertia move: out, an obstacle (and a dangerous square) until its next turn."""
    car = state.car(car_id)
    if car.status is not CarStatus.RACING:
        return state
    state = state.with_car(car.with_(ext=car.ext.with_(inertia=False)))
    return damage.eliminate(
        state, car_id, Cause.ENGINE, state.turn, out, msg(Code.OUT_ENGINE_BROKEN_INERTIA_MOVE)
    )


def wants(ext, move) -> bool:
    """A car in inertia makes its last move: it needs a `Plan`."""
    return ext.inertia


def check(game, state, car, move, plan, out):
    if car.ext.inertia:
        prepare(game, state, car, move, plan, out)
    return state


def late_tests(game, state, car_id, plan, rolls, out, first_event):
    """After the tests: the inertia move is over; or engines that broke go into inertia (from the
    move's first event: the pedal, A10, pays its engine point before the tests)."""
    if plan is not None and plan.options.get("_inertia"):
        return finish(state, car_id, out)
    if out:
        return catch(game, state, out, 0)
    return state


OPTION = OptionSpec(
    id="A4",
    name=pgettext("rule option", "engine failure inertia"),
    summary=gettext_noop("A broken engine in 5th or higher makes one last move in 4th before it stops."),
    hooks=Hooks(wants=wants, check=check, late_tests=late_tests),
    state=("inertia",),
)
