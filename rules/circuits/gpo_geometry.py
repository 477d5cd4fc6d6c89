"""The geometry a GP Online track file gives: squares' positions on the board image (y down) and
the arrows between them. From them: the direction of the race at each square, a square's length
and a lane's width on this image, and which squares lie one lane over from which (gpo_lanes.py
turns those into lanes and rows)."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable, Mapping
from statistics import median

from rules.circuits.gpo_parse import Node

Vec = tuple[float, float]
Over = tuple[int, float, float]  # a square one lane over: (its id, lanes to the left, squares ahead)
ALONG = 0.6  # of a square's length: how far ahead or behind a square one lane over may lie
_COS_25 = math.cos(math.radians(25))


def unit(x: float, y: float) -> Vec:
    norm = math.hypot(x, y)
    return (x / norm, y / norm) if norm > 1e-9 else (0.0, 0.0)


def frame(direction: Vec, dx: float, dy: float) -> Vec:
    """(ahead, to the left) of an offset, in the frame of a direction (y down)."""
    ux, uy = direction
    return dx * ux + dy * uy, dx * uy - dy * ux


def angle(direction: Vec) -> float:
    """Degrees clockwise from "up" (y grows downwards on an image), as the format wants."""
    return round(math.degrees(math.atan2(direction[0], -direction[1])) % 360, 1) % 360


def connected(items: Iterable[int], pairs: Iterable[tuple[int, int]]) -> list[list[int]]:
    """The groups the pairs join `items` into, in the order of their first item."""
    parent = {n: n for n in items}

    def root(n: int) -> int:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    for a, b in pairs:
        parent[root(a)] = root(b)
    groups: dict[int, list[int]] = defaultdict(list)
    for n in parent:
        groups[root(n)].append(n)
    return list(groups.values())


def _near(nodes: Mapping[int, Node], radius: float) -> dict[int, list[Node]]:
    """For each node, the others within `radius` (buckets of that size: linear, not quadratic)."""
    buckets: dict[tuple[int, int], list[Node]] = defaultdict(list)
    for n in nodes.values():
        buckets[(int(n.x // radius), int(n.y // radius))].append(n)
    found: dict[int, list[Node]] = {}
    for n in nodes.values():
        bx, by = int(n.x // radius), int(n.y // radius)
        found[n.id] = [
            m
            for dx in (-1, 0, 1)
            for dy in (-1, 0, 1)
            for m in buckets.get((bx + dx, by + dy), ())
            if m.id != n.id and math.hypot(m.x - n.x, m.y - n.y) <= radius
        ]
    return found


def directions(nodes: Mapping[int, Node], edges: Iterable[tuple[int, int]]) -> dict[int, Vec]:
    """The direction of the race at each node: the sum of the unit vectors of its arrows, in and
    out, then again with only those within 25° of that (the lane changes drop out: where a lane
    begins or ends they would lean it)."""
    arrows: dict[int, list[Vec]] = {n: [] for n in nodes}
    for a, b in edges:
        arrow = unit(nodes[b].x - nodes[a].x, nodes[b].y - nodes[a].y)
        arrows[a].append(arrow)
        arrows[b].append(arrow)
    out: dict[int, Vec] = {}
    for n, vectors in arrows.items():
        first = unit(sum(v[0] for v in vectors), sum(v[1] for v in vectors))
        close = [v for v in vectors if v[0] * first[0] + v[1] * first[1] > _COS_25]
        again = unit(sum(v[0] for v in close), sum(v[1] for v in close))
        out[n] = again if any(again) else first if any(first) else (0.0, -1.0)
    return out


def sizes(nodes: Mapping[int, Node], direction: Mapping[int, Vec], edges: Iterable[tuple[int, int]]) -> Vec:
    """A square's length (the median of each square's shortest arrow forward) and a lane's width
    (the median distance to the nearest square beside one), in image pixels."""
    shortest: dict[int, float] = {}
    for a, b in edges:
        if a in nodes and b in nodes:
            step = math.hypot(nodes[b].x - nodes[a].x, nodes[b].y - nodes[a].y)
            shortest[a] = min(shortest.get(a, step), step)
    length = median(shortest.values()) if shortest else 1.0
    sideways = []
    for s, near in _near(nodes, 3 * length).items():
        offsets = [frame(direction[s], t.x - nodes[s].x, t.y - nodes[s].y) for t in near]
        beside = [
            abs(left) for ahead, left in offsets if abs(ahead) < ALONG * length and abs(left) > 0.2 * length
        ]
        if beside:
            sideways.append(min(beside))
    return length, (median(sideways) if sideways else length)


def lane_over(
    nodes: Mapping[int, Node], direction: Mapping[int, Vec], length: float, width: float
) -> dict[int, list[Over]]:
    """Each square's squares one lane over: less than 0.6 of a square ahead or behind and 0.5 to
    1.7 widths to the side (along the inside of a bend the next lane lies a little further than a
    width), running the same way, each seeing the other so (where the track bends, a corner's
    first square sees the last straight row beside it, which does not see it)."""
    found: dict[int, list[Over]] = {}
    for s, near in _near(nodes, 1.7 * width + ALONG * length).items():
        ds, here = direction[s], nodes[s]
        found[s] = []
        for t in near:
            ahead, left = frame(ds, t.x - here.x, t.y - here.y)
            dt = direction[t.id]
            same_way = ds[0] * dt[0] + ds[1] * dt[1] > 0.5
            if same_way and abs(ahead) < ALONG * length and 0.5 < abs(left) / width < 1.7:
                found[s].append((t.id, left / width, abs(ahead) / length))
    return {s: [o for o in over if any(u[0] == s for u in found[o[0]])] for s, over in found.items()}


def nearest(over: Mapping[int, list[Over]]) -> dict[tuple[int, int], int]:
    """(square, side: 1 left, -1 right) -> the square one lane over on that side least far ahead
    or behind."""
    found: dict[tuple[int, int], int] = {}
    for s, beside in over.items():
        for side in (1, -1):
            those = [(ahead, t) for t, left, ahead in beside if left * side > 0]
            if those:
                found[s, side] = min(those)[1]
    return found


def sideways(a: Node, b: Node, direction: Mapping[int, Vec]) -> float:
    """How far the arrow a → b goes sideways, across the mean direction of its two ends (so an
    arrow along a curved lane goes nowhere sideways)."""
    mean = unit(direction[a.id][0] + direction[b.id][0], direction[a.id][1] + direction[b.id][1])
    return abs(frame(mean, b.x - a.x, b.y - a.y)[1])
