"""A small known board, drawn on a picture: what the board editor must trace back.

`V1` is a race-worthy oval in `formule-de/circuit@1` (the engine's own builder gives its squares,
levels and arrows, so the expected board does not come from the code under test); the layout
below places each square on a 1100 × 700 picture: the bottom straight (split by the line into S3
and S1) goes right, the corner T1 (1 stop) turns left up the right side, S2 goes left along the
top, the hairpin T2 (2 stops) comes back down the left side. The pit lane runs below.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from rules.track import load_circuit

WIDTH, HEIGHT = 1100, 700
LANE = 30  # a lane's width in pixels
ROW = 40  # a bottom-straight row's length
CENTRES = {"T1": (850.0, 370.0), "T2": (250.0, 370.0)}
RADII = {"a": 165.0, "b": 195.0, "c": 225.0}  # lane a is inside: both corners turn left
CORNER_NAMES = {"T1": ("Virage Est", 1), "T2": ("Épingle", 2)}
WEATHER = {"rain": [1, 4], "variable": [5, 8], "sun": [9, 20]}

V1: dict[str, Any] = {
    "format": "formule-de/circuit@1",
    "id": "essai",
    "name": "Essai",
    "laps": 3,
    "weather": WEATHER,
    "segments": [
        {"id": "S1", "straight": 4},
        {"id": "T1", "corner": {"stops": 1, "cells": [2, 3, 4], "turn": "left", "angle": 180}},
        {"id": "S2", "straight": 8},
        {"id": "T2", "corner": {"stops": 2, "cells": [2, 3, 4], "turn": "left", "angle": 180}},
        {"id": "S3", "straight": 11},
    ],
    "grid": ["S3-b11", "S3-a10", "S3-b9", "S3-a8", "S3-b7", "S3-a6", "S3-b5", "S3-a4", "S3-b3", "S3-a2"],
    "pit": {"entry": "S3-c10", "exit": "S1-c2", "stands": 10},
}

# Straights: their four corners (start left, start right, end right, end left) and rows.
STRAIGHTS = {
    "S1": ([(690, 520), (690, 610), (850, 610), (850, 520)], 4),
    "S2": ([(850, 220), (850, 130), (250, 130), (250, 220)], 8),
    "S3": ([(250, 520), (250, 610), (690, 610), (690, 520)], 11),
}
# The corners' arcs, degrees on screen (y down): T1 from the bottom round the right to the top.
ARCS = {"T1": (90.0, -90.0), "T2": (-90.0, -270.0)}
PIT_SQUARES = [(470 + 40 * k, 655) for k in range(10)]
LASSOS = {
    "T1": [(853, 100), (1095, 100), (1095, 640), (853, 640)],
    "T2": [(247, 100), (5, 100), (5, 640), (247, 640)],
}


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _arc(corner: str, lane: str, t: float) -> tuple[float, float]:
    (cx, cy), r = CENTRES[corner], RADII[lane]
    start, end = ARCS[corner]
    theta = math.radians(start + (end - start) * t)
    return cx + r * math.cos(theta), cy + r * math.sin(theta)


def lane_points(corner: str, lane: str, taps: int = 13) -> list[tuple[int, int]]:
    """The points a person taps along a corner lane (every 15°)."""
    return [tuple(round(v) for v in _arc(corner, lane, k / (taps - 1))) for k in range(taps)]  # type: ignore[misc]


def position(square: str) -> tuple[float, float]:
    """Where a square of `V1` is on the picture."""
    if square.startswith("PIT-"):
        return PIT_SQUARES[int(square[4:]) - 1]
    segment, rest = square.split("-")
    lane, index = rest[0], int(rest[1:])
    if segment in STRAIGHTS:
        (p1, p2, p3, p4), rows = STRAIGHTS[segment]
        u = ("abc".index(lane) + 0.5) / 3
        return _lerp(_lerp(p1, p2, u), _lerp(p4, p3, u), (index - 0.5) / rows)
    cells = dict(
        zip("abc", next(s["corner"]["cells"] for s in V1["segments"] if s["id"] == segment), strict=True)
    )
    return _arc(segment, lane, (index - 0.5) / cells[lane])


def expected() -> dict[str, Any]:
    """The known board, square by square: {position: (lane, level, corner name, stand)}, arrows
    as pairs of positions, the grid's positions and the pit lane's."""
    track = load_circuit(V1)
    squares = {}
    for square in track.squares:
        corner = track.corner_of(square)
        lane = "pit" if track.is_pit(square) else "abc"[track.lane(square)]
        squares[square] = {
            "at": position(square),
            "lane": lane,
            "level": track.level(square),
            "corner": CORNER_NAMES[corner.id][0] if corner else None,
            "stand": track.is_pit(square),
        }
    edges = [(a, b) for a in track.squares for b in track.successors(a)]
    return {"squares": squares, "edges": edges, "grid": list(track.grid), "pit": track.pit}


def trace() -> dict[str, Any]:
    """The trace a person makes of the picture, in race order from the line (what the editor saves)."""
    pieces: list[dict[str, Any]] = []
    for segment in V1["segments"]:
        sid = segment["id"]
        if sid in STRAIGHTS:
            corners, rows = STRAIGHTS[sid]
            pieces.append(
                {"kind": "straight", "corners": [list(p) for p in corners], "rows": rows, "lanes": "abc"}
            )
        else:
            for lane, count in zip("abc", segment["corner"]["cells"], strict=True):
                points = [list(p) for p in lane_points(sid, lane)]
                pieces.append({"kind": "lane", "group": sid, "lane": lane, "points": points, "count": count})
    return {
        "pieces": pieces,
        "corners": [
            {"name": CORNER_NAMES[c][0], "stops": CORNER_NAMES[c][1], "lasso": [list(p) for p in LASSOS[c]]}
            for c in ("T1", "T2")
        ],
        "pit": {
            "entry": V1["pit"]["entry"],
            "exit": V1["pit"]["exit"],
            "squares": [list(p) for p in PIT_SQUARES],
            "stands": list(range(len(PIT_SQUARES))),
        },
        "grid": list(V1["grid"]),  # the editor names its squares as V1 does: S1, T1, S2… in race order
        "laps": 3,
        "weather": {"rain": 4, "variable": 8},
    }


def render_png(path: Path) -> Path:
    """The picture of the board, as a person would scan it: grey squares outlined on green."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (WIDTH, HEIGHT), (70, 130, 70))
    draw = ImageDraw.Draw(image)
    for info in expected()["squares"].values():
        x, y = info["at"]
        fill = (200, 200, 200) if info["corner"] is None else (230, 190, 190)
        if info["lane"] == "pit":
            fill = (190, 190, 230)
        draw.ellipse((x - 11, y - 11, x + 11, y + 11), fill=fill, outline=(30, 30, 30))
    for corners, _rows in STRAIGHTS.values():
        draw.polygon(corners, outline=(255, 255, 255))
    draw.line((690, 515, 690, 615), fill=(0, 0, 0), width=3)  # the finish line
    image.save(path, format="PNG")
    return path
