"""The corners and levels of a GP Online track file.

Corners: the corner squares of one TYPE joined by arrows, each arrow raising the distance inside
the corner; an arrow onto a square of distance 0 begins a new corner. Levels: the finish line's
row is 1; every other straight row is one more than the highest level of the squares with an
arrow into it; a corner's entry level is one more than the highest level of the squares with an
arrow into it from outside, and each of its squares is that plus its distance. Worked out in race
order from the line, so every arrow rises except those onto the line.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.circuits.gpo_geometry import connected
from rules.circuits.gpo_parse import STOPS, Edge, Node
from rules.circuits.model import CircuitError
from rules.messages.reading import ReadCode


@dataclass(frozen=True, slots=True)
class Corner:
    squares: tuple[int, ...]
    stops: int
    entry: Fraction  # the level of its squares at distance 0


def _fail(line: int, code: ReadCode, **params: object) -> CircuitError:
    return CircuitError(f"line {line}", code, **params)


def corners(
    nodes: Mapping[int, Node], edges: list[Edge], distance: Mapping[int, Fraction]
) -> list[list[int]]:
    """The corners' squares, each corner once (in the order of their first square in the file)."""
    joined = []
    for e in edges:
        a, b = e.source, e.target
        if a not in distance or b not in distance or nodes[a].kind is not nodes[b].kind or distance[b] == 0:
            continue
        if distance[b] <= distance[a]:
            raise _fail(
                e.line,
                ReadCode.GPO_DISTANCE_NOT_RISING,
                source=a,
                target=b,
                before=_number(distance[a]),
                after=_number(distance[b]),
            )
        joined.append((a, b))
    return connected(distance, joined)


def _number(value: Fraction) -> int | float:
    return int(value) if value.denominator == 1 else float(value)


def levels(
    nodes: Mapping[int, Node],
    edges: list[Edge],
    rows: list[list[int]],
    corner_squares: list[list[int]],
    distance: Mapping[int, Fraction],
    line: set[int],
) -> tuple[dict[int, Fraction], list[Corner]]:
    """Every track square's level, and the corners in race order. `edges` join track squares."""
    units: list[list[int]] = [*rows, *corner_squares]
    unit_of = {s: i for i, unit in enumerate(units) for s in unit}
    is_corner = [False] * len(rows) + [True] * len(corner_squares)
    start = unit_of[next(iter(line))]
    into: dict[int, list[int]] = defaultdict(list)  # unit -> squares with an arrow into it
    after: dict[int, set[int]] = defaultdict(set)
    for e in edges:
        ua, ub = unit_of[e.source], unit_of[e.target]
        if ub == start and ua != start:
            continue  # across the line
        if ua == ub:
            if not is_corner[ua]:
                raise _fail(e.line, ReadCode.GPO_EDGE_IN_ROW, source=e.source, target=e.target)
            continue
        into[ub].append(e.source)
        after[ua].add(ub)
    _reached(units, after, start, nodes)
    order = _race_order(units, after, start, nodes)
    level: dict[int, Fraction] = {s: Fraction(1) for s in units[start]}
    found: list[Corner] = []
    for u in order[1:]:
        entry = 1 + max(level[p] for p in into[u])
        if is_corner[u]:
            level.update({s: entry + distance[s] for s in units[u]})
            found.append(Corner(tuple(units[u]), STOPS[nodes[units[u][0]].kind], entry))
        else:
            level.update({s: entry for s in units[u]})
    return level, found


def _reached(
    units: list[list[int]], after: dict[int, set[int]], start: int, nodes: Mapping[int, Node]
) -> None:
    seen, todo = {start}, [start]
    while todo:
        for nxt in after[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    lost = [s for i, unit in enumerate(units) if i not in seen for s in unit]
    if lost:
        first = min(lost, key=lambda s: nodes[s].line)
        raise _fail(nodes[first].line, ReadCode.GPO_UNREACHABLE, node=first)


def _race_order(
    units: list[list[int]], after: dict[int, set[int]], start: int, nodes: Mapping[int, Node]
) -> list[int]:
    """The units from the line on, each after every unit with an arrow into it (Kahn's order)."""
    waiting = [0] * len(units)
    for targets in after.values():
        for t in targets:
            waiting[t] += 1
    order, ready = [], [start]
    while ready:
        u = ready.pop()
        order.append(u)
        for t in sorted(after[u]):
            waiting[t] -= 1
            if waiting[t] == 0:
                ready.append(t)
    if len(order) < len(units):
        stuck = [s for i, unit in enumerate(units) if i not in set(order) for s in unit]
        first = min(stuck, key=lambda s: nodes[s].line)
        raise _fail(nodes[first].line, ReadCode.GPO_LOOP, node=first)
    return order
