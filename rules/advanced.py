"""The hooks `replay_move.apply` calls for the championship and advanced rules.

`apply` plays the core rules. A move that uses something more — a slipstream
(S1), the pit lane (S2, S3, A3), team experience (X3), an option action
(`option`, 7th gear), or a car whose advanced state acts on this move (a
stand to leave, a stall, inertia, a wing that changes the move: `acts`) — gets
a `Plan` from `prepare()`, and `apply` asks it at a few points: the gear, the
die, the total, the path, after the move, the tests. A plain move of any other
car never builds a `Plan`, even with fuel or pit points to remember (A12's tank
is checked when the car crosses the line): the core path stays as fast as it
was. Each rule's logic lives in its own unit (`slipstream.py`, `pits.py`,
`team_xp.py`, `options/aNN_*.py`); this module only dispatches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules import pits, slipstream, team_xp
from rules.formats import Move, TestKind
from rules.gearbox import NO_SHIFT_COST
from rules.journal import Journal
from rules.messages import Code, msg
from rules.options import (  # noqa: F401 (a12_refuelling is used by replay.start)
    a01_wing_low,
    a02_wing_high,
    a04_engine_inertia,
    a06_debris_scatter,
    a09_weather_timing,
    a10_pedal_to_the_metal,
    a12_refuelling,
    a13_seventh_gear,
    a15_supercharging,
    a16_super_top,
    a18_severe_spin,
    a19_top,
)
from rules.state import CarState, RaceState

if TYPE_CHECKING:
    from rules.replay import Game

# `option` keys a move may carry -> the option that plays them.
OPTION_KEYS = {
    "top": "A19",
    "supertop": "A16",
    "supercharge": "A15",
    "pedal": "A10",
    "overrev": "A13",
    "highwing": "A2",
    "spare": "A5",
}
LATE_OPTIONS = frozenset({"A4", "A6"})  # they act on what the tests did, any move
FULL_TANK = 99  # A12: no `fuel` given = a full tank (3/3), the whole race

_PASSES_THROUGH = Code.T1_PASSES_THROUGH_CAR


@dataclass(slots=True)
class Plan:
    """What the advanced rules change in one move; `apply` reads it."""

    roll: int
    done: bool = False  # the move was a `wait`: nothing else to do
    die_ok: bool = False  # the die was checked here (7th gear, Super Top)
    top_gear: int = 6
    free_gear: bool = False  # leaving its stand: any gear up to 4th
    add: int = 0  # squares added to the main move (Top, pedal, supercharging, low wing)
    corner_add: int = 0  # A2: −1 in a corner move
    cap: int | None = None  # A2: the die's most in a straight
    slip: int = 0
    exit_extra: int = 0  # A1: tyre points per corner-exit square
    pushed: bool | None = None  # overrides the 20-in-5th / 30-in-6th test (7th gear)
    everyone: bool = True  # whether a push makes the other cars test their engine
    mover_engine: int = 0  # engine tests the mover rolls anyway (A13, A15)
    mover_limit: int | None = None  # their losing rolls (A15: 1–4, 1–6 with a push)
    pit_route: bool = False
    stop: pits.StopCheck | None = None
    crossings_at_stand: int = 0
    pit_brake: int = 0
    slip_brake: int = 0
    spun: bool = False
    options: dict = field(default_factory=dict)

    def squares(self, in_corner: bool) -> int:
        """Squares the options and slipstreams add to the move's total (C7)."""
        extra = self.add + slipstream.SQUARES * self.slip
        if in_corner:
            extra += self.corner_add
        elif self.cap is not None and self.roll > self.cap:
            extra -= self.roll - self.cap
        return extra

    @property
    def tests_due(self) -> bool:
        return bool(
            self.mover_engine
            or self.stop
            or self.spun
            or self.options.get("pedal")
            or self.options.get("_inertia")  # A4: the car goes out after this move, tests or not
        )


def wanted(track, car: CarState, move: Move) -> bool:
    """Whether this move needs a `Plan` (kept cheap: the common move answers False)."""
    # replay_move.apply inlines this test: change both together
    return bool(
        (car.ext is not _NO and acts(car, move))
        or not 1 <= move.gear <= 6  # 7th gear (A13) for any car, and 7 -> 2 over-revving
        or car.gear == 7
        or (not move.plain and _unusual(move))
        or track._lane[car.square] < 0
        or (move.to is not None and track._lane.get(move.to, 0) < 0)
    )


def acts(car: CarState, move: Move) -> bool:
    """Whether the advanced state of a car (`car.ext`, not `_NO`) changes this move: a stall
    (A18), a stand to leave (S2/S3), inertia (A4), a wing when it changes the move (A1/A2:
    `wing_acts`). Pit points, team part, Top and Super Top used, lapping: read only by moves
    that get a `Plan` anyway. Fuel (A12): only when the car crosses the line (`apply` calls
    `a12_refuelling.crossed`)."""
    # replay_move.apply inlines this test: change both together
    ext = car.ext
    return bool(
        ext.stalled or ext.in_stand or ext.inertia or (ext.wing is not None and wing_acts(ext.wing, move))
    )


def wing_acts(wing: str, move: Move) -> bool:
    """Whether a car's wing changes this move (A1 from 4th gear; A2 a die over its cap)."""
    return a01_wing_low.acts(move) if wing == "low" else a02_wing_high.acts(move)


def _unusual(move: Move) -> bool:
    return bool(
        move.wait is not None
        or move.slipstream
        or move.pit is not None
        or move.option
        or type(move.roll) is tuple
        or (move.xp is not None and move.xp.team is not None)
    )


def prepare(game: Game, state: RaceState, car: CarState, move: Move, out: Journal) -> tuple[Plan, RaceState]:
    turn = state.turn
    rules = game.rules
    track = game.track
    roll = move.roll if type(move.roll) is int else 0
    plan = Plan(roll=roll)  # type: ignore[arg-type]
    ext = car.ext
    if move.wait is not None:
        plan.done = True
        if move.wait == "stalled":
            return plan, a18_severe_spin.wait(game, state, move, out)
        return plan, pits.wait(game, state, move, out)
    if ext.stalled:
        out.violation(turn, car.id, "A18", Code.A18_CAR_STALLED_SEVERE_SPIN, car=car.id)
        state = state.with_car(car.with_(ext=ext.with_(stalled=False)))
        car = state.car(car.id)
    if ext.in_stand:
        plan.free_gear = True
    plan.pit_route = (
        move.pit is not None
        or track._lane[car.square] < 0
        or (move.to is not None and track._lane.get(move.to, 0) < 0)
        or (move.path is not None and not track._pit_lane.isdisjoint(move.path))
    )
    plan.slip = move.slipstream
    if rules.has("A13"):
        plan.top_gear = 7
    if type(move.roll) is tuple or move.gear == 7:
        a13_seventh_gear.prepare(game, state, car, move, plan, out)
    if ext.wing == "low":
        a01_wing_low.prepare(car, move, plan)
    elif ext.wing == "high":
        a02_wing_high.prepare(move, plan)
    if move.option:
        for key, value in move.option.items():
            unit = OPTION_KEYS.get(key)
            if unit is None:
                out.violation(turn, car.id, "O", Code.O_UNKNOWN_OPTION_ACTION, key=key)
                continue
            if not rules.has(unit):
                out.violation(turn, car.id, unit, Code.OPTION_NOT_IN_FORCE, key=key, unit=unit)
            plan.options[key] = value
        opts = plan.options
        if "supertop" in opts:
            state = a16_super_top.prepare(game, state, car, move, plan, out)
            car = state.car(car.id)
        if "top" in opts:
            state = a19_top.prepare(state, car, move, plan, out)
            car = state.car(car.id)
        if "pedal" in opts:
            a10_pedal_to_the_metal.prepare(move, plan)
        if "supercharge" in opts:
            a15_supercharging.prepare(game, state, car, move, plan, out)
        if "spare" in opts and rules.has("A5") and not (ext.spare and car.gear == 0):
            out.violation(turn, car.id, "A5", Code.A5_CAR_RACING_SPARE_CAR, car=car.id)
        if "highwing" in opts and ext.wing != "high":
            out.violation(turn, car.id, "A2", Code.A2_TAKES_SQUARE_OFF_CORNER)
    if move.xp is not None and move.xp.team is not None:
        state = team_xp.prepare(game, state, car, move, plan, out)
    if ext.inertia:
        a04_engine_inertia.prepare(game, state, car, move, plan, out)
    if car.gear == 7 and move.gear == 2:
        state = a13_seventh_gear.over_rev(game, state, car, move, out)
    return plan, state


def stand_gear(car: CarState, gear: int):
    """Leaving the stand (S2, S3): any gear up to 4th, nothing skipped. Too high a gear breaks
    the rule of the stop the car made: S3 after a long stop, S2 after a missed tyre stop."""
    if 1 <= gear <= pits.STAND_GEAR:
        return NO_SHIFT_COST, None
    rule = "S3" if car.ext.long_stop else "S2"
    return NO_SHIFT_COST, (rule, msg(Code.STAND_LEAVES_ABOVE_4TH, gear=gear))


def after_walk(
    game: Game,
    state: RaceState,
    car: CarState,
    move: Move,
    plan: Plan,
    start,
    path,
    w,
    occupied,
    base: int,
    slide: int,
    total: int,
    out: Journal,
):
    """T1/T2 for pit-lane and slipstream moves, S1 checks, the pit stop's path (S2/S3/A3).
    Returns the problems and zig-zag flag `apply` should use."""
    track = game.track
    turn = state.turn
    problems = w.problems
    zigzag = w.zigzag
    if w.enters_pit or plan.pit_route:
        stand_cars = {
            sq for sq, cid in occupied.items() if track._lane[sq] < 0 and state.car(cid).ext.in_stand
        }
        if stand_cars:
            problems = tuple(
                p for p in problems if not (p[1][0] is _PASSES_THROUGH and dict(p[1][1])["sq"] in stand_cars)
            )
            if path[-1] in stand_cars:
                problems += (
                    ("T1", msg(Code.T1_STOPS_WHERE_CAR_STAND, square=path[-1], other=occupied[path[-1]])),
                )
        if w.enters_pit and track._lane[car.square] >= 0:
            plan.pit_brake = pits.check_pit_gear(game, car, move.gear, True, out, turn)
        elif track._lane[car.square] < 0 and game.rules.has("A3") and move.gear > 4 and not plan.free_gear:
            out.violation(turn, car.id, "A3", Code.A3_DRIVES_PIT_LANE_GEAR, gear=move.gear)
        if plan.options.get("supercharge"):
            out.violation(turn, car.id, "A15", Code.A15_SUPERCHARGING_FORBIDDEN_GOING_INTO)
        if move.pit is not None:
            slip = slipstream.SQUARES * plan.slip  # an exit slipstream's squares (M6-3 step 13)
            plan.stop = pits.check_stop(game, state, car, move, path, total - slip, occupied, out, slip)
            if plan.stop is not None:
                lv = track._level
                seq = (car.square, *path[: plan.stop.at + 1])
                plan.crossings_at_stand = car.crossings + sum(
                    1 for a, b in zip(seq, seq[1:], strict=False) if lv[b] < lv[a]
                )
    elif move.pit is not None:
        out.violation(turn, car.id, "S2", Code.S2_PATH_NOT_INTO_PIT_LANE)
    if plan.slip:
        gear = move.gear
        if move.pit is not None and plan.stop is not None and plan.stop.fast:
            # M6-3 step 13: out of a fast stop in 4th, slipstreams from where the exit ends
            gear, base, slide = pits.STAND_GEAR, len(path) - slipstream.SQUARES * plan.slip, 0
        elif move.pit is not None:
            out.violation(turn, car.id, "S1", Code.S1_SLIPSTREAM_CANNOT_COMBINED_PIT)
        check = slipstream.check(track, state, car, gear, start, path, base, slide, plan.slip, occupied, out)
        plan.slip_brake = check.brakes
        t2, zigzag = slipstream.main_problems(
            track, start, path, check.main, occupied, car.corner, car.stops, state.dangerous
        )
        problems = tuple(p for p in problems if p[0] != "T2") + t2
    return problems, zigzag


def reach(game: Game, state: RaceState, car: CarState, start, total, occupied, path):
    """How far the car could have gone, for a pit-lane move shorter than its total."""
    track = game.track
    occ = pits.lane_occupied(state, occupied, track)
    if track._lane[start] < 0:
        return pits.chain_reach(track, start, total, occ, None, 0)
    entry = track.pit.entry if track.pit else None
    if entry in path:
        i = path.index(entry)
        return i + 1 + pits.chain_reach(track, entry, total - i - 1, occ, None, 0)
    return None


def after_move(
    game: Game, state: RaceState, car_id: str, move: Move, plan: Plan, w, out: Journal
) -> RaceState:
    """The car is on its stop: brake points owed, the pit stop, fuel, pedal."""
    car = state.car(car_id)
    owed = plan.pit_brake + plan.slip_brake
    if owed:
        car = car.with_(wear=car.wear._replace(brakes=max(0, car.wear.brakes - owed)))
        state = state.with_car(car)
    if plan.stop is not None:
        state = pits.apply_stop(game, state, car_id, move, plan.stop, plan.crossings_at_stand, out)
    elif car.ext.in_stand:
        state = state.with_car(car.with_(ext=car.ext.with_(in_stand=False, long_stop=False)))
    if w.crossings and car.ext.fuel:
        state = a12_refuelling.crossed(game, state, car_id, out)
    if plan.options.get("pedal"):
        state = a10_pedal_to_the_metal.burn(game, state, car_id, out)
    return state


def spun(game: Game, plan: Plan | None, roll: int) -> Plan:
    """A18: a spin calls for a d20."""
    plan = plan or Plan(roll=roll)
    plan.spun = True
    return plan


def mid_tests(
    game: Game, state: RaceState, car_id: str, move: Move, plan: Plan, rolls, out: Journal
) -> RaceState:
    """After handling and blocking: the A18 spin roll, then the S2 pit roll (M6-3 steps 12–13)."""
    if plan.spun:
        state = a18_severe_spin.roll(game, state, car_id, rolls, out)
    if plan.stop is not None and move.pit is not None and move.pit.get("stop") != "long":
        given = rolls.take(TestKind.PIT)
        if not given:
            rolls.violation(TestKind.PIT, car_id, msg(Code.TEST_NO_PIT_ROLL_D20))
        else:
            rolls.check_roll(given[0])
            for extra in given[1:]:
                rolls.violation(TestKind.PIT, car_id, msg(Code.TEST_SECOND_PIT_ROLL_ONE, roll=extra.roll))
    return state


def late_tests(
    game: Game, state: RaceState, car_id: str, plan: Plan | None, rolls, out: Journal, first_event: int
) -> RaceState:
    """After the engine tests: A10 debris; then A6 scatter for the damage this move did, and A4
    inertia for engines that broke."""
    if plan is not None and plan.options.get("pedal"):
        state = a10_pedal_to_the_metal.debris(state, car_id, rolls, out)
    rules = game.rules
    # A6 and A4 read the events of this move's tests: most tests leave none
    if len(out) > first_event and rules.has("A6"):
        state = a06_debris_scatter.scatter(game, state, car_id, rolls, out, first_event)
    if plan is not None and plan.options.get("_inertia"):
        state = a04_engine_inertia.finish(state, car_id, out)
    elif out and rules.has("A4"):
        # from the move's first event: the pedal (A10) pays its engine point before the tests
        state = a04_engine_inertia.catch(game, state, out, 0)
    return state


_NO = CarState("", None).ext


def start_car(rules, entry, balances: dict[str, int], problems: Journal):
    """D1 as the options change it (A11 structure points, X3 a team point before the race, A1/A2
    wings, A12 fuel); returns the car's advanced state at the start."""
    from rules.extras import NO_EXTRAS, CarExtras

    wear = entry.wear
    total = wear.total
    base = rules.wear_total
    points = 2
    extra = total - base
    if rules.has("A11"):
        points = max(0, base + 2 - total)
        extra = max(0, total - (base + 2))
        ok = base <= total <= base + 3
    else:
        ok = extra in (0, 1)
    team_part = None
    if ok and extra == 1:
        team_part = team_xp.pre_race(rules, entry, extra, balances, problems)
    elif not ok and rules.has("A11"):
        problems.violation(
            0,
            entry.car,
            "D1",
            Code.D1_WEAR_TOTAL_WRONG_A11,
            total=total,
            wear=dict(wear.to_json()),
            base=base,
            top=base + 2,
        )
    elif not ok:
        problems.violation(
            0, entry.car, "D1", Code.D1_WEAR_TOTAL_WRONG, total=total, wear=dict(wear.to_json()), base=base
        )
    if min(wear) < 1:
        problems.violation(0, entry.car, "D1", Code.D1_PART_AT_ZERO, wear=dict(wear.to_json()))
    wing = entry.wing
    if wing is None:
        on = [w for w, o in (("low", "A1"), ("high", "A2")) if rules.has(o)]
        wing = on[0] if len(on) == 1 else None
    elif not rules.has("A1" if wing == "low" else "A2"):
        opt = "A1" if wing == "low" else "A2"
        problems.violation(0, entry.car, opt, Code.OPTION_WING_NOT_IN_FORCE, wing=wing, opt=opt)
        wing = None
    fuel = 0
    if rules.has("A12"):
        fuel = entry.fuel or FULL_TANK
    elif entry.fuel is not None:
        problems.violation(0, entry.car, "A12", Code.A12_FUEL_LOAD_OPTION_NOT)
    ext = CarExtras(pit_points=points, team_part=team_part, fuel=fuel, wing=wing, super_top=rules.has("A16"))
    return NO_EXTRAS if ext == NO_EXTRAS else ext
