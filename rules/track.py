"""Circuits (`formule-de/circuit@1`): validation and the precomputed track graph.

`load_circuit(doc)` turns a circuit document into a `Track`. Every lookup the
replay needs on its hot path (successors, level, lane, corner) is a plain dict
built once here, keyed by interned square ids.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from rules.messages.reading import ReadCode, ReadingError
from rules.weather import WeatherScale

CIRCUIT_FORMAT = "formule-de/circuit@1"
LANES = "abc"
_SLUG = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
_SEGMENT_ID = re.compile(r"^[A-Za-z0-9_]+$")
_TOP_FIELDS = {"format", "id", "name", "laps", "weather", "segments", "grid", "pit"}


class CircuitError(ReadingError):
    """A circuit document that cannot be used; `field` (`where`) names the culprit, e.g. "grid[2]",
    `code` and `params` what is wrong there (rules/messages/reading.py); `str()` is the English."""

    def __init__(self, field: str, code: ReadCode | str, **params: Any) -> None:
        super().__init__(code, field, **params)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_circuit_error, (self.where, self.code.value, self.params))

    @property
    def field(self) -> str:
        return self.where


def _circuit_error(field: str, code: str, params: dict[str, Any]) -> CircuitError:
    return CircuitError(field, code, **params)


class SegmentKind(StrEnum):
    STRAIGHT = "straight"
    CORNER = "corner"


@dataclass(frozen=True, slots=True)
class Segment:
    """One straight or corner. `cells` = squares per lane (a, b, c); a straight has N in each."""

    id: str
    index: int
    kind: SegmentKind
    cells: tuple[int, int, int]
    stops: int = 0
    turn: str | None = None
    angle: float | None = None
    start_level: int = 0

    @property
    def is_corner(self) -> bool:
        return self.kind is SegmentKind.CORNER

    @property
    def length(self) -> int:
        """Levels spanned: rows of a straight, middle-lane squares of a corner."""
        return self.cells[1]

    def square(self, lane: int, index: int) -> str:
        return f"{self.id}-{LANES[lane]}{index}"


@dataclass(frozen=True, slots=True)
class Pit:
    entry: str
    exit: str
    stands: int
    squares: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Track:
    """A circuit's track graph. Immutable; lookups are O(1)."""

    id: str
    name: str
    laps: int
    weather: WeatherScale
    segments: tuple[Segment, ...]
    squares: tuple[str, ...]
    grid: tuple[str, ...]
    pit: Pit | None
    lap_length: int
    document: Mapping[str, Any] = field(repr=False)
    _succ: dict[str, tuple[str, ...]] = field(repr=False)
    _level: dict[str, float] = field(repr=False)
    _lane: dict[str, int] = field(repr=False)
    _segment: dict[str, Segment] = field(repr=False)
    _corner: dict[str, Segment | None] = field(repr=False)
    _beside: dict[str, frozenset[str]] = field(repr=False)
    _risk: dict[str, frozenset[str]] = field(repr=False)
    _seg_index: dict[str, int] = field(repr=False)
    _corner_between: tuple[tuple[bool, ...], ...] = field(repr=False)
    # square -> {successor: (its lane, its corner or None, crosses the line, its own steps, plain)}:
    # one lookup per square of a path tells whether the step is an edge and all `walk` needs of
    # it; a plain step stays in its corner (or in its lane along straights), on the track, before
    # the line: no exit, no lane shift to count
    _steps: dict[str, dict[str, tuple]] = field(default_factory=dict, repr=False)
    _track_level: dict[str, float] = field(default_factory=dict, repr=False)  # `_level` without the pit lane
    _pit_lane: frozenset[str] = field(default_factory=frozenset, repr=False)  # the squares of lane −1
    # square -> ((successor on the track, its lane, its corner, plain), ...): what `search` follows
    _ahead: dict[str, tuple[tuple, ...]] = field(default_factory=dict, repr=False)

    # -- the lookup tables, public and read-only (the hot path's) ---------------------
    # The same dicts as the private fields above, set once by `__post_init__`: plain attributes of
    # a frozen instance (no property call, and Python specialises the lookup), which no caller may
    # assign. A caller on the hot path binds one once (`lane_of = track.lane_map`). Never change
    # them.
    # square -> 0, 1, 2 for lanes a, b, c; -1 in the pit lane.
    lane_map: Mapping[str, int] = field(init=False, repr=False, compare=False)
    # square -> its level along the lap (pit squares included).
    level_map: Mapping[str, float] = field(init=False, repr=False, compare=False)
    # `level_map` without the pit lane.
    track_level_map: Mapping[str, float] = field(init=False, repr=False, compare=False)
    # square -> the squares one forward edge away.
    successor_map: Mapping[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    # square -> the corner it is inside, or None.
    corner_map: Mapping[str, Segment | None] = field(init=False, repr=False, compare=False)
    # square -> the squares side by side with it.
    beside_map: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # square -> its collision risk zone (D3, `risk_zone`).
    risk_map: Mapping[str, frozenset[str]] = field(init=False, repr=False, compare=False)
    # square -> {successor: (its lane, its corner, crosses the line, its own steps, plain)}: what
    # `moves.walk` needs of a step, in one lookup.
    step_map: Mapping[str, Mapping[str, tuple]] = field(init=False, repr=False, compare=False)
    # square -> ((successor on the track, its lane, its corner, plain), ...): what `moves.search`
    # follows.
    ahead_map: Mapping[str, tuple[tuple, ...]] = field(init=False, repr=False, compare=False)
    # square -> the index of its segment (pit squares: absent).
    segment_index: Mapping[str, int] = field(init=False, repr=False, compare=False)
    # [start segment][stop segment] -> whether a move between them meets a corner
    # (`corner_between` without the call).
    corner_table: tuple[tuple[bool, ...], ...] = field(init=False, repr=False, compare=False)
    # The squares of the pit lane (lane −1).
    pit_lane: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for public, private in _PUBLIC_TABLES:
            object.__setattr__(self, public, getattr(self, private))

    # -- lookups (hot path) ------------------------------------------------------
    def __contains__(self, square: object) -> bool:
        return square in self._level

    def successors(self, square: str) -> tuple[str, ...]:
        return self._succ[square]

    def level(self, square: str) -> float:
        return self._level[square]

    def lane(self, square: str) -> int:
        """0, 1, 2 for lanes a, b, c; -1 in the pit lane."""
        return self._lane[square]

    def segment_of(self, square: str) -> Segment | None:
        """The segment holding a square (None for pit squares)."""
        return self._segment.get(square)

    def corner_of(self, square: str) -> Segment | None:
        """The corner a square is inside, or None (straights, pit lane)."""
        return self._corner[square]

    def beside(self, square: str) -> frozenset[str]:
        """Squares side by side with this one (adjacent lanes, levels less than 0.5 apart)."""
        return self._beside[square]

    def is_side_by_side(self, a: str, b: str) -> bool:
        return b in self._beside[a]

    def risk_zone(self, square: str) -> frozenset[str]:
        """Where a car is at risk of a collision with a car stopping on `square` (D3): side by
        side, or one forward edge ahead. Empty in the pit lane."""
        return self._risk[square]

    def corner_between(self, start: str, stop: str) -> bool:
        """Whether a move from `start` to `stop` starts in, enters or crosses a corner: every lane
        runs through every segment, so the two squares decide (pit squares: no)."""
        index = self._seg_index
        try:
            return self._corner_between[index[start]][index[stop]]
        except KeyError:  # a pit square
            return False

    def is_pit(self, square: str) -> bool:
        return self._lane.get(square) == -1

    def segment(self, segment_id: str) -> Segment:
        for seg in self.segments:
            if seg.id == segment_id:
                return seg
        raise KeyError(segment_id)

    @property
    def corners(self) -> tuple[Segment, ...]:
        return tuple(s for s in self.segments if s.is_corner)

    def to_json(self) -> dict[str, Any]:
        return dict(self.document)


_PUBLIC_TABLES = (
    ("lane_map", "_lane"),
    ("level_map", "_level"),
    ("track_level_map", "_track_level"),
    ("successor_map", "_succ"),
    ("corner_map", "_corner"),
    ("beside_map", "_beside"),
    ("risk_map", "_risk"),
    ("step_map", "_steps"),
    ("ahead_map", "_ahead"),
    ("segment_index", "_seg_index"),
    ("corner_table", "_corner_between"),
    ("pit_lane", "_pit_lane"),
)


# -- building -------------------------------------------------------------------
def _int(value: Any, where: str, minimum: int | None = None, maximum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CircuitError(where, ReadCode.EXPECTED_INTEGER, got=repr(value))
    if minimum is not None and value < minimum:
        raise CircuitError(where, ReadCode.AT_LEAST, minimum=minimum, got=value)
    if maximum is not None and value > maximum:
        raise CircuitError(where, ReadCode.AT_MOST, maximum=maximum, got=value)
    return value


def _str(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value:
        raise CircuitError(where, ReadCode.EXPECTED_STRING, got=repr(value))
    return value


def _weather(value: Any) -> WeatherScale:
    if not isinstance(value, dict):
        raise CircuitError("weather", ReadCode.EXPECTED_WEATHER, got=repr(value))
    unknown = set(value) - {"rain", "variable", "sun"}
    if unknown:
        raise CircuitError(f"weather.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    ranges: dict[str, tuple[int, int]] = {}
    covered: list[int] = []
    for kind in ("rain", "variable", "sun"):
        where = f"weather.{kind}"
        if kind not in value:
            raise CircuitError(where, ReadCode.MISSING_RANGE)
        pair = value[kind]
        if not isinstance(pair, list) or len(pair) != 2:
            raise CircuitError(where, ReadCode.EXPECTED_RANGE, got=repr(pair))
        low, high = _int(pair[0], f"{where}[0]", 1, 20), _int(pair[1], f"{where}[1]", 1, 20)
        if low > high:
            raise CircuitError(where, ReadCode.EMPTY_RANGE, low=low, high=high)
        ranges[kind] = (low, high)
        covered.extend(range(low, high + 1))
    if sorted(covered) != list(range(1, 21)):
        raise CircuitError("weather", ReadCode.WEATHER_COVER)
    return WeatherScale(ranges["rain"], ranges["variable"], ranges["sun"])


def _segment(raw: Any, index: int, start_level: int) -> Segment:
    where = f"segments[{index}]"
    if not isinstance(raw, dict):
        raise CircuitError(where, ReadCode.EXPECTED_OBJECT, got=repr(raw))
    unknown = set(raw) - {"id", "straight", "corner"}
    if unknown:
        raise CircuitError(f"{where}.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    seg_id = _str(raw.get("id"), f"{where}.id")
    if not _SEGMENT_ID.match(seg_id) or seg_id == "PIT":
        raise CircuitError(f"{where}.id", ReadCode.SEGMENT_ID, id=seg_id)
    if ("straight" in raw) == ("corner" in raw):
        raise CircuitError(where, ReadCode.STRAIGHT_OR_CORNER)
    if "straight" in raw:
        rows = _int(raw["straight"], f"{where}.straight", 1)
        return Segment(seg_id, index, SegmentKind.STRAIGHT, (rows, rows, rows), start_level=start_level)
    corner = raw["corner"]
    cwhere = f"{where}.corner"
    if not isinstance(corner, dict):
        raise CircuitError(cwhere, ReadCode.EXPECTED_OBJECT, got=repr(corner))
    unknown = set(corner) - {"stops", "cells", "turn", "angle"}
    if unknown:
        raise CircuitError(f"{cwhere}.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    if "stops" not in corner:
        raise CircuitError(f"{cwhere}.stops", ReadCode.CORNER_STOPS)
    stops = _int(corner["stops"], f"{cwhere}.stops", 1, 3)
    cells = corner.get("cells")
    if not isinstance(cells, list) or len(cells) != 3:
        raise CircuitError(f"{cwhere}.cells", ReadCode.LANE_LENGTHS, got=repr(cells))
    lanes = tuple(_int(c, f"{cwhere}.cells[{i}]", 1) for i, c in enumerate(cells))
    turn = corner.get("turn")
    if turn is not None and turn not in ("left", "right"):
        raise CircuitError(f"{cwhere}.turn", ReadCode.LEFT_OR_RIGHT, got=repr(turn))
    angle = corner.get("angle")
    if angle is not None and (not isinstance(angle, int | float) or isinstance(angle, bool)):
        raise CircuitError(f"{cwhere}.angle", ReadCode.DEGREES, got=repr(angle))
    return Segment(
        seg_id,
        index,
        SegmentKind.CORNER,
        lanes,
        stops,
        turn,
        angle,
        start_level,  # type: ignore[arg-type]
    )


def load_circuit(doc: Mapping[str, Any]) -> Track:
    """Validate a `formule-de/circuit@1` document and build its track graph."""
    if not isinstance(doc, Mapping):
        raise CircuitError("circuit", ReadCode.EXPECTED_JSON_OBJECT, type=type(doc).__name__)
    unknown = set(doc) - _TOP_FIELDS
    if unknown:
        raise CircuitError(sorted(unknown)[0], ReadCode.UNKNOWN_FIELD)
    if doc.get("format") != CIRCUIT_FORMAT:
        raise CircuitError(
            "format", ReadCode.EXPECTED_FORMAT, format=CIRCUIT_FORMAT, got=repr(doc.get("format"))
        )
    circuit_id = _str(doc.get("id"), "id")
    if not _SLUG.match(circuit_id):
        raise CircuitError("id", ReadCode.NOT_A_SLUG, id=circuit_id)
    name = _str(doc.get("name", circuit_id), "name")
    laps = _int(doc.get("laps", 3), "laps", 1)
    weather = _weather(doc.get("weather"))

    raw_segments = doc.get("segments")
    if not isinstance(raw_segments, list) or not raw_segments:
        raise CircuitError("segments", ReadCode.SEGMENTS_LOOP)
    segments: list[Segment] = []
    level = 0
    seen: set[str] = set()
    for i, raw in enumerate(raw_segments):
        seg = _segment(raw, i, level)
        if seg.id in seen:
            raise CircuitError(f"segments[{i}].id", ReadCode.SEGMENT_TWICE, id=seg.id)
        seen.add(seg.id)
        segments.append(seg)
        level += seg.length
    lap_length = level

    intern = sys.intern
    levels: dict[str, Fraction] = {}
    lane_of: dict[str, int] = {}
    seg_of: dict[str, Segment] = {}
    lanes_sq: list[list[list[str]]] = []  # per segment, per lane: squares in order
    for seg in segments:
        per_lane: list[list[str]] = []
        for lane in range(3):
            k = seg.cells[lane]
            squares = []
            for i in range(1, k + 1):
                sq = intern(seg.square(lane, i))
                if seg.is_corner:
                    levels[sq] = seg.start_level + Fraction(i * seg.length, k)
                else:
                    levels[sq] = Fraction(seg.start_level + i)
                lane_of[sq] = lane
                seg_of[sq] = seg
                squares.append(sq)
            per_lane.append(squares)
        lanes_sq.append(per_lane)

    succ: dict[str, list[str]] = {sq: [] for sq in levels}
    n = len(segments)
    for s, seg in enumerate(segments):
        nxt = lanes_sq[(s + 1) % n]
        for lane in range(3):
            squares = lanes_sq[s][lane]
            for i, sq in enumerate(squares):
                out = succ[sq]
                if i + 1 < len(squares):
                    if seg.is_corner:
                        out.append(squares[i + 1])
                        for other in (lane - 1, lane + 1):
                            if 0 <= other < 3:
                                for cand in lanes_sq[s][other]:
                                    if levels[cand] > levels[sq]:
                                        out.append(cand)
                                        break
                    else:
                        for other in (lane - 1, lane, lane + 1):
                            if 0 <= other < 3:
                                out.append(lanes_sq[s][other][i + 1])
                else:
                    for other in (lane - 1, lane, lane + 1):
                        if 0 <= other < 3:
                            out.append(nxt[other][0])

    grid_raw = doc.get("grid")
    if not isinstance(grid_raw, list) or not grid_raw:
        raise CircuitError("grid", ReadCode.GRID_SQUARES)
    grid: list[str] = []
    for i, sq in enumerate(grid_raw):
        if not isinstance(sq, str) or sq not in levels:
            raise CircuitError(f"grid[{i}]", ReadCode.UNKNOWN_SQUARE, square=sq)
        if sq in grid:
            raise CircuitError(f"grid[{i}]", ReadCode.SQUARE_ALREADY_SLOT, square=sq, slot=grid.index(sq) + 1)
        grid.append(intern(sq))

    pit: Pit | None = None
    if doc.get("pit") is not None:
        raw = doc["pit"]
        if not isinstance(raw, dict):
            raise CircuitError("pit", ReadCode.EXPECTED_OBJECT, got=repr(raw))
        unknown = set(raw) - {"entry", "exit", "stands"}
        if unknown:
            raise CircuitError(f"pit.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
        entry, exit_ = raw.get("entry"), raw.get("exit")
        for name_, sq in (("entry", entry), ("exit", exit_)):
            if not isinstance(sq, str) or sq not in levels:
                raise CircuitError(f"pit.{name_}", ReadCode.UNKNOWN_SQUARE, square=sq)
        stands = _int(raw.get("stands"), "pit.stands", 1)
        assert isinstance(entry, str) and isinstance(exit_, str)
        span = (levels[exit_] - levels[entry]) % lap_length or lap_length
        pit_squares = []
        for k in range(1, stands + 1):
            sq = intern(f"PIT-{k}")
            lv = levels[entry] + span * k / (stands + 1)
            if lv > lap_length:
                lv -= lap_length
            levels[sq] = lv
            lane_of[sq] = -1
            succ[sq] = []
            pit_squares.append(sq)
        chain = [entry, *pit_squares, exit_]
        for a, b in zip(chain, chain[1:], strict=False):
            succ[a].append(b)
        pit = Pit(intern(entry), intern(exit_), stands, tuple(pit_squares))

    flevels = {sq: float(v) for sq, v in levels.items()}
    beside = _beside(levels, lane_of, lap_length)
    risk = {
        sq: (frozenset() if lane_of[sq] < 0 else beside[sq] | {x for x in succ[sq] if lane_of[x] >= 0})
        for sq in levels
    }
    corner_of = {sq: (seg_of[sq] if sq in seg_of and seg_of[sq].is_corner else None) for sq in levels}
    steps: dict[str, dict[str, tuple]] = {intern(sq): {} for sq in levels}
    for sq, out in steps.items():
        for nxt in succ[sq]:
            back = levels[nxt] < levels[sq]
            plain = (
                not back
                and lane_of[nxt] >= 0
                and lane_of[sq] >= 0
                and corner_of[nxt] is corner_of[sq]
                and (corner_of[sq] is not None or lane_of[nxt] == lane_of[sq])
            )
            out[nxt] = (lane_of[nxt], corner_of[nxt], back, steps[nxt], plain)
    n_seg = len(segments)
    between = tuple(
        tuple(
            any(segments[(a + k) % n_seg].is_corner for k in range((b - a) % n_seg + 1)) for b in range(n_seg)
        )
        for a in range(n_seg)
    )
    return Track(
        id=circuit_id,
        name=name,
        laps=laps,
        weather=weather,
        segments=tuple(segments),
        squares=tuple(levels),
        grid=tuple(grid),
        pit=pit,
        lap_length=lap_length,
        document=dict(doc),
        _succ={sq: tuple(v) for sq, v in succ.items()},
        _level=flevels,
        _lane=lane_of,
        _segment=seg_of,
        _corner=corner_of,
        _beside=beside,
        _risk=risk,
        _seg_index={sq: seg.index for sq, seg in seg_of.items()},
        _corner_between=between,
        _steps=steps,
        _track_level={sq: lv for sq, lv in flevels.items() if lane_of[sq] >= 0},
        _pit_lane=frozenset(sq for sq, lane in lane_of.items() if lane < 0),
        _ahead={
            sq: tuple((nxt, e[0], e[1], e[4]) for nxt, e in out.items() if e[0] >= 0)
            for sq, out in steps.items()
        },
    )


def _beside(levels: dict[str, Fraction], lane_of: dict[str, int], lap: int) -> dict[str, frozenset[str]]:
    """Side by side: adjacent lanes, levels less than 0.5 apart (across the line too)."""
    half = Fraction(1, 2)
    by_lane: dict[int, list[tuple[Fraction, str]]] = {0: [], 1: [], 2: []}
    for sq, lv in levels.items():
        if lane_of[sq] >= 0:
            by_lane[lane_of[sq]].append((lv, sq))
    out: dict[str, set[str]] = {sq: set() for sq in levels}
    for lane in (0, 1):
        for la, a in by_lane[lane]:
            for lb, b in by_lane[lane + 1]:
                d = abs(la - lb)
                if min(d, lap - d) < half:
                    out[a].add(b)
                    out[b].add(a)
    return {sq: frozenset(v) for sq, v in out.items()}
