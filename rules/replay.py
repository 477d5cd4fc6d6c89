"""Replaying a race log: `start()`, `apply(game, state, move) -> (state, events)`, `replay()`.

Violations are data (`Violation` in the events), never exceptions. A fatal
one (the car left the track graph, a feature this engine cannot play yet)
stops the replay, and the verdict says so.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.formats import CarEntry, LogFormatError, Move, RaceLog
from rules.order import play_order, progress
from rules.replay_move import apply
from rules.ruleset import RuleSet, UnknownOptionError
from rules.scoring import classify, experience, finishing_order, grid_xp, team_start_xp
from rules.state import CarState, CarStatus, RaceState
from rules.track import Track
from rules.verdict import Event, Verdict, Violation
from rules.weather import Weather

__all__ = ["Game", "apply", "replay", "start", "end_turn"]


@dataclass(frozen=True, slots=True)
class Game:
    """What stays fixed during a race: the circuit, the season's rules, the entries."""

    track: Track
    rules: RuleSet
    laps: int
    entries: dict[str, CarEntry]

    @property
    def a8(self) -> bool:
        return self.rules.has("A8")

    @property
    def a17(self) -> bool:
        return self.rules.has("A17")


def _rules_for(log: RaceLog, ruleset: RuleSet | None) -> tuple[RuleSet, list[Violation]]:
    if ruleset is not None:
        problems = []
        if set(log.options) != set(ruleset.options):
            problems.append(
                Violation(
                    0,
                    None,
                    "O",
                    f"the log plays options {sorted(log.options)}, the season {sorted(ruleset.options)}",
                )
            )
        return ruleset, problems
    try:
        return RuleSet.from_options(log.options), []
    except UnknownOptionError as exc:
        raise LogFormatError(f"options: {exc}") from None


def start(
    log: RaceLog, track: Track, ruleset: RuleSet | None = None
) -> tuple[Game, RaceState, list[Violation]]:
    """The race before the first game turn: cars on their grid squares in neutral."""
    rules, problems = _rules_for(log, ruleset)
    laps = log.laps or rules.laps or track.laps
    if log.laps and rules.laps and log.laps != rules.laps:
        problems.append(Violation(0, None, "F2", f"the season races {rules.laps} laps, the log {log.laps}"))
    for unit in rules.not_yet_supported():
        problems.append(
            Violation(0, None, unit.id, f"option {unit.id} ({unit.name}) is not supported yet", True)
        )
    entries = {e.car: e for e in log.cars}
    cars = []
    for i, entry in enumerate(log.cars):
        if entry.grid > len(track.grid):
            raise LogFormatError(
                f"cars[{i}].grid: slot {entry.grid}, but {track.id} has {len(track.grid)} grid squares"
            )
        wear = entry.wear
        if wear.total != rules.wear_total or min(wear) < 1:
            problems.append(
                Violation(
                    0,
                    entry.car,
                    "D1",
                    f"wear points {wear.total} over {dict(wear.to_json())}: a car is built with "
                    f"{rules.wear_total}, at least 1 per part",
                )
            )
        cars.append(
            CarState(
                id=entry.car,
                square=track.grid[entry.grid - 1],
                wear=wear,
                tyres=entry.tyres,
                arrival=entry.grid,
                driver_xp=entry.driver_xp + grid_xp(rules, entry),
            )
        )
    if not 1 <= log.weather_race <= 20:
        problems.append(
            Violation(0, None, "W1", f"weather roll {log.weather_race} is not a d20 roll (1–20)", True)
        )
        weather = Weather.start(track.weather.kind_for(20))
    else:
        weather = Weather.start(track.weather.kind_for(log.weather_race))
    state = RaceState(
        cars=tuple(cars),
        index={c.id: i for i, c in enumerate(cars)},
        weather=weather,
        clock=len(cars) + 1,
        team_xp=tuple(team_start_xp(rules, entries).items()),
    )
    return Game(track, rules, laps, entries), state, problems


def _take_off(state: RaceState, car_ids, turn: int) -> RaceState:
    """Obstacles whose slot has come in this game turn leave the track (D2)."""
    for car_id in car_ids:
        car = state.car(car_id)
        if (
            car.status is CarStatus.OUT
            and car.square is not None
            and car.remove_turn is not None
            and car.remove_turn <= turn
        ):
            state = state.with_car(car.with_(square=None))
    return state


def end_turn(game: Game, state: RaceState) -> RaceState:
    """Finished cars leave the track at the end of the game turn in which they finished; so do
    obstacles whose slot has passed."""
    cars = state.cars
    for car in cars:
        if car.square is None:
            continue
        if car.status is CarStatus.FINISHED or (
            car.status is CarStatus.OUT and car.remove_turn is not None and car.remove_turn <= state.turn
        ):
            state = state.with_car(car.with_(square=None))
    return state


def play_turn(
    game: Game, state: RaceState, moves: tuple[Move, ...], turn: int
) -> tuple[RaceState, list, bool]:
    """One game turn (T4, T5): the moves in the log's order, checked against the play order."""
    track = game.track
    state = replace(state, turn=turn, played=frozenset())
    expected = play_order(track, state, with_obstacles=True)
    slot = {car_id: i for i, car_id in enumerate(expected)}
    racing = [c for c in expected if state.car(c).status is CarStatus.RACING]
    out: list = []
    moved: list[str] = []
    obstacles = len(racing) < len(expected)
    for move in moves:
        i = slot.get(move.car)
        if i is not None and obstacles:
            state = _take_off(state, expected[:i], turn)
        if move.car in moved:
            out.append(Violation(turn, move.car, "T5", f"car {move.car} moves twice in turn {turn}"))
            continue
        car = state.car(move.car)
        if car.status is not CarStatus.RACING:
            out.append(Violation(turn, move.car, "T5", _not_racing(car)))
            continue
        moved.append(move.car)
        state, events = apply(game, state, move)
        if events:
            out.extend(events)
            if any(isinstance(e, Violation) and e.fatal for e in events):
                return state, out, True
            obstacles = obstacles or any(isinstance(e, Event) and e.kind == "eliminated" for e in events)
    state = _take_off(state, expected, turn)
    in_order = [c for c in racing if c in moved]
    for played, due in zip(moved, in_order, strict=False):
        if played != due:
            a, b = state.car(due), state.car(played)
            out.append(
                Violation(
                    turn,
                    played,
                    "T4",
                    f"car {played} played before car {due}, but car {due} was ahead or in a higher gear "
                    f"at the start of the turn",
                )
            )
            del a, b
            break
    for car_id in racing:
        if car_id not in moved and state.car(car_id).status is CarStatus.RACING:
            out.append(Violation(turn, car_id, "T5", f"car {car_id} did not move in turn {turn}"))
    return end_turn(game, state), out, False


def _not_racing(car: CarState) -> str:
    if car.status is CarStatus.FINISHED:
        return f"car {car.id} finished at turn {car.finish_turn} and moves no more"
    return f"car {car.id} was eliminated at turn {car.out_turn} ({car.cause.value if car.cause else 'out'}) and moves no more"


def replay(log: RaceLog, track: Track, ruleset: RuleSet | None = None) -> Verdict:
    """Replay a whole race log against a circuit and a season's rules; returns the verdict."""
    game, state, violations = start(log, track, ruleset)
    events: list[Event] = []
    stopped = any(v.fatal for v in violations)
    last_turn = 0
    if not stopped:
        for turn_log in log.turns:
            last_turn = turn_log.turn
            state, happened, stopped = play_turn(game, state, turn_log.moves, turn_log.turn)
            for item in happened:
                (violations if isinstance(item, Violation) else events).append(item)
            if stopped:
                break
    if stopped:
        last = violations[-1]
        violations[-1] = replace(
            last, message=f"{last.message}; replay stopped: the rest of the log cannot be checked"
        )
    if not stopped:
        for car in sorted(state.cars, key=lambda c: -progress(track, c)):
            if car.status is CarStatus.RACING:
                violations.append(
                    Violation(
                        last_turn,
                        car.id,
                        "F2",
                        f"the log ends after turn {last_turn} with car {car.id} still racing",
                    )
                )
    placings = classify(track, game.rules, state)
    finishers = finishing_order(state)
    matches: bool | None = None
    if log.result is not None:
        matches = list(log.result) == finishers
        if not matches and not stopped:
            violations.append(
                Violation(
                    last_turn,
                    None,
                    "F3",
                    f"the claimed result {', '.join(log.result) or '(none)'} differs from the replay's "
                    f"{', '.join(finishers) or '(no finisher)'}",
                )
            )
    xp = experience(game.rules, game.entries, state, placings)
    return Verdict(tuple(violations), placings, state.cars, xp, matches, tuple(events), stopped)
