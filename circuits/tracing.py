"""A board traced on its picture, turned into its `formule-de/circuit@2` document.

The editor keeps what a person drew (the *trace*: pieces in race order, corner lassos, the pit
lane, the grid, the weather scale, arrows added or removed by hand) and never the squares
themselves: the squares, their levels and arrows are worked out here from the drawing, so a moved
corner point moves its squares and their arrows with it.

Pieces, in race order from the finish line:
- `straight`: four corners tapped around it (start left, start right, end right, end left; left
  is lane a in the direction of the race), its `rows` and `lanes` ("abc", "ab" or "bc"); one
  section, one level a row;
- `lane`: one lane of a corner, a few `points` along it and its `count` of squares;
- `single`: one square tapped, with its `lane`.
Consecutive `lane` and `single` pieces with the same `group` form one section (a corner's lanes);
its length in levels is the middle lane's count (the longest lane's when it has no lane b), and
each lane's squares share it evenly, as `@1` corners do.

Arrows, as `@1` builds them (docs/circuit-format.md): on a straight a square leads to the next row
in its lane and the two beside it; in a group it leads along its lane and to the first square of
each adjacent lane further along; a section's last squares lead to the next section's first
squares in the same and adjacent lanes. Then the person's `edges_add` and `edges_remove` apply.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

FORMAT_V2 = "formule-de/circuit@2"
LANES = "abc"
STRAIGHT_LANES = ("abc", "ab", "bc")
MAX_ROWS = 60
MAX_COUNT = 40
MAX_LAPS = 20
Point = tuple[float, float]


class TraceError(ValueError):
    """A trace the editor cannot read; `where` is its path ("pieces[2].rows"), the message for people."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


@dataclass
class _Square:
    id: str
    lane: str
    level: Fraction
    x: float
    y: float
    h: float
    angle: float
    w: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "lane": self.lane, "level": _level(self.level)}
        out.update(x=round(self.x, 1), y=round(self.y, 1))
        if self.w is not None:
            out.update(w=round(self.w, 1), h=round(self.h, 1))
        out["angle"] = round(self.angle, 1)
        return out


def _level(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


# -- reading the trace -------------------------------------------------------------------------
def _number(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise TraceError(where, _("expected a number, got %(got)r.") % {"got": value})
    return float(value)


def _point(value: Any, where: str) -> Point:
    if not isinstance(value, Sequence) or isinstance(value, str) or len(value) != 2:
        raise TraceError(where, _("expected a point [x, y]."))
    return _number(value[0], f"{where}[0]"), _number(value[1], f"{where}[1]")


def _points(value: Any, where: str, least: int, most: int = 400) -> list[Point]:
    if not isinstance(value, list) or not least <= len(value) <= most:
        raise TraceError(where, _("expected %(least)d to %(most)d points.") % {"least": least, "most": most})
    return [_point(p, f"{where}[{i}]") for i, p in enumerate(value)]


def _count(value: Any, where: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise TraceError(where, _("expected a whole number from 1 to %(most)d.") % {"most": most})
    return value


def _lane(value: Any, where: str) -> str:
    if value not in tuple(LANES):
        raise TraceError(where, _("expected the lane a, b or c."))
    return value


def _list(trace: Mapping[str, Any], key: str) -> list[Any]:
    value = trace.get(key, [])
    if not isinstance(value, list):
        raise TraceError(key, _("expected a list."))
    return value


# -- geometry ----------------------------------------------------------------------------------
def _angle(dx: float, dy: float) -> float:
    """The direction of (dx, dy), degrees clockwise from "up" (image y points down)."""
    return math.degrees(math.atan2(dx, -dy)) % 360


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _along(points: list[Point], distance: float) -> tuple[Point, float]:
    """The point `distance` along a polyline and the direction there."""
    for a, b in zip(points, points[1:], strict=False):
        step = math.dist(a, b)
        if distance <= step or b is points[-1]:
            t = 0.0 if step == 0 else min(distance / step, 1.0)
            return _lerp(a, b, t), _angle(b[0] - a[0], b[1] - a[1])
        distance -= step
    return points[-1], 0.0


def _inside(point: Point, polygon: list[Point]) -> bool:
    """Ray casting: is the point inside the polygon?"""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=False):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


# -- sections ----------------------------------------------------------------------------------
@dataclass
class _Section:
    kind: str  # "straight" or "group"
    lanes: dict[str, list[_Square]]


def _straight(piece: Mapping[str, Any], where: str, name: str, start: Fraction) -> _Section:
    p1, p2, p3, p4 = _points(piece.get("corners"), f"{where}.corners", 4, 4)
    rows = _count(piece.get("rows"), f"{where}.rows", MAX_ROWS)
    lanes = piece.get("lanes", "abc")
    if lanes not in STRAIGHT_LANES:
        raise TraceError(f"{where}.lanes", _("expected abc, ab or bc."))
    width = (math.dist(p1, p2) + math.dist(p4, p3)) / 2 / len(lanes)
    length = (math.dist(p1, p4) + math.dist(p2, p3)) / 2 / rows
    out: dict[str, list[_Square]] = {}
    for j, lane in enumerate(lanes):
        u = (j + 0.5) / len(lanes)
        start_edge, end_edge = _lerp(p1, p2, u), _lerp(p4, p3, u)
        heading = _angle(end_edge[0] - start_edge[0], end_edge[1] - start_edge[1])
        out[lane] = [
            _Square(f"{name}-{lane}{r}", lane, start + r, *_lerp(start_edge, end_edge, (r - 0.5) / rows),
                    h=length, angle=heading, w=width)
            for r in range(1, rows + 1)
        ]  # fmt: skip
    return _Section("straight", out)


def _group(pieces: list[tuple[int, Mapping[str, Any]]], name: str, start: Fraction) -> _Section:
    lanes: dict[str, list[tuple[Point, float, float]]] = {}
    for i, piece in pieces:
        where = f"pieces[{i}]"
        lane = _lane(piece.get("lane"), f"{where}.lane")
        if piece.get("kind") == "single":
            point = _point(piece.get("at"), f"{where}.at")
            lanes.setdefault(lane, []).append((point, 0.0, 0.0))
            continue
        if lane in lanes:
            raise TraceError(
                f"{where}.lane", _("lane %(lane)s of this corner is drawn twice.") % {"lane": lane}
            )
        points = _points(piece.get("points"), f"{where}.points", 2)
        count = _count(piece.get("count"), f"{where}.count", MAX_COUNT)
        total = sum(math.dist(a, b) for a, b in zip(points, points[1:], strict=False))
        lanes[lane] = [
            (*_along(points, total * (k - 0.5) / count), total / count) for k in range(1, count + 1)
        ]  # type: ignore[misc]
    counts = {lane: len(squares) for lane, squares in lanes.items()}
    length = counts.get("b") or max(counts.values())
    out: dict[str, list[_Square]] = {}
    for lane in sorted(lanes):
        k = counts[lane]
        out[lane] = []
        for n, (point, heading, size) in enumerate(lanes[lane], start=1):
            level = start + Fraction(n * length, k)
            out[lane].append(_Square(f"{name}-{lane}{n}", lane, level, *point, h=size, angle=heading))
    return _Section("group", out)


def _sections(raw: list[Any]) -> tuple[list[_Section], Fraction]:
    sections: list[_Section] = []
    level = Fraction(0)
    straights = groups = 0
    i = 0
    while i < len(raw):
        piece = raw[i]
        where = f"pieces[{i}]"
        if not isinstance(piece, Mapping):
            raise TraceError(where, _("expected an object."))
        kind = piece.get("kind")
        if kind == "straight":
            straights += 1
            section = _straight(piece, where, f"S{straights}", level)
            i += 1
        elif kind in ("lane", "single"):
            group = [(i, piece)]
            i += 1
            while i < len(raw) and isinstance(raw[i], Mapping) and raw[i].get("kind") in ("lane", "single") \
                    and raw[i].get("group") == piece.get("group"):  # fmt: skip
                group.append((i, raw[i]))
                i += 1
            groups += 1
            section = _group(group, f"T{groups}", level)
        else:
            raise TraceError(f"{where}.kind", _("expected straight, lane or single."))
        sections.append(section)
        level = max(sq.level for squares in section.lanes.values() for sq in squares)
    return sections, level


def _edges(sections: list[_Section]) -> list[list[str]]:
    edges: list[list[str]] = []
    for s, section in enumerate(sections):
        nxt = sections[(s + 1) % len(sections)].lanes
        for lane, squares in section.lanes.items():
            index = LANES.index(lane)
            beside = [LANES[o] for o in (index - 1, index + 1) if 0 <= o < 3]
            for n, square in enumerate(squares):
                if n + 1 < len(squares):
                    if section.kind == "group":
                        edges.append([square.id, squares[n + 1].id])
                        for other in beside:
                            ahead = [c for c in section.lanes.get(other, []) if c.level > square.level]
                            if ahead:
                                edges.append([square.id, ahead[0].id])
                    else:
                        for other in (LANES[o] for o in (index - 1, index, index + 1) if 0 <= o < 3):
                            row = section.lanes.get(other)
                            if row and n + 1 < len(row):
                                edges.append([square.id, row[n + 1].id])
                else:
                    for other in (LANES[o] for o in (index - 1, index, index + 1) if 0 <= o < 3):
                        if nxt.get(other):
                            edges.append([square.id, nxt[other][0].id])
    return edges


# -- the whole board ---------------------------------------------------------------------------
def _weather(raw: Any) -> dict[str, list[int]]:
    if not isinstance(raw, Mapping):
        raw = {}
    rain = raw.get("rain", 4)
    variable = raw.get("variable", 8)
    for key, value in (("rain", rain), ("variable", variable)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
            raise TraceError(f"weather.{key}", _("expected a whole number from 0 to 20."))
    if variable < rain:
        raise TraceError("weather.variable", _("the variable weather must end at or after the rain."))
    return {"rain": [1, rain], "variable": [rain + 1, variable], "sun": [variable + 1, 20]}


def _corners(trace: Mapping[str, Any], squares: list[_Square]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    corners: list[dict[str, Any]] = []
    corner_of: dict[str, str] = {}
    for i, raw in enumerate(_list(trace, "corners")):
        where = f"corners[{i}]"
        if not isinstance(raw, Mapping):
            raise TraceError(where, _("expected an object."))
        lasso = _points(raw.get("lasso"), f"{where}.lasso", 3, 2000)
        stops = _count(raw.get("stops"), f"{where}.stops", 3)
        corner_id = f"C{i + 1}"
        name = str(raw.get("name") or "").strip()[:60] or corner_id
        corners.append({"id": corner_id, "name": name, "stops": stops})
        for square in squares:
            if square.id not in corner_of and _inside((square.x, square.y), lasso):
                corner_of[square.id] = corner_id
    return corners, corner_of


def _pit(
    trace: Mapping[str, Any], levels: dict[str, Fraction], lap: Fraction
) -> tuple[dict | None, list[dict]]:
    raw = trace.get("pit")
    if not raw:
        return None, []
    if not isinstance(raw, Mapping):
        raise TraceError("pit", _("expected an object."))
    points = _points(raw.get("squares", []), "pit.squares", 0)
    stands = raw.get("stands", [])
    if not isinstance(stands, list) or not all(isinstance(k, int) and 0 <= k < len(points) for k in stands):
        raise TraceError("pit.stands", _("expected the numbers of pit-lane squares."))
    entry, exit_ = raw.get("entry"), raw.get("exit")
    span = Fraction(1)
    if entry in levels and exit_ in levels:
        span = (levels[exit_] - levels[entry]) % lap or lap
    squares = []
    for k, (x, y) in enumerate(points, start=1):
        level = levels.get(entry, Fraction(0)) + span * k / (len(points) + 1)
        if level > lap:
            level -= lap
        square = {"id": f"PIT-{k}", "lane": "pit", "level": _level(level), "x": round(x, 1), "y": round(y, 1)}
        if k - 1 in stands:
            square["stand"] = True
        squares.append(square)
    pit = {"entry": entry, "exit": exit_, "lane": [s["id"] for s in squares]}
    return pit, squares


def edge_pairs(trace: Mapping[str, Any], key: str) -> list[tuple[str, str]]:
    """The arrows added (`edges_add`) or removed (`edges_remove`) by hand, as (from, to)."""
    pairs = []
    for i, pair in enumerate(_list(trace, key)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)):
            raise TraceError(f"{key}[{i}]", _("expected a pair of square ids."))
        pairs.append((pair[0], pair[1]))
    return pairs


def laps_of(value: Any) -> int:
    """The laps of a race on the board, 1 to 20."""
    return _count(value, "laps", MAX_LAPS)


def trace_document(trace: Mapping[str, Any], *, circuit_id: str, name: str) -> dict[str, Any]:
    """The `@2` document of a trace; `TraceError` names the part of the trace it cannot read.

    A board with problems (no grid yet, a square with no way on) still gets its document: the
    engine's `problems()` names them, each on its square."""
    if not isinstance(trace, Mapping):
        raise TraceError("trace", _("expected an object."))
    raw_pieces = _list(trace, "pieces")
    sections, lap = _sections(raw_pieces) if raw_pieces else ([], Fraction(0))
    track = [sq for section in sections for squares in section.lanes.values() for sq in squares]
    corners, corner_of = _corners(trace, track)
    levels = {sq.id: sq.level for sq in track}
    pit, pit_squares = _pit(trace, levels, lap or Fraction(1))

    squares = []
    for square in sorted(track, key=lambda s: (s.level, s.lane)):
        out = square.to_json()
        if square.id in corner_of:
            out["corner"] = corner_of[square.id]
        squares.append(out)
    squares.extend(pit_squares)

    edges = _edges(sections) if sections else []
    removed = set(edge_pairs(trace, "edges_remove"))
    edges = [e for e in edges if tuple(e) not in removed]
    have = {tuple(e) for e in edges}
    edges += [list(pair) for pair in edge_pairs(trace, "edges_add") if pair not in have]

    grid = trace.get("grid", [])
    if not isinstance(grid, list) or not all(isinstance(s, str) for s in grid):
        raise TraceError("grid", _("expected a list of square ids."))
    laps = trace.get("laps", 3)
    doc: dict[str, Any] = {
        "format": FORMAT_V2,
        "id": circuit_id,
        "name": name or circuit_id,
        "laps": laps_of(laps),
        "weather": _weather(trace.get("weather")),
        "squares": squares,
        "edges": edges,
        "corners": corners,
        "grid": list(grid),
    }
    if pit is not None:
        doc["pit"] = pit
    return doc
