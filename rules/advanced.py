"""The championship rules and the options' hooks, as `replay_move.apply` calls them.

`apply` plays the core rules. A move that needs more — a slipstream (S1), the pit lane (S2, S3),
team experience (X3), an `option` action, a gear beyond the core gearbox, or a car whose advanced
state acts on it (a stand to leave; or an option in force `wants` it: a stall, inertia, a wing
that changes the move) — gets a `Plan` from `prepare()`. Whether it does is one test at the top of
`apply`: the engine's reasons (`unusual`, the pit lane, 7th gear), and for a car with advanced
state the `wants` hooks of the options in force, which a `Game` keeps with the `state` field each
is asked about (`Game.wants`; empty: the test costs nothing). A plain move of any other car never
builds a `Plan` (A12's tank is checked when the car crosses the line), so the core path stays as
fast as it was.

The options are reached only through the hooks they declare (`rules/options/spec.py`): `apply`
and this module call the tuples a `Game` keeps per hook point (`game.on_plan`,
`game.on_late_tests`, …) for the options in force; a move that uses an option the season does not
play (one of its `option` keys, 7th gear: `uses`) is told so, then has that option's hooks added
for the move (`Plan.off`), as the rules play it. The championship rules' own logic lives in
`slipstream.py`, `pits.py` and `team_xp.py`; this module only dispatches.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import rules.pits as pits
import rules.slipstream as slipstream
import rules.team_xp as team_xp
from rules.dice import TestKind
from rules.extras import NO_EXTRAS, CarExtras
from rules.gearbox import NO_SHIFT_COST
from rules.journal import Journal
from rules.messages import Code, msg
from rules.options import registry
from rules.options.registry import OPTION_KEYS
from rules.state import CarState, RaceState

if TYPE_CHECKING:
    from rules.game import Game
    from rules.log import Move
    from rules.ruleset import RuleSet

__all__ = ["OPTION_KEYS", "Plan", "prepare", "unusual"]

_PASSES_THROUGH = Code.T1_PASSES_THROUGH_CAR
_hooks = registry.hooks
# an `option` key -> (its action's place in the play order, the action): the registry's own dict
_ACT_OF = registry.ACT_OF


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
    off: frozenset[str] = frozenset()  # options the move uses though the season does not play them

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


def unusual(move: Move) -> bool:
    """Whether a move carries something the core rules do not play (apply: it needs a `Plan`)."""
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
    if move.wait is not None:
        plan.done = True
        wait = registry.WAITS.get(move.wait)
        if wait is not None:  # the option's own wait (A18 `stalled`), in force or not
            return plan, wait(game, state, move, out)
        return plan, pits.wait(game, state, move, out)
    options = rules.options
    off: tuple[str, ...] = ()
    for o, uses in game.off_users:
        if uses(car, move):
            off += (o,)
    if move.option:
        for k in move.option:
            o = OPTION_KEYS.get(k)
            if o is not None and o not in options:
                off += (o,)
    if off:
        plan.off = frozenset(off)
        options = options | plan.off
    if car.ext.in_stand:
        plan.free_gear = True
    lane = track.lane_map
    plan.pit_route = (
        move.pit is not None
        or lane[car.square] < 0
        or (move.to is not None and lane.get(move.to, 0) < 0)
        or (move.path is not None and not track.pit_lane.isdisjoint(move.path))
    )
    plan.slip = move.slipstream
    for hook in _hooks("plan", options) if off else game.on_plan:
        after = hook(game, state, car, move, plan, out)
        if after is not state:
            state = after
            car = state.car(car.id)
    if move.option:
        for key, value in move.option.items():
            unit = OPTION_KEYS.get(key)
            if unit is None:
                out.violation(turn, car.id, "O", Code.O_UNKNOWN_OPTION_ACTION, key=key)
                continue
            if not rules.has(unit):
                out.violation(turn, car.id, unit, Code.OPTION_NOT_IN_FORCE, key=key, unit=unit)
            plan.options[key] = value
        # each option its action, in force or not (`off`), in the order the rules list them
        acts = [_ACT_OF[k] for k in plan.options if k in _ACT_OF]
        if len(acts) > 1:  # an option once, however many of its keys the move gives
            acts = sorted(set(acts))
        for _, act in acts:
            after = act(game, state, car, move, plan, out)
            if after is not state:
                state = after
                car = state.car(car.id)
    if move.xp is not None and move.xp.team is not None:
        state = team_xp.prepare(game, state, car, move, plan, out)
    for hook in _hooks("check", options) if off else game.on_check:
        state = hook(game, state, car, move, plan, out)
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
        lane = track.lane_map
        stand_cars = {sq for sq, cid in occupied.items() if lane[sq] < 0 and state.car(cid).ext.in_stand}
        if stand_cars:
            problems = tuple(
                p for p in problems if not (p[1][0] is _PASSES_THROUGH and dict(p[1][1])["sq"] in stand_cars)
            )
            if path[-1] in stand_cars:
                problems += (
                    ("T1", msg(Code.T1_STOPS_WHERE_CAR_STAND, square=path[-1], other=occupied[path[-1]])),
                )
        for hook in _hooks("pit_lane", game.rules.options | plan.off) if plan.off else game.on_pit_lane:
            hook(game, state, car, move, plan, w, out)
        if move.pit is not None:
            slip = slipstream.SQUARES * plan.slip  # an exit slipstream's squares (M6-3 step 13)
            plan.stop = pits.check_stop(game, state, car, move, path, total - slip, occupied, out, slip)
            if plan.stop is not None:
                lv = track.level_map
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
    if track.lane_map[start] < 0:
        return pits.chain_reach(track, start, total, occ, None, 0)
    entry = track.pit.entry if track.pit else None
    if entry in path:
        i = path.index(entry)
        return i + 1 + pits.chain_reach(track, entry, total - i - 1, occ, None, 0)
    return None


def after_move(
    game: Game, state: RaceState, car_id: str, move: Move, plan: Plan, w, out: Journal
) -> RaceState:
    """The car is on its stop: brake points owed, the pit stop, the line crossed (A12), then the
    options' `after_move` (A10's engine point)."""
    car = state.car(car_id)
    owed = plan.pit_brake + plan.slip_brake
    if owed:
        car = car.with_(wear=car.wear._replace(brakes=max(0, car.wear.brakes - owed)))
        state = state.with_car(car)
    if plan.stop is not None:
        state = pits.apply_stop(game, state, car_id, move, plan.stop, plan.crossings_at_stand, out)
    elif car.ext.in_stand:
        state = state.with_car(car.with_(ext=car.ext.with_(in_stand=False, long_stop=False)))
    if w.crossings:
        for hook in game.on_crossed:
            state = hook(game, state, car_id, out)
    for hook in _hooks("after_move", game.rules.options | plan.off) if plan.off else game.on_after_move:
        state = hook(game, state, car_id, move, plan, out)
    return state


def spun(game: Game, plan: Plan | None, roll: int) -> Plan:
    """A spin, with an option in force that hooks it (A18: it calls for a d20)."""
    plan = plan or Plan(roll=roll)
    for hook in game.on_spin:
        hook(game, plan)
    return plan


def mid_tests(
    game: Game, state: RaceState, car_id: str, move: Move, plan: Plan, rolls, out: Journal
) -> RaceState:
    """After handling and blocking: the options' (A18's spin roll), then the S2 pit roll (M6-3
    steps 12–13)."""
    for hook in game.on_mid_tests:
        state = hook(game, state, car_id, move, plan, rolls, out)
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
    """After the engine tests, the options' (`registry.ORDER`): A10 debris, A6 scatter for the
    damage this move did, A4 inertia for engines that broke."""
    hooks = game.on_late_tests
    if plan is not None and plan.off:
        hooks = _hooks("late_tests", game.rules.options | plan.off)
    for hook in hooks:
        state = hook(game, state, car_id, plan, rolls, out, first_event)
    return state


def start_car(rules: RuleSet, entry, balances: dict[str, int], problems: Journal) -> CarExtras:
    """D1 as the options change it (A11's `build`), X3 a team point before the race, then every
    option's `start` (A1/A2 wings, A12 fuel, A16); returns the car's advanced state at the start."""
    wear = entry.wear
    total = wear.total
    base = rules.wear_total
    build = _hooks("build", rules.options)  # per car, once: a site's build check asks it too
    if build:  # A11: it reports a build it does not allow
        points, extra, ok = build[0](rules, entry, total, problems)
    else:
        points, extra = 2, total - base
        ok = extra in (0, 1)
        if not ok:
            problems.violation(
                0,
                entry.car,
                "D1",
                Code.D1_WEAR_TOTAL_WRONG,
                total=total,
                wear=dict(wear.to_json()),
                base=base,
            )
    team_part = None
    if ok and extra == 1:
        team_part = team_xp.pre_race(rules, entry, extra, balances, problems)
    if min(wear) < 1:
        problems.violation(0, entry.car, "D1", Code.D1_PART_AT_ZERO, wear=dict(wear.to_json()))
    extras: dict = {"pit_points": points, "team_part": team_part}
    for start in registry.STARTS:  # in force or not: an entry may ask for an option that is off
        start(rules, entry, extras, problems)
    ext = CarExtras(**extras)
    return NO_EXTRAS if ext == NO_EXTRAS else ext
