"""Step 5 of a move: the car on its stop — the squares it crossed the line by (T3: the race
finished), the brake points it braked with (C4), its corner exits (C2, C3, C6: tyres, a spin, an
elimination, A14's serious road exit), then the options after the move (`advanced.after_move`, or
the line crossed: A12's tank)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
import rules.damage as damage
from rules.corners import settle_exits
from rules.messages import Code, Kind
from rules.state import CarStatus, _new
from rules.verdict import Event

if TYPE_CHECKING:
    from rules.advanced import Plan
    from rules.game import Game
    from rules.journal import Journal
    from rules.log import Move
    from rules.moves import Walk
    from rules.state import CarState, RaceState
    from rules.weather import TyreEffect

# enum members on the hot path, looked up once (`CarStatus.OUT` is a slow lookup in Python 3.11)
_FINISHED = CarStatus.FINISHED
_OUT = CarStatus.OUT
_RACING = CarStatus.RACING
_CORNER_EXIT = Kind.CORNER_EXIT
_FINISHED_LAST_LINE = Code.FINISHED_LAST_LINE
_FINISHED_KIND = Kind.FINISHED


def arrive(
    game: Game,
    state: RaceState,
    car: CarState,
    move: Move,
    x: Plan | None,
    path: tuple[str, ...],
    w: Walk,
    effect: TyreEffect,
    occupied: dict | None,
    out: Journal,
) -> tuple[RaceState, Plan | None, str | None]:
    """The car on its stop, in the new state (`occupied`: the other cars' squares, handed on when
    the state's are known). Returns the state, the plan (A18: a spin changes it) and the square a
    serious road exit happened on (A14: its accident roll), if any."""
    before = car.crossings
    crossed = w.crossings
    crossings = before + crossed
    laps = car.laps
    if crossed:
        turn = state.turn
        for c in range(before + 1, crossings + 1):
            if c >= 2:
                laps = (*laps, (c - 1, turn))
    wear = car.wear
    if move.brake:
        wear = wear._replace(brakes=max(0, wear.brakes - move.brake))
    # _copy_with(car, {...}) spelt out: the fields set one by one, no dict of changes built
    new = _new(type(car))
    d = new.__dict__
    d.update(car.__dict__)
    d["square"] = path[-1] if path else car.square  # a car boxed in stays put (C5)
    d["gear"] = move.gear
    d["spun"] = False
    d["arrival"] = state.clock
    d["crossings"] = crossings
    d["corner"] = w.end_corner
    d["stops"] = w.end_stops
    d["wear"] = wear
    d["laps"] = laps
    car = new
    if crossed and crossings >= game.laps + 1 and car.status is _RACING:
        car = car.with_(status=_FINISHED, finish_turn=state.turn, finish_margin=w.after_line)
        out.event(state.turn, car.id, _FINISHED_KIND, _FINISHED_LAST_LINE, laps=game.laps)
    # C2, C3, C6: corner exits (their cost goes into the same new state as the stop).
    ex = None
    crash = None  # A14: where a serious road exit happened, for its accident roll
    for e in w.exits:
        if e.stops < e.corner.stops:  # not `e.controlled`: an exit to settle
            break
    else:
        e = None  # no exit, or every one controlled: settle_exits would find nothing
    if e is not None:
        extra = 0 if x is None else x.exit_extra
        lap = before if before > 1 else 1  # the lap the move is made in (car.lap, without the call)
        ex = settle_exits(w.exits, car.wear.tyres, effect.multiplier + extra, state.turn, lap)
        if ex.penalties or ex.spun:
            car = car.with_(
                wear=car.wear._replace(tyres=ex.tyres), penalties=car.penalties + ex.penalties, spun=ex.spun
            )
    state = state.with_played(car, occupied)
    if ex is not None:
        turn = state.turn
        for message in ex.messages:
            out.append(Event(turn, car.id, _CORNER_EXIT, *message))
        if ex.eliminated is not None:
            for serious in game.on_road_exit:  # A14
                if serious(move.gear, ex):
                    crash = car.square
            state = damage.eliminate(state, car.id, ex.eliminated, turn, out, ex.messages[-1])
        elif ex.spun and game.on_spin:  # A18
            x = advanced.spun(game, x, move.roll if x is None else x.roll)
    if x is not None:
        if state.car(car.id).status is not _OUT:
            state = advanced.after_move(game, state, car.id, move, x, w, out)
    elif crossed and game.on_crossed and state.car(car.id).status is not _OUT:
        # the line crossed, for a car with no plan (A12's tank), as advanced.after_move does
        for on_line in game.on_crossed:
            state = on_line(game, state, car.id, out)
    return state, x, crash
