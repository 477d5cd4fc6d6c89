"""Classification, points and experience (rules F2–F4, X1; the grid points: A7's `grid` hook,
`rules/options/a07_experience.py`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rules.ledger import FINISH_REASONS, GRID_REASONS, XpChange, XpKind, XpReason
from rules.log import CarEntry
from rules.order import progress
from rules.ruleset import RuleSet
from rules.state import CarStatus, RaceState
from rules.track import Track
from rules.verdict import Placing, Standing


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
        placings.append(Placing(pos, car_id, Standing.FINISHED, car.finish_turn, rules.points_for(pos)))
    running = [c for c in state.cars if c.status is CarStatus.RACING]
    running.sort(key=lambda c: -progress(track, c))
    for car in running:
        placings.append(Placing(len(placings) + 1, car.id, Standing.RUNNING, None, 0))
    out = [c for c in state.cars if c.status is CarStatus.OUT]
    out.sort(key=lambda c: (-(c.out_turn or 0), -c.arrival))
    for car in out:
        placings.append(Placing(len(placings) + 1, car.id, Standing.ELIMINATED, car.out_turn, 0, car.cause))
    return tuple(placings)


def grid_changes(rules: RuleSet, grid: Mapping[str, int], teams: Mapping[str, str]) -> list[XpChange]:
    """X1 before the start (car -> grid slot, car -> team): pole and 2nd for their drivers, a
    front-row lockout for the team (the pole's car names it)."""
    if not rules.experience:
        return []
    by_slot = {slot: car for car, slot in grid.items()}
    out = [
        XpChange(by_slot[slot], XpKind.DRIVER, reason, tenths)
        for slot, (tenths, reason) in enumerate(
            zip(rules.driver_grid_xp, GRID_REASONS, strict=False), start=1
        )
        if slot in by_slot and tenths
    ]
    pole, second = by_slot.get(1), by_slot.get(2)
    if pole is not None and second is not None and teams[pole] == teams[second] and rules.team_front_row_xp:
        out.append(XpChange(pole, XpKind.TEAM, XpReason.FRONT_ROW, rules.team_front_row_xp, 0, second))
    return out


def finish_changes(
    rules: RuleSet, finishers: Sequence[str], teams: Mapping[str, str], turns: Mapping[str, int] | None = None
) -> list[XpChange]:
    """X1 at the finish (finishers in order): the podium's drivers and teams, a one-two for the
    team (the winner's car names it). `turns`: the game turn each car finished in."""
    if not rules.experience:
        return []
    turns = turns or {}
    out = []
    for pos, car in enumerate(finishers[: len(FINISH_REASONS)]):
        reason = FINISH_REASONS[pos]
        for kind, table in ((XpKind.DRIVER, rules.driver_finish_xp), (XpKind.TEAM, rules.team_finish_xp)):
            if pos < len(table) and table[pos]:
                out.append(XpChange(car, kind, reason, table[pos], turns.get(car, 0)))
    if len(finishers) >= 2 and teams[finishers[0]] == teams[finishers[1]] and rules.team_one_two_xp:
        turn = turns.get(finishers[1], 0)
        one_two = XpChange(
            finishers[0], XpKind.TEAM, XpReason.ONE_TWO, rules.team_one_two_xp, turn, finishers[1]
        )
        out.append(one_two)
    return out


def team_start_xp(rules: RuleSet, entries: Mapping[str, CarEntry]) -> dict[str, int]:
    """Team balances at the start: the first car's declared balance, plus a front-row lockout."""
    teams: dict[str, int] = {}
    for entry in entries.values():
        teams.setdefault(entry.team, entry.team_xp)
    grid = {e.car: e.grid for e in entries.values()}
    for change in grid_changes(rules, grid, {e.car: e.team for e in entries.values()}):
        if change.kind is XpKind.TEAM:
            teams[entries[change.car].team] += change.tenths
    return teams


def race_finish_changes(
    rules: RuleSet, entries: Mapping[str, CarEntry], placings: tuple[Placing, ...]
) -> list[XpChange]:
    """`finish_changes` for a replay's classification."""
    finishers = [p.car for p in placings if p.status is Standing.FINISHED]
    turns = {p.car: p.turn for p in placings if p.turn is not None}
    return finish_changes(rules, finishers, {car: e.team for car, e in entries.items()}, turns)


def experience(
    rules: RuleSet, entries: Mapping[str, CarEntry], state: RaceState, placings: tuple[Placing, ...]
) -> dict[str, tuple[int, int]]:
    """Balances after the race, car -> (driver, team), in tenths of a point (X1)."""
    teams = dict(state.team_xp)
    drivers = {c.id: c.driver_xp for c in state.cars}
    for change in race_finish_changes(rules, entries, placings):
        if change.kind is XpKind.DRIVER:
            drivers[change.car] += change.tenths
        else:
            teams[entries[change.car].team] += change.tenths
    return {car_id: (drivers[car_id], teams[entry.team]) for car_id, entry in entries.items()}
