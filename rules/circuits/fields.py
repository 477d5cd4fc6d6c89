"""Readers of a circuit document's plain fields, shared by both formats: each returns the value or
raises `CircuitError` naming the field."""

from __future__ import annotations

import re
from typing import Any

from rules.circuits.model import CircuitError
from rules.messages.reading import ReadCode
from rules.weather import WeatherScale

SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
WEATHER_KINDS = ("rain", "variable", "sun")


def integer(value: Any, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CircuitError(where, ReadCode.EXPECTED_INTEGER, got=repr(value))
    if minimum is not None and value < minimum:
        raise CircuitError(where, ReadCode.AT_LEAST, minimum=minimum, got=value)
    if maximum is not None and value > maximum:
        raise CircuitError(where, ReadCode.AT_MOST, maximum=maximum, got=value)
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise CircuitError(where, ReadCode.EXPECTED_STRING, got=repr(value))
    return value


def slug(value: Any, where: str = "id") -> str:
    found = text(value, where)
    if not SLUG.match(found):
        raise CircuitError(where, ReadCode.NOT_A_SLUG, id=found)
    return found


def weather(value: Any) -> WeatherScale:
    if not isinstance(value, dict):
        raise CircuitError("weather", ReadCode.EXPECTED_WEATHER, got=repr(value))
    unknown = set(value) - set(WEATHER_KINDS)
    if unknown:
        raise CircuitError(f"weather.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    ranges: dict[str, tuple[int, int]] = {}
    covered: list[int] = []
    for kind in WEATHER_KINDS:
        where = f"weather.{kind}"
        if kind not in value:
            raise CircuitError(where, ReadCode.MISSING_RANGE)
        pair = value[kind]
        if not isinstance(pair, list) or len(pair) != 2:
            raise CircuitError(where, ReadCode.EXPECTED_RANGE, got=repr(pair))
        low, high = integer(pair[0], f"{where}[0]", 1, 20), integer(pair[1], f"{where}[1]", 1, 20)
        if low > high:
            raise CircuitError(where, ReadCode.EMPTY_RANGE, low=low, high=high)
        ranges[kind] = (low, high)
        covered.extend(range(low, high + 1))
    if sorted(covered) != list(range(1, 21)):
        raise CircuitError("weather", ReadCode.WEATHER_COVER)
    return WeatherScale(ranges["rain"], ranges["variable"], ranges["sun"])
