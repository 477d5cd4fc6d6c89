"""Qualifying (rule F1): absolute times and the starting grid."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.formats import QualifyingLap, QualifyingSheet, read_qualifying
from rules.weather import tyre_effect


@dataclass(frozen=True, slots=True)
class GridSlot:
    position: int
    car: str
    absolute: int | None
    clock: str

    def to_json(self) -> dict[str, Any]:
        return {"position": self.position, "car": self.car, "absolute": self.absolute, "clock": self.clock}


@dataclass(frozen=True, slots=True)
class QualifyingResult:
    grid: tuple[GridSlot, ...]

    def to_json(self) -> dict[str, Any]:
        return {"grid": [slot.to_json() for slot in self.grid]}

    def lines(self) -> list[str]:
        out = []
        for slot in self.grid:
            absolute = "lap not completed" if slot.absolute is None else f"{slot.absolute} throws"
            out.append(f"{slot.position:>3}. car {slot.car:<6} {absolute:<18} {slot.clock}")
        return out


def absolute_time(lap: QualifyingLap) -> int:
    """Throws + 1 per square of corner exit (× the W3 multiplier, trial column) + 1 per whole minute."""
    multiplier = tyre_effect(lap.tyres, lap.weather == "rain", 0).multiplier
    return lap.throws + lap.exit_squares * multiplier + lap.seconds // 60


def qualify(sheet: QualifyingSheet | Mapping[str, Any] | str | bytes) -> QualifyingResult:
    """The grid: fewest absolute throws first, ties by clock; an uncompleted lap starts last
    (several: in sheet order)."""
    if not isinstance(sheet, QualifyingSheet):
        sheet = read_qualifying(sheet)
    done = [lap for lap in sheet.laps if lap.completed]
    done.sort(key=lambda lap: (absolute_time(lap), lap.seconds))
    grid = [GridSlot(i + 1, lap.car, absolute_time(lap), lap.clock) for i, lap in enumerate(done)]
    for lap in sheet.laps:
        if not lap.completed:
            grid.append(GridSlot(len(grid) + 1, lap.car, None, lap.clock))
    return QualifyingResult(tuple(grid))
