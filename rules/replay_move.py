"""One move: `apply(game, state, move) -> (state, events)` (M6-3, the order of a player's move).

Gear and over-revving (G), die and experience (G1, X2), tyres and weather (W2),
the path (T, C7), corner exits (C2, C3, C6), handling tests (D5), blocking
(C5), collision tests (D3), engine tests (D4), weather roll (W1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules import damage
from rules.corners import settle_exits
from rules.damage import Rolls
from rules.formats import Move, TestKind
from rules.gearbox import RANGES, check_shift, is_face, nth, pushes_engine
from rules.moves import search, touches_corner, walk
from rules.state import CarState, CarStatus, Cause, Penalty, RaceState, _copy_with
from rules.verdict import Event, Violation
from rules.weather import WeatherKind, slide_for_gear, tyre_effect

if TYPE_CHECKING:
    from rules.replay import Game

# `option` keys a move may carry, and the rule that will play them.
OPTION_KEYS = {"top": "A19", "supertop": "A16", "supercharge": "A15", "pedal": "A10"}


def _unsupported(move: Move, turn: int) -> Violation | None:
    """Features of the next issue: refused (fatal) until their unit is written."""
    if move.wait is not None:
        return Violation(
            turn,
            move.car,
            "S2" if move.wait == "pit" else "A18",
            f"waiting ({move.wait}) is not supported yet",
            True,
        )
    if move.slipstream:
        return Violation(turn, move.car, "S1", "slipstream is not supported yet", True)
    if move.pit is not None:
        return Violation(turn, move.car, "S2", "pit stops are not supported yet", True)
    if move.xp is not None and move.xp.team is not None:
        return Violation(turn, move.car, "X3", "team experience spending is not supported yet", True)
    if move.option:
        key = sorted(move.option)[0]
        return Violation(
            turn, move.car, OPTION_KEYS.get(key, "O"), f"option action {key!r} is not supported yet", True
        )
    if isinstance(move.roll, tuple):
        return Violation(turn, move.car, "A13", "7th gear is not supported yet", True)
    return None


def apply(game: Game, state: RaceState, move: Move) -> tuple[RaceState, tuple[Event | Violation, ...]]:
    """Play one move on a state; returns the new state and what happened (violations included)."""
    track = game.track
    turn = state.turn
    car_id = move.car
    car = state.car(car_id)
    out: list = []

    refused = _unsupported(move, turn)
    if refused is not None:
        return state, (refused,)

    # G1–G4: the gear, over-revving paid before the roll.
    shift, problem = check_shift(car.gear, move.gear, car.wear, spun=car.spun)
    if problem is not None:
        out.append(Violation(turn, car_id, *problem))
    gear = move.gear
    roll = move.roll
    assert isinstance(roll, int)
    if shift.skipped:
        wear = car.wear
        car = car.with_(
            wear=wear._replace(
                gearbox=max(0, wear.gearbox - shift.gearbox), brakes=max(0, wear.brakes - shift.brakes)
            )
        )
        state = state.with_car(car)
        if shift.engine:
            state = damage.lose(
                state, car_id, "engine", shift.engine, turn, out, f"over-revving {car.gear} → {gear}"
            )
            car = state.car(car_id)

    # G1 and X2: the die.
    die = roll
    xp = move.xp
    if xp is not None and xp.driver is not None:
        die, spent = _driver_xp(game, car, move, out, turn)
        if spent:
            car = car.with_(driver_xp=car.driver_xp - game.rules.xp_cost, driver_xp_used=True)
    elif 1 <= gear <= 6 and not is_face(gear, roll):
        low, high = RANGES[gear]
        out.append(
            Violation(turn, car_id, "G1", f"roll {roll} is not on the {nth(gear)} gear die ({low}–{high})")
        )

    # W2: slide, bonus, handicap; C4: braking; C7: the total.
    start = car.square
    assert start is not None
    stop = move.stop
    if stop not in track:
        out.append(
            Violation(
                turn, car_id, "T1", f"{stop!r} is not a square of {track.id}: the car left the track", True
            )
        )
        return state, tuple(out)
    effect = tyre_effect(car.tyres, state.weather.current is WeatherKind.RAIN, car.lap_on_tyres)
    in_corner = touches_corner(track, start, stop)
    if in_corner:
        forced = (
            slide_for_gear(effect, car.tyres, gear, game.a8)
            if effect.corner_is_slide
            else min(effect.corner, 0)
        )
        bonus_max = 0 if effect.corner_is_slide else max(effect.corner, 0)
    else:
        forced = min(effect.straight, 0)
        bonus_max = max(effect.straight, 0)
    if move.bonus > bonus_max:
        where = "in a corner" if in_corner else "in a straight"
        out.append(
            Violation(
                turn,
                car_id,
                "W2",
                f"takes {move.bonus} bonus square(s); {car.tyres.value} tyres give {bonus_max} {where} now",
            )
        )
    if move.brake > car.wear.brakes:
        out.append(
            Violation(
                turn, car_id, "C4", f"brakes {move.brake} square(s) with {car.wear.brakes} brake point(s)"
            )
        )
    total = roll + forced + move.bonus - move.brake
    occupied = state.occupied()
    occupied.pop(start, None)

    path = move.path
    if path is None:
        found = search(
            track,
            start,
            max(total, 0),
            occupied,
            car.corner,
            car.stops,
            target=stop,
            dangerous=state.dangerous,
        )
        path = found.path
        if path is None and found.reach < total:
            path = search(
                track,
                start,
                found.reach,
                occupied,
                car.corner,
                car.stops,
                target=stop,
                dangerous=state.dangerous,
            ).path
        if path is None:
            out.append(
                Violation(
                    turn, car_id, "T1", f"no legal path of {total} squares from {start} to {stop}", True
                )
            )
            return state, tuple(out)

    w = walk(track, start, path, occupied, car.corner, car.stops, state.dangerous)
    if w.fatal is not None:
        out.append(Violation(turn, car_id, w.fatal[0], f"{w.fatal[1]}: the car left the track", True))
        return state, tuple(out)
    if w.enters_pit:
        out.append(Violation(turn, car_id, "S2", "driving into the pit lane is not supported yet", True))
        return state, tuple(out)
    for rule, message in w.problems:
        out.append(Violation(turn, car_id, rule, message))
    if w.zigzag:
        alt = search(
            track,
            start,
            len(path),
            occupied,
            car.corner,
            car.stops,
            target=path[-1],
            dangerous=state.dangerous,
            zigzag=False,
        )
        if alt.path is not None and alt.dangerous <= len(w.dangerous):
            out.append(
                Violation(
                    turn,
                    car_id,
                    "T2",
                    f"zig-zags on the way to {path[-1]} though a straighter path was free: {' '.join(alt.path)}",
                )
            )

    moved = len(path)
    blocked = 0
    if moved > total:
        out.append(
            Violation(
                turn,
                car_id,
                "C7",
                f"moves {moved} squares; its total is {total} ({_total_text(roll, forced, move.bonus, move.brake)})",
            )
        )
    elif moved < total:
        reach = search(track, start, total, occupied, car.corner, car.stops).reach
        if reach > moved:
            rule = "C7" if reach >= total else "C5"
            out.append(
                Violation(
                    turn,
                    car_id,
                    rule,
                    f"stops after {moved} of {total} squares ({_total_text(roll, forced, move.bonus, move.brake)}) but could move {reach}",
                )
            )
        else:
            blocked = total - moved

    # The car is on its stop now.
    lap = car.lap
    crossings = car.crossings + w.crossings
    laps = car.laps
    for c in range(car.crossings + 1, crossings + 1):
        if c >= 2:
            laps = (*laps, (c - 1, turn))
    wear = car.wear
    if move.brake:
        wear = wear._replace(brakes=max(0, wear.brakes - move.brake))
    car = _copy_with(
        car,
        {
            "square": path[-1],
            "gear": gear,
            "spun": False,
            "arrival": state.clock,
            "crossings": crossings,
            "corner": w.end_corner,
            "stops": w.end_stops,
            "wear": wear,
            "laps": laps,
        },
    )
    if crossings >= game.laps + 1 and car.status is CarStatus.RACING:
        car = car.with_(status=CarStatus.FINISHED, finish_turn=turn, finish_margin=w.after_line)
        out.append(Event(turn, car_id, "finished", f"crosses the line for the last time ({game.laps} laps)"))
    state = state.with_car(car, played=state.played | {car_id}, clock=state.clock + 1)

    # C2, C3, C6: corner exits.
    if w.exits:
        ex = settle_exits(w.exits, car.wear.tyres, effect.multiplier, turn, lap)
        for message in ex.messages:
            out.append(Event(turn, car_id, "corner-exit", message))
        if ex.penalties or ex.spun:
            car = car.with_(
                wear=car.wear._replace(tyres=ex.tyres), penalties=car.penalties + ex.penalties, spun=ex.spun
            )
            state = state.with_car(car)
        if ex.eliminated is not None:
            state = damage.eliminate(state, car_id, ex.eliminated, turn, out, ex.messages[-1])

    # D5: dangerous squares passed over or stopped on (A17: not in 1st).
    dangerous = () if (game.a17 and gear == 1) else w.dangerous
    mover = state.car(car_id)
    if mover.square is None:
        dangerous = ()
    pushed = pushes_engine(gear, die)
    if not (move.tests or dangerous or blocked or pushed or damage.touching(track, state, mover)):
        return state, tuple(out)  # the common move: no d20 to roll, nothing to check

    rolls = Rolls(move.tests, car_id, turn, out)
    state = damage.handling_tests(state, car_id, dangerous, rolls, turn, out)

    # C5: blocking.
    if blocked and state.car(car_id).status is not CarStatus.OUT:
        state = _blocking(game, state, car_id, blocked, lap, effect.multiplier, out)

    # D3: collisions; D4: engine; W1: weather.
    state = damage.collision_tests(state, track, car_id, rolls, turn, out)
    state = damage.engine_tests(state, track, car_id, pushed, rolls, turn, out)
    if pushed and state.weather.evolves:
        given = rolls.take(TestKind.WEATHER)
        if not given:
            out.append(
                Violation(
                    turn,
                    car_id,
                    "W1",
                    "no weather roll after a 20 in 5th or 30 in 6th under variable weather",
                )
            )
        else:
            for extra in given[1:]:
                rolls.violation(
                    TestKind.WEATHER, car_id, f"a second weather roll ({extra.roll}) for one engine push"
                )
            if rolls.check_roll(given[0]):
                weather = state.weather.after_roll(track.weather.kind_for(given[0].roll))
                state = state.with_(weather=weather)
                out.append(Event(turn, car_id, "weather", f"weather roll {given[0].roll}: {weather.label()}"))
    rolls.finish()
    return state, tuple(out)


def _driver_xp(game: Game, car: CarState, move: Move, out: list, turn: int) -> tuple[int, bool]:
    """X2: +1, −1 or a re-roll on the movement die; returns the die face that counts for D4/W1
    and whether the point could be spent."""
    xp = move.xp
    assert xp is not None and xp.natural is not None
    gear, roll, natural = move.gear, move.roll, xp.natural
    assert isinstance(roll, int)
    low, high = RANGES.get(gear, (0, 0))
    if 1 <= gear <= 6 and not is_face(gear, natural):
        out.append(
            Violation(
                turn,
                car.id,
                "G1",
                f"natural roll {natural} is not on the {nth(gear)} gear die ({low}–{high})",
            )
        )
    face = natural
    if xp.driver == "plus1":
        ok = roll == natural + 1
    elif xp.driver == "minus1":
        ok = roll == natural - 1
    else:
        ok = is_face(gear, roll)
        face = roll
    if not ok:
        out.append(
            Violation(
                turn, car.id, "G1", f"roll {roll} does not follow from {xp.driver} on a natural {natural}"
            )
        )
    if not game.rules.experience:
        out.append(
            Violation(turn, car.id, "X2", "spends driver experience, but experience (A7) is not in force")
        )
    elif car.driver_xp_used:
        out.append(
            Violation(
                turn, car.id, "X2", "spends driver experience a second time in this race (once per race)"
            )
        )
    elif car.driver_xp < game.rules.xp_cost:
        out.append(
            Violation(turn, car.id, "X2", f"spends 1.0 driver experience point with {car.driver_xp / 10:.1f}")
        )
    else:
        return face, True
    return face, False


def _blocking(
    game: Game, state: RaceState, car_id: str, blocked: int, lap: int, multiplier: int, out: list
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
        out.append(
            Event(
                turn,
                car_id,
                "blocked",
                f"blocked {blocked} square(s) short: {brakes} brake and {tyres} tyre point(s)",
            )
        )
        return state.with_car(car)
    if cost is None:
        why = f"blocked {blocked} squares short (7 or more)"
    else:
        why = f"blocked {blocked} square(s) short: needs {cost[0]} brake and {cost[1]} tyre point(s), has {car.wear.brakes} and {car.wear.tyres}"
    car = car.with_(penalties=(*car.penalties, Penalty(turn, lap, "C5", blocked, 1, 0)))
    state = damage.eliminate(state.with_car(car), car_id, Cause.BLOCKING, turn, out, why)
    front = _car_in_front(game, state, car.square)
    if front is not None:
        state = damage.lose(state, front, "body", 1, turn, out, f"car {car_id} was blocked against it")
    return state


def _car_in_front(game: Game, state: RaceState, square: str | None) -> str | None:
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


def _total_text(roll: int, forced: int, bonus: int, brake: int) -> str:
    text = f"roll {roll}"
    if forced > 0:
        text += f" + slide {forced}"
    elif forced < 0:
        text += f" − {-forced} (tyres)"
    if bonus:
        text += f" + bonus {bonus}"
    if brake:
        text += f" − brake {brake}"
    return text
