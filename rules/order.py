"""Play order within a game turn (rules T4, T5), lapped cars (M6-2-5), the pit lane.

The car furthest along the track plays first (laps counted), then the higher
gear, then the one that got there first. Cars in the pit lane play after the
cars on the track that have passed the pit entry and before those that have
not (A "ordre de jeu aux stands", `pits.pit_progress`).

Lapped cars (M6-2-5): the turn starts with the leader and goes on in track
order around the loop, so a lapped car plays in its place on the track. A car
lapped during a game turn before it has played loses that move (it plays one
move fewer than the car lapping it); when a car that lost moves passes the
race leader again, it gets one back and plays it at the end of that turn.
"""

from __future__ import annotations

from rules.journal import Journal
from rules.messages import Code, Kind
from rules.pits import pit_progress
from rules.state import CarState, CarStatus, RaceState
from rules.track import Track

# Squares one move can cover at most (7th gear 50, options, slide, bonus), plus 3 per slipstream.
MAX_MOVE = 62


def progress(track: Track, car: CarState) -> float:
    """Distance covered since the grid, in levels: laps counted (the grid is behind the line)."""
    square = car.square
    if square is None:
        return -1.0
    if track.lane_map[square] < 0:
        return pit_progress(track, car)
    return car.crossings * track.lap_length + track.level_map[square]


def order_key(track: Track, car: CarState) -> tuple[float, int, int]:
    return (-progress(track, car), -car.gear, car.arrival)


def play_order(track: Track, state: RaceState, *, with_obstacles: bool = False) -> tuple[str, ...]:
    """Car ids in T4 order for the coming game turn: the cars still racing (and, if asked, the
    obstacles left by eliminated cars, whose slot decides when they are taken off)."""
    racing, out = CarStatus.RACING, CarStatus.OUT
    # order_key computed once per car; the index keeps the sort stable and never compares cars
    keyed = [
        (-progress(track, c), -c.gear, c.arrival, i, c)
        for i, c in enumerate(state.cars)
        if c.square is not None and (c.status is racing or (with_obstacles and c.status is out))
    ]
    return tuple(k[4].id for k in _sort(track, keyed))


def _sort(track: Track, keyed: list[tuple]) -> list[tuple]:
    """Sort (−progress, −gear, arrival, index, car) items into play order; a field spread over a
    lap or more goes round the loop from the leader (lapped cars in their place on the track)."""
    keyed.sort()
    lap = track.lap_length
    if len(keyed) > 1 and keyed[-1][0] - keyed[0][0] >= lap:
        lead = -keyed[0][0]
        keyed.sort(key=lambda k: ((lead + k[0]) % lap, k[1], k[2]))
    return keyed


def turn_start(track: Track, state: RaceState) -> tuple[tuple[str, ...], list[str], float | None]:
    """In one pass at the start of a game turn: `play_order(with_obstacles=True)`, the racing
    cars in that order, and `lapping_floor`."""
    racing, out = CarStatus.RACING, CarStatus.OUT
    lap, level = track.lap_length, track.track_level_map
    keyed = [
        (
            # `progress`, spelt out for the squares of the track (the pit lane has its own)
            -(c.crossings * lap + lv) if (lv := level.get(c.square)) is not None else -progress(track, c),
            -c.gear,
            c.arrival,
            i,
            c,
        )
        for i, c in enumerate(state.cars)
        if c.square is not None and ((status := c.status) is racing or status is out)
    ]
    keyed.sort()
    ahead = [k for k in keyed if k[4].status is racing]  # by progress, the leader first
    owed = any(k[4].ext.owed > 0 for k in ahead)
    floor = None
    if ahead:
        low, high = -ahead[-1][0], -ahead[0][0]
        if owed or high - low >= lap - MAX_MOVE - 3 * len(state.cars):
            floor = low + lap
    if len(keyed) > 1 and keyed[-1][0] - keyed[0][0] >= lap:
        _sort(track, keyed)  # a field spread over a lap or more: round the loop from the leader
        ahead = [k for k in keyed if k[4].status is racing]
    return tuple(k[4].id for k in keyed), [k[4].id for k in ahead], floor


def lapping_possible(track: Track, state: RaceState) -> bool:
    """Whether a car can be lapped (or get a lost move back) in this game turn: cheap, so that
    ordinary turns skip the bookkeeping."""
    return lapping_floor(track, state) is not None


def lapping_floor(track: Track, state: RaceState) -> float | None:
    """None when no car can be lapped (or get a lost move back) in this game turn; otherwise a
    lap more than the last racing car's progress: progress never drops, so only a move that
    ends there or beyond can lap a car."""
    low = high = None
    owed = False
    for c in state.cars:
        if c.status is not CarStatus.RACING or c.square is None:
            continue
        p = progress(track, c)
        low = p if low is None or p < low else low
        high = p if high is None or p > high else high
        owed = owed or c.ext.owed > 0
    if low is None or high is None:
        return None
    if owed or high - low >= track.lap_length - MAX_MOVE - 3 * len(state.cars):
        return low + track.lap_length
    return None


def after_move(
    track: Track, state: RaceState, mover: str, before: float, skip: set[str], out: Journal
) -> tuple[RaceState, list[str], bool]:
    """M6-2-5 after one move: the cars the mover lapped before they played (they lose this
    turn's move) and whether the mover, owing a move, passed the leader (it plays again)."""
    lap = track.lap_length
    m = state.car(mover)
    after = progress(track, m)
    lost: list[str] = []
    leader = None
    for c in state.cars:
        if c.id == mover or c.status is not CarStatus.RACING or c.square is None:
            continue
        p = progress(track, c)
        if leader is None or p > leader:
            leader = p
        if c.id in skip:
            continue
        # « le pilote qui le dépasse »: passed, not drawn level with (same level = alongside)
        if before <= p + lap < after:
            lost.append(c.id)
            state = state.with_car(c.with_(ext=c.ext.with_(owed=c.ext.owed + 1)))
            out.event(state.turn, c.id, Kind.LAPPED, Code.LAPPED_LOSES_MOVE, mover=mover)
    again = False
    if (
        m.ext.owed > 0
        and leader is not None
        and m.status is CarStatus.RACING
        and before + lap <= leader < after + lap
    ):
        again = True
        state = state.with_car(m.with_(ext=m.ext.with_(owed=m.ext.owed - 1)))
        out.event(state.turn, mover, Kind.UNLAPPED, Code.UNLAPPED_MOVE_BACK)
    return state, lost, again
