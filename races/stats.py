"""A driver's career statistics, read from counted results (his dice luck, from the sheets, is the
sheets room's: sheets/selectors.py)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from league.models import Driver
from races.models import Race, RaceEntry, Result


@dataclass(frozen=True)
class DriverStats:
    races: int  # counted results (validated or official races)
    wins: int
    podiums: int
    poles: int  # started from grid slot 1 in a counted race
    finishes: int
    average_finish: float | None  # mean position of the races finished
    eliminations: tuple[tuple[str, int], ...]  # (cause, count), most frequent first

    @property
    def eliminated(self) -> int:
        return sum(n for _cause, n in self.eliminations)


def driver_stats(*, driver: Driver) -> DriverStats:
    """Wins, podiums, poles, finishes and eliminations over every counted race (one query)."""
    rows = (
        RaceEntry.objects.filter(
            season_entry__driver=driver,
            race__status__in=Race.RESULT_STATUSES,
            result__isnull=False,
        )
        .order_by()
        .values_list("grid_slot", "result__position", "result__status", "result__cause")
    )
    races = wins = podiums = poles = 0
    finished: list[int] = []
    causes: Counter[str] = Counter()
    for grid_slot, position, status, cause in rows:
        if status == Result.Status.DNS:  # a non-partant: not a race he drove
            continue
        races += 1
        poles += grid_slot == 1
        if status == Result.Status.FINISHED:
            finished.append(position)
            wins += position == 1
            podiums += position <= 3
        else:
            causes[cause.strip().lower()] += 1
    return DriverStats(
        races=races,
        wins=wins,
        podiums=podiums,
        poles=poles,
        finishes=len(finished),
        average_finish=sum(finished) / len(finished) if finished else None,
        eliminations=tuple(sorted(causes.items(), key=lambda item: (-item[1], item[0]))),
    )
