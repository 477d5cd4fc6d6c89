"""Paths over the track graph (rules T1–T3, C2 lane lock): checking a given path, finding one for `to`.

`walk()` checks a path square by square in one pass and collects what the
corner, lap and damage rules need. `search()` explores every legal path of a
given length (layered BFS over small states) to find a path for a `to` move,
to measure how far a blocked car could have gone, or to tell whether a
zig-zag was needed.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import NamedTuple

from rules.messages import Code, Message, msg
from rules.track import LANES, Segment, Track

MAX_SHIFTS = 2  # T2: lanes shifted per move in a straight


class CornerExit(NamedTuple):
    """Leaving `corner` with `stops` stops; `squares` moved beyond it in this move, from `index` on."""

    corner: Segment
    stops: int
    index: int
    squares: int
    lane: int

    @property
    def controlled(self) -> bool:
        return self.stops >= self.corner.stops


class Walk(NamedTuple):
    """Everything one pass over a path learns. `fatal` set = the path leaves the graph."""

    fatal: tuple[str, Message] | None
    problems: tuple[tuple[str, Message], ...]
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
    steps = track.step_map.get(start)
    if steps is None:
        return _fatal("T1", msg(Code.T1_NOT_SQUARE, start=start, track=track.id))
    locked: list[tuple[int, tuple[str, Message]]] | None = None  # C2 problems, by step
    exits: list[CornerExit] | None = None
    entered: list[str] | None = None  # corners entered on the way
    crossings = after_line = 0
    lock = -1
    run = last_dir = 0
    zigzag = too_many = enters_pit = False
    shifts = 0
    n = len(path)
    lp = track.lane_map[start]
    cp = track.corner_map[start]
    i = 0
    try:
        for i, sq in enumerate(path):
            ls, cs, back, steps, plain = steps[sq]
            if plain and (lock < 0 or ls == lock):
                lp = ls  # the common step: no exit, shift, line or lane lock to look at
                continue
            if ls < 0 or lp < 0:
                enters_pit = True
            if back:
                crossings += 1
                after_line = n - i
            if cs is not cp:
                if cp is not None:
                    stops = (
                        start_stops
                        if cp.id == start_corner and (entered is None or cp.id not in entered)
                        else 0
                    )
                    exits = exits or []
                    exits.append(_tuple_new(CornerExit, (cp, stops, i, n - i, lp)))
                    if stops < cp.stops and lock < 0:
                        lock = lp
                if cs is not None:
                    entered = entered or []
                    entered.append(cs.id)
            if lock >= 0 and ls != lock and lp >= 0 and ls >= 0:
                prev = path[i - 1] if i else start
                if prev not in track.lane_ends:  # where the lane ends, the lock follows the arrow
                    locked = locked or []
                    locked.append(
                        (
                            i,
                            (
                                "C2",
                                msg(
                                    Code.C2_CHANGES_LANE_AFTER_UNCONTROLLED,
                                    prev=prev,
                                    sq=sq,
                                    lane=LANES[lock],
                                ),
                            ),
                        )
                    )
                lock = ls
            if cs is None:
                if ls != lp and lp >= 0 and ls >= 0:
                    d = ls - lp
                    shifts += 1
                    run += 1
                    if run > MAX_SHIFTS:
                        too_many = True
                    if last_dir and d != last_dir:
                        zigzag = True
                    last_dir = d
            else:
                if cp is None and ls != lp and lp >= 0:
                    shifts += 1  # entering a corner diagonally (T2 counts it, then starts afresh)
                    run += 1
                    if run > MAX_SHIFTS:
                        too_many = True
                    if last_dir and ls - lp != last_dir:
                        zigzag = True
                run = last_dir = 0
            lp = ls
            cp = cs
    except KeyError:  # not a square, or not one step forward
        return _bad_step(track, path[i - 1] if i else start, path[i], i, cp)

    # cars passed through (T1) and lane-lock breaks (C2), in path order; then T2
    problems: list[tuple[str, Message]] = []
    if occupied and not occupied.keys().isdisjoint(path):
        hits = [
            (k, ("T1", msg(Code.T1_PASSES_THROUGH_CAR, other=occupied[sq], sq=sq)))
            for k, sq in enumerate(path)
            if sq in occupied
        ]
        if locked:
            hits += locked
            hits.sort(key=_first)  # stable: at one step, the car before the lane lock
        problems = [p for _, p in hits]
    elif locked:
        problems = [p for _, p in locked]
    if too_many:
        problems.append(("T2", msg(Code.T2_SHIFTS_MORE_THAN_LANES, most=MAX_SHIFTS)))
    danger: tuple[str, ...] = ()
    if dangerous and not (type(dangerous) in _SETS and dangerous.isdisjoint(path)):
        danger = tuple(sq for sq in path if sq in dangerous)
    end_corner: str | None = None
    end_stops = 0
    if cp is not None:
        end_corner = cp.id
        counts = lock < 0  # C2: a stop reached through an uncontrolled exit does not count
        if cp.id == start_corner and (entered is None or cp.id not in entered):
            end_stops = start_stops + (1 if counts else 0)
        else:
            end_stops = 1 if counts else 0
    return _tuple_new(  # Walk(...) without the Python-level __new__ of a NamedTuple
        Walk,
        (
            None,
            tuple(problems) if problems else (),
            crossings,
            after_line,
            tuple(exits) if exits else (),
            end_corner,
            end_stops,
            danger,
            zigzag,
            shifts,
            enters_pit,
        ),
    )


_SETS = (frozenset, set)
_tuple_new = tuple.__new__


def _first(item: tuple) -> int:
    return item[0]


def _bad_step(track: Track, prev: str, sq: str, i: int, cp: Segment | None) -> Walk:
    if sq not in track.successor_map:
        return _fatal("T1", msg(Code.T1_NOT_SQUARE_STEP_PATH, sq=sq, track=track.id, step=i + 1))
    rule = "T3" if cp is not None and track.corner_map[sq] is cp else "T1"
    return _fatal(rule, msg(Code.PATH_NOT_ONE_SQUARE_FORWARD, prev=prev, sq=sq, step=i + 1))


def _fatal(rule: str, message: Message) -> Walk:
    return Walk((rule, message), (), 0, 0, (), None, 0, (), False, 0, False)


class Found(NamedTuple):
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
    max_dangerous: int | None = None,
) -> Found:
    """All legal paths of up to `length` squares from `start` (T1–T3, C2 lane lock, not through cars).

    Among the paths of exactly `length` squares ending on `target`, the best one has the fewest
    dangerous squares, then no zig-zag, then the fewest lane shifts. `zigzag=False` forbids
    zig-zags altogether. `reach` is the longest legal path found (at most `length`).
    `max_dangerous` leaves out the paths over more dangerous squares than that (then `reach` only
    counts the others): faster, when only such a path would matter.
    """
    layers = _layers(
        track,
        start,
        length,
        occupied,
        start_corner,
        start_stops,
        dangerous,
        zigzag,
        lock_exits,
        max_dangerous,
    )
    if target is None:
        return Found(None, len(layers) - 1)
    return _best(layers, target, length)


def _best(layers: list[_Layer], target: str, length: int) -> Found:
    reach = len(layers) - 1
    if reach < length:
        return Found(None, reach)
    best = None
    for key, value in layers[-1].items():
        if key[0] == target and (best is None or value[0] < best[1][0]):
            best = (key, value)
    if best is None:
        return Found(None, reach)
    cost = best[1][0]
    return Found(_path(layers, best[0]), reach, cost // _DANGER, bool(cost & _ZIGZAG))


def reachable(
    track: Track,
    start: str,
    length: int,
    occupied: Collection[str],
    start_corner: str | None,
    start_stops: int,
    *,
    dangerous: Collection[str] = (),
) -> list[dict[str, tuple[tuple[int, int, int], tuple[str, ...]]]]:
    """Every square a legal path of 1, 2, … `length` squares reaches (the same paths as `search`),
    with the best path to it (fewest dangerous squares, then no zig-zag, then fewest lane shifts)
    and its cost (dangerous squares, zig-zag, shifts). Item `d` is depth `d`; item 0 is the start.
    The list stops at the longest legal path (`search`'s `reach`)."""
    layers = _layers(track, start, length, occupied, start_corner, start_stops, dangerous, True, True)
    out: list[dict[str, tuple[tuple[int, int, int], tuple[str, ...]]]] = [{start: ((0, 0, 0), ())}]
    for depth in range(1, len(layers)):
        best: dict[str, tuple] = {}
        for key, value in layers[depth].items():
            old = best.get(key[0])
            if old is None or value[0] < old[1][0]:
                best[key[0]] = (key, value)
        out.append(
            {sq: (_cost(value[0]), _path(layers[: depth + 1], key)) for sq, (key, value) in best.items()}
        )
    return out


def routes(
    track: Track,
    start: str,
    length: int,
    occupied: Collection[str],
    start_corner: str | None,
    start_stops: int,
    *,
    dangerous: Collection[str] = (),
    split: bool = False,
) -> list[dict[str, list[tuple[tuple[int, int, int], tuple[str, ...]]]]]:
    """Like `reachable`, but every way `search` tells apart to each square (one per search state:
    lane shifts run, last shift, lane lock, zig-zag; with `split`, dangerous squares crossed too),
    best first: item `d` maps a square `d` squares away to [(cost, path), ...]. The first of each
    list is `reachable`'s path."""
    layers = _layers(
        track, start, length, occupied, start_corner, start_stops, dangerous, True, True, split=split
    )
    out: list[dict[str, list[tuple[tuple[int, int, int], tuple[str, ...]]]]] = [{start: [((0, 0, 0), ())]}]
    for depth in range(1, len(layers)):
        found: dict[str, list[tuple[int, tuple]]] = {}
        for key, value in layers[depth].items():
            found.setdefault(key[0], []).append((value[0], key))
        head = layers[: depth + 1]
        out.append(
            {
                sq: [(_cost(c), _path(head, key)) for c, key in sorted(ways, key=_first)]
                for sq, ways in found.items()
            }
        )
    return out


# One layer of the search: (square, shifts run, last shift, lane lock, zig-zagged) -> (cost, parent
# key). A cost is one int that orders like (dangerous squares, zig-zag, lane shifts).
_Layer = dict[tuple, tuple[int, tuple | None]]
_ZIGZAG = 1 << 10  # more than any number of shifts
_DANGER = 1 << 11


def _cost(cost: int) -> tuple[int, int, int]:
    return cost // _DANGER, (cost & _ZIGZAG) // _ZIGZAG, cost % _ZIGZAG


def _layers(
    track: Track,
    start: str,
    length: int,
    occupied: Collection[str],
    start_corner: str | None,
    start_stops: int,
    dangerous: Collection[str],
    zigzag: bool,
    lock_exits: bool,
    max_dangerous: int | None = None,
    split: bool = False,
) -> list[_Layer]:
    """The layered search: item d holds every state d squares from the start, with its best cost
    and the state it came from. Stops at the first empty layer. `split`: the dangerous squares
    crossed are part of the state (a bit each above its zig-zag bit), so a way over one does not
    give way to a way round it or over another."""
    ahead = track.ahead_map
    lanes = track.lane_map
    corner_of = track.corner_map
    lane_ends = track.lane_ends
    layer: _Layer = {(start, 0, 0, -1, False): (0, None)}
    too_dangerous = (max_dangerous + 1) * _DANGER if max_dangerous is not None else None
    # split: one bit per dangerous square above the zig-zag bit, so ways over different ones differ
    crossed = {sq: 2 << i for i, sq in enumerate(sorted(dangerous))} if split else {}
    layers = [layer]
    for _ in range(length):
        nxt: _Layer = {}
        for key, (cost, _parent) in layer.items():
            prev, run, last_dir, lock, zig = key
            cp = corner_of[prev]
            lp = lanes[prev]
            exit_lock = lock
            if (
                cp is not None
                and lock < 0
                and lock_exits
                and not (cp.id == start_corner and start_stops >= cp.stops)
            ):
                exit_lock = lp  # C2: an uncontrolled exit locks the lane it leaves by
            for sq, ls, cs, plain in ahead[prev]:
                if sq in occupied:
                    continue
                ncost = cost
                if plain and (lock < 0 or ls == lock):
                    # same corner, or same lane along straights: no exit, no shift
                    nkey = (sq, run, last_dir, lock, zig)
                else:
                    nlock = exit_lock if cs is not cp else lock
                    if nlock >= 0 and ls != nlock:
                        if prev not in lane_ends:
                            continue
                        nlock = ls  # the lane ends: the lock follows the arrow (C2)
                    nrun = run
                    ndir = last_dir
                    nzig = zig
                    if (cp is None or cs is None) and ls != lp:
                        d = ls - lp
                        nrun += 1
                        if nrun > MAX_SHIFTS:
                            continue
                        if ndir and d != ndir:
                            if not zigzag:
                                continue
                            if not nzig & 1:
                                nzig = nzig | 1
                                ncost += _ZIGZAG
                        ndir = d
                        ncost += 1
                    if cs is not None:
                        nrun = ndir = 0
                    nkey = (sq, nrun, ndir, nlock, nzig)
                if dangerous and sq in dangerous:
                    ncost += _DANGER
                    if too_dangerous is not None and ncost >= too_dangerous:
                        continue
                    if split:
                        nkey = (*nkey[:4], nkey[4] | crossed[sq])
                old = nxt.get(nkey)
                if old is None or ncost < old[0]:
                    nxt[nkey] = (ncost, key)
        if not nxt:
            break
        layers.append(nxt)
        layer = nxt
    return layers


def _path(layers: list[_Layer], key: tuple) -> tuple[str, ...]:
    """The squares of the path that ends in state `key` of the last layer."""
    out = []
    for layer in reversed(layers[1:]):
        out.append(key[0])
        key = layer[key][1]
    out.reverse()
    return tuple(out)


def touches_corner(track: Track, start: str, stop: str) -> bool:
    """Whether a move from `start` to `stop` starts in, enters or crosses a corner (W2 slide)."""
    return track.corner_between(start, stop)
