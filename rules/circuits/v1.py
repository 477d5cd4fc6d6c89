"""`formule-de/circuit@1` (segments) compiled into `formule-de/circuit@2` (squares and arrows).

The squares, their ids, lanes and levels and the edges out of each square, in order, are exactly
those `@1` describes (its "Graph" and "Levels"): a compiled circuit loads into the same track, table
for table, as `@1` always did. `@1`'s own checks stay here and keep their codes and field paths.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import rules.circuits.fields as fields
from rules.circuits.model import LANES, CircuitError
from rules.messages.reading import ReadCode

CIRCUIT_FORMAT_V1 = "formule-de/circuit@1"
CIRCUIT_FORMAT_V2 = "formule-de/circuit@2"
_SEGMENT_ID = re.compile(r"^[A-Za-z0-9_]+$")
_TOP_FIELDS = {"format", "id", "name", "laps", "weather", "segments", "grid", "pit"}


def compile_v1(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The `@2` document of an `@1` circuit, levels as JSON numbers (thirds as floats, which the
    `@2` reader takes back exactly). `CircuitError` names the `@1` field at fault."""
    out = compile_exact(doc)
    for square in out["squares"]:
        square["level"] = json_number(square["level"])
    return out


def json_number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def compile_exact(doc: Mapping[str, Any]) -> dict[str, Any]:
    """`compile_v1` with every level a `Fraction` (what `load` builds from: no float on the way)."""
    if not isinstance(doc, Mapping):
        raise CircuitError("circuit", ReadCode.EXPECTED_JSON_OBJECT, type=type(doc).__name__)
    unknown = set(doc) - _TOP_FIELDS
    if unknown:
        raise CircuitError(sorted(unknown)[0], ReadCode.UNKNOWN_FIELD)
    if doc.get("format") != CIRCUIT_FORMAT_V1:
        raise CircuitError(
            "format", ReadCode.EXPECTED_FORMAT, format=CIRCUIT_FORMAT_V1, got=repr(doc.get("format"))
        )
    circuit_id = fields.slug(doc.get("id"))
    name = fields.text(doc.get("name", circuit_id), "name")
    laps = fields.integer(doc.get("laps", 3), "laps", 1)
    fields.weather(doc.get("weather"))

    raw_segments = doc.get("segments")
    if not isinstance(raw_segments, list) or not raw_segments:
        raise CircuitError("segments", ReadCode.SEGMENTS_LOOP)
    segments: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_segments):
        seg = _segment(raw, i)
        if seg["id"] in seen:
            raise CircuitError(f"segments[{i}].id", ReadCode.SEGMENT_TWICE, id=seg["id"])
        seen.add(seg["id"])
        segments.append(seg)

    squares: list[dict[str, Any]] = []
    lanes_sq: list[list[list[str]]] = []  # per segment, per lane: squares in order
    levels: dict[str, Fraction] = {}
    start = 0
    for seg in segments:
        cells, length = seg["cells"], seg["cells"][1]
        per_lane: list[list[str]] = []
        for lane in range(3):
            k = cells[lane]
            run = []
            for i in range(1, k + 1):
                sq = f"{seg['id']}-{LANES[lane]}{i}"
                if seg["corner"]:
                    level = start + Fraction(i * length, k)
                    squares.append({"id": sq, "lane": LANES[lane], "level": level, "corner": seg["id"]})
                else:
                    level = Fraction(start + i)
                    squares.append({"id": sq, "lane": LANES[lane], "level": level, "section": seg["id"]})
                levels[sq] = level
                run.append(sq)
            per_lane.append(run)
        lanes_sq.append(per_lane)
        start += length
    lap_length = start

    edges: list[list[str]] = []
    n = len(segments)
    for s, seg in enumerate(segments):
        nxt = lanes_sq[(s + 1) % n]
        for lane in range(3):
            run = lanes_sq[s][lane]
            for i, sq in enumerate(run):
                if i + 1 < len(run):
                    if seg["corner"]:
                        edges.append([sq, run[i + 1]])
                        for other in (lane - 1, lane + 1):
                            if 0 <= other < 3:
                                for cand in lanes_sq[s][other]:
                                    if levels[cand] > levels[sq]:
                                        edges.append([sq, cand])
                                        break
                    else:
                        edges.extend(
                            [sq, lanes_sq[s][o][i + 1]] for o in (lane - 1, lane, lane + 1) if 0 <= o < 3
                        )
                else:
                    edges.extend([sq, nxt[o][0]] for o in (lane - 1, lane, lane + 1) if 0 <= o < 3)

    grid_raw = doc.get("grid")
    if not isinstance(grid_raw, list) or not grid_raw:
        raise CircuitError("grid", ReadCode.GRID_SQUARES)
    grid: list[str] = []
    for i, sq in enumerate(grid_raw):
        if not isinstance(sq, str) or sq not in levels:
            raise CircuitError(f"grid[{i}]", ReadCode.UNKNOWN_SQUARE, square=sq)
        if sq in grid:
            raise CircuitError(f"grid[{i}]", ReadCode.SQUARE_ALREADY_SLOT, square=sq, slot=grid.index(sq) + 1)
        grid.append(sq)

    out: dict[str, Any] = {
        "format": CIRCUIT_FORMAT_V2,
        "id": circuit_id,
        "name": name,
        "laps": laps,
        "weather": {kind: list(doc["weather"][kind]) for kind in fields.WEATHER_KINDS},
        "squares": squares,
        "edges": edges,
        "corners": [_corner(seg) for seg in segments if seg["corner"]],
        "grid": grid,
    }
    if doc.get("pit") is not None:
        out["pit"] = _pit(doc["pit"], levels, lap_length, squares)
    return out


def _corner(seg: dict[str, Any]) -> dict[str, Any]:
    corner = {"id": seg["id"], "name": seg["id"], "stops": seg["stops"]}
    corner.update((key, seg[key]) for key in ("turn", "angle") if seg.get(key) is not None)
    return corner


def _pit(
    raw: Any, levels: dict[str, Fraction], lap_length: int, squares: list[dict[str, Any]]
) -> dict[str, Any]:
    """`PIT-1`…`PIT-n`, every one a stand, levels spread evenly from the entry to the exit."""
    if not isinstance(raw, dict):
        raise CircuitError("pit", ReadCode.EXPECTED_OBJECT, got=repr(raw))
    unknown = set(raw) - {"entry", "exit", "stands"}
    if unknown:
        raise CircuitError(f"pit.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    entry, exit_ = raw.get("entry"), raw.get("exit")
    for key, sq in (("entry", entry), ("exit", exit_)):
        if not isinstance(sq, str) or sq not in levels:
            raise CircuitError(f"pit.{key}", ReadCode.UNKNOWN_SQUARE, square=sq)
    stands = fields.integer(raw.get("stands"), "pit.stands", 1)
    assert isinstance(entry, str) and isinstance(exit_, str)
    span = (levels[exit_] - levels[entry]) % lap_length or lap_length
    lane = []
    for k in range(1, stands + 1):
        level = levels[entry] + span * k / (stands + 1)
        if level > lap_length:
            level -= lap_length
        squares.append({"id": f"PIT-{k}", "lane": "pit", "level": level, "stand": True})
        lane.append(f"PIT-{k}")
    return {"entry": entry, "exit": exit_, "lane": lane}


def _segment(raw: Any, index: int) -> dict[str, Any]:
    where = f"segments[{index}]"
    if not isinstance(raw, dict):
        raise CircuitError(where, ReadCode.EXPECTED_OBJECT, got=repr(raw))
    unknown = set(raw) - {"id", "straight", "corner"}
    if unknown:
        raise CircuitError(f"{where}.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    seg_id = fields.text(raw.get("id"), f"{where}.id")
    if not _SEGMENT_ID.match(seg_id) or seg_id == "PIT":
        raise CircuitError(f"{where}.id", ReadCode.SEGMENT_ID, id=seg_id)
    if ("straight" in raw) == ("corner" in raw):
        raise CircuitError(where, ReadCode.STRAIGHT_OR_CORNER)
    if "straight" in raw:
        rows = fields.integer(raw["straight"], f"{where}.straight", 1)
        return {"id": seg_id, "corner": False, "cells": (rows, rows, rows)}
    corner = raw["corner"]
    cwhere = f"{where}.corner"
    if not isinstance(corner, dict):
        raise CircuitError(cwhere, ReadCode.EXPECTED_OBJECT, got=repr(corner))
    unknown = set(corner) - {"stops", "cells", "turn", "angle"}
    if unknown:
        raise CircuitError(f"{cwhere}.{sorted(unknown)[0]}", ReadCode.UNKNOWN_FIELD)
    if "stops" not in corner:
        raise CircuitError(f"{cwhere}.stops", ReadCode.CORNER_STOPS)
    stops = fields.integer(corner["stops"], f"{cwhere}.stops", 1, 3)
    cells = corner.get("cells")
    if not isinstance(cells, list) or len(cells) != 3:
        raise CircuitError(f"{cwhere}.cells", ReadCode.LANE_LENGTHS, got=repr(cells))
    lanes = tuple(fields.integer(c, f"{cwhere}.cells[{i}]", 1) for i, c in enumerate(cells))
    turn = corner.get("turn")
    if turn is not None and turn not in ("left", "right"):
        raise CircuitError(f"{cwhere}.turn", ReadCode.LEFT_OR_RIGHT, got=repr(turn))
    angle = corner.get("angle")
    if angle is not None and (not isinstance(angle, int | float) or isinstance(angle, bool)):
        raise CircuitError(f"{cwhere}.angle", ReadCode.DEGREES, got=repr(angle))
    return {"id": seg_id, "corner": True, "cells": lanes, "stops": stops, "turn": turn, "angle": angle}
