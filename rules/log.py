"""The records of a race log the engine plays (`formule-de/race-log@1`): a car's entry, a turn, a
move and the experience it spends. Plain frozen values, below everything that reads or plays them:
`rules/formats.py` reads a log into them (and exports them), the replay and the options take them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.dice import TestRoll
from rules.state import Wear
from rules.weather import Tyres

# the words a log may use
DRIVER_XP = ("plus1", "minus1", "reroll")  # X2: a driver's point (`xp.driver`)
TEAM_XP = ("wear", "fast-stop")  # X3: a team's point (`xp.team`)
WAITS = ("pit", "stalled")  # a move that is no move (`wait`)
WINGS = ("low", "high")  # a car's wing (`cars[].wing`)


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


@dataclass(frozen=True)  # no slots: the reader fills `__dict__` at once (`_move`)
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
    # Set by the reader when the move has none of wait, slipstream, pit, xp, option, 7th gear: the
    # replay can skip looking for them. A hint only: False says nothing (and `replace` resets it).
    plain: bool = field(default=False, init=False, compare=False, repr=False)

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
    restart: Mapping[str, Any] | None = None  # A5: the race restarts (red flag) before the moves

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn": self.turn}
        if self.restart is not None:
            out["restart"] = {"pits": [dict(p) for p in self.restart.get("pits", ())]}
        out["moves"] = [m.to_json() for m in self.moves]
        return out


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
    wing: str | None = None  # A1/A2: "low" or "high"
    fuel: int | None = None  # A12: thirds of a tank at the start (1–3)

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
        if self.wing is not None:
            out["wing"] = self.wing
        if self.fuel is not None:
            out["fuel"] = self.fuel
        return out
