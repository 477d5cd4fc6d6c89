"""Play order within a game turn (rules T4, T5).

The car furthest along the track plays first (laps counted), then the higher
gear, then the one that got there first. Hooks for the next issue: lapped cars
(M6-2-5: a lapped car does not play before the car lapping it) and the pit-lane
order (A "ordre de jeu aux stands") slot in as refinements of `play_order`.
"""

from __future__ import annotations

from rules.state import CarState, CarStatus, RaceState
from rules.track import Track


def progress(track: Track, car: CarState) -> float:
    """Distance covered since the grid, in levels: laps counted (the grid is behind the line)."""
    if car.square is None:
        return -1.0
    return car.crossings * track.lap_length + track.level(car.square)


def order_key(track: Track, car: CarState) -> tuple[float, int, int]:
    return (-progress(track, car), -car.gear, car.arrival)


def play_order(track: Track, state: RaceState, *, with_obstacles: bool = False) -> tuple[str, ...]:
    """Car ids in T4 order for the coming game turn: the cars still racing (and, if asked, the
    obstacles left by eliminated cars, whose slot decides when they are taken off)."""
    cars = [
        c
        for c in state.cars
        if c.square is not None
        and (c.status is CarStatus.RACING or (with_obstacles and c.status is CarStatus.OUT))
    ]
    cars.sort(key=lambda c: order_key(track, c))
    return tuple(c.id for c in cars)
