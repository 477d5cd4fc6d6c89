"""Pit stops (rules S2, S3, option A3) and the pit lane.

The pit lane is one chain of squares `entry → PIT-1 → … → PIT-n → exit`; a
car's stand is one of them (`cars[].stand`). A car stopped in its stand is
beside the lane, not in it: other cars drive past it, but may not stop on it.
A move that reaches the car's own stand with a `pit` field stops there:

- `"stop": "tyres"` (S2): tyres regenerated (or changed, `pit.tyres`), then a
  `pit` d20 test: 1–10 the car leaves at once in 4th, moving ceil(roll/2)
  squares (the path goes on past the stand); 11–20 it stays in its stand and
  leaves next turn in 4th or lower. A team point (X3 `fast-stop`) turns a miss
  into a fast stop.
- `"stop": "long"` (S3): tyres too, and repairs (`pit.repair`) paid from the
  car's pit points (R: 2; A11: its keys); no d20; leaves next turn in ≤ 4th.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import rules.ledger as ledger
from rules.dice import TestKind
from rules.ledger import XpChange, XpKind, XpReason
from rules.messages import Code, Kind
from rules.moves import search
from rules.state import PARTS, CarState, RaceState, Wear
from rules.track import Track
from rules.weather import Tyres

if TYPE_CHECKING:
    from rules.log import Move

FAST_STOP = 10  # S2: a pit roll of 1–10 is a fast stop
STAND_GEAR = 4  # S2/S3: a car leaves its stand in 4th at most


def in_pit(track: Track, square: str | None) -> bool:
    return square is not None and track.lane_map.get(square, 0) < 0


def pit_progress(track: Track, car: CarState) -> float:
    """Play order in the pit zone (A "ordre de jeu aux stands", R): cars in the pit lane play
    after every car on the track that has passed the pit entry, before every car that has not;
    among themselves, the one further down the lane first."""
    pit = track.pit
    assert pit is not None and car.square is not None
    level = track.level_map
    entry = level[pit.entry]
    crossings = car.crossings - (1 if level[car.square] < entry else 0)
    k = pit.squares.index(car.square) + 1
    return crossings * track.lap_length + entry + 0.5 * k / (pit.stands + 1)


def lane_occupied(state: RaceState, occupied: Mapping[str, str], track: Track) -> dict[str, str]:
    """The squares that block a car in the pit lane: cars parked in their stands do not."""
    out = dict(occupied)
    for sq, car_id in occupied.items():
        if track.lane_map[sq] < 0 and state.car(car_id).ext.in_stand:
            del out[sq]
    return out


def chain_reach(track: Track, start: str, length: int, occupied, corner, stops) -> int:
    """How far a car in the pit lane (or on its entry) can go: down the lane, out of the exit,
    then on over the track."""
    pit = track.pit
    assert pit is not None
    chain = (pit.entry, *pit.squares, pit.exit)
    i = chain.index(start)
    moved = 0
    for sq in chain[i + 1 :]:
        if moved >= length or sq in occupied:
            return moved
        moved += 1
        if sq == pit.exit:
            break
    if moved < length and chain[-1] == pit.exit and moved == len(chain) - 1 - i:
        rest = search(track, pit.exit, length - moved, occupied, None, 0).reach
        return moved + rest
    return moved


def find_path(
    track: Track, start: str, length: int, target: str, occupied, corner, stops, dangerous, *, exact=True
) -> tuple[str, ...] | None:
    """A path of exactly `length` squares (at most, if not `exact`) from `start` to `target` that
    uses the pit lane (for `to` moves): over the track to the pit entry, down the lane, and on."""
    pit = track.pit
    if pit is None:
        return None
    chain = (pit.entry, *pit.squares, pit.exit)
    if start in chain:
        head: tuple[str, ...] = ()
        i = chain.index(start)
    else:
        head = None  # type: ignore[assignment]
        for k in range(1, length + 1):
            found = search(track, start, k, occupied, corner, stops, target=pit.entry, dangerous=dangerous)
            if found.path is not None:
                head = found.path
                break
            if found.reach < k:
                break
        if head is None:
            return None
        i = 0
    lane = chain[i + 1 :]
    if target in lane:
        path = head + lane[: lane.index(target) + 1]
        return path if len(path) == length or (not exact and len(path) <= length) else None
    path = head + lane
    left = length - len(path)
    if left <= 0:
        return None
    tail = search(track, pit.exit, left, occupied, None, 0, target=target, dangerous=dangerous).path
    return None if tail is None else path + tail


@dataclass(frozen=True, slots=True)
class StopCheck:
    """What a pit stop move did: where the stand is in the path, the roll, whether it was fast."""

    at: int  # index of the stand in the path
    roll: int | None
    fast: bool
    team_point: bool
    blocked: int = 0


def stop_path(game, state, car, move, total, occupied) -> tuple[str, ...] | None:
    """The path of a pit stop given by its stop alone (`to`): to the stand, and on out of it by
    the fast stop's squares."""
    track = game.track
    stand = game.entries[car.id].stand
    if stand is None or track.pit is None or stand not in track.pit.stand_squares:
        return None
    occ = lane_occupied(state, occupied, track)
    head = find_path(
        track, car.square, total, stand, occ, car.corner, car.stops, state.dangerous, exact=False
    )
    if head is None or move.to == stand:
        return head
    roll = next((t.roll for t in move.tests if t.kind is TestKind.PIT), None)
    if roll is None:
        return None
    tail = find_path(track, stand, -(-roll // 2), move.to, occ, None, 0, state.dangerous)
    return None if tail is None else head + tail


def check_stop(
    game, state: RaceState, car: CarState, move: Move, path, total: int, occupied, out, slip: int = 0
) -> StopCheck | None:
    """S2/S3/A3: a move with `pit`. Returns None when the move does not stop (violations added).
    `slip`: squares of slipstreams taken at the end of a fast exit (M6-3 step 13), not in `total`."""
    turn = state.turn
    track = game.track
    stand = game.entries[car.id].stand
    pit = move.pit
    assert pit is not None
    if track.pit is None or stand is None or stand not in track.pit.stand_squares:
        out.violation(turn, car.id, "S2", Code.S2_CAR_HAS_NO_STAND, car=car.id, track=track.id)
        return None
    if stand not in path:
        out.violation(turn, car.id, "S2", Code.S2_PATH_NOT_TO_STAND, stand=stand)
        return None
    at = path.index(stand)
    to_stand = at + 1
    if to_stand > total:
        out.violation(
            turn, car.id, "C7", Code.C7_MOVES_SQUARES_STAND_TOTAL, to_stand=to_stand, stand=stand, total=total
        )
    else:
        for at_stand in game.on_stand:  # A3: exactly on the stand
            at_stand(game, state, car, move, to_stand, total, out)
    kind = pit.get("stop")
    team_point = move.xp is not None and move.xp.team == "fast-stop"
    roll = None
    for t in move.tests:
        if t.kind is TestKind.PIT:
            roll = t.roll
            break
    after = len(path) - to_stand
    if kind == "long":
        if team_point:
            out.violation(turn, car.id, "X3", Code.X3_TEAM_POINT_TURNS_TYRE)
        if after:
            out.violation(turn, car.id, "S3", Code.S3_LONG_STOP_CAR_WAITS, stand=stand)
        return StopCheck(at, None, False, False)
    if roll is None:
        return StopCheck(at, None, False, team_point)  # the missing roll is reported with the tests
    fast = 1 <= roll <= FAST_STOP or (team_point and roll > FAST_STOP)
    if not fast:
        if after:
            out.violation(turn, car.id, "S2", Code.S2_PIT_ROLL_MISSED_STOP, roll=roll, stand=stand)
        return StopCheck(at, roll, False, team_point)
    squares = -(-roll // 2)
    after -= slip
    blocked = 0
    if after > squares:
        out.violation(
            turn, car.id, "S2", Code.S2_PIT_ROLL_LEAVES_STAND, roll=roll, squares=squares, after=after
        )
    elif after < squares:
        reach = chain_reach(track, stand, squares, lane_occupied(state, occupied, track), None, 0)
        if reach > after:
            out.violation(
                turn,
                car.id,
                "S2",
                Code.S2_PIT_ROLL_COULD_MOVE_MORE,
                roll=roll,
                after=after,
                squares=squares,
                reach=reach,
            )
        else:
            blocked = squares - after
    return StopCheck(at, roll, True, team_point, blocked)


def apply_stop(
    game, state: RaceState, car_id: str, move: Move, stop: StopCheck, crossings_at_stand: int, out
) -> RaceState:
    """Tyres, repairs and the way out after the car has reached its stand (S2, S3)."""
    turn = state.turn
    car = state.car(car_id)
    entry = game.entries[car_id]
    pit = move.pit
    assert pit is not None
    ext = car.ext
    build = entry.wear
    wear = car.wear
    tyres = car.tyres
    if pit.get("tyres") is not None:
        tyres = Tyres(pit["tyres"])
    tyre_points = build.tyres + (1 if ext.team_part == "tyres" else 0)
    fuel_changes: dict = {}
    for unplayed in game.off_stops:  # an option's work the season does not play (A12's fuel)
        unplayed(game, state, car, move, out)
    for work in game.on_stop:  # the options' work in a stop (A12: the tank)
        tyre_points, more = work(game, state, car, move, crossings_at_stand, tyre_points, out)
        fuel_changes.update(more)
    parts = dict(zip(PARTS, wear, strict=True))
    parts["tyres"] = tyre_points
    points = ext.pit_points
    repair = pit.get("repair") or {}
    if repair and pit.get("stop") != "long":
        out.violation(turn, car_id, "S3", Code.S3_REPAIRS_NEED_LONG_STOP)
    spent = repairs(game, car_id, ext, parts, repair, turn, out)
    # S2: the next lap on this set is lap 1 (the set starts with the next lap if the stand is
    # before the line).
    set_from = crossings_at_stand + (1 if line_ahead(game.track, car.square, entry.stand) else 0)
    in_stand = not stop.fast
    gear = car.gear if in_stand else STAND_GEAR
    long_stop = in_stand and pit.get("stop") == "long"
    ext = ext.with_(pit_points=max(0, points - spent), in_stand=in_stand, long_stop=long_stop, **fuel_changes)
    car = car.with_(wear=Wear(**parts), tyres=tyres, tyre_set_crossing=set_from, gear=gear, ext=ext)
    what = "long" if pit.get("stop") == "long" else ("fast" if stop.fast else "missed")
    out.event(
        turn,
        car_id,
        Kind.PIT,
        Code.PIT_STOP,
        stop=what,
        stand=entry.stand,
        tyres=tyres.value,
        points=parts["tyres"],
    )
    if stop.team_point and stop.roll is not None and stop.roll > FAST_STOP:
        cost = game.rules.xp_cost
        state = spend_team(state, game.entries[car_id].team, cost)
        state = ledger.record(state, XpChange(car_id, XpKind.TEAM, XpReason.FAST_STOP, -cost, turn))
    return state.with_car(car)


def repairs(game, car_id: str, ext, parts: dict[str, int], repair: Mapping[str, int], turn: int, out) -> int:
    """S3: repair `parts` (changed in place) from the pit points (A11: the keys), never above
    the build; returns the points spent."""
    build = game.entries[car_id].wear
    spent = 0
    for part, n in repair.items():
        if part == "tyres":
            out.violation(turn, car_id, "S3", Code.S3_TYRE_POINTS_ARE_REGENERATED)
            continue
        cap = getattr(build, part) + (1 if ext.team_part == part else 0)
        if parts[part] + n > cap:
            out.violation(
                turn,
                car_id,
                "S3",
                Code.S3_REPAIRS_POINT_ABOVE_BUILD,
                n=n,
                part=part,
                to=parts[part] + n,
                cap=cap,
            )
            n = max(0, cap - parts[part])
        parts[part] += n
        spent += n
    if spent > ext.pit_points:
        out.violation(
            turn,
            car_id,
            "S3",
            # an option's build (A11) gave the pit points: its keys
            Code.S3_REPAIRS_OVER_KEYS if game.on_build else Code.S3_REPAIRS_OVER_PIT_POINTS,
            spent=spent,
            pit_points=ext.pit_points,
        )
    return spent


def line_ahead(track: Track, square: str | None, stand: str | None) -> bool:
    """Whether the finish line lies between the stand and the pit exit."""
    pit = track.pit
    if pit is None or stand is None:
        return False
    lv = track.level_map
    chain = (*pit.squares[pit.squares.index(stand) :], pit.exit)
    return any(lv[b] < lv[a] for a, b in zip(chain, chain[1:], strict=False))


def spend_team(state: RaceState, team: str, cost: int) -> RaceState:
    return state.with_(team_xp=tuple((t, v - cost if t == team else v) for t, v in state.team_xp))


def team_balance(state: RaceState, team: str) -> int:
    for t, v in state.team_xp:
        if t == team:
            return v
    return 0


def wait(game, state: RaceState, move: Move, out) -> RaceState:
    """`wait: pit`: a car in the pit lane that cannot move (the car in front has not moved)."""
    turn = state.turn
    car = state.car(move.car)
    track = game.track
    if not in_pit(track, car.square):
        out.violation(turn, car.id, "S2", Code.S2_CAR_WAITS_PITS, car=car.id, square=car.square)
        return state.with_car(car, played=state.played | {car.id})
    occupied = lane_occupied(state, state.occupied(), track)
    occupied.pop(car.square, None)
    nxt = track.successor_map[car.square]
    if not car.ext.in_stand and nxt and nxt[0] not in occupied:
        out.violation(turn, car.id, "S2", Code.S2_CAR_WAITS_THOUGH_LANE, car=car.id, square=car.square)
    elif car.ext.in_stand and chain_reach(track, car.square, 1, occupied, None, 0) >= 1:
        out.violation(turn, car.id, "S2", Code.S2_CAR_STAYS_STAND_LEAVES, car=car.id)
    return state.with_car(car, played=state.played | {car.id}, clock=state.clock + 1)
