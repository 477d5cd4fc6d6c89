"""Step 4 of a move: the path. The one the log gives, or found from its stop (T1); walked square
by square (T1, T2, the corners' stops C2) with what the plan adds on the way — slipstreams (S1),
the pit lane (S2, S3, A3), `advanced.after_walk`; a zig-zag only where no other way is (T2); and
its length against the total (C7): a short move is a blocked one (C5) only if no legal path goes
further."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.advanced as advanced
from rules.extras import NO_EXTRAS
from rules.messages import Code
from rules.move.total import total_text
from rules.moves import Walk, search, walk

if TYPE_CHECKING:
    from rules.advanced import Plan
    from rules.game import Game
    from rules.journal import Journal
    from rules.log import Move
    from rules.state import CarState, RaceState

_NO_EXT = NO_EXTRAS
# No legal total comes near this (7th gear's 50, slide, bonus, options and slipstreams included):
# the path searches stop there (a roll off the die is a G1 violation anyway).
SEARCH_CAP = 128


def drive(
    game: Game,
    state: RaceState,
    car: CarState,
    move: Move,
    x: Plan | None,
    roll: int,
    in_corner: bool,
    forced: int,
    total: int,
    out: Journal,
) -> tuple[RaceState, Plan | None, tuple[str, ...], Walk, int, dict | None] | None:
    """The move from the car's square along its path, or to its stop (`to`), `total` squares asked. Returns None when it cannot
    be played (no path, or one off the track: fatal), else the state, the plan (made here for a
    path into the pit lane), the path, its walk, the squares blocked (C5) and, when the state's
    occupancy can be handed on to the next state, the other cars' squares."""
    start = car.square
    # the searches run one layer per square: a total no legal move reaches (a roll off every die,
    # a G1 violation already) must not size them, or a sheet could hang the replay
    reach_total = total if 0 <= total <= SEARCH_CAP else (0 if total < 0 else SEARCH_CAP)
    occ = state.__dict__.get("_occ")
    occupied = dict(occ) if occ is not None else state.occupied()  # state.occupied(), the call spared
    occupied.pop(start, None)
    # no car shares a square (the state keeps its occupancy): after the move, `occupied` plus the
    # car's stop is the new state's, no need to work it out again
    handoff = x is None and occ is not None
    path = move.path
    if path is None:
        stop = move.to
        path = route(game, state, car, move, x, stop, reach_total, occupied)
        if path is None:
            out.violation(
                state.turn,
                car.id,
                "T1",
                Code.T1_NO_LEGAL_PATH_SQUARES,
                fatal=True,
                total=total,
                start=start,
                stop=stop,
            )
            return None
    track = game.track
    w = walk(track, start, path, occupied, car.corner, car.stops, state.dangerous)
    if w.fatal is not None:
        out.violation(state.turn, car.id, w.fatal[0], Code.PATH_LEFT_TRACK, fatal=True, why=w.fatal[1])
        return None
    problems, zigzag = w.problems, w.zigzag
    if w.enters_pit or x is not None:
        if x is None:
            x, state = advanced.prepare(game, state, car, move, out)
        base = roll + min(forced, 0) + move.bonus + x.squares(in_corner) - 3 * x.slip
        problems, zigzag = advanced.after_walk(
            game, state, car, move, x, start, path, w, occupied, base, max(forced, 0), total, out
        )
    for rule, message in problems:
        out.broken(state.turn, car.id, rule, message)
    if zigzag:
        zig_zag(game, state, car, path, w, occupied, out)
    blocked = 0
    if len(path) != total and (x is None or x.stop is None):  # to the stand and out: pits.check_stop
        blocked = length(game, state, car, move, x, path, roll, forced, total, reach_total, occupied, out)
    return state, x, path, w, blocked, occupied if handoff else None


def route(
    game: Game,
    state: RaceState,
    car: CarState,
    move: Move,
    x: Plan | None,
    stop: str,
    reach_total: int,
    occupied: dict[str, str],
) -> tuple[str, ...] | None:
    """T1: the path of a move the log gives by its stop only (`to`): the pit lane's (S2, S3) for a
    plan that runs down it, else the engine's search; None when no legal path reaches the stop."""
    track = game.track
    start = car.square
    assert start is not None
    if x is not None and x.pit_route:
        if move.pit is not None:
            return advanced.pits.stop_path(game, state, car, move, reach_total, occupied)
        return advanced.pits.find_path(
            track,
            start,
            reach_total,
            stop,
            advanced.pits.lane_occupied(state, occupied, track),
            car.corner,
            car.stops,
            state.dangerous,
        )
    found = search(
        track, start, reach_total, occupied, car.corner, car.stops, target=stop, dangerous=state.dangerous
    )
    path = found.path
    if path is None and found.reach < reach_total:
        path = search(
            track, start, found.reach, occupied, car.corner, car.stops, target=stop, dangerous=state.dangerous
        ).path
    return path


def zig_zag(
    game: Game,
    state: RaceState,
    car: CarState,
    path: tuple[str, ...],
    w: Walk,
    occupied: dict[str, str],
    out: Journal,
) -> None:
    """T2: a path that zig-zags is refused when a way without one reaches its stop over no more
    dangerous squares."""
    alt = search(
        game.track,
        car.square,
        len(path),
        occupied,
        car.corner,
        car.stops,
        target=path[-1],
        dangerous=state.dangerous,
        zigzag=False,
        max_dangerous=len(w.dangerous),  # a path over more is no reason to refuse the zig-zag
    )
    if alt.path is not None and alt.dangerous <= len(w.dangerous):
        out.violation(
            state.turn, car.id, "T2", Code.T2_ZIG_ZAGS_WAY_THOUGH, stop=path[-1], path=" ".join(alt.path)
        )


def length(
    game: Game,
    state: RaceState,
    car: CarState,
    move: Move,
    x: Plan | None,
    path: tuple[str, ...],
    roll: int,
    forced: int,
    total: int,
    reach_total: int,
    occupied: dict[str, str],
    out: Journal,
) -> int:
    """C7: a path longer than the total is refused; a shorter one is allowed only when no legal
    path goes further (C5: the squares left over are blocked, returned), else it is refused (C7
    when the total was within reach, C5 otherwise)."""
    moved = len(path)
    if moved > total:
        out.violation(
            state.turn,
            car.id,
            "C7",
            Code.C7_MOVES_SQUARES_TOTAL,
            moved=moved,
            total=total,
            sum=total_text(roll, forced, move.bonus, move.brake),
        )
        return 0
    start = car.square
    reach = None
    if x is not None or car.ext is not _NO_EXT:
        # a car with advanced state, a plan or not, measures a short move that passes the pit
        # entry down the lane (advanced.reach), as when every such car had a plan
        reach = advanced.reach(game, state, car, start, reach_total, occupied, path)
    if reach is None:
        reach = search(game.track, start, reach_total, occupied, car.corner, car.stops).reach
    if reach > moved:
        out.violation(
            state.turn,
            car.id,
            "C7" if reach >= total else "C5",
            Code.PATH_STOPS_SHORT,
            moved=moved,
            total=total,
            sum=total_text(roll, forced, move.bonus, move.brake),
            reach=reach,
        )
        return 0
    return total - moved
