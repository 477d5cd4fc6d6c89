"""Classification, points and experience (rules F2–F4, X1)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.formats import CarEntry
from rules.order import progress
from rules.ruleset import RuleSet
from rules.state import CarStatus, RaceState
from rules.track import Track
from rules.verdict import Placing


def finishing_order(state: RaceState) -> list[str]:
    """F3: by game turn of crossing; then the one whose move took it further past the line;
    then play order (the finishing move's stamp)."""
    done = [c for c in state.cars if c.status is CarStatus.FINISHED]
    done.sort(key=lambda c: (c.finish_turn, -c.finish_margin, c.arrival))
    return [c.id for c in done]


def classify(track: Track, rules: RuleSet, state: RaceState) -> tuple[Placing, ...]:
    """Finishers first (with points), then cars still running (furthest first), then the
    eliminated, later elimination first."""
    placings: list[Placing] = []
    for car_id in finishing_order(state):
        car = state.car(car_id)
        pos = len(placings) + 1
        placings.append(Placing(pos, car_id, "finished", car.finish_turn, rules.points_for(pos)))
    running = [c for c in state.cars if c.status is CarStatus.RACING]
    running.sort(key=lambda c: -progress(track, c))
    for car in running:
        placings.append(Placing(len(placings) + 1, car.id, "running", None, 0))
    out = [c for c in state.cars if c.status is CarStatus.OUT]
    out.sort(key=lambda c: (-(c.out_turn or 0), -c.arrival))
    for car in out:
        cause = car.cause.value if car.cause else None
        placings.append(Placing(len(placings) + 1, car.id, "eliminated", car.out_turn, 0, cause))
    return tuple(placings)


def grid_xp(rules: RuleSet, entry: CarEntry) -> int:
    """X1 driver points for the grid slot (pole, 2nd), in tenths; they count at once."""
    if not rules.experience or entry.grid > len(rules.driver_grid_xp):
        return 0
    return rules.driver_grid_xp[entry.grid - 1]


def team_start_xp(rules: RuleSet, entries: Mapping[str, CarEntry]) -> dict[str, int]:
    """Team balances at the start: the first car's declared balance, plus a front-row lockout."""
    teams: dict[str, int] = {}
    for entry in entries.values():
        teams.setdefault(entry.team, entry.team_xp)
    if rules.experience:
        front = [e.team for e in entries.values() if e.grid in (1, 2)]
        if len(front) == 2 and front[0] == front[1]:
            teams[front[0]] += rules.team_front_row_xp
    return teams


def experience(
    rules: RuleSet, entries: Mapping[str, CarEntry], state: RaceState, placings: tuple[Placing, ...]
) -> dict[str, tuple[int, int]]:
    """Balances after the race, car -> (driver, team), in tenths of a point (X1)."""
    teams = dict(state.team_xp)
    drivers = {c.id: c.driver_xp for c in state.cars}
    if rules.experience:
        finishers = [p.car for p in placings if p.status == "finished"]
        for pos, car_id in enumerate(finishers[: len(rules.driver_finish_xp)]):
            drivers[car_id] += rules.driver_finish_xp[pos]
        for pos, car_id in enumerate(finishers[: len(rules.team_finish_xp)]):
            teams[entries[car_id].team] += rules.team_finish_xp[pos]
        if len(finishers) >= 2 and entries[finishers[0]].team == entries[finishers[1]].team:
            teams[entries[finishers[0]].team] += rules.team_one_two_xp
    return {car_id: (drivers[car_id], teams[entry.team]) for car_id, entry in entries.items()}
