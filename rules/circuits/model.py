"""What a circuit is once read: the `Track` (the precomputed track graph), its sections
(`Segment`), its pit lane, and `CircuitError`. Built by rules/circuits/build.py from a
`formule-de/circuit@2` document; `rules.track` re-exports them.

Every lookup the replay needs on its hot path (successors, level, lane, corner) is a plain dict
built once, keyed by interned square ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.messages.reading import ReadCode, ReadingError
from rules.weather import WeatherScale

LANES = "abc"


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
    """One section of the track: a corner, or the straight squares between two corners (or a
    corner and the line). `cells` = squares per lane (a, b, c; 0 where the section has no such
    lane), `lanes` the squares themselves per lane in race order. `start_level` is where the
    section begins (the highest level of the section before it, 0 after the line) and `length`
    the levels it spans; on a compiled `@1` circuit, the rows of a straight or the middle lane's
    squares of a corner, as before."""

    id: str
    index: int
    kind: SegmentKind
    cells: tuple[int, int, int]
    stops: int = 0
    turn: str | None = None
    angle: float | None = None
    start_level: int | float = 0
    # the squares: compared and hashed by the fields above, which name the section already
    lanes: tuple[tuple[str, ...], ...] = field(default=(), compare=False)
    span: int | float | None = None  # `length` when it is not the middle lane's count

    @property
    def is_corner(self) -> bool:
        return self.kind is SegmentKind.CORNER

    @property
    def length(self) -> int | float:
        """Levels spanned: rows of a straight, middle-lane squares of a corner (`@1`)."""
        return self.cells[1] if self.span is None else self.span

    def square(self, lane: int, index: int) -> str:
        """The `index`-th square (from 1) of a lane, in race order."""
        if self.lanes:
            return self.lanes[lane][index - 1]
        return f"{self.id}-{LANES[lane]}{index}"

    def rank(self, square: str) -> int:
        """A square's place (from 1) in its lane of this section; 0 when it is not in it."""
        for squares in self.lanes:
            if square in squares:
                return squares.index(square) + 1
        return 0


@dataclass(frozen=True, slots=True)
class Pit:
    """The pit lane: `squares` in driving order from `entry` to `exit`; `stands` counts them
    (the lane's length, which the play order divides); `stand_squares` are those a car may have
    as its stand (every one on an `@1` circuit)."""

    entry: str
    exit: str
    stands: int
    squares: tuple[str, ...]
    stand_squares: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.stand_squares:
            object.__setattr__(self, "stand_squares", self.squares)


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
    lap_length: int | float
    # the document as given (`@1` or `@2`): what the site stores and draws
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
    # Track squares whose lane does not go on (no forward edge in the same lane): where a lane
    # ends, C2's lane lock follows the arrows. Empty on a compiled `@1` circuit.
    lane_ends: frozenset[str] = field(default_factory=frozenset, repr=False, compare=False)
    # The `@2` form of `document` (itself when it is `@2`; `compile_v1`'s when it is `@1`).
    compiled: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)

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
        """Whether a move from `start` to `stop` starts in, enters or crosses a corner: every way
        forward runs through the sections in race order, so the two squares' sections decide
        (pit squares: no)."""
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
