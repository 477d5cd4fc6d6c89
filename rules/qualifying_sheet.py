"""Reader for `formule-de/qualifying@1` (rules F1): the timed laps of a qualifying session.

Anything unreadable raises `LogFormatError` naming the place, like the race-log reader
(`rules.formats`, which also exports these names).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.messages.reading import ReadCode
from rules.reading import _TYRES, _choice, _fail, _int, _load, _obj, _show, _str
from rules.weather import Tyres

QUALIFYING_FORMAT = "formule-de/qualifying@1"

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
    raise _fail(where, ReadCode.EXPECTED_CLOCK, got=_show(value))


def read_qualifying(data: bytes | str | Mapping[str, Any]) -> QualifyingSheet:
    """Read a qualifying sheet; raises `LogFormatError` naming the first unreadable place."""
    doc = _obj(_load(data, "qualifying sheet"), "qualifying sheet", frozenset({"format", "circuit", "laps"}))
    if doc.get("format") != QUALIFYING_FORMAT:
        raise _fail(
            "format", ReadCode.EXPECTED_FORMAT, format=QUALIFYING_FORMAT, got=_show(doc.get("format"))
        )
    circuit = _str(doc.get("circuit"), "circuit")
    laps_raw = doc.get("laps")
    if type(laps_raw) is not list:
        raise _fail("laps", ReadCode.EXPECTED_LIST, items="a list of timed laps", got=_show(laps_raw))
    laps = []
    seen: set[str] = set()
    for i, raw in enumerate(laps_raw):
        where = f"laps[{i}]"
        lap = _obj(raw, where, _LAP_FIELDS)
        car = _str(lap.get("car"), f"{where}.car")
        if car in seen:
            raise _fail(f"{where}.car", ReadCode.CAR_TWO_LAPS, car=car)
        seen.add(car)
        completed = lap.get("completed", True)
        if type(completed) is not bool:
            raise _fail(f"{where}.completed", ReadCode.EXPECTED_BOOLEAN, got=_show(completed))
        laps.append(
            QualifyingLap(
                car=car,
                # F1: a lap goes round the board, which no car does without a throw; an unfinished
                # lap may have stopped at once
                throws=_int(lap.get("throws"), f"{where}.throws", 1 if completed else 0),
                clock=lap.get("clock"),
                seconds=parse_clock(lap.get("clock"), f"{where}.clock"),
                exit_squares=_int(lap.get("exit_squares", 0), f"{where}.exit_squares", 0),
                tyres=_choice(lap.get("tyres", "hard"), f"{where}.tyres", _TYRES),
                weather=_choice(lap.get("weather", "sun"), f"{where}.weather", _WEATHERS),
                completed=completed,
            )
        )
    return QualifyingSheet(circuit, tuple(laps))
