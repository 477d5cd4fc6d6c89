"""A seeded bot that plays whole races by the rules and writes them as `formule-de/race-log@1`.

`write_race(track, cars=10, laps=3, seed=1)` returns the log as a JSON-ready dict;
`python -m rules.bot spa --cars 10 --laps 3 --seed 1 > race.json` prints it. The
same seed gives the same race. Golden logs, property tests and the replay
benchmark are built with it.

The bot asks the engine which moves are legal (`moves.reachable`: the paths
`search` would accept), what a corner exit would cost (`corners.settle_exits`),
and checks every move it picks with `replay_move.apply`, so the log it writes
replays as valid. Its gears and the d20 tests it rolls come from the play API
(`rules.play`: `gear_choices`, `due_on`), the choices the site offers at the table. Its driving: before the roll it picks the gear whose die
gives the best expected result (distance, minus brake, tyre, gearbox, risk
and "will I stop in the next corner" costs); after the roll it takes the best
stop for the number rolled, braking or taking a tyre bonus as needed. It rolls
every d20 test the rules call for (handling, collision, engine, weather, A6
scatter, A18 spin), and lives with the results. It takes a slipstream (S1) when
the 3 squares are worth more than stopping behind, plays the lapped cars' lost
moves (M6-2-5), and with `pits=True` makes a long stop (S3) in its stand when
its tyres run low.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import rules.slipstream as slipstream
from rules.corners import settle_exits
from rules.damage import collision_limit, engine_limit, handling_limit
from rules.formats import RACE_LOG_FORMAT, Move, TestRoll, read_race_log
from rules.gearbox import FACES, RANGES
from rules.journal import Journal
from rules.moves import reachable, walk
from rules.options import a01_wing_low, a02_wing_high, a05_red_flag, a15_supercharging
from rules.order import after_move as lapped
from rules.order import play_order, progress
from rules.play.due import due_on
from rules.play.gears import gear_choices
from rules.replay import Game, _take_off, finish_turn, replay, restart_race, spare_of, start
from rules.ruleset import RuleSet
from rules.state import PARTS, CarState, CarStatus, RaceState
from rules.track import CircuitError, Track, load_circuit
from rules.verdict import Violation
from rules.weather import Tyres, WeatherKind, move_terms, slide_for_gear, tyre_effect

__all__ = ["write_race", "main"]

# Car builds (rules D1: 20 points, at least 1 per part), picked per car by the seed.
BUILDS = (
    {"tyres": 4, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 4},
    {"tyres": 5, "brakes": 3, "gearbox": 3, "body": 3, "engine": 3, "handling": 3},
    {"tyres": 4, "brakes": 4, "gearbox": 2, "body": 3, "engine": 3, "handling": 4},
    {"tyres": 6, "brakes": 3, "gearbox": 2, "body": 3, "engine": 3, "handling": 3},
)

# What things are worth, in squares of progress.
OUT = 300.0  # being eliminated
TYRE = 8.0
BRAKE = 2.0
LAST_BRAKE = 4.0  # extra, for the last brake point
GEARBOX = 4.0
ENGINE = 10.0
SPIN = 20.0
TOP_GAIN = 3.0  # what a Top must win to be used (one a lap)
SUPER_TOP_GAIN = 12.0  # and the Super Top (one a race)
CHARGE_COST = 0.2 * ENGINE  # A15: one engine test, lost on 1–4 of 20
PEDAL_GAIN = 1.5  # and the pedal (an engine point, on a car with engine to spare)
OVERSHOOT = 10.0  # per square the next move cannot avoid going past a corner it must stop in
MAX_TURNS_PER_LAP = 80
PIT_AT = 2  # tyre points lost before the bot stops in its stand (pits=True)
MAX_TESTS = 64  # d20 rolls in one move, at most (ten cars touched, scatter rolls for each…)


@dataclass(frozen=True, slots=True)
class _Stop:
    """A square a legal path reaches, with what stopping there is worth before dice and brakes."""

    depth: int
    square: str
    path: tuple[str, ...]
    in_corner: bool
    value: float
    room: float  # squares the next move may cover and still stop in the corner the car must stop in
    stake: float  # what missing that stop costs, per square


@dataclass(frozen=True, slots=True)
class _Choice:
    value: float
    stop: _Stop
    brake: int
    bonus: int


def write_race(
    track: Track,
    *,
    cars: int,
    laps: int | None = None,
    seed: int = 0,
    options: Iterable[str] = ("A7",),
    weather_roll: int | None = None,
    pits: bool = False,
) -> dict[str, Any]:
    """A whole race played by the bot, as a `formule-de/race-log@1` document (a JSON-ready dict).

    `pits=True` gives every car a stand (S2) and makes the bot stop there (a long stop, S3) when
    its tyres run low. Raises `ValueError` for a car count the grid cannot take or an unknown
    option."""
    if not 1 <= cars <= len(track.grid):
        raise ValueError(f"{track.id} has {len(track.grid)} grid squares; cannot start {cars} cars")
    rules = RuleSet.from_options(options)
    rng = random.Random(seed)
    weather = rng.randint(1, 20) if weather_roll is None else weather_roll
    laps = laps or track.laps
    kind = track.weather.kind_for(weather)
    entries = []
    for i in range(cars):
        if kind is WeatherKind.RAIN:
            tyres = Tyres.RAIN
        elif kind is WeatherKind.SUN and laps <= 2 and rng.random() < 0.5:
            tyres = Tyres.SOFT  # soft tyres lose a square on straights from their 3rd lap
        else:
            tyres = Tyres.HARD
        entries.append(
            {
                "car": str(i + 1),
                "driver": f"driver-{i + 1}",
                "team": f"team-{i // 2 + 1}",
                "grid": i + 1,
                "tyres": tyres.value,
                "wear": dict(rng.choice(BUILDS)),
                "experience": {"driver": 0.0, "team": 0.0},
            }
        )
        if pits and track.pit is not None:
            stands = track.pit.stand_squares
            entries[-1]["stand"] = stands[i % len(stands)]
        if rules.has("A1") and rules.has("A2"):  # with one of them on, every car runs it
            entries[-1]["wing"] = rng.choice(("low", "high"))
    doc: dict[str, Any] = {
        "format": RACE_LOG_FORMAT,
        "circuit": track.id,
        "laps": laps,
        "options": sorted(rules.options, key=lambda o: int(o[1:])),
        "weather": {"race": weather},
        "cars": entries,
        "turns": [],
    }
    game, state, problems = start(read_race_log(doc), track, rules)
    if problems:
        raise ValueError(f"the bot's own race cannot start: {problems[0]}")
    bot = _Bot(game, rng)
    turn = 0
    while any(c.status is CarStatus.RACING for c in state.cars):
        turn += 1
        if turn > MAX_TURNS_PER_LAP * laps:
            raise RuntimeError(f"bot race on {track.id} still running after {turn - 1} turns")
        restart = bot.restart(state)
        if restart is not None:  # A5: a red flag fell at the end of the last turn
            state, problems = restart_race(game, state, restart, turn)
            if problems:
                raise RuntimeError(f"the bot's restart is refused: {problems[0]}")
        state, moves = bot.play_turn(state, turn)
        doc["turns"].append({"turn": turn, **({"restart": restart} if restart else {}), "moves": moves})
    verdict = replay(read_race_log(doc), track, rules)
    if not verdict.valid:
        raise RuntimeError(f"the bot wrote an invalid race: {verdict.violations[0]}")
    doc["result"] = [p.car for p in verdict.classification if p.status == "finished"]
    return doc


class _Bot:
    def __init__(self, game: Game, rng: random.Random) -> None:
        self.game = game
        self.track = game.track
        self.rng = rng
        self.rooms = _rooms(game.track)
        options = game.rules.options
        self.option_squares = 2 if options & {"A1", "A10", "A19"} else 0

    def restart(self, state: RaceState) -> dict[str, Any] | None:
        """A5: after a red flag, the cars on worn tyres change them (not at a start restart)."""
        if state.restart_due is None:
            return None
        if state.restart_due[0] == a05_red_flag.START:
            return {"pits": []}
        entries = self.game.entries
        worn = [
            c
            for c in state.cars
            if c.status is CarStatus.RACING and c.wear.tyres <= entries[c.id].wear.tyres - PIT_AT
        ]
        return {"pits": [{"car": c.id, "tyres": c.tyres.value} for c in worn]}

    # -- a game turn, as `replay.play_turn` will check it ------------------------------
    def play_turn(self, state: RaceState, turn: int) -> tuple[RaceState, list[dict]]:
        state = replace(state, turn=turn, played=frozenset())
        expected = play_order(self.track, state, with_obstacles=True)
        moves: list[dict] = []
        lost: set[str] = set()  # lapped before playing: they lose this turn's move (T4, M6-2-5)
        moved: set[str] = set()
        again: list[str] = []  # passed the leader again: they play their lost move at the end
        # the play order, then the lost moves won back after everyone else, as many as are won
        # (a won-back move may win another: `again` grows while it is read)
        order = ((i, car_id) for i, car_id in enumerate(expected))
        while (nxt := next(order, None)) is not None or again:
            if nxt is None:
                car_id = again.pop(0)
            else:
                i, car_id = nxt
                if state.car(car_id).status is not CarStatus.RACING or car_id in lost:
                    continue  # an obstacle, knocked out earlier in this turn, or lapped
                state = _take_off(state, expected[:i], turn)
            if state.car(car_id).status is not CarStatus.RACING:
                continue
            before = progress(self.track, state.car(car_id))
            if state.car(car_id).ext.stalled:  # A18: a stalled car sits out this turn
                from rules.replay_move import apply

                move = Move(car_id, "bot", wait="stalled")
                state, _ = apply(self.game, state, move)
            else:
                move, state = self.play(state, car_id)
            moves.append(move.to_json())
            moved.add(car_id)
            state, newly, regained = lapped(self.track, state, car_id, before, lost | moved, Journal())
            lost.update(newly)
            if regained:
                again.append(car_id)
        state = _take_off(state, expected, turn)
        state, spares = self._spares(state, turn)
        return finish_turn(self.game, state)[0], moves + spares

    def _spares(self, state: RaceState, turn: int) -> tuple[RaceState, list[dict]]:
        """A5: a driver whose car went out in an earlier turn takes the spare car (up to turn 8),
        two points off its build's biggest parts, and leaves its stand as the turn's last move."""
        moves: list[dict] = []
        for car in state.cars:
            done = self._spare(state, car, turn)
            if done is None:
                continue
            move, state = done
            moves.append(move.to_json())
        return state, moves

    def _spare(self, state: RaceState, car: CarState, turn: int) -> tuple[Move, RaceState] | None:
        """A5: the spare car's move for `car` at the end of `turn` (`_spares`), or None if it has none."""
        if not self.game.spares or turn > a05_red_flag.SPARE_LAST_TURN or self.track.pit is None:
            return None
        entry = self.game.entries[car.id]
        if (
            car.status is not CarStatus.OUT
            or car.ext.spare
            or entry.stand is None
            or car.square is not None
            or (car.out_turn or 0) >= turn  # out in this turn: it has had its move
        ):
            return None
        parts = sorted(zip(entry.wear, PARTS, strict=True), reverse=True)
        less = {parts[0][1]: 1, parts[1][1]: 1}
        probe = Move(car.id, "bot", gear=a05_red_flag.SPARE_GEAR, roll=0, option={"spare": less})
        take_spare = spare_of(probe)
        assert take_spare is not None
        taken, events = take_spare(self.game, state, car, probe, turn)
        if any(isinstance(e, Violation) for e in events):
            return None
        done = self._leave_pit(taken, car.id)
        if done is None:
            return None
        move, after = done
        return replace(move, option={"spare": less}), after

    # -- one move --------------------------------------------------------------------
    def play(self, state: RaceState, car_id: str) -> tuple[Move, RaceState]:
        car = state.car(car_id)
        track = self.track
        assert car.square is not None
        if track.lane_map[car.square] < 0:  # in its stand (S3): out down the lane
            done = self._leave_pit(state, car_id)
            if done is not None:
                return done
            raise RuntimeError(f"turn {state.turn}, car {car_id} in {car.square}: cannot leave the pit lane")
        entry = self.game.entries[car_id]
        if entry.stand is not None and car.wear.tyres <= entry.wear.tyres - PIT_AT:
            done = self._pit(state, car_id)
            if done is not None:
                return done
        occupied = state.occupied()
        occupied.pop(car.square, None)
        rain = state.weather.is_rain
        effect = tyre_effect(car.tyres, rain, car.lap_on_tyres)

        gears = self._gears(car)
        top = max(FACES[g][-1] for g, _ in gears) + max(effect.corner, effect.straight, 0) + 1
        top += self.option_squares  # a wing, a Top or the pedal: up to 2 squares more
        layers = reachable(track, car.square, top, occupied, car.corner, car.stops, dangerous=state.dangerous)
        reach = len(layers) - 1
        stops = [
            self._stop(state, car, occupied, d, sq, cost[0], path)
            for d in range(1 if reach else 0, reach + 1)  # boxed in: stay put (C5)
            for sq, (cost, path) in layers[d].items()
        ]
        best_gear, best_value = gears[0][0], float("-inf")
        for gear, cost in gears:
            faces = FACES[gear]
            value = -cost - self._engine_risk(car, gear, rain)
            value += sum(self._best(car, effect, gear, face, stops, reach)[0].value for face in faces) / len(
                faces
            )
            if value > best_value:
                best_gear, best_value = gear, value
        charge = self._charge(car, effect, best_gear, stops, reach)  # A15: announced before the roll
        roll = self.rng.choice(FACES[best_gear])
        if charge:
            add = a15_supercharging.BONUS[best_gear] if roll > a15_supercharging.THRESHOLD[best_gear] else 0
            for choice in (self._best_or_none(car, effect, best_gear, roll, stops, reach, add=add) or [])[
                :25
            ]:
                done = self._roll_tests(
                    state, self._move(car_id, best_gear, roll, choice, {"supercharge": True})
                )
                if done is not None:
                    return done
        choices = self._best(car, effect, best_gear, roll, stops, reach)
        option, number, better = self._option(car, effect, best_gear, roll, stops, reach, choices[0].value)
        if option is not None:  # an option worth using (A10, A16, A19); else, or if refused, none
            for choice in better[:25]:
                done = self._roll_tests(state, self._move(car_id, best_gear, number, choice, option))
                if done is not None:
                    return done
        for choice in choices[:25]:
            move = self._move(car_id, best_gear, roll, choice)
            done = self._roll_tests(state, move)
            if done is not None:
                for alt in choices[:12]:  # S1: a stop behind a car may be worth 3 more squares
                    if alt.brake == 0 and alt.stop.path and best_gear >= slipstream.MIN_GEAR:
                        base = replace(move, path=alt.stop.path, to=None, bonus=alt.bonus, brake=0)
                        slip = self._slipstream(state, base, alt.value - alt.stop.value, choice.value)
                        if slip is not None:
                            return slip
                return done
        raise RuntimeError(
            f"turn {state.turn}, car {car_id} on {car.square}: no legal move found for {best_gear}/{roll}"
        )

    @staticmethod
    def _move(car_id: str, gear: int, roll: int, choice: _Choice, option: dict | None = None) -> Move:
        path = choice.stop.path
        return Move(
            car_id,
            "bot",
            gear,
            roll,
            path or None,
            None if path else choice.stop.square,
            brake=choice.brake,
            bonus=choice.bonus,
            option=option,
        )

    def _option(
        self, car: CarState, effect, gear: int, roll: int, stops: list[_Stop], reach: int, plain: float
    ) -> tuple[dict | None, int, list[_Choice]]:
        """The option action worth most over the plain move, if one is worth its cost: a Super Top
        (A16, kept for the last lap: it also saves the car from an elimination), a Top (A19, once a
        lap), the pedal (A10, an engine point)."""
        rules = self.game.rules
        best: tuple[dict | None, int, list[_Choice]] = (None, roll, [])
        value = plain
        if rules.has("A16") and car.ext.super_top and not car.ext.supertop and car.lap >= self.game.laps:
            low, high = RANGES[gear]
            for number in range(low, high + 1):
                got = self._best_or_none(car, effect, gear, number, stops, reach)
                if got and got[0].value > value + SUPER_TOP_GAIN:
                    best, value = ({"supertop": True}, number, got), got[0].value - SUPER_TOP_GAIN
        if rules.has("A19") and car.ext.top_lap != car.lap:
            for step in (1, -1):
                got = self._best_or_none(car, effect, gear, roll, stops, reach, add=step)
                if got and got[0].value > value + TOP_GAIN:
                    best, value = ({"top": step}, roll, got), got[0].value - TOP_GAIN
        if rules.has("A10") and car.wear.engine > 2:
            got = self._best_or_none(car, effect, gear, roll, stops, reach, add=1)
            if got and got[0].value > value + PEDAL_GAIN:
                best = ({"pedal": True}, roll, got)
        return best

    def _charge(self, car: CarState, effect, gear: int, stops: list[_Stop], reach: int) -> bool:
        """A15: supercharge when the squares it may add are worth more, on average over the die,
        than the engine test it always costs."""
        if not self.game.rules.has("A15") or gear not in a15_supercharging.THRESHOLD or car.wear.engine <= 2:
            return False
        threshold, bonus = a15_supercharging.THRESHOLD[gear], a15_supercharging.BONUS[gear]
        faces = FACES[gear]
        gain = 0.0
        for face in faces:
            if face <= threshold:
                continue
            plain = self._best_or_none(car, effect, gear, face, stops, reach)
            charged = self._best_or_none(car, effect, gear, face, stops, reach, add=bonus)
            if plain and charged:
                gain += charged[0].value - plain[0].value
        return gain / len(faces) > CHARGE_COST

    def _best_or_none(self, *args, **kw) -> list[_Choice] | None:
        try:
            return self._best(*args, **kw)
        except RuntimeError:  # no way to play that number
            return None

    def _gears(self, car: CarState) -> list[tuple[int, float]]:
        """Gears the car may engage (the play API's, `play.gears`; 7th left out), with what
        over-revving costs it."""
        out = []
        for c in gear_choices(self.game.rules, car).choices:
            if c.gear > 6:
                continue
            cost = c.gearbox * GEARBOX + c.brakes * BRAKE + c.engine * ENGINE
            if c.engine and c.engine_left == 0:
                cost += OUT
            out.append((c.gear, cost))
        return out

    def _engine_risk(self, car: CarState, gear: int, rain: bool) -> float:
        if gear < 5:
            return 0.0
        loss = 0.1 * engine_limit(rain) / 20
        return loss * (OUT if car.wear.engine == 1 else ENGINE)

    def _stop(
        self,
        state: RaceState,
        car: CarState,
        occupied: dict[str, str],
        depth: int,
        square: str,
        dangerous: int,
        path: tuple[str, ...],
    ) -> _Stop:
        track = self.track
        start = car.square
        assert start is not None
        w = walk(track, start, path, occupied, car.corner, car.stops, state.dangerous)
        rain = state.weather.is_rain
        effect = tyre_effect(car.tyres, rain, car.lap_on_tyres)
        progress = track.level_map[square] - track.level_map[start] + w.crossings * track.lap_length
        value = progress
        if w.exits:
            ex = settle_exits(w.exits, car.wear.tyres, effect.multiplier, state.turn, car.lap)
            if ex.eliminated is not None:
                value -= OUT
            value -= TYRE * (car.wear.tyres - ex.tyres) + (SPIN if ex.spun else 0.0)
        if dangerous:
            p = handling_limit(rain) / 20
            value -= dangerous * p * (OUT if car.wear.handling == 1 else TYRE)
        zone = track.risk_map[square]
        if zone:
            for other in state.cars:
                if other.square in zone and other.id != car.id:
                    p = collision_limit(rain, other.status is CarStatus.OUT) / 20
                    value -= p * (OUT if car.wear.body == 1 else TYRE)
        corner = track.corner_map[square]
        left_in_corner, ahead, ahead_stops = self.rooms[square]
        if corner is not None and w.end_stops < corner.stops:
            # each stop still needed here takes a move of at least one square inside the corner
            room = left_in_corner - (corner.stops - w.end_stops - 1)
            stake = OVERSHOOT * (4 if corner.stops - w.end_stops >= 2 else 1)
            if room < 1:
                value -= OUT if corner.stops >= 2 else SPIN
        else:
            room = ahead - (ahead_stops - 1)
            stake = OVERSHOOT * (4 if ahead_stops >= 2 else 1)
        return _Stop(depth, square, path, track.corner_between(start, square), value, room, stake)

    def _best(
        self, car: CarState, effect, gear: int, roll: int, stops: list[_Stop], reach: int, add: int = 0
    ) -> list[_Choice]:
        """The moves a roll allows (brake, bonus or blocked), best first. `add`: squares an option
        adds (A19 Top, A10 pedal); the car's wing (A1, A2) is counted here too."""
        a8 = self.game.slide_by_gear
        wing = car.ext.wing
        if wing == "low" and gear >= a01_wing_low.FROM_GEAR:
            add += 1  # A1: one more square, mandatory
        cap = a02_wing_high.CAPS.get(gear) if wing == "high" else None
        brakes = car.wear.brakes
        out: list[_Choice] = []
        if effect.corner_is_slide:
            corner_forced, corner_bonus = slide_for_gear(effect, car.tyres, gear, a8), 0
        else:
            corner_forced, corner_bonus = min(effect.corner, 0), max(effect.corner, 0)
        straight_forced, straight_bonus = min(effect.straight, 0), max(effect.straight, 0)
        nxt = FACES[max(1, gear - 1)]
        for stop in stops:
            forced, bonus_max = (
                (corner_forced, corner_bonus) if stop.in_corner else (straight_forced, straight_bonus)
            )
            total = (roll if cap is None or stop.in_corner else min(roll, cap)) + forced + add
            if total < 1:
                continue  # a move must enter at least one square
            brake = total - stop.depth
            bonus = 0
            if brake < 0:
                bonus, brake = -brake, 0
                if bonus > bonus_max:
                    continue
            if brake <= brakes:
                value = stop.value - BRAKE * brake - (LAST_BRAKE if brake and brake == brakes else 0.0)
            elif stop.depth == reach:
                # C5: blocked short of the total; brake some, pay the blocking table for the rest
                brake, value = 0, stop.value - OUT  # no way to pay: eliminated
                for b in range(brakes + 1):
                    cost = self.game.rules.blocking_cost(total - b - reach)
                    if cost is None or cost[0] > brakes - b or cost[1] > car.wear.tyres:
                        continue
                    v = stop.value - BRAKE * (b + cost[0]) - TYRE * cost[1]
                    if v > value:
                        brake, value = b, v
            else:
                continue
            # will the next move (one gear down, free) be able to stop before the corner's end?
            left = brakes - brake + (0 if effect.corner_is_slide else corner_bonus)
            lo = nxt[0] + max(corner_forced, 0) - left - stop.room
            mean = sum(nxt) / len(nxt) + max(corner_forced, 0) - left - stop.room
            value -= stop.stake * max(0.0, lo) + 0.15 * stop.stake * max(0.0, mean)
            out.append(_Choice(value, stop, brake, bonus))
        if not out:
            raise RuntimeError(
                f"car {car.id} on {car.square}: no way to play a roll of {roll} in gear {gear} "
                f"({car.tyres.value} tyres, {reach} squares free ahead)"
            )
        out.sort(key=lambda c: -c.value)
        return out

    def _slipstream(
        self, state: RaceState, move: Move, offset: float, value: float
    ) -> tuple[Move, RaceState] | None:
        """S1: a move (no braking) that ends right behind a car in 4th or higher, in a gear at least
        as high, may go 3 squares further; the engine judges each way round, the best is kept if
        it is worth more than stopping behind."""
        path = move.path
        if not path or move.brake or move.gear < slipstream.MIN_GEAR or move.pit or move.option:
            return None
        track = self.track
        car = state.car(move.car)
        assert car.square is not None
        occupied = state.occupied()
        occupied.pop(car.square, None)
        ahead = slipstream.car_ahead(track, path[-1], occupied)
        if ahead is None:
            return None
        other = state.car(ahead)
        if other.status is not CarStatus.RACING or not slipstream.MIN_GEAR <= other.gear <= move.gear:
            return None
        ends = [(path[-1],)]
        for _ in range(slipstream.SQUARES):
            ends = [(*e, sq) for e in ends for sq in track.successor_map[e[-1]] if sq not in occupied]
        best = None
        for e in ends:
            full = path + e[1:]
            w = walk(track, car.square, full, occupied, car.corner, car.stops, state.dangerous)
            if w.fatal is not None:
                continue
            stop = self._stop(state, car, occupied, len(full), full[-1], len(w.dangerous), full)
            gain = (
                offset
                + stop.value
                - (BRAKE if stop.in_corner and not track.corner_between(car.square, path[-1]) else 0)
            )
            if gain > value and (best is None or gain > best[0]):
                best = (gain, full)
        if best is None:
            return None
        return self._roll_tests(state, replace(move, path=best[1], slipstream=1, tests=()))

    # -- pit stops (S2, S3, A3) ----------------------------------------------------------
    def _pit(self, state: RaceState, car_id: str) -> tuple[Move, RaceState] | None:
        """A long stop (S3) in the car's stand, when a gear up to 4th can reach it exactly (A3:
        the move must end on the stand; braking and tyre bonus squares make up the difference)."""
        from rules.pits import find_path

        track, game = self.track, self.game
        car = state.car(car_id)
        stand = game.entries[car_id].stand
        pit = track.pit
        assert car.square is not None and pit is not None and stand is not None
        occupied = state.occupied()
        occupied.pop(car.square, None)
        if any(sq in occupied for sq in (pit.entry, *pit.squares)):
            return None
        path = find_path(
            track, car.square, 16, stand, occupied, car.corner, car.stops, state.dangerous, exact=False
        )
        if path is None:
            return None
        rain = state.weather.is_rain
        in_corner = track.corner_between(car.square, stand)
        best = None
        for gear, cost in self._gears(car):
            if gear > 4 or cost:
                continue
            _, forced, bonus_max = move_terms(
                car.tyres, rain, car.lap_on_tyres, gear, game.slide_by_gear, in_corner
            )
            faces = FACES[gear]
            fits = sum(1 for f in faces if -bonus_max <= f + forced - len(path) <= car.wear.brakes)
            if fits and (best is None or fits / len(faces) > best[0]):
                best = (fits / len(faces), gear, forced)
        if best is None:
            return None
        _, gear, forced = best
        roll = self.rng.choice(FACES[gear])
        extra = roll + forced - len(path)
        if not -10 <= extra <= car.wear.brakes:
            return None
        brake, bonus = max(extra, 0), max(-extra, 0)
        move = Move(car_id, "bot", gear, roll, path, None, brake=brake, bonus=bonus, pit={"stop": "long"})
        return self._roll_tests(state, move)

    def _leave_pit(self, state: RaceState, car_id: str) -> tuple[Move, RaceState] | None:
        """Out of the stand in 4th or lower (S3): down the lane, out of the exit, on over the track."""
        track, game = self.track, self.game
        car = state.car(car_id)
        pit = track.pit
        assert car.square is not None and pit is not None
        occupied = state.occupied()
        occupied.pop(car.square, None)
        chain = (*pit.squares, pit.exit)
        lane = chain[chain.index(car.square) + 1 :]
        rain = state.weather.is_rain
        for gear in self._stand_gears():
            _, forced, _ = move_terms(car.tyres, rain, car.lap_on_tyres, gear, game.slide_by_gear, False)
            roll = self.rng.choice(FACES[gear])
            for brake in range(car.wear.brakes + 1):
                total = roll + forced - brake
                if total < 1:
                    break
                if any(sq in occupied for sq in lane[:total]):
                    continue
                if total <= len(lane):
                    ends = [lane[:total]]
                else:
                    layers = reachable(
                        track, pit.exit, total - len(lane), occupied, None, 0, dangerous=state.dangerous
                    )
                    if len(layers) <= total - len(lane):
                        continue
                    ends = [lane + p for _, p in sorted(layers[-1].values())]
                for path in ends:
                    move = Move(car_id, "bot", gear, roll, path, None, brake=brake)
                    done = self._roll_tests(state, move)
                    if done is not None:
                        return done
        return None

    def _stand_gears(self) -> tuple[int, ...]:
        """The gears `_leave_pit` tries, one die each, until one gives a legal move (S3: 4th at most)."""
        return (4, 3, 2, 1)

    # -- the d20 tests -----------------------------------------------------------------
    def _roll_tests(self, state: RaceState, move: Move) -> tuple[Move, RaceState] | None:
        """Roll the tests the move calls for, one at a time, as the play API's `tests_due` names
        them (the engine's own reading of the move); None if the engine finds anything else
        wrong with the move."""
        from rules.replay_move import apply

        game = self.game
        move = replace(move, tests=())
        tests: list[TestRoll] = []
        for _ in range(MAX_TESTS):
            try:
                due = due_on(game, state, move)
            except ValueError:  # illegal for another reason than a roll still to make
                return None
            if not due:
                break
            tests.append(due[0].roll(self._d20(), move.car))
            move = replace(move, tests=tuple(tests))
        after, events = apply(game, state, move)
        if any(isinstance(e, Violation) for e in events):
            return None
        return move, after

    def _d20(self) -> int:
        return self.rng.randint(1, 20)


def _rooms(track: Track) -> dict[str, tuple[int, float, int]]:
    """Per square: squares left after it in its corner (lane followed; 0 outside corners), levels to
    the end of the next corner ahead, and that corner's stops."""
    corners = [s for s in track.segments if s.is_corner]
    lap = track.lap_length
    out: dict[str, tuple[int, float, int]] = {}
    for sq in track.squares:
        level = track.level_map[sq]
        seg = track.segment_of(sq)
        left = 0
        if seg is not None and seg.is_corner:
            lane = track.lane(sq)
            left = seg.cells[lane] - seg.rank(sq)
        best, stops = float("inf"), 1
        for corner in corners:
            if seg is corner:
                continue
            dist = (corner.start_level + corner.length - level) % lap
            if dist < best:
                best, stops = dist, corner.stops
        out[sq] = (left, best, stops)
    return out


# -- command line ------------------------------------------------------------------------
def _circuit(name: str) -> Track:
    """A circuit (`@1` or `@2`) by file or id; `ValueError` says in one line why it cannot be."""
    from rules.cli import default_resolver

    path = Path(name)
    if path.suffix == ".json" or path.is_file():
        try:
            doc = json.loads(path.read_bytes())
        except OSError as exc:
            raise ValueError(f"{name}: {exc.strerror or exc}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ValueError(f"{name}: not JSON ({exc})") from None
    else:
        doc = default_resolver(name)
        if doc is None:
            raise ValueError(f"unknown circuit {name!r}")
    try:
        return load_circuit(doc)
    except CircuitError as exc:
        raise ValueError(f"{name}: {exc}") from None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rules.bot", description="Play a race with the seeded bot and print its race log"
    )
    parser.add_argument("circuit", help="circuit id (fixtures/circuits) or circuit file")
    parser.add_argument("--cars", type=int, default=10, help="cars on the grid (default 10)")
    parser.add_argument("--laps", type=int, default=None, help="race length (default: the circuit's)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--options", default="A7", help="comma-separated options (default A7)")
    parser.add_argument("--weather", type=int, default=None, help="race weather d20 (default: from the seed)")
    parser.add_argument("--pits", action="store_true", help="a stand for every car, used when tyres run low")
    args = parser.parse_args(argv)
    options = [o for o in args.options.split(",") if o]
    try:
        track = _circuit(args.circuit)
        doc = write_race(
            track,
            cars=min(args.cars, len(track.grid)),
            laps=args.laps,
            seed=args.seed,
            options=options,
            weather_roll=args.weather,
            pits=args.pits,
        )
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(json.dumps(doc, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
