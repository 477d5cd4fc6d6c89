"""Where the squares of a GP Online track file lie on the board: the direction of the race at each,
the lanes (a, b, c from left to right in that direction) and the rows of the straights.

The file gives positions and arrows, no lanes. A square's direction is the sum of the unit vectors
of the arrows into and out of it (a lane change in and one out cancel each other sideways). Two
squares are *abreast* when, in the first one's direction, the second is less than 0.6 of a
square's length ahead or behind and one or two squares' widths to the side, running the same way.
A square's lane is how many lane positions are occupied to its left; a section narrower than three
lanes takes its letters from the lanes its straight arrows come from or lead to (a two-lane
section after a three-lane one where the right lane ends is a, b; with nothing to go by, a, b).
Blocked squares hold their place across the track, so the lanes beside them keep their letters.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from statistics import median

from rules.circuits.gpo_parse import Kind, Node
from rules.messages.reading import ReadCode
from rules.track import CircuitError

Vec = tuple[float, float]
ALONG = 0.6  # of a square's length: how far ahead or behind a square abreast may be
STRAIGHT_KINDS = frozenset({Kind.STRAIGHT, Kind.FINISH})
_COS_25 = math.cos(math.radians(25))


@dataclass(frozen=True, slots=True)
class Layout:
    length: float  # a square's length along the track, in image pixels (the median)
    width: float  # from lane to lane
    direction: dict[int, Vec]
    lane: dict[int, int]  # 0, 1, 2 for lanes a, b, c (track squares)
    rows: list[list[int]]  # the straight squares abreast of each other, row by row


def _unit(x: float, y: float) -> Vec:
    norm = math.hypot(x, y)
    return (x / norm, y / norm) if norm > 1e-9 else (0.0, 0.0)


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
    out, then again with only those within 25° of that (lane changes drop out, where a lane
    begins or ends they would lean it)."""
    arrows: dict[int, list[Vec]] = {n: [] for n in nodes}
    for a, b in edges:
        arrow = _unit(nodes[b].x - nodes[a].x, nodes[b].y - nodes[a].y)
        arrows[a].append(arrow)
        arrows[b].append(arrow)
    out: dict[int, Vec] = {}
    for n, vectors in arrows.items():
        first = _unit(sum(v[0] for v in vectors), sum(v[1] for v in vectors))
        close = [v for v in vectors if v[0] * first[0] + v[1] * first[1] > _COS_25]
        out[n] = _unit(sum(v[0] for v in close), sum(v[1] for v in close)) if close else (0.0, -1.0)
    return out


def angle(direction: Vec) -> float:
    """Degrees clockwise from "up" (y grows downwards on an image), as the format wants."""
    return round(math.degrees(math.atan2(direction[0], -direction[1])) % 360, 1) % 360


def frame(direction: Vec, dx: float, dy: float) -> Vec:
    """(ahead, to the left) of an offset, in the frame of a direction (y down)."""
    ux, uy = direction
    return dx * ux + dy * uy, dx * uy - dy * ux


def _sizes(nodes: Mapping[int, Node], direction: dict[int, Vec], succ: Mapping[int, list[int]]) -> Vec:
    """A square's length (the median of each square's shortest arrow forward) and the width of a
    lane (the median distance to the nearest square beside it)."""
    steps = [
        min(math.hypot(nodes[b].x - n.x, nodes[b].y - n.y) for b in ahead)
        for n in nodes.values()
        if (ahead := [b for b in succ.get(n.id, ()) if b in nodes])
    ]
    length = median(steps) if steps else 1.0
    sideways = []
    for s, near in _near(nodes, 3 * length).items():
        ds = direction[s]
        beside = [
            abs(left)
            for t in near
            for ahead, left in [frame(ds, t.x - nodes[s].x, t.y - nodes[s].y)]
            if abs(ahead) < ALONG * length and abs(left) > 0.2 * length
        ]
        if beside:
            sideways.append(min(beside))
    return length, (median(sideways) if sideways else length)


def _abreast(
    nodes: Mapping[int, Node], direction: dict[int, Vec], length: float, width: float
) -> dict[int, list[tuple[int, float]]]:
    """Each square's squares abreast, with how far to its left they are in lane widths (negative:
    to its right)."""
    found: dict[int, list[tuple[int, float]]] = {}
    for s, near in _near(nodes, 2.6 * width + ALONG * length).items():
        ds, here = direction[s], nodes[s]
        found[s] = []
        for t in near:
            ahead, left = frame(ds, t.x - here.x, t.y - here.y)
            dt = direction[t.id]
            same_way = ds[0] * dt[0] + ds[1] * dt[1] > 0.5
            if same_way and abs(ahead) < ALONG * length and 0.5 < abs(left) / width < 2.5:
                found[s].append((t.id, left / width))
    return found


def is_straight_on(a: Node, b: Node, direction: dict[int, Vec], width: float) -> bool:
    """Whether the arrow a → b keeps its lane: less than half a lane sideways, measured across the
    mean direction of its two ends (so an arrow along a curved lane counts)."""
    mean = _unit(direction[a.id][0] + direction[b.id][0], direction[a.id][1] + direction[b.id][1])
    return abs(frame(mean, b.x - a.x, b.y - a.y)[1]) < 0.5 * width


def _positions(abreast: list[tuple[int, float]]) -> tuple[int, int]:
    """How many lane positions are taken to the left and to the right of a square."""
    left = [off for _, off in abreast if off > 0]
    right = [-off for _, off in abreast if off < 0]
    return (2 if any(o >= 1.5 for o in left) else int(bool(left))), (
        2 if any(o >= 1.5 for o in right) else int(bool(right))
    )


def layout(
    nodes: Mapping[int, Node], edges: list[tuple[int, int]], track: Iterable[int], *, line: set[int]
) -> Layout:
    """Directions, lanes and rows. `nodes` are the squares that hold a place on the track (blocked
    ones included) and the pit lane; `edges` every arrow between them; `track` the squares that
    get a lane; `line` the finish line's squares (one row, whatever the geometry)."""
    succ: dict[int, list[int]] = defaultdict(list)
    for a, b in edges:
        succ[a].append(b)
    placed = {n: node for n, node in nodes.items() if node.kind is not Kind.PIT}
    # the track's own arrows give its squares' directions (the way into the pit lane would turn
    # the entry square), the pit lane's arrows its squares'
    direction = directions(nodes, [(a, b) for a, b in edges if a not in placed or b not in placed])
    direction.update(directions(placed, [(a, b) for a, b in edges if a in placed and b in placed]))
    length, width = _sizes(placed, direction, succ)
    abreast = _abreast(placed, direction, length, width)
    track = list(track)
    lane = _letters(nodes, edges, track, abreast, direction, width)
    return Layout(length, width, direction, lane, _rows(nodes, track, abreast, line))


def _letters(
    nodes: Mapping[int, Node],
    edges: list[tuple[int, int]],
    track: list[int],
    abreast: dict[int, list[tuple[int, float]]],
    direction: dict[int, Vec],
    width: float,
) -> dict[int, int]:
    rank: dict[int, tuple[int, int]] = {}
    for s in track:
        left, right = _positions(abreast[s])
        if left + right + 1 > 3:
            raise CircuitError(
                f"line {nodes[s].line}", ReadCode.GPO_TOO_MANY_LANES, node=s, count=left + right
            )
        rank[s] = (left, left + right + 1)  # (lanes to its left, lanes across)
    lane = {s: left for s, (left, across) in rank.items() if across == 3}
    narrow = _narrow_regions(rank, edges, abreast)
    straight_on = [
        (a, b)
        for a, b in edges
        if a in rank and b in rank and is_straight_on(nodes[a], nodes[b], direction, width)
    ]
    settled: set[int] = set()
    while len(settled) < len(narrow):
        progress = False
        for i, region in enumerate(narrow):
            if i in settled:
                continue
            votes = Counter(
                lane[t] - rank[s][0]
                for a, b in straight_on
                for s, t in ((a, b), (b, a))
                if s in region and t in lane and t not in region
            )
            spare = 3 - rank[next(iter(region))][1]  # how far a narrow section can shift right
            usable = [(count, -shift) for shift, count in votes.items() if 0 <= shift <= spare]
            if usable:
                shift = -max(usable)[1]
                lane.update({s: rank[s][0] + shift for s in region})
                settled.add(i)
                progress = True
        if not progress:  # nothing to go by: the leftmost letters
            i = next(i for i in range(len(narrow)) if i not in settled)
            lane.update({s: rank[s][0] for s in narrow[i]})
            settled.add(i)
    return lane


def _narrow_regions(
    rank: dict[int, tuple[int, int]],
    edges: list[tuple[int, int]],
    abreast: dict[int, list[tuple[int, float]]],
) -> list[set[int]]:
    """The track squares of fewer than three lanes, grouped: joined by an arrow or abreast, with as
    many lanes across."""
    narrow = {s for s, (_, across) in rank.items() if across < 3}
    links: dict[int, set[int]] = defaultdict(set)
    for a, b in [*edges, *((s, t) for s in narrow for t, _ in abreast[s])]:
        if a in narrow and b in narrow and rank[a][1] == rank[b][1]:
            links[a].add(b)
            links[b].add(a)
    regions: list[set[int]] = []
    seen: set[int] = set()
    for start in sorted(narrow):
        if start in seen:
            continue
        region, todo = {start}, [start]
        while todo:
            for other in links[todo.pop()] - region:
                region.add(other)
                todo.append(other)
        seen |= region
        regions.append(region)
    return regions


def _rows(
    nodes: Mapping[int, Node], track: list[int], abreast: dict[int, list[tuple[int, float]]], line: set[int]
) -> list[list[int]]:
    """The straight squares grouped into rows: abreast of each other, the finish line one row."""
    straight = [s for s in track if nodes[s].kind in STRAIGHT_KINDS]
    parent = {s: s for s in straight}

    def root(s: int) -> int:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    pairs = [(s, t) for s in straight for t, _ in abreast[s] if t in parent]
    pairs += [(s, t) for s, t in zip(sorted(line), sorted(line)[1:], strict=False)]
    for s, t in pairs:
        parent[root(s)] = root(t)
    rows: dict[int, list[int]] = defaultdict(list)
    for s in straight:
        rows[root(s)].append(s)
    return list(rows.values())
