"""Penalties as data: what the stewards' sanctions do to a race's classification and to the next grid.

Results are never typed over: they are recomputed from the chosen sheet's verdict with every
penalty of the race applied in the order decided (`result_rows`). A grid penalty moves the car
back on the grid of its next race (`grid_after_penalties`). The reads of the penalties that stand,
for every page, are the races room's (races/penalties.py).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from races.models import Penalty, Race, RaceEntry, Result
from races.penalties import grid_penalties_for
from races.results import ResultRow, dns_rows
from sheets.adapter import placings
from sheets.models import RaceSheet

if TYPE_CHECKING:
    from rules.verdict import Placing

    pass

Kind = Penalty.Kind
# The kinds that change the race's own classification; a grid penalty acts on the next race.
RESULT_KINDS = (Kind.POINTS, Kind.PLACES, Kind.DISQUALIFICATION)


def result_rows(*, placings: Sequence[Placing], penalties: Sequence[Penalty]) -> list[ResultRow]:
    """The engine's classification with the stewards' penalties applied, in the order they were decided.

    A places penalty moves a car down among the cars of its status (a finisher never drops
    behind an eliminated car, F3); a disqualified car goes last and scores nothing (nor its
    podium: the finish gains follow the new order). Points are the verdict's (F4): the k-th car
    of a status scores what the verdict's k-th placing of that status did. A points penalty
    never takes more than the points the final position scores. Reprimands and grid penalties
    leave the classification as it is.
    """
    placings = sorted(placings, key=lambda p: p.position)
    order = [p.car for p in placings]
    status = {p.car: p.status for p in placings}
    lost: dict[str, list[int]] = {car: [0, 0] for car in order}
    reasons: dict[str, list[str]] = {car: [] for car in order}
    disqualified: list[str] = []
    for penalty in penalties:
        car = penalty.race_entry.season_entry.car_id
        if car not in lost or penalty.kind not in RESULT_KINDS:
            continue
        reasons[car].append(penalty.reason)
        if penalty.kind == Kind.DISQUALIFICATION:
            if car not in disqualified:
                disqualified.append(car)
            continue
        lost[car][0] += penalty.points
        lost[car][1] += penalty.places
        if not penalty.places:
            continue
        group = [c for c in order if status[c] == status[car]]
        moved = group[: group.index(car)] + group[group.index(car) + 1 :]
        moved.insert(min(group.index(car) + penalty.places, len(moved)), car)
        start = order.index(group[0])
        order[start : start + len(group)] = moved
    order = [car for car in order if car not in disqualified] + disqualified
    by_car = {p.car: p for p in placings}
    scores: dict[str, list[int]] = {}
    for placing in placings:
        scores.setdefault(placing.status, []).append(placing.points)
    rank: dict[str, int] = {}
    rows = []
    for position, car in enumerate(order, start=1):
        placing = by_car[car]
        out = car in disqualified
        scored = 0
        if not out:
            k = rank[placing.status] = rank.get(placing.status, -1) + 1
            scored = scores[placing.status][k]
        rows.append(
            ResultRow(
                car=car,
                position=position,
                status=Result.Status.DISQUALIFIED if out else placing.status.value,
                cause=placing.cause.value if placing.cause else "",
                turn=placing.turn,
                penalty_points=min(lost[car][0], scored),
                penalty_places=lost[car][1],
                penalty_reason="; ".join(reasons[car])[:200],
                points=scored,
            )
        )
    return rows


def grid_after_penalties(*, race: Race, slots: Mapping[str, int]) -> dict[str, int]:
    """The grid (car id -> slot) a qualifying gives, with the grid penalties owed to this race applied.

    A penalised car drops its places behind the cars it qualified ahead of; slots are then
    numbered again from 1, so the race log must start from the grid as penalised.
    """
    order = [car for car, _slot in sorted(slots.items(), key=lambda item: item[1])]
    for penalty in grid_penalties_for(race=race):
        car = penalty.race_entry.season_entry.car_id
        if car not in order:
            continue
        at = order.index(car)
        order.remove(car)
        order.insert(min(at + penalty.grid_places, len(order)), car)
    return {car: slot for slot, car in enumerate(order, start=1)}


@dataclass(frozen=True)
class AdjustedLine:
    """A car's line of a sheet's classification after the stewards' decisions."""

    row: ResultRow
    entry: RaceEntry | None

    @property
    def points(self) -> int:
        """What the position scores, before a points penalty."""
        return self.row.points or 0

    @property
    def net_points(self) -> int:
        return self.points - self.row.penalty_points


def sheet_results_after_decisions(
    *, sheet: RaceSheet, entries: Mapping[str, RaceEntry], penalties: Sequence[Penalty]
) -> list[AdjustedLine]:
    """The classification this valid race sheet gives once every penalty of the race is applied."""
    classification = placings(sheet.verdict)
    if sheet.kind != RaceSheet.Kind.RACE or not classification:
        return []
    rows = result_rows(placings=classification, penalties=penalties)
    rows += dns_rows(race=sheet.race, rows=rows, entries=entries)  # the non-partants
    return [AdjustedLine(row=row, entry=entries.get(str(row.car))) for row in rows]
