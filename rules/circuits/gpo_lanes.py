"""The lanes (a, b, c from left to right in the direction of the race) and the rows of the
straights of a GP Online track file, which gives positions and arrows but no lanes.

A square's lane is how many lanes lie to its left, counted through its nearest squares one lane
over (gpo_geometry.py). A section narrower than three lanes takes its letters from the lanes its
straight-on arrows come from or lead to (after three lanes where the right lane ends: a, b; with
nothing to go by: a, b). Then each lane, a chain of straight-on arrows, takes the letter three in
four of its squares three lanes across have, so that a square misjudged in a tight bend follows
its lane.
Blocked squares hold their place across the track: the lanes beside them keep their letters.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.circuits.gpo_geometry import Over, Vec, connected, directions, lane_over, nearest, sideways, sizes
from rules.circuits.gpo_parse import Kind, Node
from rules.circuits.model import CircuitError
from rules.messages.reading import ReadCode

STRAIGHT_KINDS = frozenset({Kind.STRAIGHT, Kind.FINISH})


@dataclass(frozen=True, slots=True)
class Layout:
    length: float  # a square's length along the track, in image pixels
    width: float  # from lane to lane
    direction: dict[int, Vec]
    lane: dict[int, int]  # 0, 1, 2 for lanes a, b, c (track squares)
    rows: list[list[int]]  # the straight squares side by side, row by row


def layout(
    nodes: Mapping[int, Node], edges: list[tuple[int, int]], track: Iterable[int], *, line: set[int]
) -> Layout:
    """Directions, lanes and rows. `nodes`: the squares that hold a place on the track (blocked
    ones too) and the pit lane's; `edges`: the arrows between them; `track`: the squares that get
    a lane; `line`: the finish line's squares (one row, whatever the geometry)."""
    placed = {n: node for n, node in nodes.items() if node.kind is not Kind.PIT}
    inside = [(a, b) for a, b in edges if a in placed and b in placed]
    # the track's arrows give its squares' directions (the way into the pit lane would turn the
    # entry square), the pit lane's arrows its squares'
    direction = directions(nodes, [(a, b) for a, b in edges if a not in placed or b not in placed])
    direction.update(directions(placed, inside))
    length, width = sizes(placed, direction, inside)
    over = lane_over(placed, direction, length, width)
    track = list(track)
    rank = _ranks(nodes, track, over)
    on = set(track)
    straight_on = [
        (a, b)
        for a, b in inside
        if a in on and b in on and sideways(nodes[a], nodes[b], direction) < 0.5 * width
    ]
    lane = {s: left for s, (left, across) in rank.items() if across == 3}
    _shift_narrow(lane, rank, _narrow_regions(rank, inside, over), straight_on)
    for chain in _chains(nodes, straight_on, track, direction):
        votes = Counter(rank[s][0] for s in chain if rank[s][1] == 3)
        if votes and (best := votes.most_common(1)[0])[1] >= 0.75 * votes.total():
            lane.update(dict.fromkeys(chain, best[0]))  # not a chain two lanes got mixed into
    return Layout(length, width, direction, lane, _rows(nodes, track, over, line))


def _ranks(
    nodes: Mapping[int, Node], track: list[int], over: Mapping[int, list[Over]]
) -> dict[int, tuple[int, int]]:
    """Each track square's (lanes to its left, lanes across); four across is refused."""
    beside = nearest(over)

    def count(s: int, side: int) -> int:
        n = 0
        while (s, side) in beside and n < 3:
            s, n = beside[s, side], n + 1
        return n

    rank = {}
    for s in track:
        left, right = count(s, 1), count(s, -1)
        if left + right + 1 > 3:
            raise CircuitError(
                f"line {nodes[s].line}", ReadCode.GPO_TOO_MANY_LANES, node=s, count=left + right
            )
        rank[s] = (left, left + right + 1)
    return rank


def _narrow_regions(
    rank: Mapping[int, tuple[int, int]], edges: list[tuple[int, int]], over: Mapping[int, list[Over]]
) -> list[list[int]]:
    """The track squares with fewer than three lanes across, grouped: joined by an arrow or one
    lane over, with as many lanes across."""
    narrow = {s for s, (_, across) in rank.items() if across < 3}
    pairs = [*edges, *((s, o[0]) for s in narrow for o in over[s])]
    same = [(a, b) for a, b in pairs if a in narrow and b in narrow and rank[a][1] == rank[b][1]]
    return connected(sorted(narrow), same)


def _shift_narrow(
    lane: dict[int, int],
    rank: Mapping[int, tuple[int, int]],
    narrow: list[list[int]],
    straight_on: list[tuple[int, int]],
) -> None:
    """Letters for the narrow sections: shifted as most of the lanes their straight-on arrows join
    (the smaller shift on a tie), section after section; with none to go by, from a."""
    joined: dict[int, list[int]] = {}
    for a, b in straight_on:
        joined.setdefault(a, []).append(b)
        joined.setdefault(b, []).append(a)
    waiting = list(range(len(narrow)))
    while waiting:
        settled = False
        for i in list(waiting):
            region = set(narrow[i])
            votes = Counter(
                lane[t] - rank[s][0]
                for s in region
                for t in joined.get(s, ())
                if t in lane and t not in region
            )
            room = 3 - rank[narrow[i][0]][1]  # how far right a narrow section can lie
            usable = [(count, -shift) for shift, count in votes.items() if 0 <= shift <= room]
            if usable:
                shift = -max(usable)[1]
                lane.update({s: rank[s][0] + shift for s in region})
                waiting.remove(i)
                settled = True
        if not settled:  # nothing to go by
            lane.update({s: rank[s][0] for s in narrow[waiting.pop(0)]})


def _chains(
    nodes: Mapping[int, Node],
    straight_on: list[tuple[int, int]],
    track: list[int],
    direction: Mapping[int, Vec],
) -> list[list[int]]:
    """The lanes as chains of squares: each square joined to the successor it goes most straight
    on to, when it is that one's predecessor most straight on."""
    onward: dict[int, tuple[float, int]] = {}
    back: dict[int, tuple[float, int]] = {}
    for a, b in straight_on:
        side = sideways(nodes[a], nodes[b], direction)
        onward[a] = min(onward.get(a, (side, b)), (side, b))
        back[b] = min(back.get(b, (side, a)), (side, a))
    return connected(track, [(a, b) for a, (_, b) in onward.items() if back[b][1] == a])


def _rows(
    nodes: Mapping[int, Node], track: list[int], over: Mapping[int, list[Over]], line: set[int]
) -> list[list[int]]:
    """The straight squares grouped into rows: each the other's nearest square one lane over; the
    finish line's squares one row."""
    straight = {s for s in track if nodes[s].kind in STRAIGHT_KINDS}
    beside = nearest({s: [o for o in over[s] if o[0] in straight] for s in straight})
    pairs = [(s, t) for (s, side), t in beside.items() if beside.get((t, -side)) == s]
    ordered = sorted(line)
    return connected(sorted(straight), [*pairs, *zip(ordered, ordered[1:], strict=False)])
