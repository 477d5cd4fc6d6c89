"""What a replay says: violations (data, never exceptions), events, the classification, the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.ledger import XpChange
from rules.messages import Code, Kind, Params, params_json, render
from rules.state import CarState, Cause


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken rule: turn (0 = before the start), car (None = the whole log), rule id, and what
    was wrong as a message code and its params (`message`: the English text, made on reading)."""

    turn: int
    car: str | None
    rule: str
    code: Code
    params: Params = ()
    fatal: bool = False

    @property
    def message(self) -> str:
        return render(self.code, self.params)

    def __str__(self) -> str:
        who = f"car {self.car}: " if self.car is not None else ""
        where = f"turn {self.turn}, " if self.turn else "before the start, "
        return f"{where}{who}{self.message} [{self.rule}]"

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "car": self.car,
            "rule": self.rule,
            "message": self.message,
            "code": self.code.value,
            "params": params_json(self.params),
        }


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened in a move worth showing: a penalty, a test, an elimination, a lap."""

    turn: int
    car: str | None
    kind: Kind
    code: Code
    params: Params = ()

    @property
    def message(self) -> str:
        return render(self.code, self.params)

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn,
            "car": self.car,
            "kind": self.kind.value,
            "message": self.message,
            "code": self.code.value,
            "params": params_json(self.params),
        }

    def __str__(self) -> str:
        return f"turn {self.turn}, car {self.car}: {self.message}"


class Standing(StrEnum):
    """A car's status in the classification (a car still racing when the log ends is "running")."""

    FINISHED = "finished"
    RUNNING = "running"
    ELIMINATED = "eliminated"


@dataclass(frozen=True, slots=True)
class Placing:
    position: int
    car: str
    status: Standing
    turn: int | None
    points: int
    cause: Cause | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "position": self.position,
            "car": self.car,
            "status": self.status.value,
            "turn": self.turn,
            "points": self.points,
        }
        if self.cause is not None:
            out["cause"] = self.cause.value
        return out


@dataclass(frozen=True, slots=True)
class Verdict:
    violations: tuple[Violation, ...]
    classification: tuple[Placing, ...]
    cars: tuple[CarState, ...]
    experience: dict[str, tuple[int, int]]  # car -> (driver, team) balances in tenths
    result_matches: bool | None
    events: tuple[Event, ...] = field(default=(), repr=False)
    stopped: bool = False
    # X1–X3: every gain and spend, in the order made (grid, build, the race's spends, finish)
    changes: tuple[XpChange, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def points(self) -> dict[str, int]:
        """F4: the points each car scores (0 for a car not in the points)."""
        return {p.car: p.points for p in self.classification}

    @property
    def statuses(self) -> dict[str, tuple[Standing, Cause | None]]:
        """Car -> (status, cause of elimination or None)."""
        return {p.car: (p.status, p.cause) for p in self.classification}

    def to_json(self) -> dict[str, Any]:
        cars = {}
        for car in self.cars:
            driver, team = self.experience.get(car.id, (0, 0))
            cars[car.id] = {
                "wear": car.wear.to_json(),
                "penalties": [p.to_json() for p in car.penalties],
                "laps": [{"lap": lap, "turn": turn} for lap, turn in car.laps],
                "experience": {"driver": driver / 10, "team": team / 10},
            }
        return {
            "valid": self.valid,
            "violations": [v.to_json() for v in self.violations],
            "classification": [p.to_json() for p in self.classification],
            "cars": cars,
            "result_matches": self.result_matches,
            "points": self.points,
            "experience_changes": [c.to_json() for c in self.changes],
        }

    def lines(self) -> list[str]:
        """The verdict for people: valid/invalid, one line per violation, the classification."""
        out = ["valid" if self.valid else "invalid"]
        out.extend(f"  {v}" for v in self.violations)
        for p in self.classification:
            detail = f"turn {p.turn}" if p.turn is not None else "running"
            if p.cause:
                detail += f", {p.cause}"
            out.append(f"{p.position:>3}. car {p.car:<6} {p.status:<10} {detail:<20} {p.points} pts")
        return out
