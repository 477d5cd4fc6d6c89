"""Readers for `formule-de/race-log@1` and `formule-de/qualifying@1` into frozen objects.

Anything unreadable (not JSON, wrong format, missing or unknown field, wrong
type) raises `LogFormatError`, whose message names the place:
"turns[3].moves[1].roll: expected an integer, got 'x'". Whether the moves obey
the rules is the replay's business, not the reader's.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules.state import PARTS, Wear
from rules.weather import Tyres

RACE_LOG_FORMAT = "formule-de/race-log@1"
QUALIFYING_FORMAT = "formule-de/qualifying@1"


class LogFormatError(ValueError):
    """The input is not a readable race log or qualifying sheet (CLI exit status 2)."""


class TestKind(StrEnum):
    COLLISION = "collision"
    ENGINE = "engine"
    HANDLING = "handling"
    WEATHER = "weather"
    PIT = "pit"


DRIVER_XP = ("plus1", "minus1", "reroll")
TEAM_XP = ("wear", "fast-stop")
WAITS = ("pit", "stalled")
_LOG_FIELDS = frozenset({"format", "circuit", "laps", "options", "weather", "cars", "turns", "result"})
_CAR_FIELDS = frozenset({"car", "driver", "team", "grid", "tyres", "wear", "stand", "experience"})
_MOVE_FIELDS = frozenset(
    {"car", "gear", "roll", "path", "to", "brake", "bonus", "slipstream", "tests", "pit", "xp", "option"}
)
_TEST_FIELDS = frozenset({"test", "car", "roll", "square"})
_TESTS = {k.value: k for k in TestKind}
_TYRES = {t.value: t for t in Tyres}


@dataclass(frozen=True, slots=True)
class TestRoll:
    """One d20 roll made during a move; `car` None means the moving car."""

    kind: TestKind
    roll: int
    car: str | None = None
    square: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"test": self.kind.value}
        if self.car is not None:
            out["car"] = self.car
        if self.square is not None:
            out["square"] = self.square
        out["roll"] = self.roll
        return out


@dataclass(frozen=True, slots=True)
class XpUse:
    """Experience spent during a move (X2 driver, X3 team)."""

    driver: str | None = None
    natural: int | None = None
    team: str | None = None
    part: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.driver is not None:
            out["driver"] = self.driver
        if self.natural is not None:
            out["natural"] = self.natural
        if self.team is not None:
            out["team"] = self.team
        if self.part is not None:
            out["part"] = self.part
        return out


@dataclass(frozen=True, slots=True)
class Move:
    """One car's move as the log records it. `where` is its place in the log, for messages."""

    car: str
    where: str
    gear: int = 0
    roll: int | tuple[int, int] = 0
    path: tuple[str, ...] | None = None
    to: str | None = None
    brake: int = 0
    bonus: int = 0
    slipstream: int = 0
    tests: tuple[TestRoll, ...] = ()
    pit: Mapping[str, Any] | None = None
    xp: XpUse | None = None
    option: Mapping[str, Any] | None = None
    wait: str | None = None

    @property
    def stop(self) -> str | None:
        if self.path:
            return self.path[-1]
        return self.to

    def to_json(self) -> dict[str, Any]:
        if self.wait is not None:
            return {"car": self.car, "wait": self.wait}
        out: dict[str, Any] = {"car": self.car, "gear": self.gear}
        out["roll"] = list(self.roll) if isinstance(self.roll, tuple) else self.roll
        if self.path is not None:
            out["path"] = list(self.path)
        if self.to is not None:
            out["to"] = self.to
        for key in ("brake", "bonus", "slipstream"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.tests:
            out["tests"] = [t.to_json() for t in self.tests]
        if self.pit is not None:
            out["pit"] = dict(self.pit)
        if self.xp is not None:
            out["xp"] = self.xp.to_json()
        if self.option is not None:
            out["option"] = dict(self.option)
        return out


@dataclass(frozen=True, slots=True)
class TurnLog:
    turn: int
    moves: tuple[Move, ...]

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "moves": [m.to_json() for m in self.moves]}


@dataclass(frozen=True, slots=True)
class CarEntry:
    car: str
    driver: str
    team: str
    grid: int
    tyres: Tyres
    wear: Wear
    stand: str | None = None
    driver_xp: int = 0  # tenths of a point
    team_xp: int = 0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "car": self.car,
            "driver": self.driver,
            "team": self.team,
            "grid": self.grid,
            "tyres": self.tyres.value,
            "wear": self.wear.to_json(),
        }
        if self.stand is not None:
            out["stand"] = self.stand
        out["experience"] = {"driver": self.driver_xp / 10, "team": self.team_xp / 10}
        return out


@dataclass(frozen=True, slots=True)
class RaceLog:
    circuit: str
    cars: tuple[CarEntry, ...]
    turns: tuple[TurnLog, ...]
    weather_race: int
    weather_qualifying: int | None = None
    laps: int | None = None
    options: tuple[str, ...] = ()
    result: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, data: bytes | str | Mapping[str, Any]) -> RaceLog:
        return read_race_log(data)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": RACE_LOG_FORMAT, "circuit": self.circuit}
        if self.laps is not None:
            out["laps"] = self.laps
        out["options"] = list(self.options)
        out["weather"] = {"race": self.weather_race}
        if self.weather_qualifying is not None:
            out["weather"]["qualifying"] = self.weather_qualifying
        out["cars"] = [c.to_json() for c in self.cars]
        out["turns"] = [t.to_json() for t in self.turns]
        if self.result is not None:
            out["result"] = list(self.result)
        return out

    @property
    def move_count(self) -> int:
        return sum(len(t.moves) for t in self.turns)


# -- helpers ----------------------------------------------------------------------
def _fail(where: str, message: str) -> LogFormatError:
    return LogFormatError(f"{where}: {message}")


def _load(data: bytes | str | Mapping[str, Any], what: str) -> Mapping[str, Any]:
    if isinstance(data, Mapping):
        return data
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise LogFormatError(f"{what}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if not isinstance(data, str):
        raise LogFormatError(f"{what}: expected JSON text or an object, got {type(data).__name__}")
    try:
        doc = json.loads(data)
    except json.JSONDecodeError as exc:
        raise LogFormatError(
            f"{what}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
        ) from None
    except RecursionError:
        raise LogFormatError(f"{what}: not JSON (nested too deeply)") from None
    if not isinstance(doc, dict):
        raise LogFormatError(f"{what}: expected a JSON object, got {type(doc).__name__}")
    return doc


def _obj(value: Any, where: str, allowed: frozenset[str]) -> Mapping[str, Any]:
    if type(value) is not dict:
        raise _fail(where, f"expected an object, got {_show(value)}")
    if not value.keys() <= allowed:
        unknown = sorted(k for k in value if k not in allowed)[0]
        raise _fail(unknown if where in _TOPS else f"{where}.{unknown}", "unknown field")
    return value


_TOPS = ("race log", "qualifying sheet")


def _show(value: Any) -> str:
    if isinstance(value, str):
        text = repr(value)
    else:
        text = json.dumps(value, ensure_ascii=False) if _jsonable(value) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True


def _int(value: Any, where: str, minimum: int | None = None) -> int:
    if type(value) is not int:
        raise _fail(where, f"expected an integer, got {_show(value)}")
    if minimum is not None and value < minimum:
        raise _fail(where, f"must be at least {minimum}, got {value}")
    return value


def _str(value: Any, where: str) -> str:
    if type(value) is not str or not value:
        raise _fail(where, f"expected a non-empty string, got {_show(value)}")
    return value


def _choice(value: Any, where: str, choices: tuple[str, ...] | dict) -> Any:
    if type(value) is not str or value not in choices:
        names = ", ".join(repr(c) for c in choices)
        raise _fail(where, f"expected one of {names}, got {_show(value)}")
    return choices[value] if isinstance(choices, dict) else value


def _tenths(value: Any, where: str) -> int:
    if type(value) not in (int, float) or value < 0:
        raise _fail(where, f"expected a number of points ≥ 0, got {_show(value)}")
    return round(value * 10)


# -- race log ---------------------------------------------------------------------
def read_race_log(data: bytes | str | Mapping[str, Any]) -> RaceLog:
    """Read a race log; raises `LogFormatError` naming the first unreadable place."""
    doc = _obj(_load(data, "race log"), "race log", _LOG_FIELDS)
    if doc.get("format") != RACE_LOG_FORMAT:
        raise _fail("format", f"expected {RACE_LOG_FORMAT!r}, got {_show(doc.get('format'))}")
    circuit = _str(doc.get("circuit"), "circuit")
    laps = None if doc.get("laps") is None else _int(doc["laps"], "laps", 1)
    options_raw = doc.get("options", [])
    if type(options_raw) is not list:
        raise _fail("options", f"expected a list of option ids, got {_show(options_raw)}")
    options = tuple(_str(o, f"options[{i}]") for i, o in enumerate(options_raw))
    weather = _obj(doc.get("weather"), "weather", frozenset({"race", "qualifying"}))
    if "race" not in weather:
        raise _fail("weather.race", "missing (the d20 weather roll for the race)")
    weather_race = _int(weather["race"], "weather.race")
    weather_q = (
        None if weather.get("qualifying") is None else _int(weather["qualifying"], "weather.qualifying")
    )

    cars_raw = doc.get("cars")
    if type(cars_raw) is not list or not cars_raw:
        raise _fail("cars", f"expected a non-empty list of cars, got {_show(cars_raw)}")
    cars = tuple(_car(c, f"cars[{i}]") for i, c in enumerate(cars_raw))
    ids = set()
    grids = set()
    for i, car in enumerate(cars):
        if car.car in ids:
            raise _fail(f"cars[{i}].car", f"car {car.car!r} appears twice")
        if car.grid in grids:
            raise _fail(f"cars[{i}].grid", f"grid slot {car.grid} is already taken")
        ids.add(car.car)
        grids.add(car.grid)

    turns_raw = doc.get("turns")
    if type(turns_raw) is not list:
        raise _fail("turns", f"expected a list of game turns, got {_show(turns_raw)}")
    turns = []
    for t, raw in enumerate(turns_raw):
        where = f"turns[{t}]"
        turn = _obj(raw, where, frozenset({"turn", "moves"}))
        number = _int(turn.get("turn"), f"{where}.turn")
        if number != t + 1:
            raise _fail(
                f"{where}.turn", f"expected turn {t + 1} (turns are numbered from 1 in order), got {number}"
            )
        moves_raw = turn.get("moves")
        if type(moves_raw) is not list:
            raise _fail(f"{where}.moves", f"expected a list of moves, got {_show(moves_raw)}")
        moves = tuple(_move(m, f"{where}.moves[{i}]", ids) for i, m in enumerate(moves_raw))
        turns.append(TurnLog(number, moves))

    result = None
    if doc.get("result") is not None:
        res = doc["result"]
        if type(res) is not list:
            raise _fail("result", f"expected a list of car ids, got {_show(res)}")
        result = tuple(_str(r, f"result[{i}]") for i, r in enumerate(res))
        for i, r in enumerate(result):
            if r not in ids:
                raise _fail(f"result[{i}]", f"unknown car {r!r}")
    return RaceLog(circuit, cars, tuple(turns), weather_race, weather_q, laps, options, result)


def _car(raw: Any, where: str) -> CarEntry:
    car = _obj(raw, where, _CAR_FIELDS)
    car_id = _str(car.get("car"), f"{where}.car")
    wear_raw = _obj(car.get("wear"), f"{where}.wear", frozenset(PARTS))
    for part in PARTS:
        if part not in wear_raw:
            raise _fail(f"{where}.wear.{part}", "missing")
    wear = Wear(*(_int(wear_raw[p], f"{where}.wear.{p}", 0) for p in PARTS))
    xp = car.get("experience") or {}
    xp = _obj(xp, f"{where}.experience", frozenset({"driver", "team"}))
    stand = None if car.get("stand") is None else _str(car["stand"], f"{where}.stand")
    return CarEntry(
        car=car_id,
        driver=_str(car.get("driver", car_id), f"{where}.driver"),
        team=_str(car.get("team", car_id), f"{where}.team"),
        grid=_int(car.get("grid"), f"{where}.grid", 1),
        tyres=_choice(car.get("tyres"), f"{where}.tyres", _TYRES),
        wear=wear,
        stand=stand,
        driver_xp=_tenths(xp.get("driver", 0), f"{where}.experience.driver"),
        team_xp=_tenths(xp.get("team", 0), f"{where}.experience.team"),
    )


def _move(raw: Any, where: str, cars: set[str]) -> Move:
    if type(raw) is dict and "wait" in raw:
        _obj(raw, where, frozenset({"car", "wait"}))
        car = _str(raw.get("car"), f"{where}.car")
        if car not in cars:
            raise _fail(f"{where}.car", f"unknown car {car!r}")
        return Move(car, where, wait=_choice(raw["wait"], f"{where}.wait", WAITS))
    move = _obj(raw, where, _MOVE_FIELDS)
    car = move.get("car")
    if car not in cars:
        if type(car) is not str:
            raise _fail(f"{where}.car", f"expected a car id, got {_show(car)}")
        raise _fail(f"{where}.car", f"unknown car {car!r}")
    if "gear" not in move:
        raise _fail(f"{where}.gear", "missing")
    gear = _int(move["gear"], f"{where}.gear")
    if "roll" not in move:
        raise _fail(f"{where}.roll", "missing")
    roll = move["roll"]
    if type(roll) is list:
        if len(roll) != 2:
            raise _fail(f"{where}.roll", f"7th gear takes [5th die, 6th die], got {_show(roll)}")
        roll = (_int(roll[0], f"{where}.roll[0]"), _int(roll[1], f"{where}.roll[1]"))
    elif type(roll) is not int:
        raise _fail(f"{where}.roll", f"expected an integer, got {_show(roll)}")
    path = move.get("path")
    to = move.get("to")
    if path is not None:
        if to is not None:
            raise _fail(where, "give 'path' or 'to', not both")
        if type(path) is not list or not path:
            raise _fail(f"{where}.path", f"expected a non-empty list of squares, got {_show(path)}")
        for i, sq in enumerate(path):
            if type(sq) is not str or not sq:
                raise _fail(f"{where}.path[{i}]", f"expected a square id, got {_show(sq)}")
        path = tuple(path)
    elif to is not None:
        to = _str(to, f"{where}.to")
    else:
        raise _fail(where, "needs 'path' (squares entered) or 'to' (the stop)")
    brake = _int(move["brake"], f"{where}.brake", 0) if "brake" in move else 0
    bonus = _int(move["bonus"], f"{where}.bonus", 0) if "bonus" in move else 0
    slip = _int(move["slipstream"], f"{where}.slipstream", 0) if "slipstream" in move else 0
    tests: tuple[TestRoll, ...] = ()
    if "tests" in move:
        raw_tests = move["tests"]
        if type(raw_tests) is not list:
            raise _fail(f"{where}.tests", f"expected a list of d20 rolls, got {_show(raw_tests)}")
        tests = tuple(_test(t, f"{where}.tests[{i}]", cars) for i, t in enumerate(raw_tests))
    pit = None
    if move.get("pit") is not None:
        pit = _obj(move["pit"], f"{where}.pit", frozenset({"stop", "tyres", "repair"}))
        _choice(pit.get("stop"), f"{where}.pit.stop", ("tyres", "long"))
        if pit.get("tyres") is not None:
            _choice(pit["tyres"], f"{where}.pit.tyres", _TYRES)
        if pit.get("repair") is not None:
            repair = _obj(pit["repair"], f"{where}.pit.repair", frozenset(PARTS))
            for part, n in repair.items():
                _int(n, f"{where}.pit.repair.{part}", 0)
    xp = None
    if move.get("xp") is not None:
        xp = _xp(move["xp"], f"{where}.xp")
    option = None
    if move.get("option") is not None:
        option = move["option"]
        if type(option) is not dict:
            raise _fail(f"{where}.option", f"expected an object, got {_show(option)}")
    return Move(car, where, gear, roll, path, to, brake, bonus, slip, tests, pit, xp, option)


def _test(raw: Any, where: str, cars: set[str]) -> TestRoll:
    test = _obj(raw, where, _TEST_FIELDS)
    kind = _choice(test.get("test"), f"{where}.test", _TESTS)
    if "roll" not in test:
        raise _fail(f"{where}.roll", "missing")
    roll = _int(test["roll"], f"{where}.roll")
    car = test.get("car")
    if car is not None and car not in cars:
        raise _fail(f"{where}.car", f"unknown car {_show(car)}")
    square = None if test.get("square") is None else _str(test["square"], f"{where}.square")
    return TestRoll(kind, roll, car, square)


def _xp(raw: Any, where: str) -> XpUse:
    xp = _obj(raw, where, frozenset({"driver", "natural", "team", "part"}))
    driver = team = part = None
    natural = None
    if "driver" in xp:
        driver = _choice(xp["driver"], f"{where}.driver", DRIVER_XP)
        if "natural" not in xp:
            raise _fail(f"{where}.natural", "missing (the die as first rolled)")
        natural = _int(xp["natural"], f"{where}.natural")
    elif "natural" in xp:
        raise _fail(f"{where}.natural", "only with 'driver'")
    if "team" in xp:
        team = _choice(xp["team"], f"{where}.team", TEAM_XP)
        if "part" in xp:
            part = _choice(xp["part"], f"{where}.part", PARTS)
    elif "part" in xp:
        raise _fail(f"{where}.part", "only with 'team'")
    if driver is None and team is None:
        raise _fail(where, "expected 'driver' or 'team'")
    return XpUse(driver, natural, team, part)


# -- qualifying sheet -----------------------------------------------------------------
_LAP_FIELDS = frozenset({"car", "throws", "clock", "exit_squares", "tyres", "weather", "completed"})
_WEATHERS = ("sun", "variable", "rain")


@dataclass(frozen=True, slots=True)
class QualifyingLap:
    """One timed lap (F1): dice throws, clock "m:ss", corner-exit squares."""

    car: str
    throws: int
    clock: str
    seconds: int
    exit_squares: int
    tyres: Tyres
    weather: str
    completed: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "car": self.car,
            "throws": self.throws,
            "clock": self.clock,
            "exit_squares": self.exit_squares,
            "tyres": self.tyres.value,
            "weather": self.weather,
            "completed": self.completed,
        }


@dataclass(frozen=True, slots=True)
class QualifyingSheet:
    circuit: str
    laps: tuple[QualifyingLap, ...]

    @classmethod
    def from_json(cls, data: bytes | str | Mapping[str, Any]) -> QualifyingSheet:
        return read_qualifying(data)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": QUALIFYING_FORMAT,
            "circuit": self.circuit,
            "laps": [lap.to_json() for lap in self.laps],
        }


def parse_clock(value: Any, where: str) -> int:
    """ "4:22" -> 262 seconds."""
    if type(value) is str:
        minutes, sep, seconds = value.partition(":")
        if sep and minutes.isdigit() and seconds.isdigit() and len(seconds) == 2 and int(seconds) < 60:
            return int(minutes) * 60 + int(seconds)
    raise _fail(where, f'expected a clock time like "4:22", got {_show(value)}')


def read_qualifying(data: bytes | str | Mapping[str, Any]) -> QualifyingSheet:
    """Read a qualifying sheet; raises `LogFormatError` naming the first unreadable place."""
    doc = _obj(_load(data, "qualifying sheet"), "qualifying sheet", frozenset({"format", "circuit", "laps"}))
    if doc.get("format") != QUALIFYING_FORMAT:
        raise _fail("format", f"expected {QUALIFYING_FORMAT!r}, got {_show(doc.get('format'))}")
    circuit = _str(doc.get("circuit"), "circuit")
    laps_raw = doc.get("laps")
    if type(laps_raw) is not list:
        raise _fail("laps", f"expected a list of timed laps, got {_show(laps_raw)}")
    laps = []
    seen: set[str] = set()
    for i, raw in enumerate(laps_raw):
        where = f"laps[{i}]"
        lap = _obj(raw, where, _LAP_FIELDS)
        car = _str(lap.get("car"), f"{where}.car")
        if car in seen:
            raise _fail(f"{where}.car", f"car {car!r} has two laps")
        seen.add(car)
        completed = lap.get("completed", True)
        if type(completed) is not bool:
            raise _fail(f"{where}.completed", f"expected true or false, got {_show(completed)}")
        laps.append(
            QualifyingLap(
                car=car,
                throws=_int(lap.get("throws"), f"{where}.throws", 0),
                clock=lap.get("clock"),
                seconds=parse_clock(lap.get("clock"), f"{where}.clock"),
                exit_squares=_int(lap.get("exit_squares", 0), f"{where}.exit_squares", 0),
                tyres=_choice(lap.get("tyres", "hard"), f"{where}.tyres", _TYRES),
                weather=_choice(lap.get("weather", "sun"), f"{where}.weather", _WEATHERS),
                completed=completed,
            )
        )
    return QualifyingSheet(circuit, tuple(laps))
