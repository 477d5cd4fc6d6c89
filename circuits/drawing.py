"""A circuit's board drawn from its `formule-de/circuit@1` document: a polygon per square, and an SVG.

Pure Python: no Django, no rules engine. The layout walks the segments in race
order from the finish line, heading east: a straight of N rows goes N units
ahead; a corner turns by its `angle` (left counter-clockwise, right clockwise)
along an arc whose middle lane is as long as its middle lane's cell count. Lanes
a, b, c lie left of, on and right of that centre line, one unit wide; a corner's
lane of k cells is cut into k equal slices of the turn.

Two liberties keep the drawing readable. A corner too tight for three lanes
(a hairpin of 4 squares) is drawn on a radius of `MIN_RADIUS`, so its inner lane
does not fold over itself. And the walked loop rarely closes (the shared oval
misses its start by 4 squares): the miss is spread along the lap's straights, so
the drawing closes while every corner keeps its shape.

Coordinates are in squares, y pointing up (the race frame: left turns are
counter-clockwise). `circuit_svg` flips y for SVG and escapes every text it writes.

A `formule-de/circuit@2` board is laid out by `circuits.board_layout` in the same frame: at its
squares' positions on its picture (`Layout.picture`, drawn under the squares), or on a ring.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import Any

Point = tuple[float, float]

LANES = "abc"
LANE_OFFSET = {"a": 1.0, "b": 0.0, "c": -1.0}  # left of the centre line is positive
HALF_LANE = 0.5
TRACK_EDGE = 1.5  # the outer edges of lanes a and c
MIN_RADIUS = 2.0  # of the centre line: lane a's inner edge stays 0.5 from a hairpin's centre
PIT_OFFSET = -2.45  # centre of the pit lane, outside lane c
PIT_HALF_WIDTH = 0.4
PIT_STAND_MIN, PIT_STAND_MAX = 0.5, 1.0  # length of a pit stand along the track
ARC_STEP = math.radians(12)  # a curved edge gets a vertex at least this often
SCALE = 10.0  # SVG user units per square


@dataclass(frozen=True)
class Square:
    id: str
    segment: str
    lane: str  # "a", "b", "c" or "pit"
    index: int  # from 1 in race order (the stand number in the pit lane)
    corner: bool
    polygon: tuple[Point, ...]
    centre: Point


@dataclass(frozen=True)
class SegmentDrawing:
    id: str
    corner: bool
    start: float  # distance along the centre line from the finish line
    length: float  # centre-line length as drawn
    heading_in: float  # degrees, counter-clockwise from east, before the final rotation
    heading_out: float
    stops: int = 0
    label_at: Point | None = None  # where a corner's name is written, inside the turn


@dataclass(frozen=True)
class Picture:
    """The board's picture under a traced board's squares, in SVG user units from (0, 0)."""

    href: str
    width: float
    height: float


@dataclass(frozen=True)
class Layout:
    circuit: str
    name: str
    squares: dict[str, Square]  # race order, then the pit lane
    segments: tuple[SegmentDrawing, ...]
    grid: tuple[str, ...]
    finish: tuple[Point, Point] | None  # across the track, lane a side first (None: on the picture)
    pit_links: tuple[tuple[Point, Point], ...]  # entry square → first stand, last stand → exit square
    arrow: tuple[Point, ...]  # a triangle beside lane a after the line, pointing the way of the race
    bounds: tuple[float, float, float, float]  # min x, min y, max x, max y
    gap: float  # how far the walked loop missed its start, in squares, before it was closed
    rotation: float = field(default=0.0)  # degrees the whole drawing was turned to lie wide
    picture: Picture | None = None  # a traced board's picture: drawn under its squares


@dataclass(frozen=True)
class _Piece:
    """One segment on the centre line: where it starts, which way, how long, how it bends."""

    start: float
    length: float
    origin: Point
    heading: float  # radians
    turn: float  # signed radians: + left, − right; 0 for a straight
    radius: float

    def point(self, t: float, offset: float) -> Point:
        x0, y0 = self.origin
        if self.turn == 0:
            c, s = math.cos(self.heading), math.sin(self.heading)
            return (x0 + t * c - offset * s, y0 + t * s + offset * c)
        sign = 1.0 if self.turn > 0 else -1.0
        # The centre of the turn lies `radius` to the side the car turns to.
        cx = x0 - sign * self.radius * math.sin(self.heading)
        cy = y0 + sign * self.radius * math.cos(self.heading)
        heading = self.heading + sign * t / self.radius
        r = self.radius - sign * offset
        return (cx + sign * r * math.sin(heading), cy - sign * r * math.cos(heading))

    def end(self) -> tuple[Point, float]:
        return self.point(self.length, 0.0), self.heading + self.turn


class _Track:
    """The walked centre line, with the loop's miss spread along the straights."""

    def __init__(self, segments: Sequence[Mapping[str, Any]]) -> None:
        pieces: list[_Piece] = []
        origin, heading, start = (0.0, 0.0), 0.0, 0.0
        for segment in segments:
            if "straight" in segment:
                piece = _Piece(start, float(segment["straight"]), origin, heading, 0.0, 0.0)
            else:
                corner = segment.get("corner") or {}
                cells = corner.get("cells") or [1, 1, 1]
                middle = float(cells[1] if len(cells) > 1 else cells[0])
                angle = math.radians(float(corner.get("angle") or 90))
                turn = angle if corner.get("turn", "left") == "left" else -angle
                radius = max(middle / abs(turn) if turn else middle, MIN_RADIUS)
                piece = _Piece(start, radius * abs(turn) if turn else middle, origin, heading, turn, radius)
            pieces.append(piece)
            origin, heading = piece.end()
            start += piece.length
        self.pieces = pieces
        self.length = start
        self.miss = origin  # the start is (0, 0)
        self.straight_total = sum(p.length for p in pieces if p.turn == 0)
        self._straight_before: list[float] = []
        covered = 0.0
        for piece in pieces:
            self._straight_before.append(covered)
            if piece.turn == 0:
                covered += piece.length

    def _piece_at(self, s: float) -> tuple[int, float]:
        for i, piece in enumerate(self.pieces):
            if s < piece.start + piece.length or i == len(self.pieces) - 1:
                return i, min(max(s - piece.start, 0.0), piece.length)
        raise AssertionError("unreachable")

    def point(self, s: float, offset: float) -> Point:
        """The point `offset` left of the centre line, `s` squares after the finish line (any s)."""
        s %= self.length
        i, t = self._piece_at(s)
        piece = self.pieces[i]
        x, y = piece.point(t, offset)
        if self.straight_total:
            share = (self._straight_before[i] + (t if piece.turn == 0 else 0.0)) / self.straight_total
        else:
            share = s / self.length
        return (x - share * self.miss[0], y - share * self.miss[1])

    def heading(self, s: float) -> float:
        """The direction of the race at `s`, in radians."""
        a, b = self.point(s - 0.05, 0.0), self.point(s + 0.05, 0.0)
        return math.atan2(b[1] - a[1], b[0] - a[0])


def _band(track: _Track, s0: float, s1: float, inner: float, outer: float, curved: bool) -> tuple[Point, ...]:
    """The polygon between two distances and two offsets; curved edges get extra vertices."""
    steps = 1
    if curved:
        i, _t = track._piece_at((s0 + s1) / 2 % track.length)
        piece = track.pieces[i]
        if piece.turn:
            steps = max(1, math.ceil(abs(s1 - s0) / piece.radius / ARC_STEP))
    ts = [s0 + (s1 - s0) * k / steps for k in range(steps + 1)]
    near = [track.point(s, inner) for s in ts]
    far = [track.point(s, outer) for s in reversed(ts)]
    return tuple(near + far)


def _centre(track: _Track, s0: float, s1: float, offset: float) -> Point:
    return track.point((s0 + s1) / 2, offset)


def circuit_layout(document: Mapping[str, Any]) -> Layout:
    """Every square's polygon and centre, the corners, the finish line and the pit lane of a circuit."""
    segments = list(document.get("segments") or [])
    if not segments:
        raise ValueError("segments: a circuit needs at least one segment to be drawn")
    track = _Track(segments)
    squares: dict[str, Square] = {}
    along: dict[str, float] = {}  # centre-line distance of each square's middle
    drawn: list[SegmentDrawing] = []
    for segment, piece in zip(segments, track.pieces, strict=True):
        seg_id = str(segment.get("id", ""))
        corner = "corner" in segment
        if corner:
            cells = list((segment.get("corner") or {}).get("cells") or [1, 1, 1])
        else:
            cells = [int(segment["straight"])] * 3
        for lane, count in zip(LANES, cells, strict=False):
            step = piece.length / count
            offset = LANE_OFFSET[lane]
            for index in range(1, count + 1):
                s0, s1 = piece.start + (index - 1) * step, piece.start + index * step
                square_id = f"{seg_id}-{lane}{index}"
                along[square_id] = (s0 + s1) / 2
                squares[square_id] = Square(
                    id=square_id,
                    segment=seg_id,
                    lane=lane,
                    index=index,
                    corner=corner,
                    polygon=_band(track, s0, s1, offset - HALF_LANE, offset + HALF_LANE, corner),
                    centre=_centre(track, s0, s1, offset),
                )
        label_at = None
        stops = 0
        if corner:
            stops = int((segment.get("corner") or {}).get("stops") or 0)
            side = 1.0 if piece.turn > 0 else -1.0
            # Inside the turn, past lane a (or c); in a hairpin, at the turn's centre.
            inset = min(TRACK_EDGE + 1.1, piece.radius)
            label_at = track.point(piece.start + piece.length / 2, side * inset)
        drawn.append(
            SegmentDrawing(
                id=seg_id,
                corner=corner,
                start=piece.start,
                length=piece.length,
                heading_in=math.degrees(piece.heading),
                heading_out=math.degrees(piece.heading + piece.turn),
                stops=stops,
                label_at=label_at,
            )
        )
    pit_links = _pit(document.get("pit"), track, squares, along)
    finish = (track.point(0.0, TRACK_EDGE), track.point(0.0, -TRACK_EDGE))
    side = TRACK_EDGE + 0.75
    arrow = (track.point(1.0, side + 0.35), track.point(2.3, side), track.point(1.0, side - 0.35))
    layout = Layout(
        circuit=str(document.get("id", "")),
        name=str(document.get("name", "")),
        squares=squares,
        segments=tuple(drawn),
        grid=tuple(str(g) for g in document.get("grid") or []),
        finish=finish,
        pit_links=pit_links,
        arrow=arrow,
        bounds=(0.0, 0.0, 0.0, 0.0),
        gap=math.hypot(*track.miss),
    )
    return _lie_wide(layout)


def _pit(
    pit: Any, track: _Track, squares: dict[str, Square], along: Mapping[str, float]
) -> tuple[tuple[Point, Point], ...]:
    """Stands beside the track between the entry and exit squares, outside lane c."""
    if not isinstance(pit, Mapping) or pit.get("entry") not in squares or pit.get("exit") not in squares:
        return ()
    stands = int(pit.get("stands") or 0)
    if stands < 1:
        return ()
    entry_s, exit_s = along[pit["entry"]], along[pit["exit"]]
    room = (exit_s - entry_s) % track.length - 1.0  # between the entry's row and the exit's row
    size = min(max(room / stands, PIT_STAND_MIN), PIT_STAND_MAX)
    total = size * stands
    first = entry_s + 0.5 + (room - total) / 2 if total <= room else exit_s - 0.5 - total
    for n in range(1, stands + 1):
        s0 = first + (n - 1) * size
        squares[f"PIT-{n}"] = Square(
            id=f"PIT-{n}",
            segment="PIT",
            lane="pit",
            index=n,
            corner=False,
            polygon=_band(
                track, s0, s0 + size, PIT_OFFSET - PIT_HALF_WIDTH, PIT_OFFSET + PIT_HALF_WIDTH, False
            ),
            centre=_centre(track, s0, s0 + size, PIT_OFFSET),
        )
    return (
        (squares[pit["entry"]].centre, squares["PIT-1"].centre),
        (squares[f"PIT-{stands}"].centre, squares[pit["exit"]].centre),
    )


def _rotate(p: Point, cos: float, sin: float) -> Point:
    return (p[0] * cos - p[1] * sin, p[0] * sin + p[1] * cos)


def bounds_of(points: Iterable[Point]) -> tuple[float, float, float, float]:
    xs, ys = zip(*points, strict=True)
    return (min(xs), min(ys), max(xs), max(ys))


def _lie_wide(layout: Layout) -> Layout:
    """Turn the drawing so it takes the least room lying wide (fits a page better than standing)."""
    # Square centres stand for the drawing: ten times fewer points than the polygons' corners.
    points = [sq.centre for sq in layout.squares.values()]
    best = None
    for degrees in range(0, 180, 3):
        r = math.radians(degrees)
        cos, sin = math.cos(r), math.sin(r)
        x0, y0, x1, y1 = bounds_of(_rotate(p, cos, sin) for p in points)
        w, h = x1 - x0, y1 - y0
        if w < h:
            w, h, degrees = h, w, degrees + 90
        # the least area, a hair in favour of the first (unturned) drawings to keep it stable
        score = w * h * (1 + degrees / 100000)
        if best is None or score < best[0] - 1e-9:
            best = (score, degrees % 360)
    degrees = best[1] if best else 0
    r = math.radians(degrees)
    cos, sin = math.cos(r), math.sin(r)

    def turn(p: Point) -> Point:
        return _rotate(p, cos, sin)

    squares = {
        key: Square(
            id=sq.id,
            segment=sq.segment,
            lane=sq.lane,
            index=sq.index,
            corner=sq.corner,
            polygon=tuple(turn(p) for p in sq.polygon),
            centre=turn(sq.centre),
        )
        for key, sq in layout.squares.items()
    }
    segments = tuple(
        SegmentDrawing(
            id=seg.id,
            corner=seg.corner,
            start=seg.start,
            length=seg.length,
            heading_in=seg.heading_in,
            heading_out=seg.heading_out,
            stops=seg.stops,
            label_at=turn(seg.label_at) if seg.label_at else None,
        )
        for seg in layout.segments
    )
    labels = [seg.label_at for seg in segments if seg.label_at]
    bounds = bounds_of([p for sq in squares.values() for p in sq.polygon] + labels)
    return Layout(
        circuit=layout.circuit,
        name=layout.name,
        squares=squares,
        segments=segments,
        grid=layout.grid,
        finish=(turn(layout.finish[0]), turn(layout.finish[1])) if layout.finish else None,
        pit_links=tuple((turn(a), turn(b)) for a, b in layout.pit_links),
        arrow=tuple(turn(p) for p in layout.arrow),
        bounds=bounds,
        gap=layout.gap,
        rotation=float(degrees),
    )


# -- SVG ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CarMark:
    """A car drawn on its square: a disc in its team's colour with its number."""

    car: str
    square: str
    colour: str
    title: str = ""
    state: str = "racing"  # racing, finished, out


def svg_point(p: Point) -> tuple[float, float]:
    """A layout point in SVG user units (y down), rounded."""
    return (round(p[0] * SCALE, 1), round(-p[1] * SCALE, 1))


def ink_for(colour: str) -> str:
    """Black or white, whichever reads better on this #rrggbb colour."""
    value = colour.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    try:
        r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    except ValueError:
        return "#ffffff"

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#16161d" if luminance > 0.35 else "#ffffff"


def _points(polygon: Iterable[Point]) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in map(svg_point, polygon))


def _attr(value: object) -> str:
    return escape(str(value), quote=True)


def circuit_svg(
    layout: Layout,
    *,
    title: str,
    cars: Sequence[CarMark] = (),
    pit_label: str = "PIT",
    element_id: str = "",
    names: Mapping[str, str] | None = None,
) -> str:
    """The circuit as an inline SVG element: squares, corners and their stops, line, grid, pit lane, cars.

    A traced board's picture lies under its squares and is the whole view; the line, the way of
    the race and the labels are printed on it. `names` (square id → how people name it) gives
    each square a `data-name` and a tooltip; the id stays in `data-sq`."""
    picture = layout.picture
    if picture is not None:
        left, top, width, height = 0.0, 0.0, round(picture.width, 1), round(picture.height, 1)
    else:
        x0, y0, x1, y1 = layout.bounds
        pad = 1.0
        left, top = svg_point((x0 - pad, y1 + pad))
        right, bottom = svg_point((x1 + pad, y0 - pad))
        width, height = round(right - left, 1), round(bottom - top, 1)
    grid_slot = {square: n for n, square in enumerate(layout.grid, start=1)}
    out = [
        f'<svg class="circuit-map{" has-picture" if picture else ""}" '
        f'viewBox="{left:g} {top:g} {width:g} {height:g}" '
        f'style="--map-aspect: {width / height:.3f}" role="img" '
        f'aria-labelledby="{_attr(element_id or "circuit")}-title"'
        + (f' id="{_attr(element_id)}"' if element_id else "")
        + ' xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{_attr(element_id or "circuit")}-title">{escape(title)}</title>',
    ]
    if picture is not None:
        out.append(
            f'<image class="board-picture" href="{_attr(picture.href)}" x="0" y="0" '
            f'width="{width:g}" height="{height:g}" preserveAspectRatio="none"/>'
        )
    out.append('<g class="track">')
    for link in layout.pit_links:
        (ax, ay), (bx, by) = map(svg_point, link)
        out.append(f'<line class="pit-link" x1="{ax:g}" y1="{ay:g}" x2="{bx:g}" y2="{by:g}"/>')
    for square in layout.squares.values():
        kind = "pit" if square.lane == "pit" else ("corner" if square.corner else "straight")
        css = f"sq sq-{kind}" + (" sq-grid" if square.id in grid_slot else "")
        points = f'data-sq="{_attr(square.id)}" points="{_points(square.polygon)}"'
        name = names.get(square.id) if names else None
        if name:
            out.append(
                f'<polygon class="{css}" {points} data-name="{_attr(name)}"><title>{escape(name)}</title></polygon>'
            )
        else:
            out.append(f'<polygon class="{css}" {points}/>')
    out.append("</g>")
    if layout.finish:
        (fx, fy), (gx, gy) = map(svg_point, layout.finish)
        out.append(
            f'<g class="finish"><line class="finish-base" x1="{fx:g}" y1="{fy:g}" x2="{gx:g}" y2="{gy:g}"/>'
            f'<line class="finish-check" x1="{fx:g}" y1="{fy:g}" x2="{gx:g}" y2="{gy:g}"/></g>'
        )
    if layout.arrow:
        out.append(f'<polygon class="direction" points="{_points(layout.arrow)}"/>')
    if picture is not None:
        grid_slot = {}  # the board prints its grid
    out.append('<g class="labels">')
    for square_id, slot in grid_slot.items():
        if square_id in layout.squares:
            cx, cy = svg_point(layout.squares[square_id].centre)
            out.append(f'<text class="grid-slot" x="{cx:g}" y="{cy:g}">{slot}</text>')
    for seg in layout.segments:
        if seg.label_at is None:
            continue
        cx, cy = svg_point(seg.label_at)
        stops = "●" * seg.stops
        out.append(
            f'<text class="corner-label" x="{cx:g}" y="{cy:g}">'
            f'<tspan class="corner-id" x="{cx:g}" dy="-0.1em">{escape(seg.id)}</tspan>'
            f'<tspan class="corner-stops" x="{cx:g}" dy="1.05em">{stops}</tspan></text>'
        )
    pit = [sq for sq in layout.squares.values() if sq.lane == "pit"]
    if pit and picture is None:
        middle = pit[len(pit) // 2]
        # Written outside the pit lane, further from the track.
        mx, my = middle.centre
        px, py = pit[0].centre
        qx, qy = pit[-1].centre
        nx, ny = qy - py, -(qx - px)
        norm = math.hypot(nx, ny) or 1.0
        cx, cy = svg_point((mx + nx / norm * 0.95, my + ny / norm * 0.95))
        out.append(f'<text class="pit-label" x="{cx:g}" y="{cy:g}">{escape(pit_label)}</text>')
    out.append("</g>")
    out.append('<g class="cars">')
    for car in cars:
        square = layout.squares.get(car.square)
        if square is None:
            continue
        cx, cy = svg_point(square.centre)
        out.append(
            f'<g class="car is-{_attr(car.state)}" data-car="{_attr(car.car)}" data-square="{_attr(car.square)}" '
            f'style="transform: translate({cx:g}px, {cy:g}px)">'
            + (f"<title>{escape(car.title)}</title>" if car.title else "")
            + f'<circle r="4.1" fill="{_attr(car.colour)}"/>'
            f'<text fill="{_attr(ink_for(car.colour))}">{escape(car.car)}</text></g>'
        )
    out.append("</g></svg>")
    return "".join(out)


def square_centres(layout: Layout) -> dict[str, tuple[float, float]]:
    """Each square's centre in SVG user units, for the replay script."""
    return {key: svg_point(square.centre) for key, square in layout.squares.items()}
