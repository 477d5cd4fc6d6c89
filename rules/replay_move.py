"""One move: `apply(game, state, move) -> (state, events)` (M6-3, the order of a player's move).

Gear and over-revving (G), die and experience (G1, X2), tyres and weather (W2),
the path (T, C7), corner exits (C2, C3, C6), handling tests (D5), blocking
(C5), collision tests (D3), engine tests (D4), weather roll (W1).

The championship rules and the options come in through `rules/advanced.py` (a `Plan`, for the
moves that need one: the test at the top of `apply`) and through the hooks of the options in
force that a `Game` keeps per hook point (`game.wants`, `game.on_road_exit`, `game.on_handling`,
…; `rules/options/spec.py`); this module imports no option. It reads the circuit through `Track`'s lookup tables
(`track.lane_map`, …), bound once per move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
import rules.damage as damage
import rules.ledger as ledger
from rules.corners import settle_exits
from rules.damage import Rolls
from rules.dice import TestKind
from rules.extras import NO_EXTRAS
from rules.gearbox import FACE_SETS, NO_SHIFT_COST, RANGES, check_shift, is_face
from rules.journal import Journal
from rules.ledger import XpChange, XpKind, XpReason
from rules.messages import Code, Kind, Message, msg
from rules.moves import search, walk
from rules.options.registry import TEST_RULES
from rules.state import CarState, CarStatus, Cause, Penalty, RaceState, _new
from rules.verdict import Event, Violation
from rules.weather import _TERMS, WeatherKind

# enum members on the hot path, looked up once (`CarStatus.OUT` is a slow lookup in Python 3.11)
_FINISHED = CarStatus.FINISHED
_OUT = CarStatus.OUT
_RACING = CarStatus.RACING
_RAIN = WeatherKind.RAIN
_CORNER_EXIT = Kind.CORNER_EXIT
_FINISHED_LAST_LINE = Code.FINISHED_LAST_LINE
_FINISHED_KIND = Kind.FINISHED
_WEATHER_ROLL = Code.WEATHER_ROLL
_WEATHER_KIND = Kind.WEATHER
_LOST_OVER_REVVING = Code.LOST_OVER_REVVING
_NO_EXT = NO_EXTRAS
# No legal total comes near this (7th gear's 50, slide, bonus, options and slipstreams included):
# the path searches stop there (a roll off the die is a G1 violation anyway).
SEARCH_CAP = 128

if TYPE_CHECKING:
    from rules.game import Game
    from rules.log import Move


def apply(game: Game, state: RaceState, move: Move) -> tuple[RaceState, tuple[Event | Violation, ...]]:
    """Play one move on a state; returns the new state and what happened (violations included)."""
    track = game.track
    turn = state.turn
    car_id = move.car
    car = state.cars[state.index[car_id]]
    out = Journal()

    x = None  # the advanced rules' plan for this move (rules/advanced.py), if it needs one
    # the car's advanced state: a stand to leave, or an option in force `wants` a plan (its hook
    # asked only when the option's `state` is set on the car; a loop, not a call: every move)
    ext = car.ext
    wanted = False
    if ext is not _NO_EXT:
        if ext.in_stand:
            wanted = True
        elif (wants_of := game.wants_of) is not None:
            values = wants_of(ext)  # the fields the wants read, in one call
            for i, value, wants in game.wants:
                if (v := values[i]) and (value is None or v == value):
                    for want in wants:
                        if want(ext, move):
                            wanted = True
                            break
                    if wanted:
                        break
    lane_of = track.lane_map
    if (
        wanted
        # a gear beyond the core gearbox (A13's, in force or not), something a core move lacks
        or not 1 <= move.gear <= 6
        or car.gear == 7
        or (not move.plain and advanced.unusual(move))
        # the pit lane (S2, S3)
        or lane_of[car.square] < 0
        or (move.to is not None and lane_of.get(move.to, 0) < 0)
    ):
        x, state = advanced.prepare(game, state, car, move, out)
        if x.done:
            return state, tuple(out)
        car = state.car(car_id)

    # G1–G4: the gear, over-revving paid before the roll.
    gear = move.gear
    previous = car.gear
    if x is None and previous and previous - 1 <= gear <= previous + 1 and 1 <= gear <= 6 and not car.spun:
        shift = NO_SHIFT_COST  # check_shift's usual move, without the call
    else:
        if x is not None and x.free_gear:
            shift, problem = advanced.stand_gear(car, gear)
        else:
            shift, problem = check_shift(
                previous, gear, car.wear, spun=car.spun, top_gear=6 if x is None else x.top_gear
            )
        if problem is not None:
            out.broken(turn, car_id, *problem)
    roll = move.roll if x is None else x.roll
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
                state,
                car_id,
                "engine",
                shift.engine,
                turn,
                out,
                msg(_LOST_OVER_REVVING, previous=car.gear, gear=gear),
            )
            car = state.car(car_id)
    if car.status is _OUT:  # over-revving (A13's 7 → 2 included) took its last engine point
        return _out_before_moving(state, car, move, out)

    # G1 and X2: the die.
    die = roll
    xp = move.xp
    if xp is not None and xp.driver is not None:
        die, spent = _driver_xp(game, car, move, out, turn)
        if spent:
            car = car.with_(driver_xp=car.driver_xp - game.rules.xp_cost, driver_xp_used=True)
            change = XpChange(car_id, XpKind.DRIVER, XpReason.DIE, -game.rules.xp_cost, turn)
            state = ledger.record(state, change)
    elif 1 <= gear <= 6 and roll not in FACE_SETS[gear] and (x is None or not x.die_ok):
        low, high = RANGES[gear]
        out.violation(turn, car_id, "G1", Code.G1_ROLL_NOT_ON_DIE, roll=roll, gear=gear, low=low, high=high)

    # W2: slide, bonus, handicap; C4: braking; C7: the total.
    start = car.square
    assert start is not None
    path = move.path
    stop = path[-1] if path else move.to  # move.stop, without the property
    if stop not in track.level_map:
        out.violation(turn, car_id, "T1", Code.T1_NOT_SQUARE_CAR_LEFT, fatal=True, stop=stop, track=track.id)
        return state, tuple(out)
    seg_index = track.segment_index
    try:  # track.corner_between(start, stop), without the call
        in_corner = track.corner_table[seg_index[start]][seg_index[stop]]
    except KeyError:  # a pit square
        in_corner = False
    rain = state.weather.current is _RAIN
    lap_on_set = car.crossings - car.tyre_set_crossing + 1  # car.lap_on_tyres, without the call
    if lap_on_set < 1:
        lap_on_set = 1
    # move_terms(...)'s cache, looked up here (same key)
    terms = _TERMS.get(
        (
            car.tyres,
            rain,
            lap_on_set if lap_on_set < 3 else 3,
            gear if gear <= 2 else 3,
            game.slide_by_gear,
            in_corner,
        )
    )
    if terms is None:  # weather.move_terms, or A8's (`game.slide_by_gear`: it hooks `terms`)
        terms = game.terms(car.tyres, rain, lap_on_set, gear, in_corner)
    effect, forced, bonus_max = terms
    if move.bonus > bonus_max:
        out.violation(
            turn,
            car_id,
            "W2",
            Code.W2_BONUS_TOO_MANY_CORNER if in_corner else Code.W2_BONUS_TOO_MANY_STRAIGHT,
            bonus=move.bonus,
            tyres=car.tyres.value,
            bonus_max=bonus_max,
        )
    if move.brake > car.wear.brakes:
        out.violation(
            turn, car_id, "C4", Code.C4_BRAKES_SQUARE_BRAKE_POINT, brake=move.brake, brakes=car.wear.brakes
        )
    total = roll + forced + move.bonus - move.brake
    if x is not None:
        total += x.squares(in_corner)
    # the searches run one layer per square: a total no legal move reaches (a roll off every die,
    # a G1 violation already) must not size them, or a sheet could hang the replay
    reach_total = total if 0 <= total <= SEARCH_CAP else (0 if total < 0 else SEARCH_CAP)
    occ = state.__dict__.get("_occ")
    occupied = dict(occ) if occ is not None else state.occupied()  # state.occupied(), the call spared
    occupied.pop(start, None)
    # no car shares a square (the state keeps its occupancy): after the move, `occupied` plus the
    # car's stop is the new state's, no need to work it out again
    handoff = x is None and "_occ" in state.__dict__

    if path is None and x is not None and x.pit_route:
        if move.pit is not None:
            path = advanced.pits.stop_path(game, state, car, move, reach_total, occupied)
        else:
            path = advanced.pits.find_path(
                track,
                start,
                reach_total,
                stop,
                advanced.pits.lane_occupied(state, occupied, track),
                car.corner,
                car.stops,
                state.dangerous,
            )
        if path is None:
            out.violation(
                turn,
                car_id,
                "T1",
                Code.T1_NO_LEGAL_PATH_SQUARES,
                fatal=True,
                total=total,
                start=start,
                stop=stop,
            )
            return state, tuple(out)
    if path is None:
        found = search(
            track,
            start,
            reach_total,
            occupied,
            car.corner,
            car.stops,
            target=stop,
            dangerous=state.dangerous,
        )
        path = found.path
        if path is None and found.reach < reach_total:
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
            out.violation(
                turn,
                car_id,
                "T1",
                Code.T1_NO_LEGAL_PATH_SQUARES,
                fatal=True,
                total=total,
                start=start,
                stop=stop,
            )
            return state, tuple(out)

    w = walk(track, start, path, occupied, car.corner, car.stops, state.dangerous)
    if w.fatal is not None:
        out.violation(turn, car_id, w.fatal[0], Code.PATH_LEFT_TRACK, fatal=True, why=w.fatal[1])
        return state, tuple(out)
    problems, zigzag = w.problems, w.zigzag
    if w.enters_pit or x is not None:
        if x is None:
            x, state = advanced.prepare(game, state, car, move, out)
        base = roll + min(forced, 0) + move.bonus + x.squares(in_corner) - 3 * x.slip
        problems, zigzag = advanced.after_walk(
            game, state, car, move, x, start, path, w, occupied, base, max(forced, 0), total, out
        )
    for rule, message in problems:
        out.broken(turn, car_id, rule, message)
    if zigzag:
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
            max_dangerous=len(w.dangerous),  # a path over more is no reason to refuse the zig-zag
        )
        if alt.path is not None and alt.dangerous <= len(w.dangerous):
            out.violation(
                turn, car_id, "T2", Code.T2_ZIG_ZAGS_WAY_THOUGH, stop=path[-1], path=" ".join(alt.path)
            )

    moved = len(path)
    blocked = 0
    if x is not None and x.stop is not None:
        pass  # to the stand and out: checked by pits.check_stop
    elif moved > total:
        out.violation(
            turn,
            car_id,
            "C7",
            Code.C7_MOVES_SQUARES_TOTAL,
            moved=moved,
            total=total,
            sum=_total_text(roll, forced, move.bonus, move.brake),
        )
    elif moved < total:
        reach = None
        if x is not None or car.ext is not _NO_EXT:
            # a car with advanced state, a plan or not, measures a short move that passes the pit
            # entry down the lane (advanced.reach), as when every such car had a plan
            reach = advanced.reach(game, state, car, start, reach_total, occupied, path)
        if reach is None:
            reach = search(track, start, reach_total, occupied, car.corner, car.stops).reach
        if reach > moved:
            rule = "C7" if reach >= total else "C5"
            out.violation(
                turn,
                car_id,
                rule,
                Code.PATH_STOPS_SHORT,
                moved=moved,
                total=total,
                sum=_total_text(roll, forced, move.bonus, move.brake),
                reach=reach,
            )
        else:
            blocked = total - moved

    # The car is on its stop now.
    lap = car.lap
    crossings = car.crossings + w.crossings
    laps = car.laps
    if w.crossings:
        for c in range(car.crossings + 1, crossings + 1):
            if c >= 2:
                laps = (*laps, (c - 1, turn))
    wear = car.wear
    if move.brake:
        wear = wear._replace(brakes=max(0, wear.brakes - move.brake))
    # _copy_with(car, {...}) spelt out: the fields set one by one, no dict of changes built
    new = _new(type(car))
    d = new.__dict__
    d.update(car.__dict__)
    d["square"] = path[-1] if path else start  # a car boxed in stays put (C5)
    d["gear"] = gear
    d["spun"] = False
    d["arrival"] = state.clock
    d["crossings"] = crossings
    d["corner"] = w.end_corner
    d["stops"] = w.end_stops
    d["wear"] = wear
    d["laps"] = laps
    car = new
    if w.crossings and crossings >= game.laps + 1 and car.status is _RACING:
        car = car.with_(status=_FINISHED, finish_turn=turn, finish_margin=w.after_line)
        out.event(turn, car_id, _FINISHED_KIND, _FINISHED_LAST_LINE, laps=game.laps)
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
        ex = settle_exits(w.exits, car.wear.tyres, effect.multiplier + extra, turn, lap)
        if ex.penalties or ex.spun:
            car = car.with_(
                wear=car.wear._replace(tyres=ex.tyres), penalties=car.penalties + ex.penalties, spun=ex.spun
            )
    state = state.with_played(car, occupied if handoff else None)
    if ex is not None:
        for message in ex.messages:
            out.append(Event(turn, car_id, _CORNER_EXIT, *message))
        if ex.eliminated is not None:
            for serious in game.on_road_exit:  # A14
                if serious(gear, ex):
                    crash = car.square
            state = damage.eliminate(state, car_id, ex.eliminated, turn, out, ex.messages[-1])
        elif ex.spun and game.on_spin:  # A18
            x = advanced.spun(game, x, roll)
    if x is not None:
        if state.car(car_id).status is not _OUT:
            state = advanced.after_move(game, state, car_id, move, x, w, out)
    elif w.crossings and game.on_crossed and state.car(car_id).status is not _OUT:
        # the line crossed, for a car with no plan (A12's tank), as advanced.after_move does
        for crossed in game.on_crossed:
            state = crossed(game, state, car_id, out)

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
        return state, tuple(out) if out else ()  # the common move: no d20 to roll, nothing to check
    first_event = len(out)

    rolls = Rolls(move.tests, car_id, turn, out, TEST_RULES)
    state = damage.handling_tests(state, car_id, dangerous, rolls, turn, out)
    if crash is not None:
        for accident in game.on_crash:  # A14
            state = accident(state, track, car_id, crash, rolls, out)

    # C5: blocking.
    if blocked and state.car(car_id).status is not _OUT:
        state = _blocking(game, state, car_id, blocked, lap, effect.multiplier, out)

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
    if pushed and state.weather.evolves and game.on_weather:  # A9: at the end of the turn
        for weather_roll in game.on_weather:
            state = weather_roll(game, state, car_id, rolls, out)
    elif pushed and state.weather.evolves:
        given = rolls.take(TestKind.WEATHER)
        if not given:
            out.violation(turn, car_id, "W1", Code.W1_NO_WEATHER_ROLL_AFTER)
        else:
            for extra in given[1:]:
                rolls.violation(
                    TestKind.WEATHER, car_id, msg(Code.TEST_SECOND_WEATHER_ROLL_ONE, roll=extra.roll)
                )
            if rolls.check_roll(given[0]):
                weather = state.weather.after_roll(track.weather.kind_for(given[0].roll))
                state = state.with_(weather=weather)
                out.event(
                    turn,
                    car_id,
                    _WEATHER_KIND,
                    _WEATHER_ROLL,
                    roll=given[0].roll,
                    weather=weather.label(),
                )
    rolls.finish()
    return state, tuple(out)


def _out_before_moving(state: RaceState, car: CarState, move: Move, out: Journal):
    """G3, D2: over-revving took the last engine point before the roll. The car does not move: it
    stays on its square as an obstacle until its next turn would have come (the next game turn's
    slot, not this one's, which is now); the move's d20 rolls were not called for."""
    turn = state.turn
    if car.remove_turn is not None and car.remove_turn <= turn and car.square is not None:
        car = car.with_(remove_turn=turn + 1)
    state = state.with_played(car)
    if move.tests:
        Rolls(move.tests, car.id, turn, out, TEST_RULES).finish()
    return state, tuple(out)


def _driver_xp(game: Game, car: CarState, move: Move, out: Journal, turn: int) -> tuple[int, bool]:
    """X2: +1, −1 or a re-roll on the movement die; returns the die face that counts for D4/W1
    and whether the point could be spent."""
    xp = move.xp
    assert xp is not None and xp.natural is not None
    gear, roll, natural = move.gear, move.roll, xp.natural
    if type(roll) is tuple:
        # A13's two dice: `natural` is one number and cannot say which die it changes (decisions)
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_TWO, roll=list(roll))
        return sum(roll), False
    low, high = RANGES.get(gear, (0, 0))
    if 1 <= gear <= 6 and not is_face(gear, natural):
        out.violation(
            turn, car.id, "G1", Code.G1_NATURAL_ROLL_NOT_GEAR, natural=natural, gear=gear, low=low, high=high
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
        out.violation(
            turn, car.id, "G1", Code.G1_ROLL_DOES_NOT_FOLLOW, roll=roll, driver=xp.driver, natural=natural
        )
    if not game.rules.experience:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_EXPERIENCE)
    elif car.driver_xp_used:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_DRIVER_EXPERIENCE_SECOND)
    elif car.driver_xp < game.rules.xp_cost:
        out.violation(turn, car.id, "X2", Code.X2_SPENDS_1_0_DRIVER, balance=car.driver_xp / 10)
    else:
        return face, True
    return face, False


def _blocking(
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
    front = _car_in_front(game, state, car.square)
    if front is not None:
        state = damage.lose(
            state, front, "body", 1, turn, out, msg(Code.LOST_CAR_WAS_BLOCKED_AGAINST, car=car_id)
        )
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


def _total_text(roll: int, forced: int, bonus: int, brake: int) -> list[Message]:
    """The terms of a move's total, as messages read in a row ("roll 5 + slide 1 − brake 2")."""
    terms = [msg(Code.C7_TERM_ROLL, n=roll)]
    if forced > 0:
        terms.append(msg(Code.C7_TERM_SLIDE, n=forced))
    elif forced < 0:
        terms.append(msg(Code.C7_TERM_TYRES, n=-forced))
    if bonus:
        terms.append(msg(Code.C7_TERM_BONUS, n=bonus))
    if brake:
        terms.append(msg(Code.C7_TERM_BRAKE, n=brake))
    return terms
