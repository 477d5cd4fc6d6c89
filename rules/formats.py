"""Reader for `formule-de/race-log@1` into frozen objects (the qualifying sheet's reader,
`rules/qualifying_sheet.py`, is exported from here too).

Anything unreadable (not JSON, wrong format, missing or unknown field, wrong
type) raises `LogFormatError`, whose message names the place:
"turns[3].moves[1].roll: expected an integer, got 'x'". Whether the moves obey
the rules is the replay's business, not the reader's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import MISSING, dataclass, fields
from typing import Any

from rules.dice import TestKind, TestRoll
from rules.fair_dice import DiceHeader, read_dice
from rules.log import DRIVER_XP, TEAM_XP, WAITS, WINGS, CarEntry, Move, TurnLog, XpUse
from rules.messages.reading import ReadCode
from rules.qualifying_sheet import (
    QUALIFYING_FORMAT,
    QualifyingLap,
    QualifyingSheet,
    parse_clock,
    read_qualifying,
)
from rules.reading import (
    _TYRES,
    LogFormatError,
    _choice,
    _fail,
    _int,
    _load,
    _obj,
    _show,
    _str,
    _tenths,
)
from rules.ruleset import OPTIONS
from rules.state import PARTS, Wear

__all__ = [
    "QUALIFYING_FORMAT",
    "RACE_LOG_FORMAT",
    "CarEntry",
    "LogFormatError",
    "Move",
    "QualifyingLap",
    "QualifyingSheet",
    "RaceLog",
    "TestKind",
    "TestRoll",
    "TurnLog",
    "XpUse",
    "parse_clock",
    "read_move",
    "read_qualifying",
    "read_race_log",
    "read_restart",
]

RACE_LOG_FORMAT = "formule-de/race-log@1"


_LOG_FIELDS = frozenset(
    {"format", "circuit", "laps", "options", "weather", "cars", "turns", "result", "dice", "autopilot"}
)
_AUTOPILOT_FIELDS = frozenset({"turn", "move", "car", "why"})
AUTOPILOT_WHY = frozenset({"deadline", "away", "advance", "site"})
_CAR_FIELDS = frozenset(
    {"car", "driver", "team", "grid", "tyres", "wear", "stand", "experience", "wing", "fuel"}
)
_MOVE_FIELDS = frozenset(
    {"car", "gear", "roll", "path", "to", "brake", "bonus", "slipstream", "tests", "pit", "xp", "option"}
)
_TEST_FIELDS = frozenset({"test", "car", "roll", "square"})
_TURN_FIELDS = frozenset({"turn", "moves", "restart"})
_PIT_FIELDS = frozenset({"stop", "tyres", "repair", "fuel"})
_TESTS = {k.value: k for k in TestKind}


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
    dice: DiceHeader | None = None  # the site's fair dice (docs/fair-dice.md)
    # remote races: the moves the site played for a driver (docs/race-log-extensions.md)
    autopilot: tuple[AutopilotMove, ...] = ()

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
        if self.dice is not None:
            out["dice"] = self.dice.to_json()
        if self.autopilot:
            out["autopilot"] = [a.to_json() for a in self.autopilot]
        return out

    @property
    def move_count(self) -> int:
        return sum(len(t.moves) for t in self.turns)


# -- race log ---------------------------------------------------------------------
def read_race_log(data: bytes | str | Mapping[str, Any]) -> RaceLog:
    """Read a race log; raises `LogFormatError` naming the first unreadable place."""
    doc = _obj(_load(data, "race log"), "race log", _LOG_FIELDS)
    if doc.get("format") != RACE_LOG_FORMAT:
        raise _fail("format", ReadCode.EXPECTED_FORMAT, format=RACE_LOG_FORMAT, got=_show(doc.get("format")))
    circuit = _str(doc.get("circuit"), "circuit")
    laps = None if doc.get("laps") is None else _int(doc["laps"], "laps", 1)
    options_raw = doc.get("options", [])
    if type(options_raw) is not list:
        raise _fail("options", ReadCode.EXPECTED_LIST, items="a list of option ids", got=_show(options_raw))
    options = tuple(_str(o, f"options[{i}]") for i, o in enumerate(options_raw))
    for i, o in enumerate(options):
        if o not in OPTIONS:
            raise _fail(f"options[{i}]", ReadCode.UNKNOWN_OPTION, option=o)
    weather = _obj(doc.get("weather"), "weather", frozenset({"race", "qualifying"}))
    if "race" not in weather:
        raise _fail("weather.race", ReadCode.MISSING_RACE_WEATHER)
    weather_race = _int(weather["race"], "weather.race")
    weather_q = (
        None if weather.get("qualifying") is None else _int(weather["qualifying"], "weather.qualifying")
    )

    cars_raw = doc.get("cars")
    if type(cars_raw) is not list or not cars_raw:
        raise _fail("cars", ReadCode.EXPECTED_LIST, items="a non-empty list of cars", got=_show(cars_raw))
    cars = tuple(_car(c, f"cars[{i}]") for i, c in enumerate(cars_raw))
    ids = set()
    grids = set()
    for i, car in enumerate(cars):
        if car.car in ids:
            raise _fail(f"cars[{i}].car", ReadCode.CAR_TWICE, car=car.car)
        if car.grid in grids:
            raise _fail(f"cars[{i}].grid", ReadCode.GRID_SLOT_TAKEN, slot=car.grid)
        ids.add(car.car)
        grids.add(car.grid)

    turns_raw = doc.get("turns")
    if type(turns_raw) is not list:
        raise _fail("turns", ReadCode.EXPECTED_LIST, items="a list of game turns", got=_show(turns_raw))
    turns = []
    for t, raw in enumerate(turns_raw):
        where = f"turns[{t}]"
        turn = _obj(raw, where, _TURN_FIELDS)
        number = _int(turn.get("turn"), f"{where}.turn")
        if number != t + 1:
            raise _fail(f"{where}.turn", ReadCode.TURN_NUMBER, expected=t + 1, got=number)
        moves_raw = turn.get("moves")
        if type(moves_raw) is not list:
            raise _fail(
                f"{where}.moves", ReadCode.EXPECTED_LIST, items="a list of moves", got=_show(moves_raw)
            )
        moves = tuple(_move(m, f"{where}.moves[{i}]", ids) for i, m in enumerate(moves_raw))
        restart = _restart(turn["restart"], f"{where}.restart", ids) if "restart" in turn else None
        turns.append(TurnLog(number, moves, restart))

    result = None
    if doc.get("result") is not None:
        res = doc["result"]
        if type(res) is not list:
            raise _fail("result", ReadCode.EXPECTED_LIST, items="a list of car ids", got=_show(res))
        result = tuple(_str(r, f"result[{i}]") for i, r in enumerate(res))
        for i, r in enumerate(result):
            if r not in ids:
                raise _fail(f"result[{i}]", ReadCode.UNKNOWN_CAR, car=repr(r))
    dice = None if doc.get("dice") is None else read_dice(doc["dice"])
    autopilot = _autopilot(doc.get("autopilot"), turns)
    return RaceLog(
        circuit, cars, tuple(turns), weather_race, weather_q, laps, options, result, dice, autopilot
    )


@dataclass(frozen=True, slots=True)
class AutopilotMove:
    """A move of a remote race the site played for its driver: `why` "deadline" (his time ran
    out), "away" (three missed in a row: on autopilot until he comes back), "advance" (the gear
    he set in advance, the stop the autopilot's), "site" (a wait or a restart nobody chooses)."""

    turn: int
    move: int  # 1-based in its turn
    car: str
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn, "move": self.move, "car": self.car, "why": self.why}


def _autopilot(raw: Any, turns: list[TurnLog]) -> tuple[AutopilotMove, ...]:
    """The log's `autopilot` list, each naming a move the log holds, by that move's car."""
    if raw is None:
        return ()
    if type(raw) is not list:
        raise _fail("autopilot", ReadCode.EXPECTED_LIST, items="a list of moves", got=_show(raw))
    moves = {(t.turn, i): m for t in turns for i, m in enumerate(t.moves, start=1)}
    out = []
    for i, item in enumerate(raw):
        where = f"autopilot[{i}]"
        if type(item) is not dict:
            raise _fail(where, ReadCode.EXPECTED_JSON_OBJECT, type=type(item).__name__)
        for key in item:
            if key not in _AUTOPILOT_FIELDS:
                raise _fail(f"{where}.{key}", ReadCode.UNKNOWN_FIELD, field=key)
        for key in sorted(_AUTOPILOT_FIELDS):
            if key not in item:
                raise _fail(f"{where}.{key}", ReadCode.MISSING)
        turn, move, car, why = item["turn"], item["move"], item["car"], item["why"]
        for key, value in (("turn", turn), ("move", move)):
            if type(value) is not int:
                raise _fail(f"{where}.{key}", ReadCode.EXPECTED_INTEGER, got=_show(value))
        if type(car) is not str:
            raise _fail(f"{where}.car", ReadCode.EXPECTED_STRING, got=_show(car))
        if why not in AUTOPILOT_WHY:
            names = ", ".join(repr(c) for c in sorted(AUTOPILOT_WHY))
            raise _fail(f"{where}.why", ReadCode.EXPECTED_ONE_OF, choices=names, got=_show(why))
        played = moves.get((turn, move))
        if played is None or played.car != car:  # no such move, or another car's
            raise _fail(f"{where}.car", ReadCode.UNKNOWN_CAR, car=repr(car))
        out.append(AutopilotMove(turn, move, car, why))
    return tuple(out)


def read_move(raw: Any, where: str, cars: set[str]) -> Move:
    """One move object of a log (`where`: its place, for messages; `cars`: the log's car ids), read
    as `read_race_log` reads each of its moves; raises `LogFormatError`."""
    return _move(raw, where, cars)


def read_restart(raw: Any, where: str, cars: set[str]) -> Mapping[str, Any]:
    """A turn's `restart` object (A5), read as `read_race_log` reads it; raises `LogFormatError`."""
    return _restart(raw, where, cars)


def _car(raw: Any, where: str) -> CarEntry:
    car = _obj(raw, where, _CAR_FIELDS)
    car_id = _str(car.get("car"), f"{where}.car")
    wear_raw = _obj(car.get("wear"), f"{where}.wear", frozenset(PARTS))
    for part in PARTS:
        if part not in wear_raw:
            raise _fail(f"{where}.wear.{part}", ReadCode.MISSING)
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
        wing=None if car.get("wing") is None else _choice(car["wing"], f"{where}.wing", WINGS),
        fuel=None if car.get("fuel") is None else _int(car["fuel"], f"{where}.fuel", 1),
    )


def _move(raw: Any, where: str, cars: set[str]) -> Move:
    """A move of the usual shape (car, gear, roll, path; brake, bonus, tests) read with the fewest
    checks that give the same answer; anything else, or anything wrong, is read by `_checked_move`,
    which names the first unreadable place."""
    if type(raw) is dict and raw.keys() <= _USUAL_FIELDS:
        car = raw.get("car")
        gear = raw.get("gear")
        roll = raw.get("roll")
        path = raw.get("path")
        brake = raw.get("brake", 0)
        bonus = raw.get("bonus", 0)
        tests = raw.get("tests", ())
        if (
            type(car) is str
            and car in cars
            and type(gear) is int
            and type(roll) is int
            and type(path) is list
            and path
            and "" not in path
            and set(map(type, path)) == _STR
            and type(brake) is int
            and brake >= 0
            and type(bonus) is int
            and bonus >= 0
            and (tests == () or (tests := _usual_tests(tests, cars)) is not None)
        ):
            move = _new(Move)  # as frozen as `Move(...)` would make it, for a fraction of the cost
            d = move.__dict__
            d.update(_MOVE_DEFAULTS)
            d.update(
                {
                    "car": car,
                    "where": where,
                    "gear": gear,
                    "roll": roll,
                    "path": tuple(path),
                    "brake": brake,
                    "bonus": bonus,
                    "tests": tests,
                    "plain": True,
                }
            )
            return move
    return _checked_move(raw, where, cars)


_USUAL_FIELDS = frozenset({"car", "gear", "roll", "path", "brake", "bonus", "tests"})
_STR = {str}
_new = object.__new__
_MOVE_DEFAULTS = {f.name: f.default for f in fields(Move) if f.default is not MISSING}
_TEST_DEFAULTS = {f.name: f.default for f in fields(TestRoll) if f.default is not MISSING}
assert {f.name for f in fields(Move)} <= _MOVE_DEFAULTS.keys() | {"car", "where"}, "`_move` sets every field"
assert {f.name for f in fields(TestRoll)} <= _TEST_DEFAULTS.keys() | {"kind", "roll"}, "`_usual_tests` too"


def _usual_tests(raw: Any, cars: set[str]) -> tuple[TestRoll, ...] | None:
    """`tests` as `_test` reads them, or None if any is not of the usual shape."""
    if type(raw) is not list:
        return None
    out = []
    for test in raw:
        if type(test) is not dict or not test.keys() <= _TEST_FIELDS:
            return None
        kind = _TESTS.get(test.get("test")) if type(test.get("test")) is str else None
        roll = test.get("roll")
        car = test.get("car")
        square = test.get("square")
        if (
            kind is None
            or type(roll) is not int
            or (car is not None and (type(car) is not str or car not in cars))
            or (square is not None and (type(square) is not str or not square))
        ):
            return None
        one = _new(TestRoll)
        d = one.__dict__
        d.update(_TEST_DEFAULTS)
        d.update({"kind": kind, "roll": roll, "car": car, "square": square})
        out.append(one)
    return tuple(out)


def _checked_move(raw: Any, where: str, cars: set[str]) -> Move:
    if type(raw) is dict and "wait" in raw:
        _obj(raw, where, frozenset({"car", "wait"}))
        car = _str(raw.get("car"), f"{where}.car")
        if car not in cars:
            raise _fail(f"{where}.car", ReadCode.UNKNOWN_CAR, car=repr(car))
        return Move(car, where, wait=_choice(raw["wait"], f"{where}.wait", WAITS))
    move = _obj(raw, where, _MOVE_FIELDS)
    car = move.get("car")
    if type(car) is not str:
        raise _fail(f"{where}.car", ReadCode.EXPECTED_CAR_ID, got=_show(car))
    if car not in cars:
        raise _fail(f"{where}.car", ReadCode.UNKNOWN_CAR, car=repr(car))
    if "gear" not in move:
        raise _fail(f"{where}.gear", ReadCode.MISSING)
    gear = _int(move["gear"], f"{where}.gear")
    if "roll" not in move:
        raise _fail(f"{where}.roll", ReadCode.MISSING)
    roll = move["roll"]
    if type(roll) is list:
        if len(roll) != 2:
            raise _fail(f"{where}.roll", ReadCode.SEVENTH_GEAR_ROLL, got=_show(roll))
        roll = (_int(roll[0], f"{where}.roll[0]"), _int(roll[1], f"{where}.roll[1]"))
    elif type(roll) is not int:
        raise _fail(f"{where}.roll", ReadCode.EXPECTED_INTEGER, got=_show(roll))
    path = move.get("path")
    to = move.get("to")
    if path is not None:
        if to is not None:
            raise _fail(where, ReadCode.PATH_AND_TO)
        if type(path) is not list or not path:
            raise _fail(f"{where}.path", ReadCode.EXPECTED_SQUARES, got=_show(path))
        for i, sq in enumerate(path):
            if type(sq) is not str or not sq:
                raise _fail(f"{where}.path[{i}]", ReadCode.EXPECTED_SQUARE_ID, got=_show(sq))
        path = tuple(path)
    elif to is not None:
        to = _str(to, f"{where}.to")
    else:
        raise _fail(where, ReadCode.PATH_OR_TO)
    brake = _int(move["brake"], f"{where}.brake", 0) if "brake" in move else 0
    bonus = _int(move["bonus"], f"{where}.bonus", 0) if "bonus" in move else 0
    slip = _int(move["slipstream"], f"{where}.slipstream", 0) if "slipstream" in move else 0
    tests: tuple[TestRoll, ...] = ()
    if "tests" in move:
        raw_tests = move["tests"]
        if type(raw_tests) is not list:
            raise _fail(
                f"{where}.tests", ReadCode.EXPECTED_LIST, items="a list of d20 rolls", got=_show(raw_tests)
            )
        tests = tuple(_test(t, f"{where}.tests[{i}]", cars) for i, t in enumerate(raw_tests))
    pit = None
    if move.get("pit") is not None:
        pit = _obj(move["pit"], f"{where}.pit", _PIT_FIELDS)
        _choice(pit.get("stop"), f"{where}.pit.stop", ("tyres", "long"))
        _pit_work(pit, f"{where}.pit")
    xp = None
    if move.get("xp") is not None:
        xp = _xp(move["xp"], f"{where}.xp")
    option = None
    if move.get("option") is not None:
        option = move["option"]
        if type(option) is not dict:
            raise _fail(f"{where}.option", ReadCode.EXPECTED_OBJECT, got=_show(option))
    return Move(car, where, gear, roll, path, to, brake, bonus, slip, tests, pit, xp, option)


def _pit_work(pit: Mapping[str, Any], where: str) -> None:
    """The fields a pit stop and a red-flag stop share: `tyres`, `repair`, `fuel`."""
    if pit.get("fuel") is not None:
        _int(pit["fuel"], f"{where}.fuel", 1)
    if pit.get("tyres") is not None:
        _choice(pit["tyres"], f"{where}.tyres", _TYRES)
    if pit.get("repair") is not None:
        repair = _obj(pit["repair"], f"{where}.repair", frozenset(PARTS))
        for part, n in repair.items():
            _int(n, f"{where}.repair.{part}", 0)


def _restart(raw: Any, where: str, cars: set[str]) -> Mapping[str, Any]:
    """A5: the restart after a red flag, `{"pits": [{"car": "3", "tyres": "rain"}, ...]}`."""
    restart = _obj(raw, where, frozenset({"pits"}))
    stops = restart.get("pits", [])
    if type(stops) is not list:
        raise _fail(f"{where}.pits", ReadCode.EXPECTED_LIST, items="a list of pit stops", got=_show(stops))
    for i, stop in enumerate(stops):
        at = f"{where}.pits[{i}]"
        stop = _obj(stop, at, frozenset({"car", "tyres", "repair", "fuel"}))
        car = _str(stop.get("car"), f"{at}.car")
        if car not in cars:
            raise _fail(f"{at}.car", ReadCode.UNKNOWN_CAR, car=repr(car))
        _pit_work(stop, at)
    return {"pits": tuple(stops)}


def _test(raw: Any, where: str, cars: set[str]) -> TestRoll:
    test = _obj(raw, where, _TEST_FIELDS)
    kind = _choice(test.get("test"), f"{where}.test", _TESTS)
    if "roll" not in test:
        raise _fail(f"{where}.roll", ReadCode.MISSING)
    roll = _int(test["roll"], f"{where}.roll")
    car = test.get("car")
    if car is not None and (type(car) is not str or car not in cars):
        raise _fail(f"{where}.car", ReadCode.UNKNOWN_CAR, car=_show(car))
    square = None if test.get("square") is None else _str(test["square"], f"{where}.square")
    return TestRoll(kind, roll, car, square)


def _xp(raw: Any, where: str) -> XpUse:
    xp = _obj(raw, where, frozenset({"driver", "natural", "team", "part"}))
    driver = team = part = None
    natural = None
    if "driver" in xp:
        driver = _choice(xp["driver"], f"{where}.driver", DRIVER_XP)
        if "natural" not in xp:
            raise _fail(f"{where}.natural", ReadCode.MISSING_NATURAL)
        natural = _int(xp["natural"], f"{where}.natural")
    elif "natural" in xp:
        raise _fail(f"{where}.natural", ReadCode.ONLY_WITH, field="driver")
    if "team" in xp:
        team = _choice(xp["team"], f"{where}.team", TEAM_XP)
        if "part" in xp:
            part = _choice(xp["part"], f"{where}.part", PARTS)
    elif "part" in xp:
        raise _fail(f"{where}.part", ReadCode.ONLY_WITH, field="team")
    if driver is None and team is None:
        raise _fail(where, ReadCode.DRIVER_OR_TEAM)
    return XpUse(driver, natural, team, part)
