"""Slipstream (rule S1, R "aspiration").

A move with `slipstream: n` is the main move (roll, slide, bonus, option squares),
then n times 3 squares, then any braking. Before each slipstream the car must
stand on the square directly behind a racing car (same lane, one edge ahead),
both in 4th or higher, the follower in a gear at least as high (a car that has
finished in this game turn is still there and counts). The 3 squares
follow one of R's patterns: pull out one lane and come back in front of the
car passed, pull out one lane and go straight, pull out two lanes and go
straight. A slipstream that enters a corner costs 1 brake point (no square
lost). Braking comes last, so it can never be what put the car behind another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.journal import Journal
from rules.messages import Code
from rules.moves import walk
from rules.state import CarState, CarStatus, RaceState
from rules.track import Track

SQUARES = 3
MIN_GEAR = 4
# Lane offsets of the 3 squares relative to the lane behind the car passed, d = ±1 (R a, b, c).
PATTERNS = ((1, 0, 0), (1, 1, 0), (1, 1, 1), (1, 2, 2), (1, 1, 2))


@dataclass(frozen=True, slots=True)
class SlipCheck:
    brakes: int  # brake points owed for corners entered by slipstream
    main: int  # squares of the main move


def car_ahead(track: Track, square: str, occupied: Mapping[str, str]) -> str | None:
    """The car directly in front of `square`: one forward edge away, in the same lane."""
    lane = track.lane_map[square]
    for sq in track.successor_map[square]:
        if sq in occupied and track.lane_map[sq] == lane:
            return occupied[sq]
    return None


def main_length(
    track: Track, start: str, path: tuple[str, ...], base: int, slide: int, n: int
) -> tuple[int, list[int]]:
    """Squares of the main move and where each slipstream starts (path indices, in squares moved).

    The slide (W2) comes with the main move if that touches a corner, else after the first
    slipstream that does (M6-3 steps 6–8)."""
    pos = base
    done = slide <= 0
    if not done and 0 < pos <= len(path) and track.corner_between(start, path[pos - 1]):
        pos += slide
        done = True
    main = pos
    starts = []
    for _ in range(n):
        starts.append(pos)
        pos += SQUARES
        if not done and 0 < pos <= len(path) and track.corner_between(start, path[pos - 1]):
            pos += slide
            done = True
    return main, starts


def check(
    track: Track,
    state: RaceState,
    car: CarState,
    gear: int,
    start: str,
    path: tuple[str, ...],
    base: int,
    slide: int,
    n: int,
    occupied: Mapping[str, str],
    out: Journal,
) -> SlipCheck:
    turn = state.turn
    cid = car.id
    main, starts = main_length(track, start, path, base, slide, n)
    brakes = 0
    if gear < MIN_GEAR:
        out.violation(turn, cid, "S1", Code.S1_SLIPSTREAM_GEAR_ONLY_4TH, gear=gear)
    lanes = track.lane_map
    corner_of = track.corner_map
    for k, at in enumerate(starts):
        if at > len(path):
            out.violation(
                turn, cid, "S1", Code.S1_SLIPSTREAM_PATH_ENDS_AFTER, k=k + 1, n=n, length=len(path), at=at
            )
            break
        behind = path[at - 1] if at > 0 else start
        other = car_ahead(track, behind, occupied)
        if other is None:
            out.violation(turn, cid, "S1", Code.S1_SLIPSTREAM_NO_CAR_DIRECTLY, k=k + 1, behind=behind)
            continue
        ahead = state.car(other)
        # A4: a car that has just broken its engine still gives one; so does a car that crossed
        # the line in this turn, on the track until the turn ends (decisions D2)
        if not ahead.racing and ahead.status is not CarStatus.FINISHED:
            out.violation(turn, cid, "S1", Code.S1_SLIPSTREAM_BEHIND_CAR_WHICH, k=k + 1, other=other)
        elif gear >= MIN_GEAR and (ahead.gear < MIN_GEAR or gear < ahead.gear):
            out.violation(
                turn,
                cid,
                "S1",
                Code.S1_SLIPSTREAM_BEHIND_CAR_BOTH,
                k=k + 1,
                other=other,
                other_gear=ahead.gear,
                gear=gear,
            )
        squares = path[at : at + SQUARES]
        base_lane = lanes[behind]
        rel = [lanes[sq] - base_lane for sq in squares]
        if rel and rel[0] not in (1, -1):
            out.violation(turn, cid, "S1", Code.S1_SLIPSTREAM_MUST_PULL_OUT, k=k + 1, square=squares[0])
        elif rel:
            d = rel[0]
            if not any(tuple(r * d for r in rel) == p[: len(rel)] for p in PATTERNS):
                out.violation(
                    turn, cid, "S1", Code.S1_SLIPSTREAM_OVER_FOLLOWS_NONE, k=k + 1, squares=" ".join(squares)
                )
        here = corner_of[behind]
        if any(corner_of[sq] is not None and corner_of[sq] is not here for sq in squares):
            brakes += 1
    if brakes > car.wear.brakes:
        out.violation(
            turn, cid, "S1", Code.S1_ENTERS_CORNER_SLIPSTREAM_BRAKE, due=brakes, brakes=car.wear.brakes
        )
    return SlipCheck(brakes, main)


def main_problems(
    track: Track, start: str, path: tuple[str, ...], main: int, occupied, corner, stops, dangerous
):
    """T2 on the main move only: slipstream squares follow their own patterns (S1)."""
    if main <= 0:
        return (), False
    w = walk(track, start, path[:main], occupied, corner, stops, dangerous)
    return tuple(p for p in w.problems if p[0] == "T2"), w.zigzag
