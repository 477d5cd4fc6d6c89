"""Step 6 of a move: its d20 rolls, read in the order the rules call for them (`damage.Rolls`):
handling on the dangerous squares passed (D5, A17's road holding in 1st), the accident of a
serious road exit (A14), blocking (C5: paid or out), the plan's mid tests (A18), collisions (D3),
engine (D4, the plan's own), the options' late tests (A10, A6, A4) and the weather roll (W1, or
A9's at the end of the turn). Most moves call for none: one test says so."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
import rules.damage as damage
from rules.damage import Rolls
from rules.dice import TestKind
from rules.messages import Code, Kind, msg
from rules.options.registry import TEST_RULES
from rules.state import CarStatus, Cause, Penalty

if TYPE_CHECKING:
    from rules.advanced import Plan
    from rules.game import Game
    from rules.journal import Journal
    from rules.log import Move
    from rules.moves import Walk
    from rules.state import CarState, RaceState
    from rules.weather import TyreEffect

_OUT = CarStatus.OUT
_WEATHER_ROLL = Code.WEATHER_ROLL
_WEATHER_KIND = Kind.WEATHER


def roll_tests(
    game: Game,
    state: RaceState,
    move: Move,
    x: Plan | None,
    die: int,
    before: CarState,
    w: Walk,
    effect: TyreEffect,
    blocked: int,
    crash: str | None,
    out: Journal,
) -> RaceState:
    """The move's d20 tests, in the rules' order; `die`: the face that counts for the engine
    (D4), `before`: the car before its move, `effect`: the tyres' (W2: their multiplier for blocking), `blocked`: squares left over (C5), `crash`:
    a serious road exit's square (A14). Rolls the move gives that nothing called for, or that
    are missing, are violations."""
    track = game.track
    car_id = move.car
    gear = move.gear
    # D5: dangerous squares passed over or stopped on (A17: not in 1st).
    dangerous = w.dangerous
    if dangerous and game.on_handling:
        for handling in game.on_handling:
            dangerous = handling(gear, dangerous)
    mover = state.cars[state.index[car_id]]
    if mover.square is None:
        dangerous = ()
    # pushes_engine(gear, die), without the call
    pushed = (
        ((gear == 5 and die == 20) or (gear == 6 and die == 30))
        if x is None or x.pushed is None
        else x.pushed
    )
    if not (
        move.tests
        or dangerous
        or blocked
        or pushed
        or crash is not None
        or (x is not None and x.tests_due)
        or (
            (now := mover.square) is not None  # damage.touching(...), its common answer inlined
            and (zone := track.risk_map[now])
            and not zone.isdisjoint(state.__dict__.get("_occ") or state.occupancy())
            and damage.touching(track, state, mover)
        )
    ):
        return state  # the common move: no d20 to roll, nothing to check
    turn = state.turn
    first_event = len(out)
    rolls = Rolls(move.tests, car_id, turn, out, TEST_RULES)
    state = damage.handling_tests(state, car_id, dangerous, rolls, turn, out)
    if crash is not None:
        for accident in game.on_crash:  # A14
            state = accident(state, track, car_id, crash, rolls, out)
    # C5: blocking.
    if blocked and state.car(car_id).status is not _OUT:
        state = blocking(game, state, car_id, blocked, before.lap, effect.multiplier, out)
    if x is not None:
        state = advanced.mid_tests(game, state, car_id, move, x, rolls, out)
    # D3: collisions; D4: engine; W1: weather.
    state = damage.collision_tests(state, track, car_id, rolls, turn, out)
    if x is None:
        state = damage.engine_tests(state, track, car_id, pushed, rolls, turn, out)
    else:
        state = damage.engine_tests(
            state,
            track,
            car_id,
            pushed and x.everyone,
            rolls,
            turn,
            out,
            mover_tests=x.mover_engine or None,
            mover_limit=x.mover_limit,
        )
    if x is not None or game.on_late_tests:
        state = advanced.late_tests(game, state, car_id, x, rolls, out, first_event)
    if pushed and state.weather.evolves:
        if game.on_weather:  # A9: at the end of the turn
            for weather_roll in game.on_weather:
                state = weather_roll(game, state, car_id, rolls, out)
        else:
            state = weather(game, state, car_id, rolls, out)
    rolls.finish()
    return state


def weather(game: Game, state: RaceState, car_id: str, rolls: Rolls, out: Journal) -> RaceState:
    """W1: a push (a 20 in 5th, a 30 in 6th) under variable weather calls for one weather roll."""
    turn = state.turn
    given = rolls.take(TestKind.WEATHER)
    if not given:
        out.violation(turn, car_id, "W1", Code.W1_NO_WEATHER_ROLL_AFTER)
        return state
    for extra in given[1:]:
        rolls.violation(TestKind.WEATHER, car_id, msg(Code.TEST_SECOND_WEATHER_ROLL_ONE, roll=extra.roll))
    if rolls.check_roll(given[0]):
        after = state.weather.after_roll(game.track.weather.kind_for(given[0].roll))
        state = state.with_(weather=after)
        out.event(turn, car_id, _WEATHER_KIND, _WEATHER_ROLL, roll=given[0].roll, weather=after.label())
    return state


def blocking(
    game: Game, state: RaceState, car_id: str, blocked: int, lap: int, multiplier: int, out: Journal
) -> RaceState:
    """C5: squares left over when cars it cannot go around stop a car."""
    turn = state.turn
    car = state.car(car_id)
    cost = game.rules.blocking_cost(blocked)
    if cost is not None and car.wear.brakes >= cost[0] and car.wear.tyres >= cost[1]:
        brakes, tyres = cost
        penalty = Penalty(turn, lap, "C5", blocked, 1, tyres, brakes)
        car = car.with_(
            wear=car.wear._replace(brakes=car.wear.brakes - brakes, tyres=car.wear.tyres - tyres),
            penalties=(*car.penalties, penalty),
        )
        out.event(
            turn,
            car_id,
            Kind.BLOCKED,
            Code.BLOCKED_PAID,
            blocked=blocked,
            brakes=brakes,
            tyres=tyres,
        )
        return state.with_car(car)
    if cost is None:
        why = msg(Code.OUT_BLOCKED_7_OR_MORE, blocked=blocked)
    else:
        why = msg(
            Code.OUT_BLOCKED_CANNOT_PAY,
            blocked=blocked,
            need_brakes=cost[0],
            need_tyres=cost[1],
            brakes=car.wear.brakes,
            tyres=car.wear.tyres,
        )
    car = car.with_(penalties=(*car.penalties, Penalty(turn, lap, "C5", blocked, 1, 0)))
    state = damage.eliminate(state.with_car(car), car_id, Cause.BLOCKING, turn, out, why)
    front = car_in_front(game, state, car.square)
    if front is not None:
        state = damage.lose(
            state, front, "body", 1, turn, out, msg(Code.LOST_CAR_WAS_BLOCKED_AGAINST, car=car_id)
        )
    return state


def car_in_front(game: Game, state: RaceState, square: str | None) -> str | None:
    """The blocking car: on a square one forward edge away, the same lane preferred."""
    if square is None:
        return None
    occupied = state.occupied()
    ahead = [sq for sq in game.track.successors(square) if sq in occupied]
    if not ahead:
        return None
    lane = game.track.lane(square)
    ahead.sort(key=lambda sq: game.track.lane(sq) != lane)
    return occupied[ahead[0]]
