"""Every problem of a `formule-de/circuit@2` board at once (docs/circuit-format.md, "Validation").

The board editor shows them all, each on its square; `load` refuses a board on the first. Shapes
come first, in document order, then the board as a graph (ways forward, reached from the grid, the
line reachable, levels rising), which is only judged once every square could be read.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import rules.circuits.fields as fields
from rules.circuits.build import LANE_INDEX, level_of
from rules.circuits.model import CircuitError
from rules.messages.reading import ReadCode

CIRCUIT_FORMAT_V2 = "formule-de/circuit@2"
SQUARE_ID = re.compile(r"^[A-Za-z0-9_.-]+$")
TOP = {"format", "id", "name", "laps", "weather", "squares", "edges", "corners", "pit", "grid", "image"}
REQUIRED = ("format", "id", "weather", "squares", "edges", "corners", "grid")
SQUARE = {"id", "lane", "level", "corner", "section", "stand", "x", "y", "w", "h", "angle", "outline", "name"}
CORNER = {"id", "name", "stops", "turn", "angle"}
PIT = {"entry", "exit", "lane"}
IMAGE = {"src", "width", "height"}


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a board: `code` and `params` say what (rules/messages/reading.py),
    `where` the field path ("squares[12].level"), `square` the id of the square at fault (None
    when the problem is not on one square)."""

    code: ReadCode
    where: str
    square: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def error(self) -> CircuitError:
        return CircuitError(self.where, self.code, **self.params)

    def __str__(self) -> str:
        return str(self.error())


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


class _Checker:
    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, code: ReadCode, where: str, at: str | None = None, /, **params: Any) -> None:
        self.found.append(Problem(code, where, at, params))

    def field(self, read: Any, *args: Any) -> Any:
        """A `fields` reader's value, or None with its error kept as a problem."""
        try:
            return read(*args)
        except CircuitError as err:
            self.add(err.code, err.where, None, **err.params)
            return None

    def unknown(
        self, raw: Mapping[str, Any], allowed: set[str], where: str, square: str | None = None
    ) -> None:
        for key in sorted(set(raw) - allowed, key=str):
            self.add(ReadCode.UNKNOWN_FIELD, f"{where}.{key}" if where else str(key), square)


def problems_v2(doc: Any) -> list[Problem]:
    """The problems of an `@2` document, in the order above; empty when it loads."""
    check = _Checker()
    if not isinstance(doc, Mapping):
        check.add(ReadCode.EXPECTED_JSON_OBJECT, "circuit", type=type(doc).__name__)
        return check.found
    check.unknown(doc, TOP, "")
    if doc.get("format") != CIRCUIT_FORMAT_V2:
        check.add(ReadCode.EXPECTED_FORMAT, "format", format=CIRCUIT_FORMAT_V2, got=repr(doc.get("format")))
    for key in REQUIRED[1:]:
        if doc.get(key) is None:  # null is no value
            check.add(ReadCode.MISSING, key)
    if doc.get("id") is not None:
        check.field(fields.slug, doc["id"])
    if "name" in doc:
        check.field(fields.text, doc["name"], "name")
    if "laps" in doc:
        check.field(fields.integer, doc["laps"], "laps", 1)
    if doc.get("weather") is not None:
        check.field(fields.weather, doc["weather"])
    if "image" in doc:
        _image(check, doc["image"])
    squares = _squares(check, doc.get("squares"))
    readable = not any(p.where.startswith("squares") for p in check.found) and squares
    _corners(check, doc.get("corners"), squares, doc.get("squares"))
    edges = _edges(check, doc.get("edges"), squares)
    chain = _pit(check, doc.get("pit"), squares, doc.get("squares"))
    grid = _grid(check, doc.get("grid"), squares)
    if readable:
        _graph(check, squares, edges, chain, grid)
    return check.found


def _image(check: _Checker, raw: Any) -> None:
    if not isinstance(raw, dict):
        check.add(ReadCode.EXPECTED_OBJECT, "image", got=repr(raw))
        return
    check.unknown(raw, IMAGE, "image")
    check.field(fields.text, raw.get("src"), "image.src")
    for key in ("width", "height"):
        check.field(fields.integer, raw.get(key), f"image.{key}", 1)


def _squares(check: _Checker, raw: Any) -> dict[str, tuple[int, int | None, Fraction]]:
    """id -> (index, lane, level) of every square with a sound id (lane None when unreadable; the
    level is only read when every square could be)."""
    out: dict[str, tuple[int, int | None, Fraction]] = {}
    if raw is None:  # missing: said once, above
        return out
    if not isinstance(raw, list) or not raw:
        check.add(ReadCode.EXPECTED_LIST, "squares", items="a non-empty list of squares", got=_short(raw))
        return out
    for i, sq in enumerate(raw):
        where = f"squares[{i}]"
        if not isinstance(sq, dict):
            check.add(ReadCode.EXPECTED_OBJECT, where, got=_short(sq))
            continue
        sid = sq.get("id")
        if not isinstance(sid, str) or not sid:
            check.add(ReadCode.EXPECTED_STRING, f"{where}.id", got=_short(sid))
            sid = None
        elif not SQUARE_ID.match(sid):
            check.add(ReadCode.SQUARE_ID, f"{where}.id", sid, id=sid)
        elif sid in out:
            check.add(ReadCode.SQUARE_TWICE, f"{where}.id", sid, id=sid)
            sid = None
        check.unknown(sq, SQUARE, where, sid)
        lane = sq.get("lane")
        if not isinstance(lane, str) or lane not in LANE_INDEX:
            check.add(
                ReadCode.EXPECTED_ONE_OF, f"{where}.lane", sid, choices="a, b, c, pit", got=_short(lane)
            )
        level = sq.get("level")
        if not _is_number(level):
            check.add(ReadCode.EXPECTED_NUMBER, f"{where}.level", sid, got=_short(level))
        elif level <= 0:
            check.add(ReadCode.LEVEL_POSITIVE, f"{where}.level", sid, got=level)
        for key in ("corner", "section", "name"):
            if sq.get(key) is not None and (not isinstance(sq[key], str) or not sq[key]):
                check.add(ReadCode.EXPECTED_STRING, f"{where}.{key}", sid, got=_short(sq[key]))
        if sq.get("corner") is not None and sq.get("section") is not None:
            check.add(ReadCode.SECTION_IN_CORNER, f"{where}.section", sid)
        if lane == "pit" and sq.get("corner") is not None:
            check.add(ReadCode.PIT_IN_CORNER, f"{where}.corner", sid)
        if "stand" in sq and not isinstance(sq["stand"], bool):
            check.add(ReadCode.EXPECTED_BOOLEAN, f"{where}.stand", sid, got=_short(sq["stand"]))
        elif sq.get("stand") is True and lane != "pit":
            check.add(ReadCode.STAND_OFF_PIT, f"{where}.stand", sid)
        for key in ("x", "y", "w", "h", "angle"):
            if key in sq and not _is_number(sq[key]):
                check.add(ReadCode.EXPECTED_NUMBER, f"{where}.{key}", sid, got=_short(sq[key]))
        if "outline" in sq and not _outline(sq["outline"]):
            check.add(ReadCode.OUTLINE, f"{where}.outline", sid, got=_short(sq["outline"]))
        if sid is not None:  # known to the arrows and the grid even when its fields are wrong
            sound = _is_number(level) and level > 0
            lane_index = LANE_INDEX.get(lane) if isinstance(lane, str) else None
            out[sid] = (i, lane_index, level_of(level) if sound else Fraction(1))
    return out


def _outline(raw: Any) -> bool:
    return (
        isinstance(raw, list)
        and 3 <= len(raw) <= 8
        and all(isinstance(p, list) and len(p) == 2 and all(_is_number(v) for v in p) for p in raw)
    )


def _corners(check: _Checker, raw: Any, squares: dict, raw_squares: Any) -> set[str]:
    ids: set[str] = set()
    if not isinstance(raw, list):
        if raw is not None:
            check.add(ReadCode.EXPECTED_LIST, "corners", items="a list of corners", got=_short(raw))
        return ids
    for j, corner in enumerate(raw):
        where = f"corners[{j}]"
        if not isinstance(corner, dict):
            check.add(ReadCode.EXPECTED_OBJECT, where, got=_short(corner))
            continue
        check.unknown(corner, CORNER, where)
        cid = check.field(fields.text, corner.get("id"), f"{where}.id")
        if cid is not None and cid in ids:
            check.add(ReadCode.CORNER_TWICE, f"{where}.id", id=cid)
        elif cid is not None:
            ids.add(cid)
        if "name" in corner:
            check.field(fields.text, corner["name"], f"{where}.name")
        stops = corner.get("stops")
        if not isinstance(stops, int) or isinstance(stops, bool) or not 1 <= stops <= 3:
            check.add(ReadCode.CORNER_STOPS, f"{where}.stops")
        if corner.get("turn") is not None and corner["turn"] not in ("left", "right"):
            check.add(ReadCode.LEFT_OR_RIGHT, f"{where}.turn", got=_short(corner["turn"]))
        if corner.get("angle") is not None and not _is_number(corner["angle"]):
            check.add(ReadCode.DEGREES, f"{where}.angle", got=_short(corner["angle"]))
    used: set[str] = set()
    for i, sq in enumerate(raw_squares if isinstance(raw_squares, list) else []):
        if isinstance(sq, dict) and isinstance(sq.get("corner"), str) and sq["corner"]:
            used.add(sq["corner"])
            if sq["corner"] not in ids:
                sid = sq.get("id") if isinstance(sq.get("id"), str) else None
                check.add(ReadCode.UNKNOWN_CORNER, f"squares[{i}].corner", sid, corner=sq["corner"])
    for j, corner in enumerate(raw):
        if isinstance(corner, dict) and isinstance(corner.get("id"), str) and corner["id"] not in used:
            check.add(ReadCode.CORNER_WITHOUT_SQUARES, f"corners[{j}]", id=corner["id"])
    return ids


def _known(check: _Checker, value: Any, where: str, squares: dict, track: bool = False) -> str | None:
    """A square id the board holds (on the track when `track`), or None with the problem kept."""
    if not isinstance(value, str) or value not in squares:
        check.add(ReadCode.UNKNOWN_SQUARE, where, None, square=value)
        return None
    if track and squares[value][1] == -1:
        check.add(ReadCode.NOT_TRACK_SQUARE, where, value, square=value)
        return None
    return value


def _edges(check: _Checker, raw: Any, squares: dict) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    if not isinstance(raw, list):
        if raw is not None:
            check.add(ReadCode.EXPECTED_LIST, "edges", items="a list of arrows", got=_short(raw))
        return out
    seen: set[tuple[str, str]] = set()
    for k, edge in enumerate(raw):
        where = f"edges[{k}]"
        if not isinstance(edge, list) or len(edge) != 2:
            check.add(ReadCode.EDGE_PAIR, where, got=_short(edge))
            continue
        a = _known(check, edge[0], f"{where}[0]", squares)
        b = _known(check, edge[1], f"{where}[1]", squares)
        if a is None or b is None:
            continue
        la, lb = squares[a][1], squares[b][1]
        pit = a if la == -1 else b if lb == -1 else None
        if pit is not None:
            check.add(ReadCode.PIT_EDGE, where, a, square=pit)
        elif (
            la is not None and lb is not None and abs(la - lb) > 1
        ):  # a car changes lane one lane at a time (T2)
            check.add(ReadCode.LANE_SKIP, where, a, square=a, to=b)
        elif (a, b) in seen:
            check.add(ReadCode.EDGE_TWICE, where, a, square=a, to=b)
        else:
            seen.add((a, b))
            out.append((k, a, b))
    return out


def _pit(check: _Checker, raw: Any, squares: dict, raw_squares: Any) -> list[str]:
    """The pit lane's chain, entry to exit (empty without a readable pit lane)."""
    chain: list[str] = []
    in_lane: set[str] = set()
    if raw is not None:
        if not isinstance(raw, dict):
            check.add(ReadCode.EXPECTED_OBJECT, "pit", got=_short(raw))
            raw = None
        else:
            check.unknown(raw, PIT, "pit")
            entry = _known(check, raw.get("entry"), "pit.entry", squares, track=True)
            exit_ = _known(check, raw.get("exit"), "pit.exit", squares, track=True)
            lane = raw.get("lane")
            if not isinstance(lane, list) or not lane:
                check.add(ReadCode.PIT_LANE_EMPTY, "pit.lane")
                lane = []
            for k, sq in enumerate(lane):
                if _known(check, sq, f"pit.lane[{k}]", squares) is None:
                    continue
                if squares[sq][1] != -1:
                    check.add(ReadCode.NOT_PIT_SQUARE, f"pit.lane[{k}]", sq, square=sq)
                elif sq in in_lane:
                    check.add(ReadCode.SQUARE_TWICE, f"pit.lane[{k}]", sq, id=sq)
                in_lane.add(sq)
            if entry and exit_ and lane and len(in_lane) == len(lane):
                chain = [entry, *lane, exit_]
    for i, sq in enumerate(raw_squares if isinstance(raw_squares, list) else []):
        sid = sq.get("id") if isinstance(sq, dict) else None
        if isinstance(sid, str) and sq.get("lane") == "pit" and sid in squares and sid not in in_lane:
            check.add(ReadCode.PIT_SQUARE_OUTSIDE, f"squares[{i}].lane", sid, square=sid)
    return chain


def _grid(check: _Checker, raw: Any, squares: dict) -> list[str]:
    out: list[str] = []
    if not isinstance(raw, list) or not raw:
        if raw is not None:
            check.add(ReadCode.GRID_SQUARES, "grid")
        return out
    for i, sq in enumerate(raw):
        found = _known(check, sq, f"grid[{i}]", squares, track=True)
        if found is None:
            continue
        if found in out:
            check.add(
                ReadCode.SQUARE_ALREADY_SLOT, f"grid[{i}]", found, square=found, slot=out.index(found) + 1
            )
        else:
            out.append(found)
    return out


def _graph(
    check: _Checker,
    squares: dict[str, tuple[int, int, Fraction]],
    edges: list[tuple[int, str, str]],
    chain: list[str],
    grid: list[str],
) -> None:
    """Ways forward, reached from the grid, the line reachable, levels rising."""
    track = [sq for sq, (_, lane, _) in squares.items() if lane != -1]
    if not track:
        check.add(ReadCode.EXPECTED_LIST, "squares", items="a non-empty list of squares", got="[]")
        return
    level = {sq: info[2] for sq, info in squares.items()}
    lap = max(level[sq] for sq in track)
    for sq, (i, lane, lv) in squares.items():
        if lane == -1 and lv > lap:
            check.add(ReadCode.LEVEL_BEYOND_LAP, f"squares[{i}].level", sq, level=_num(lv), lap=_num(lap))
    succ: dict[str, list[str]] = {sq: [] for sq in squares}
    back: dict[str, list[str]] = {sq: [] for sq in squares}
    crossing: list[str] = []
    for k, a, b in edges:
        rise = level[b] - level[a]
        if rise < 0 and -rise > lap / 2:
            crossing.append(a)
        elif rise <= 0 or rise >= lap / 2:
            check.add(
                ReadCode.LEVEL_NOT_RISING,
                f"edges[{k}]",
                a,
                square=a,
                to=b,
                start=_num(level[a]),
                end=_num(level[b]),
            )
        succ[a].append(b)
        back[b].append(a)
    for a, b in zip(chain, chain[1:], strict=False):
        succ[a].append(b)
        back[b].append(a)
    if not crossing:
        check.add(ReadCode.NO_LINE, "edges")
    dead = set()
    for sq, (i, _, _) in squares.items():
        if not succ[sq]:
            dead.add(sq)
            check.add(ReadCode.NO_WAY_FORWARD, f"squares[{i}]", sq, square=sq)
    reached = _reach(grid, succ)
    for sq, (i, _, _) in squares.items():
        if grid and sq not in reached:
            check.add(ReadCode.UNREACHABLE, f"squares[{i}]", sq, square=sq)
    if crossing:
        to_line = _reach(crossing, back)
        for sq, (i, _, _) in squares.items():
            if sq not in to_line and sq not in dead:
                check.add(ReadCode.NO_WAY_TO_LINE, f"squares[{i}]", sq, square=sq)


def _reach(start: list[str], succ: dict[str, list[str]]) -> set[str]:
    seen = set(start)
    todo = list(start)
    while todo:
        for nxt in succ[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def _num(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else round(float(value), 3)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
