"""Frozen race state: one `CarState` per car inside one `RaceState`.

The replay never mutates: each move yields a new `RaceState` that shares every
unchanged car with the previous one (a tuple with one element replaced).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from rules.extras import NO_EXTRAS, CarExtras
from rules.weather import Tyres, Weather

PARTS = ("tyres", "brakes", "gearbox", "body", "engine", "handling")


class Wear(NamedTuple):
    """Wear points (PDV) per part, rules D1."""

    tyres: int
    brakes: int
    gearbox: int
    body: int
    engine: int
    handling: int

    def to_json(self) -> dict[str, int]:
        return dict(zip(PARTS, self, strict=True))

    @property
    def total(self) -> int:
        return sum(self)


class CarStatus(StrEnum):
    RACING = "racing"
    FINISHED = "finished"
    OUT = "eliminated"


class Cause(StrEnum):
    """Why a car is out; decides whether it stays on the track as an obstacle (D2)."""

    BODY = "body"
    ENGINE = "engine"
    HANDLING = "handling"
    BLOCKING = "blocking"
    CORNER = "corner"  # C3: left a corner with too few stops
    ROAD_EXIT = "road-exit"  # C6/A14: more tyre points needed than left
    RULES = "rules"  # the log broke a rule the replay cannot get past

    @property
    def stays_on_track(self) -> bool:
        return self in (Cause.BODY, Cause.ENGINE, Cause.BLOCKING)

    @property
    def aggravates_collisions(self) -> bool:
        return self in (Cause.BODY, Cause.BLOCKING)


@dataclass(frozen=True, slots=True)
class Penalty:
    """A corner-exit or blocking penalty ("lap penalty")."""

    turn: int
    lap: int
    rule: str
    squares: int
    multiplier: int
    tyres: int
    brakes: int = 0

    def to_json(self) -> dict:
        out = {
            "turn": self.turn,
            "lap": self.lap,
            "rule": self.rule,
            "squares": self.squares,
            "multiplier": self.multiplier,
            "tyres": self.tyres,
        }
        if self.brakes:
            out["brakes"] = self.brakes
        return out


_new = object.__new__


def _copy_with(obj, changes: dict):
    """A copy of a frozen dataclass with some fields changed, without re-running `__init__`.

    The hot path of the replay: `dataclasses.replace` costs several microseconds per call on
    classes this wide; copying the instance dict costs a fraction of that. The copy is as
    frozen as the original (assignment still raises)."""
    new = _new(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


@dataclass(frozen=True)
class CarState:
    """Everything the rules need to know about one car between two moves.

    `square` is None once the car has left the track. `crossings` counts finish
    line crossings (the grid is behind the line, so lap n starts at crossing n).
    `corner`/`stops` are the stops made in the corner the car is in, this passage.
    `arrival` orders cars that reached the same level with the same gear (T4).
    """

    id: str
    square: str | None
    gear: int = 0
    crossings: int = 0
    corner: str | None = None
    stops: int = 0
    wear: Wear = Wear(0, 0, 0, 0, 0, 0)
    tyres: Tyres = Tyres.HARD
    tyre_set_crossing: int = 1
    spun: bool = False
    status: CarStatus = CarStatus.RACING
    cause: Cause | None = None
    out_turn: int | None = None
    remove_turn: int | None = None
    finish_turn: int | None = None
    finish_margin: int = 0
    arrival: int = 0
    driver_xp: int = 0  # tenths of a point
    driver_xp_used: bool = False
    penalties: tuple[Penalty, ...] = ()
    laps: tuple[tuple[int, int], ...] = ()
    ext: CarExtras = NO_EXTRAS  # pits, lapping, options (rules/extras.py)

    @property
    def racing(self) -> bool:
        return self.status is CarStatus.RACING

    @property
    def on_track(self) -> bool:
        return self.square is not None

    @property
    def lap(self) -> int:
        """The race lap the car is on (1 before the first crossing too)."""
        return self.crossings if self.crossings > 1 else 1

    @property
    def lap_on_tyres(self) -> int:
        lap = self.crossings - self.tyre_set_crossing + 1
        return lap if lap > 1 else 1

    def with_(self, **changes) -> CarState:
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"CarState has no field {sorted(unknown)[0]!r}")
        return _copy_with(self, changes)


@dataclass(frozen=True)
class RaceState:
    """The race between two moves: the cars (log order), weather, dangerous squares, clock."""

    cars: tuple[CarState, ...]
    index: dict[str, int]  # car id -> position in `cars`; shared, never mutated
    weather: Weather
    dangerous: frozenset[str] = frozenset()
    turn: int = 0
    clock: int = 0  # moves played so far; stamps `arrival`
    played: frozenset[str] = frozenset()  # cars that have played in the current game turn
    team_xp: tuple[tuple[str, int], ...] = ()
    due: tuple = ()  # things settled at the end of the game turn (A9 weather roll)
    flags: frozenset[str] = frozenset()  # A5: the red-flag triggers fired so far
    restart_due: tuple | None = None  # A5: (trigger, turn, race order, lap) until the restart
    xp_changes: tuple = ()  # rules.ledger.XpChange, in the order they were made

    def car(self, car_id: str) -> CarState:
        return self.cars[self.index[car_id]]

    def with_car(self, car: CarState, **changes) -> RaceState:
        """This state with one car replaced (and, optionally, other fields changed)."""
        i = self.index[car.id]
        cars = self.cars
        old = cars[i]
        row = list(cars)
        row[i] = car
        changes["cars"] = tuple(row)
        new = _new(type(self))  # `_copy_with`, inlined: the hottest call of the replay
        d = new.__dict__
        d.update(self.__dict__)
        d.update(changes)
        if old.square != car.square and "_occ" in d:
            _moved(d, old.square, car)
        return new

    def with_played(self, car: CarState, others: dict[str, str] | None = None) -> RaceState:
        """This state after `car`'s move: the car replaced, marked as played, the clock moved on.
        (`with_car(car, played=..., clock=...)` without the keyword arguments: every move does it.)
        `others`: this state's occupancy without the car, if the caller has it (it becomes the new
        state's, the car added: do not change it afterwards)."""
        i = self.index[car.id]
        cars = self.cars
        old = cars[i]
        new = _new(type(self))
        d = new.__dict__
        d.update(self.__dict__)
        row = list(cars)
        row[i] = car
        d["cars"] = tuple(row)
        d["played"] = self.played | {car.id}
        d["clock"] = self.clock + 1
        if others is not None and "_occ" in d:
            now = car.square
            if now is None:
                d["_occ"] = others
            elif now not in others:
                others[now] = car.id
                d["_occ"] = others
            else:
                del d["_occ"]  # it stopped on a car: rebuilt on demand
        elif old.square != car.square and "_occ" in d:
            _moved(d, old.square, car)
        return new

    def with_(self, **changes) -> RaceState:
        unknown = changes.keys() - self.__dict__.keys()
        if unknown:
            raise TypeError(f"RaceState has no field {sorted(unknown)[0]!r}")
        new = _copy_with(self, changes)
        if "cars" in changes:
            new.__dict__.pop("_occ", None)
        return new

    def occupied(self) -> dict[str, str]:
        """Square -> car id for every car still on the track (racing, finished this turn, obstacles)."""
        occ = self.__dict__.get("_occ")
        return dict(occ if occ is not None else self.occupancy())

    def occupancy(self) -> Mapping[str, str]:
        """`occupied()` without the copy: do not change it. Kept up to date by `with_car` from one
        state to the next instead of being rebuilt (unless two cars share a square)."""
        occ = self.__dict__.get("_occ")
        if occ is None:
            occ = {c.square: c.id for c in self.cars if c.square is not None}
            if len(occ) == sum(1 for c in self.cars if c.square is not None):
                self.__dict__["_occ"] = occ  # a cache, not a field: the state stays as frozen
        return occ


def _moved(d: dict, was: str | None, car: CarState) -> None:
    """Update a state's cached occupancy after `car` moved from `was` (or drop it)."""
    occ = d["_occ"]
    now = car.square
    if (was is not None and occ.get(was) != car.id) or (now is not None and now in occ):
        del d["_occ"]  # two cars on one square: rebuilt on demand
        return
    occ = dict(occ)
    if was is not None:
        del occ[was]
    if now is not None:
        occ[now] = car.id
    d["_occ"] = occ
