"""A `formule-de/circuit@2` board's layout: its squares where they are on the board's picture, or
on a ring when the document gives no positions.

A traced board gives every square its centre (`x`, `y`, image pixels, y down) and either its
`outline` or its size and heading (`w` across, `h` along the race, `angle` clockwise from up).
The layout keeps `circuits.drawing`'s frame, one unit a square: pixels are divided by the board's
typical square size, so the SVG's strokes, labels and car discs fit a square on any picture, and
the picture is drawn under the squares at the same scale.

A board with no positions (a hand-written `@2`) is laid on a ring by level, lanes a to c from the
inside out, the pit lane outside: readable, never the real shape.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from circuits.drawing import (
    HALF_LANE,
    PIT_HALF_WIDTH,
    PIT_OFFSET,
    SCALE,
    Layout,
    Picture,
    Point,
    SegmentDrawing,
    Square,
    bounds_of,
)

RING_STEP = math.radians(6)  # a ring square's curved edges get a vertex at least this often


def is_v2(document: Mapping[str, Any]) -> bool:
    return "squares" in document and "segments" not in document


def has_positions(document: Mapping[str, Any]) -> bool:
    squares = document.get("squares") or []
    return bool(squares) and all("x" in sq and "y" in sq for sq in squares)


def _rank(squares: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    """Each square's rank in its lane and group (corner or straight), from 1, by level."""
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
    for sq in squares:
        groups.setdefault((str(sq.get("corner") or ""), str(sq["lane"])), []).append(sq)
    out: dict[str, int] = {}
    for group in groups.values():
        for n, sq in enumerate(sorted(group, key=lambda s: float(s["level"])), start=1):
            out[str(sq["id"])] = n
    return out


def _outline(sq: Mapping[str, Any], size: float) -> list[Point]:
    """The square's corners in pixels (y down): its outline, else its rectangle turned by angle."""
    if sq.get("outline"):
        return [(float(x), float(y)) for x, y in sq["outline"]]
    x, y = float(sq["x"]), float(sq["y"])
    w, h = float(sq.get("w") or size), float(sq.get("h") or size)
    a = math.radians(float(sq.get("angle") or 0))
    ahead = (math.sin(a) * h / 2, -math.cos(a) * h / 2)  # the way of the race, y down
    right = (math.cos(a) * w / 2, math.sin(a) * w / 2)
    return [
        (x + ahead[0] - right[0], y + ahead[1] - right[1]),
        (x + ahead[0] + right[0], y + ahead[1] + right[1]),
        (x - ahead[0] + right[0], y - ahead[1] + right[1]),
        (x - ahead[0] - right[0], y - ahead[1] - right[1]),
    ]


def _polygon_size(points: Sequence[Point]) -> float:
    pairs = zip(points, list(points[1:]) + list(points[:1]), strict=True)
    return math.sqrt(abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in pairs)) / 2)


def square_size(squares: Sequence[Mapping[str, Any]]) -> float:
    """The board's typical square size in pixels: the median of the sizes it gives, else of the
    distance from each square to its nearest neighbour."""
    sizes = [_polygon_size(_outline(sq, 1.0)) for sq in squares if sq.get("outline")]
    sizes += [math.sqrt(float(sq["w"]) * float(sq["h"])) for sq in squares if sq.get("w") and sq.get("h")]
    if not sizes:
        centres = [(float(sq["x"]), float(sq["y"])) for sq in squares]
        for i, (x, y) in enumerate(centres):
            near = min((math.hypot(x - u, y - v) for j, (u, v) in enumerate(centres) if j != i), default=0.0)
            if near > 0:
                sizes.append(near)
    size = statistics.median(sizes) if sizes else 1.0
    return size if size > 0 else 1.0


def traced_layout(
    document: Mapping[str, Any], *, href: str = "", width: float = 0, height: float = 0
) -> Layout:
    """The board as traced: each square's polygon from the document, the picture under them when
    `href` is given (`width` × `height` its pixels, else the document's `image` size)."""
    squares_doc: Sequence[Mapping[str, Any]] = document.get("squares") or []
    if not squares_doc:
        raise ValueError("squares: a board needs at least one square to be drawn")
    size = square_size(squares_doc)

    def unit(p: Point) -> Point:  # pixels (y down) → layout units (a square, y up)
        return (p[0] / size, -p[1] / size)

    ranks = _rank(squares_doc)
    squares: dict[str, Square] = {}
    for sq in squares_doc:
        corners = [unit(p) for p in _outline(sq, size)]
        centre = unit((float(sq["x"]), float(sq["y"])))  # the document's, even off an outline's middle
        square_id = str(sq["id"])
        squares[square_id] = Square(
            id=square_id,
            segment=str(sq.get("corner") or sq.get("section") or ""),
            lane=str(sq["lane"]),
            index=ranks[square_id],
            corner=bool(sq.get("corner")),
            polygon=tuple(corners),
            centre=centre,
        )
    image = document.get("image") or {}
    picture = None
    if href:
        pw = float(image.get("width") or width or 0)
        ph = float(image.get("height") or height or 0)
        if pw > 0 and ph > 0:
            picture = Picture(href=href, width=pw / size * SCALE, height=ph / size * SCALE)
    if picture is not None:
        bounds = (0.0, -picture.height / SCALE, picture.width / SCALE, 0.0)
    else:
        bounds = bounds_of([p for sq in squares.values() for p in sq.polygon])
    return Layout(
        circuit=str(document.get("id", "")),
        name=str(document.get("name", "")),
        squares=squares,
        segments=_corners(document, squares, labelled=picture is None),
        grid=tuple(str(g) for g in document.get("grid") or []),
        finish=None,  # printed on the board; a traced board without its picture goes without
        pit_links=(),
        arrow=(),
        bounds=bounds,
        gap=0.0,
        picture=picture,
    )


def _corners(
    document: Mapping[str, Any], squares: Mapping[str, Square], *, labelled: bool
) -> tuple[SegmentDrawing, ...]:
    """The corners, their names written at the middle of their squares unless the picture has them."""
    out = []
    for corner in document.get("corners") or []:
        mine = [sq.centre for sq in squares.values() if sq.segment == corner["id"] and sq.corner]
        label = None
        if labelled and mine:
            label = (sum(p[0] for p in mine) / len(mine), sum(p[1] for p in mine) / len(mine))
        out.append(
            SegmentDrawing(
                id=str(corner["id"]),
                corner=True,
                start=0.0,
                length=0.0,
                heading_in=0.0,
                heading_out=0.0,
                stops=int(corner.get("stops") or 0),
                label_at=label,
            )
        )
    return tuple(out)


# -- a board without positions ----------------------------------------------------------------
RING_OFFSET = {"a": -1.0, "b": 0.0, "c": 1.0}  # from the ring's middle: lane a inside


def ring_layout(document: Mapping[str, Any]) -> Layout:
    """The board laid on a ring by level, the race anticlockwise from the finish line at the east."""
    squares_doc: Sequence[Mapping[str, Any]] = document.get("squares") or []
    if not squares_doc:
        raise ValueError("squares: a board needs at least one square to be drawn")
    track = [sq for sq in squares_doc if sq.get("lane") != "pit"]
    lap = max((float(sq["level"]) for sq in track), default=1.0) or 1.0
    radius = max(lap / (2 * math.pi), 3.0)
    ranks = _rank(squares_doc)

    def point(level: float, offset: float) -> Point:
        a = 2 * math.pi * level / lap
        r = radius + offset
        return (r * math.cos(a), r * math.sin(a))

    def band(l0: float, l1: float, inner: float, outer: float) -> tuple[Point, ...]:
        steps = max(1, math.ceil(abs(l1 - l0) / lap * 2 * math.pi / RING_STEP))
        ls = [l0 + (l1 - l0) * k / steps for k in range(steps + 1)]
        return tuple([point(v, inner) for v in ls] + [point(v, outer) for v in reversed(ls)])

    squares: dict[str, Square] = {}
    for sq in squares_doc:
        lane = str(sq["lane"])
        level = float(sq["level"])
        if lane == "pit":
            offset, half = -PIT_OFFSET, PIT_HALF_WIDTH  # outside lane c
        else:
            offset, half = RING_OFFSET.get(lane, 0.0), HALF_LANE
        polygon = band(level - 1, level, offset - half, offset + half)
        square_id = str(sq["id"])
        squares[square_id] = Square(
            id=square_id,
            segment=str(sq.get("corner") or sq.get("section") or ("PIT" if lane == "pit" else "")),
            lane=lane,
            index=ranks[square_id],
            corner=bool(sq.get("corner")),
            polygon=polygon,
            centre=point(level - 0.5, offset),
        )
    return Layout(
        circuit=str(document.get("id", "")),
        name=str(document.get("name", "")),
        squares=squares,
        segments=_corners(document, squares, labelled=True),
        grid=tuple(str(g) for g in document.get("grid") or []),
        finish=(point(0, -1.5), point(0, 1.5)),
        pit_links=(),
        arrow=(point(1.0, -2.6), point(2.3, -2.25), point(1.0, -1.9)),
        bounds=bounds_of([p for sq in squares.values() for p in sq.polygon]),
        gap=0.0,
    )
