"""The d20 tests a move logs (`tests[]` of a race log): their kinds and one roll.

A leaf module: the reader (`formats.py`) builds them, the rules that roll (damage, pits, the
options) read them, and none of those need the reader for it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class TestKind(StrEnum):
    COLLISION = "collision"
    ENGINE = "engine"
    HANDLING = "handling"
    WEATHER = "weather"
    PIT = "pit"
    SPIN = "spin"  # A18 severe spin
    DEBRIS = "debris"  # A10 pedal to the metal
    SCATTER = "scatter"  # A6 debris scatter
    ACCIDENT = "accident"  # A14 serious road exit


@dataclass(frozen=True)  # no slots: the reader fills `__dict__` at once (`_usual_tests`)
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
