"""Paths over the track graph (rules T1–T3, C2 lane lock): checking a given path, finding one for `to`.

`walk()` checks a path square by square in one pass and collects what the
corner, lap and damage rules need. `search()` explores every legal path of a
given length (layered BFS over small states) to find a path for a `to` move,
to measure how far a blocked car could have gone, or to tell whether a
zig-zag was needed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rules.track import LANES, Segment, Track

MAX_SHIFTS = 2  # T2: lanes shifted per move in a straight


@dataclass(frozen=True, slots=True)
class CornerExit:
    """Leaving `corner` with `stops` stops; `squares` moved beyond it in this move, from `index` on."""

    corner: Segment
    stops: int
    index: int
    squares: int
    lane: int

    @property
    def controlled(self) -> bool:
        return self.stops >= self.corner.stops


@dataclass(frozen=True, slots=True)
class Walk:
    """Everything one pass over a path learns. `fatal` set = the path leaves the graph."""

    fatal: tuple[str, str] | None
    problems: tuple[tuple[str, str], ...]
    crossings: int
    after_line: int  # squares moved after the last crossing of the finish line
    exits: tuple[CornerExit, ...]
    end_corner: str | None
    end_stops: int
    dangerous: tuple[str, ...]
    zigzag: bool
    shifts: int
    enters_pit: bool


def walk(
    track: Track,
    start: str,
    path: tuple[str, ...],
    occupied: Mapping[str, str],
    start_corner: str | None,
    start_stops: int,
    dangerous: Collection[str] = (),
) -> Walk:
    succ = track._succ
    lanes = track._lane
    corner_of = track._corner
    level = track._level
    problems: list[tuple[str, str]] = []
    exits: list[CornerExit] = []
    crossings = 0
    after_line = 0
    danger: list[str] = []
    lock = -1
    run = 0
    last_dir = 0
    zigzag = False
    shifts = 0
    too_many = False
    enters_pit = False
    entered: set[str] = set()
    n = len(path)
    prev = start
    cp = corner_of[start]
    for i in range(n):
        sq = path[i]
        nexts = succ.get(sq)
        if nexts is None:
            return _fatal("T1", f"{sq!r} is not a square of {track.id} (step {i + 1} of the path)")
        if sq not in succ[prev]:
            rule = "T3" if cp is not None and corner_of[sq] is cp else "T1"
            return _fatal(
                rule, f"{prev} → {sq} is not a move of one square forward (step {i + 1} of the path)"
            )
        if sq in occupied:
            problems.append(("T1", f"passes through car {occupied[sq]} on {sq}"))
        lp = lanes[prev]
        ls = lanes[sq]
        if ls < 0 or lp < 0:
            enters_pit = True
        cs = corner_of[sq]
        if level[sq] < level[prev]:
            crossings += 1
            after_line = n - i
        if cp is not None and cs is not cp:
            stops = start_stops if cp.id == start_corner and cp.id not in entered else 0
            exits.append(CornerExit(cp, stops, i, n - i, lp))
            if stops < cp.stops and lock < 0:
                lock = lp
        if cs is not None and cs is not cp:
            entered.add(cs.id)
        if lock >= 0 and ls != lock and lp >= 0 and ls >= 0:
            problems.append(
                ("C2", f"{prev} → {sq} changes lane after an uncontrolled exit (stay in lane {LANES[lock]})")
            )
            lock = ls
        if (cp is None or cs is None) and lp >= 0 and ls >= 0:
            d = ls - lp
            if d:
                shifts += 1
                run += 1
                if run > MAX_SHIFTS:
                    too_many = True
                if last_dir and d != last_dir:
                    zigzag = True
                last_dir = d
        if cs is not None:
            run = 0
            last_dir = 0
        if sq in dangerous:
            danger.append(sq)
        prev = sq
        cp = cs
    if too_many:
        problems.append(("T2", f"shifts more than {MAX_SHIFTS} lanes in a straight"))
    end = path[-1] if n else start
    end_corner: str | None = None
    end_stops = 0
    ec = corner_of[end]
    if ec is not None:
        end_corner = ec.id
        counts = lock < 0  # C2: a stop reached through an uncontrolled exit does not count
        if ec.id == start_corner and ec.id not in entered:
            end_stops = start_stops + (1 if counts else 0)
        else:
            end_stops = 1 if counts else 0
    return Walk(
        None,
        tuple(problems),
        crossings,
        after_line,
        tuple(exits),
        end_corner,
        end_stops,
        tuple(danger),
        zigzag,
        shifts,
        enters_pit,
    )


def _fatal(rule: str, message: str) -> Walk:
    return Walk((rule, message), (), 0, 0, (), None, 0, (), False, 0, False)


@dataclass(frozen=True, slots=True)
class Found:
    """The best path of the searched length to the target (None if none), and how far any path got."""

    path: tuple[str, ...] | None
    reach: int
    dangerous: int = 0
    zigzag: bool = False


def search(
    track: Track,
    start: str,
    length: int,
    occupied: Collection[str],
    start_corner: str | None,
    start_stops: int,
    *,
    target: str | None = None,
    dangerous: Collection[str] = (),
    zigzag: bool = True,
    lock_exits: bool = True,
) -> Found:
    """All legal paths of up to `length` squares from `start` (T1–T3, C2 lane lock, not through cars).

    Among the paths of exactly `length` squares ending on `target`, the best one has the fewest
    dangerous squares, then no zig-zag, then the fewest lane shifts. `zigzag=False` forbids
    zig-zags altogether. `reach` is the longest legal path found (at most `length`).
    """
    succ = track._succ
    lanes = track._lane
    corner_of = track._corner
    # key: (square, run, last_dir, lock, zig) -> (cost, path)
    layer: dict[tuple, tuple[tuple[int, int, int], tuple[str, ...]]] = {
        (start, 0, 0, -1, False): ((0, 0, 0), ())
    }
    reach = 0
    for depth in range(1, length + 1):
        nxt: dict[tuple, tuple[tuple[int, int, int], tuple[str, ...]]] = {}
        for (prev, run, last_dir, lock, zig), (cost, path) in layer.items():
            cp = corner_of[prev]
            lp = lanes[prev]
            for sq in succ[prev]:
                ls = lanes[sq]
                if ls < 0 or sq in occupied:
                    continue
                cs = corner_of[sq]
                nlock = lock
                if cp is not None and cs is not cp and nlock < 0 and lock_exits:
                    controlled = cp.id == start_corner and start_stops >= cp.stops
                    if not controlled:
                        nlock = lp
                if nlock >= 0 and ls != nlock:
                    continue
                nrun, ndir, nzig, shifts = run, last_dir, zig, cost[2]
                if cp is None or cs is None:
                    d = ls - lp
                    if d:
                        nrun += 1
                        if nrun > MAX_SHIFTS:
                            continue
                        if ndir and d != ndir:
                            if not zigzag:
                                continue
                            nzig = True
                        ndir = d
                        shifts += 1
                if cs is not None:
                    nrun, ndir = 0, 0
                ncost = (cost[0] + (sq in dangerous), int(nzig), shifts)
                key = (sq, nrun, ndir, nlock, nzig)
                old = nxt.get(key)
                if old is None or ncost < old[0]:
                    nxt[key] = (ncost, (*path, sq))
        if not nxt:
            break
        reach = depth
        layer = nxt
    if target is None or reach < length:
        return Found(None, reach)
    best = None
    for (sq, *_), (cost, path) in layer.items():
        if sq == target and (best is None or cost < best[0]):
            best = (cost, path)
    if best is None:
        return Found(None, reach)
    return Found(best[1], reach, best[0][0], bool(best[0][1]))


def touches_corner(track: Track, start: str, stop: str) -> bool:
    """Whether a move from `start` to `stop` starts in, enters or crosses a corner (W2 slide)."""
    return track.corner_between(start, stop)
