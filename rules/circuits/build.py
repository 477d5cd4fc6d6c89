"""The `Track` of a `formule-de/circuit@2` document that `problems()` found nothing wrong with.

Levels are exact fractions until the tables are made: a level written as a float is read as the
nearest fraction with a denominator of at most 64, so the thirds an `@1` corner produces come back
exactly from JSON. The tables are those `moves`, `replay_move` and the options read on the hot
path; for a compiled `@1` circuit they are what `@1` always built, successor order included.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import rules.circuits.fields as fields
from rules.circuits.model import LANES, Pit, Segment, SegmentKind, Track

LANE_INDEX = {"a": 0, "b": 1, "c": 2, "pit": -1}


def level_of(value: Any) -> Fraction:
    if isinstance(value, Fraction):
        return value
    return Fraction(value).limit_denominator(64)


def number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def build(
    doc: Mapping[str, Any],
    *,
    document: Mapping[str, Any] | None = None,
    compiled: Mapping[str, Any] | None = None,
) -> Track:
    """The track of a checked `@2` document; `document` is what the track keeps as given (the
    `@1` document a compiled one came from), `compiled` its `@2` form as JSON (`doc` itself
    unless its levels are fractions)."""
    intern = sys.intern
    raw_squares = doc["squares"]
    levels: dict[str, Fraction] = {}
    lane_of: dict[str, int] = {}
    for raw in raw_squares:
        sq = intern(raw["id"])
        levels[sq] = level_of(raw["level"])
        lane_of[sq] = LANE_INDEX[raw["lane"]]
    lap = max(lv for sq, lv in levels.items() if lane_of[sq] >= 0)
    lap_length = number(lap)

    succ: dict[str, list[str]] = {sq: [] for sq in levels}
    for a, b in doc["edges"]:
        succ[a].append(intern(b))
    pit = _pit(doc.get("pit"), raw_squares, succ)

    sections = _sections(doc, levels, lane_of, succ, lap)
    seg_of = {sq: seg for seg in sections for run in seg.lanes for sq in run}
    corner_of = {sq: (seg_of[sq] if sq in seg_of and seg_of[sq].is_corner else None) for sq in levels}

    flevels = {sq: float(v) for sq, v in levels.items()}
    beside = _beside(levels, lane_of, lap)
    risk = {
        sq: (frozenset() if lane_of[sq] < 0 else beside[sq] | {x for x in succ[sq] if lane_of[x] >= 0})
        for sq in levels
    }
    steps: dict[str, dict[str, tuple]] = {sq: {} for sq in levels}
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
    n = len(sections)
    between = tuple(
        tuple(any(sections[(a + k) % n].is_corner for k in range((b - a) % n + 1)) for b in range(n))
        for a in range(n)
    )
    circuit_id = doc["id"]
    return Track(
        id=circuit_id,
        name=doc.get("name", circuit_id),
        laps=doc.get("laps", 3),
        weather=fields.weather(doc["weather"]),
        segments=tuple(sections),
        squares=tuple(levels),
        grid=tuple(intern(sq) for sq in doc["grid"]),
        pit=pit,
        lap_length=lap_length,
        document=dict(doc if document is None else document),  # a copy, as `@1` always kept
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
        lane_ends=frozenset(sq for sq in seg_of if not any(lane_of[nxt] == lane_of[sq] for nxt in succ[sq])),
        compiled=doc if compiled is None else compiled,
    )


def _pit(raw: Mapping[str, Any] | None, raw_squares: list, succ: dict[str, list[str]]) -> Pit | None:
    """The lane chained `entry → lane[0] → … → lane[-1] → exit`, after the listed edges."""
    if raw is None:
        return None
    lane = tuple(sys.intern(sq) for sq in raw["lane"])
    marked = {sq["id"] for sq in raw_squares if sq.get("stand") is True}
    chain = [sys.intern(raw["entry"]), *lane, sys.intern(raw["exit"])]
    for a, b in zip(chain, chain[1:], strict=False):
        succ[a].append(b)
    stands = tuple(sq for sq in lane if sq in marked) or lane
    return Pit(chain[0], chain[-1], len(lane), lane, stands)


def _sections(
    doc: Mapping[str, Any],
    levels: dict[str, Fraction],
    lane_of: dict[str, int],
    succ: dict[str, list[str]],
    lap: Fraction,
) -> list[Segment]:
    """The track cut into sections, in race order: a corner's squares, a `section`'s squares, and
    the other straight squares joined by the arrows between them that do not cross the line."""
    groups: dict[tuple[str, str], list[str]] = {}
    loose: list[str] = []
    for raw in doc["squares"]:
        sq = sys.intern(raw["id"])
        if lane_of[sq] < 0:
            continue
        if raw.get("corner") is not None:
            groups.setdefault(("corner", raw["corner"]), []).append(sq)
        elif raw.get("section") is not None:
            groups.setdefault(("section", raw["section"]), []).append(sq)
        else:
            loose.append(sq)
    # straight squares without a section: one section per run joined by forward arrows
    parent = {sq: sq for sq in loose}

    def root(sq: str) -> str:
        while parent[sq] != sq:
            parent[sq] = parent[parent[sq]]
            sq = parent[sq]
        return sq

    for sq in loose:
        for nxt in succ[sq]:
            if nxt in parent and levels[nxt] > levels[sq]:
                parent[root(nxt)] = root(sq)
    runs: dict[str, list[str]] = {}
    for sq in loose:
        runs.setdefault(root(sq), []).append(sq)
    taken = {key[1] for key in groups} | {c["id"] for c in doc["corners"]}
    for number_, run in enumerate(sorted(runs.values(), key=lambda r: min(levels[s] for s in r)), 1):
        name = f"straight-{number_}"
        while name in taken:
            name += "'"
        groups[("section", name)] = run

    corners = {c["id"]: c for c in doc["corners"]}
    ordered = sorted(
        groups.items(),
        key=lambda kv: (min(levels[s] for s in kv[1]), max(levels[s] for s in kv[1]), kv[0][1]),
    )
    tops = [max(levels[s] for s in squares) for _, squares in ordered]
    out: list[Segment] = []
    for index, ((kind, sid), squares) in enumerate(ordered):
        per_lane = tuple(
            tuple(sorted((s for s in squares if lane_of[s] == lane), key=levels.__getitem__))
            for lane in range(3)
        )
        start = tops[index - 1] % lap
        info = corners.get(sid, {}) if kind == "corner" else {}
        out.append(
            Segment(
                sid,
                index,
                SegmentKind.CORNER if kind == "corner" else SegmentKind.STRAIGHT,
                tuple(len(run) for run in per_lane),  # type: ignore[arg-type]
                info.get("stops", 0),
                info.get("turn"),
                info.get("angle"),
                number(start),
                per_lane,
                number(tops[index] - start),
            )
        )
    return out


def _beside(levels: dict[str, Fraction], lane_of: dict[str, int], lap: Fraction) -> dict[str, frozenset[str]]:
    """Side by side: adjacent lanes, levels less than 0.5 apart (across the line too)."""
    half = Fraction(1, 2)
    by_lane: dict[int, list[tuple[Fraction, str]]] = {lane: [] for lane in range(len(LANES))}
    for sq, lv in levels.items():
        if lane_of[sq] >= 0:
            by_lane[lane_of[sq]].append((lv, sq))
    out: dict[str, set[str]] = {sq: set() for sq in levels}
    for lane in range(len(LANES) - 1):
        for la, a in by_lane[lane]:
            for lb, b in by_lane[lane + 1]:
                d = abs(la - lb)
                if min(d, lap - d) < half:
                    out[a].add(b)
                    out[b].add(a)
    return {sq: frozenset(v) for sq, v in out.items()}
