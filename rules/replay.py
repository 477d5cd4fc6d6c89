"""Replaying a race log: `start()`, `apply(game, state, move) -> (state, events)`, `replay()`.

The options in force play through the hooks a `Game` (`rules/game.py`) keeps: the start of each
car (`start`, `grid`), a retired car's spare (`spare`), a turn's restart (`restart`), the end of
a turn (`end_turn`); the moves' through `replay_move.apply`.

Violations are data (`Violation` in the events), never exceptions. A fatal
one (the car left the track graph, a red flag the log does not restart after)
stops the replay, and the verdict says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import rules.advanced as advanced
from rules.formats import LogFormatError, Move, RaceLog
from rules.game import Game
from rules.journal import Journal
from rules.ledger import XpChange, XpKind, XpReason
from rules.messages import Code, Message, Placeholder, msg
from rules.messages.reading import ReadCode
from rules.options import registry
from rules.order import after_move as lapped
from rules.order import progress, turn_start
from rules.replay_move import apply
from rules.ruleset import RuleSet, UnknownOptionError
from rules.scoring import (
    classify,
    experience,
    finishing_order,
    grid_changes,
    race_finish_changes,
    team_start_xp,
)
from rules.state import CarState, CarStatus, RaceState
from rules.track import Track
from rules.verdict import Event, Verdict, Violation
from rules.weather import Weather

# enum members on the hot path, looked up once (`CarStatus.OUT` is a slow lookup in Python 3.11)
_FINISHED = CarStatus.FINISHED
_OUT = CarStatus.OUT
_RACING = CarStatus.RACING
_SPARES = registry.SPARES

__all__ = ["Game", "apply", "replay", "start", "end_turn", "finish_turn", "play_turn", "take_off"]


def _rules_for(log: RaceLog, ruleset: RuleSet | None) -> tuple[RuleSet, list[Violation]]:
    if ruleset is not None:
        problems = Journal()
        if set(log.options) != set(ruleset.options):
            problems.violation(
                0,
                None,
                "O",
                Code.O_LOG_PLAYS_OPTIONS_SEASON,
                log=sorted(log.options),
                season=sorted(ruleset.options),
            )
        return ruleset, problems
    try:
        return RuleSet.from_options(log.options), Journal()
    except UnknownOptionError as exc:
        raise LogFormatError(ReadCode.UNKNOWN_OPTION, "options", option=exc.option) from None


def start(
    log: RaceLog, track: Track, ruleset: RuleSet | None = None
) -> tuple[Game, RaceState, list[Violation]]:
    """The race before the first game turn: cars on their grid squares in neutral."""
    rules, problems = _rules_for(log, ruleset)
    laps = log.laps or rules.laps or track.laps
    if log.laps and rules.laps and log.laps != rules.laps:
        problems.violation(0, None, "F2", Code.F2_SEASON_RACES_LAPS_LOG, season=rules.laps, log=log.laps)
    entries = {e.car: e for e in log.cars}
    game = Game(track, rules, laps, entries)
    balances = team_start_xp(rules, entries)
    teams = {e.car: e.team for e in log.cars}
    changes = grid_changes(rules, {e.car: e.grid for e in log.cars}, teams)
    cars = []
    for i, entry in enumerate(log.cars):
        if entry.grid > len(track.grid):
            raise LogFormatError(
                ReadCode.GRID_SLOT_OUTSIDE,
                f"cars[{i}].grid",
                slot=entry.grid,
                circuit=track.id,
                slots=len(track.grid),
            )
        wear = entry.wear
        ext = advanced.start_car(rules, entry, balances, problems)
        if ext.team_part == "build":  # X3: a team point bought the build's extra wear point
            changes.append(XpChange(entry.car, XpKind.TEAM, XpReason.WEAR, -rules.xp_cost))
        cars.append(
            CarState(
                id=entry.car,
                square=track.grid[entry.grid - 1],
                wear=wear,
                tyres=entry.tyres,
                arrival=entry.grid,
                driver_xp=entry.driver_xp,
                ext=ext,
            )
        )
    if not 1 <= log.weather_race <= 20:
        problems.violation(
            0, None, "W1", Code.W1_WEATHER_ROLL_NOT_D20, fatal=True, weather_race=log.weather_race
        )
        weather = Weather.start(track.weather.kind_for(20))
    else:
        weather = Weather.start(track.weather.kind_for(log.weather_race))
    for grid in game.on_grid:  # A7's grid points, A12's light tank
        cars = [grid(rules, entries[c.id], c, weather) for c in cars]
    state = RaceState(
        cars=tuple(cars),
        index={c.id: i for i, c in enumerate(cars)},
        weather=weather,
        clock=len(cars) + 1,
        team_xp=tuple(balances.items()),
        xp_changes=tuple(changes),
    )
    return game, state, problems


def _take_off(state: RaceState, car_ids, turn: int) -> RaceState:
    """Obstacles whose slot has come in this game turn leave the track (D2)."""
    for car_id in car_ids:
        car = state.car(car_id)
        if (
            car.status is _OUT
            and car.square is not None
            and car.remove_turn is not None
            and car.remove_turn <= turn
        ):
            state = state.with_car(car.with_(square=None))
    return state


take_off = _take_off  # public: the play API (rules/play/) takes obstacles off as play_turn does


def end_turn(game: Game, state: RaceState) -> RaceState:
    """Finished cars leave the track at the end of the game turn in which they finished; so do
    obstacles whose slot has passed."""
    cars = state.cars
    for car in cars:
        if car.square is None:
            continue
        if car.status is _FINISHED or (
            car.status is _OUT and car.remove_turn is not None and car.remove_turn <= state.turn
        ):
            state = state.with_car(car.with_(square=None))
    return state


def play_turn(
    game: Game,
    state: RaceState,
    moves: tuple[Move, ...],
    turn: int,
    restart: Mapping[str, Any] | None = None,
) -> tuple[RaceState, list, bool]:
    """One game turn (T4, T5): the moves in the log's order, checked against the play order.
    `restart`: the turn's restart after a red flag (A5), played before the moves."""
    track = game.track
    state = state.with_(turn=turn, played=frozenset())
    out = Journal()
    if restart is not None or state.restart_due is not None:
        state, restarted = restart_race(game, state, restart, turn)
        out.extend(restarted)
        if any(v.fatal for v in out):
            return state, out, True
    # the play order (obstacles included: their slot says when they leave), the cars racing, and
    # whether the M6-2-5 bookkeeping can matter this turn
    expected, racing, lap_floor = turn_start(track, state)
    slot = None  # car id -> place in `expected`, once obstacles make it matter
    moved: list[str] = []
    obstacles = len(racing) < len(expected)
    lapping = lap_floor is not None
    # progress ≤ (crossings + 1) laps: a cheap first test of `progress ≥ lap_floor`
    min_crossings = lap_floor / track.lap_length - 1 if lap_floor is not None else 0.0
    lost: set[str] = set()
    again: list[str] = []
    racing_status = _RACING
    for move in moves:
        cid = move.car
        if obstacles:
            if slot is None:
                slot = {car_id: i for i, car_id in enumerate(expected)}
            i = slot.get(cid)
            if i is not None:
                state = _take_off(state, expected[:i], turn)
        if cid in moved and moved.count(cid) > again.count(cid):
            out.violation(turn, cid, "T5", Code.T5_CAR_MOVES_TWICE_TURN, car=cid, turn=turn)
            continue
        car = state.cars[state.index[cid]]
        if (
            car.status is _OUT and move.option is not None and (spare := spare_of(move)) is not None
        ):  # a retired car's move with a spare (A5's, in force or not: it says so)
            state, took = spare(game, state, car, move, turn)
            out.extend(took)
            if any(isinstance(e, Violation) for e in took):
                continue
            car = state.car(cid)
            racing.append(cid)  # a spare car plays after the cars of the turn
        if car.status is not racing_status:
            out.broken(turn, cid, "T5", _not_racing(car))
            continue
        if lost and cid in lost:
            out.violation(turn, cid, "T4", Code.T4_CAR_WAS_LAPPED_TURN, car=cid)
        moved.append(cid)
        state, events = apply(game, state, move)
        if events:
            out.extend(events)
            if any(isinstance(e, Violation) and e.fatal for e in events):
                return state, out, True
            obstacles = obstacles or any(isinstance(e, Event) and e.kind == "eliminated" for e in events)
        if lapping and (
            (
                (mover := state.car(move.car)).crossings >= min_crossings
                and progress(track, mover) >= lap_floor
            )
            or mover.ext.owed
        ):
            before = progress(track, car)
            state, newly, regained = lapped(track, state, move.car, before, lost | set(moved), out)
            lost.update(newly)
            if regained:
                again.append(move.car)
    if obstacles:  # no car out on the track, none put out in this turn: nothing to take off
        state = _take_off(state, expected, turn)
    if not lost and not again and moved == racing:
        return _end_turn(game, state, out)  # every car played once, in order: nothing to report
    if lapping:
        racing = [c for c in racing if c not in lost or c in moved] + again
    pending = list(moved)
    in_order = []
    for c in racing:
        if c in pending:
            pending.remove(c)
            in_order.append(c)
    for played, due in zip(moved, in_order, strict=False):
        if played != due:
            a, b = state.car(due), state.car(played)
            out.violation(turn, played, "T4", Code.T4_CAR_PLAYED_BEFORE_CAR, played=played, due=due)
            del a, b
            break
    for car_id in racing:
        if car_id not in moved and state.car(car_id).status is _RACING:
            out.violation(turn, car_id, "T5", Code.T5_CAR_DID_NOT_MOVE, car=car_id, turn=turn)
    for car_id in set(again):
        if moved.count(car_id) < 1 + again.count(car_id):
            out.violation(turn, car_id, "T4", Code.T4_CAR_PASSED_LEADER_AGAIN, car=car_id)
    return _end_turn(game, state, out)


def restart_race(
    game: Game, state: RaceState, given: Mapping[str, Any] | None, turn: int
) -> tuple[RaceState, list]:
    """A turn's `restart` (`given`, or None when the log has none though one is due): the options'
    `restart` hooks (A5's red flag), in force or not (the option says so). Returns the state and
    what they said."""
    said: list = []
    for restarts in registry.RESTARTS:
        state, more = restarts(game, state, given, turn)
        said.extend(more)
    return state, said


def spare_of(move: Move) -> registry.Hook | None:
    """The `spare` hook a retired car's move calls when its `option` has an option's spare key
    (A5's `spare`, in force or not: the option says so), else None."""
    option = move.option
    if not option:
        return None
    return next((_SPARES[k] for k in option if k in _SPARES), None)


def _end_turn(game: Game, state: RaceState, out: list) -> tuple[RaceState, list, bool]:
    state, happened = finish_turn(game, state)
    out.extend(happened)
    return state, out, False


def finish_turn(game: Game, state: RaceState) -> tuple[RaceState, list]:
    """The end of a game turn: the options' (A9's weather roll, A5's red flag), then the cars
    leaving the track."""
    happened = Journal()
    for hook in game.on_end_turn:
        state, said = hook(game, state)
        happened.extend(said)
    return end_turn(game, state), happened


def not_racing(car: CarState) -> Message:
    """T5: why a car that is not racing moves no more (the message of `play_turn`'s violation)."""
    return _not_racing(car)


def _not_racing(car: CarState) -> Message:
    if car.status is _FINISHED:
        return msg(Code.T5_CAR_FINISHED_MOVES_NO_MORE, car=car.id, turn=car.finish_turn)
    cause = car.cause.value if car.cause else Placeholder.OUT
    return msg(Code.T5_CAR_ELIMINATED_MOVES_NO_MORE, car=car.id, turn=car.out_turn, cause=cause)


def replay(log: RaceLog, track: Track, ruleset: RuleSet | None = None) -> Verdict:
    """Replay a whole race log against a circuit and a season's rules; returns the verdict."""
    game, state, violations = start(log, track, ruleset)
    events: list[Event] = []
    stopped = any(v.fatal for v in violations)
    last_turn = 0
    if not stopped:
        for turn_log in log.turns:
            last_turn = turn_log.turn
            state, happened, stopped = play_turn(game, state, turn_log.moves, turn_log.turn, turn_log.restart)
            for item in happened:
                (violations if isinstance(item, Violation) else events).append(item)
            if stopped:
                break
    if stopped:
        last = violations[-1]
        violations[-1] = replace(
            last, code=Code.STOPPED_REPLAY_STOPPED, params=(("why", (last.code, last.params)),)
        )
    if not stopped:
        for car in sorted(state.cars, key=lambda c: -progress(track, c)):
            if car.status is _RACING:
                violations.violation(
                    last_turn, car.id, "F2", Code.F2_LOG_ENDS_AFTER_TURN, last_turn=last_turn, car=car.id
                )
    placings = classify(track, game.rules, state)
    finishers = finishing_order(state)
    matches: bool | None = None
    if log.result is not None:
        matches = list(log.result) == finishers
        if not matches and not stopped:
            violations.violation(
                last_turn,
                None,
                "F3",
                Code.F3_CLAIMED_RESULT_DIFFERS_REPLAY,
                claimed=", ".join(log.result) or Placeholder.NO_RESULT,
                replayed=", ".join(finishers) or Placeholder.NO_FINISHER,
            )
    xp = experience(game.rules, game.entries, state, placings)
    changes = state.xp_changes + tuple(race_finish_changes(game.rules, game.entries, placings))
    return Verdict(tuple(violations), placings, state.cars, xp, matches, tuple(events), stopped, changes)
