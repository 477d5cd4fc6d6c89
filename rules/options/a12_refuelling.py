"""A12 — refuelling ("Ravitaillement"): a car starts with a tank of 1, 2 or 3 thirds of the race
(`cars[].fuel`; none given: a full tank for the whole race) and refuels in a stop (`pit: {"fuel": 2}`). A light tank gives tyre
points: lap 1: 1/3 +3, 2/3 +2; lap 2: 1/3 +2; otherwise +0; 1 less in the rain.
[decision] A tank of k thirds lasts k laps from the lap it was taken for (like a tyre set: the
next lap begun if the stand is before the line); starting a lap it does not cover is an A12
violation (the car had to stop)."""

from __future__ import annotations

import rules.pits as pits
from rules.messages import Code
from rules.messages.marks import gettext_noop, pgettext
from rules.options.spec import Control, ControlKind, Hooks, OptionSpec

BONUS = {1: {1: 3, 2: 2, 3: 0}, 2: {1: 2, 2: 0}, 3: {1: 0}}


def bonus(lap: int, thirds: int, rain: bool) -> int:
    b = BONUS.get(min(lap, 3), {}).get(thirds, 0)
    return max(0, b - (1 if rain else 0))


def refuel(game, state, car, move, crossings_at_stand, tyre_points, out):
    thirds = move.pit.get("fuel")
    if thirds is None:
        return tyre_points, {}
    if not 1 <= thirds <= 3:
        out.violation(state.turn, car.id, "A12", Code.A12_TANK_HOLDS_1_3, thirds=thirds)
        thirds = 3
    ahead = pits.line_ahead(game.track, car.square, game.entries[car.id].stand)
    start = crossings_at_stand + (1 if ahead else 0)
    lap = max(1, start)
    return tyre_points + bonus(lap, thirds, state.weather.is_rain), {"fuel": thirds, "fuel_from": start}


def refuel_off(game, state, car, move, out) -> None:
    """A stop that refuels though the season does not play refuelling."""
    if move.pit.get("fuel") is not None:
        out.violation(state.turn, car.id, "A12", Code.A12_REFUELS_OPTION_NOT_FORCE)


def crossed(game, state, car_id, out):
    car = state.car(car_id)
    c = car.crossings
    ext = car.ext
    if c <= game.laps and c >= ext.fuel_from + ext.fuel:
        out.violation(
            state.turn,
            car_id,
            "A12",
            Code.A12_STARTS_LAP_NO_FUEL,
            car=c,
            fuel=ext.fuel,
            fuel_from=ext.fuel_from,
            fuel_to=ext.fuel_from + ext.fuel - 1,
        )
        # once is enough: the car runs on as if refuelled
        state = state.with_car(car.with_(ext=ext.with_(fuel=c - ext.fuel_from + 1)))
    return state


def start(car, weather):
    """The tyre points a light tank gives on the grid (lap 1)."""
    b = bonus(1, car.ext.fuel, weather.is_rain)
    if not b:
        return car
    return car.with_(wear=car.wear._replace(tyres=car.wear.tyres + b))


# -- the declaration ----------------------------------------------------------------
FULL_TANK = 99  # no `fuel` given = a full tank (3/3), the whole race


def load(rules, entry, extras: dict, problems) -> None:
    """The tank at the start (`cars[].fuel`)."""
    if rules.has("A12"):
        extras["fuel"] = entry.fuel or FULL_TANK
    elif entry.fuel is not None:
        problems.violation(0, entry.car, "A12", Code.A12_FUEL_LOAD_OPTION_NOT)


def grid(rules, entry, car, weather):
    return start(car, weather)


def at_the_line(game, state, car_id, out):
    return crossed(game, state, car_id, out) if state.car(car_id).ext.fuel else state


OPTION = OptionSpec(
    id="A12",
    name=pgettext("rule option", "refuelling"),
    summary=gettext_noop(
        "A car starts with 1, 2 or 3 thirds of fuel and refuels in the pits; a light tank gives tyre points."
    ),
    controls=(
        Control(
            "cars.fuel", ControlKind.NUMBER, gettext_noop("Tank at the start (thirds, 1–3)"), low=1, high=3
        ),
        Control(
            "pit.fuel", ControlKind.NUMBER, gettext_noop("Tank after the stop (thirds, 1–3)"), low=1, high=3
        ),
    ),
    hooks=Hooks(start=load, grid=grid, stop=refuel, off_stop=refuel_off, crossed=at_the_line),
    fields=("cars.fuel", "pit.fuel"),
    state=("fuel", "fuel_from"),
)
