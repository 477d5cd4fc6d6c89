"""Where the board editor draws a draft: on its picture, or, for a board imported without one, on
a blank page around its squares; squares with no place (a compiled `@1` circuit) laid on the
site's ring (`circuits.board_layout`) for the editor only, never written into the document."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from circuits.board_layout import ring_layout
from circuits.drawing import svg_point
from circuits.models import BoardDraft

MARGIN = 40.0  # around the squares of a board without a picture
RING_PIXELS = 4.0  # the ring's 10 units a square, drawn 40 px apart: the editor's squares fit
BLANK = (800.0, 600.0)  # a board with nothing to draw yet


@dataclass(frozen=True)
class Canvas:
    x: float
    y: float
    width: float
    height: float
    # Places for squares the document gives none, by id, [x, y] in the canvas' units.
    positions: dict[str, list[float]] = field(default_factory=dict)

    @property
    def view_box(self) -> str:
        return f"{self.x:g} {self.y:g} {self.width:g} {self.height:g}"


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return None
    return float(value)


def _placed(squares: list[Any]) -> list[tuple[float, float]]:
    points = []
    for sq in squares:
        if isinstance(sq, Mapping):
            x, y = _number(sq.get("x")), _number(sq.get("y"))
            if x is not None and y is not None:
                points.append((x, y))
    return points


def _around(points: list[tuple[float, float]], positions: dict[str, list[float]]) -> Canvas:
    if not points:
        return Canvas(0, 0, BLANK[0], BLANK[1], positions)
    x0 = min(p[0] for p in points) - MARGIN
    y0 = min(p[1] for p in points) - MARGIN
    width = max(p[0] for p in points) + MARGIN - x0
    height = max(p[1] for p in points) + MARGIN - y0
    return Canvas(round(x0, 1), round(y0, 1), round(width, 1), round(height, 1), positions)


def editor_canvas(draft: BoardDraft) -> Canvas:
    if draft.image and draft.width and draft.height:
        return Canvas(0, 0, draft.width, draft.height)
    document = draft.document if isinstance(draft.document, Mapping) else {}
    squares = document.get("squares")
    squares = squares if isinstance(squares, list) else []
    points = _placed(squares)
    if points or not squares:
        return _around(points, {})
    try:
        layout = ring_layout(document)
    except (ValueError, TypeError, KeyError, AttributeError, ZeroDivisionError):  # too broken to lay out
        return _around([], {})
    positions = {}
    for square_id, square in layout.squares.items():
        x, y = svg_point(square.centre)
        positions[square_id] = [round(x * RING_PIXELS, 1), round(y * RING_PIXELS, 1)]
    return _around([(p[0], p[1]) for p in positions.values()], positions)
