"""Reads of the league: standings, experience balances, the season on show.

Standings are computed in Python from one query per table: a season has a few
hundred results at most, and best-N plus countback are awkward in SQL.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import F, Sum

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from races.models import Race

ZERO = Decimal("0.0")
TENTH = Decimal("0.1")


def tenths(total: Decimal | None) -> Decimal:
    """A ledger sum to one decimal place (SQLite adds decimals as floats: 0.800000000000000)."""
    return ZERO if total is None else total.quantize(TENTH)


@dataclass(frozen=True)
class StandingRow:
    position: int  # 1-based, after ties are broken
    driver: Driver | None  # set in driver standings
    team: Team | None  # set in team standings (and the driver's team of that season in driver standings)
    car_number: int | None  # driver standings only
    points: int  # counted points (best-N honoured, penalties subtracted)
    total_points: int  # all points, before best-N
    races: int  # results counted in the table
    wins: int
    podiums: int
    finishes: tuple[int, ...]  # how many 1st, 2nd, 3rd… places (countback key)


@dataclass
class _Tally:
    """What one competitor (a car or a team) scored in a season, race by race."""

    name: str
    pk: int
    driver: Driver | None = None
    team: Team | None = None
    car_number: int | None = None
    race_scores: dict[int, int] = field(default_factory=dict)  # race id -> net points
    positions: list[int] = field(default_factory=list)


def _season_rows(season: Season) -> list[SeasonEntry]:
    """Every season entry, once per result it has (once with no result when it has none).

    Annotating through the reverse relations makes a LEFT JOIN that repeats the
    entry for each of its race entries, while select_related still builds real
    Driver and Team objects: the whole table comes in one query.
    """
    return list(
        SeasonEntry.objects.filter(season=season)
        .select_related("driver", "team")
        .annotate(
            race_status=F("race_entries__race__status"),
            result_race=F("race_entries__result__race_id"),
            result_position=F("race_entries__result__position"),
            result_points=F("race_entries__result__points"),
            result_penalty=F("race_entries__result__penalty_points"),
        )
        .order_by()
    )


def _rank(tallies: Iterable[_Tally], best_results: int | None) -> list[StandingRow]:
    tallies = list(tallies)
    width = max((max(t.positions, default=0) for t in tallies), default=0)
    scored = []
    for tally in tallies:
        scores = sorted(tally.race_scores.values(), reverse=True)
        counted = scores[:best_results] if best_results else scores
        finishes = [0] * width
        for position in tally.positions:
            finishes[position - 1] += 1
        scored.append((tally, sum(counted), sum(scores), len(counted), tuple(finishes)))
    # Points, then countback (most wins, then most 2nd places, …), then name for a stable order.
    scored.sort(key=lambda s: (-s[1], tuple(-n for n in s[4]), s[0].name.casefold(), s[0].pk))
    return [
        StandingRow(
            position=index,
            driver=tally.driver,
            team=tally.team,
            car_number=tally.car_number,
            points=points,
            total_points=total,
            races=races,
            wins=finishes[0] if finishes else 0,
            podiums=sum(finishes[:3]),
            finishes=finishes,
        )
        for index, (tally, points, total, races, finishes) in enumerate(scored, start=1)
    ]


def driver_standings(*, season: Season) -> list[StandingRow]:
    """The drivers' table of a season, every entered driver included (one query)."""
    tallies: dict[int, _Tally] = {}
    for row in _season_rows(season):
        tally = tallies.get(row.pk)
        if tally is None:
            tally = tallies[row.pk] = _Tally(
                name=row.driver.name,
                pk=row.driver.pk,
                driver=row.driver,
                team=row.team,
                car_number=row.car_number,
            )
        if row.result_race is None or row.race_status not in Race.RESULT_STATUSES:
            continue
        tally.race_scores[row.result_race] = row.result_points - row.result_penalty
        tally.positions.append(row.result_position)
    return _rank(tallies.values(), season.best_results)


def team_standings(*, season: Season) -> list[StandingRow]:
    """The teams' table: a team's score in a race is the sum of its cars' net points (one query)."""
    tallies: dict[int, _Tally] = {}
    for row in _season_rows(season):
        tally = tallies.get(row.team.pk)
        if tally is None:
            tally = tallies[row.team.pk] = _Tally(name=row.team.name, pk=row.team.pk, team=row.team)
        if row.result_race is None or row.race_status not in Race.RESULT_STATUSES:
            continue
        scores = tally.race_scores
        scores[row.result_race] = scores.get(row.result_race, 0) + row.result_points - row.result_penalty
        tally.positions.append(row.result_position)
    return _rank(tallies.values(), season.best_results)


def experience_tally(*, season: Season | None = None) -> dict[str, dict[int, Decimal]]:
    """Experience balances as sums of the ledger: {"drivers": {id: total}, "teams": {id: total}}."""
    entries = ExperienceEntry.objects.all()
    if season is not None:
        entries = entries.filter(season=season)
    tally: dict[str, dict[int, Decimal]] = {
        "drivers": defaultdict(lambda: ZERO),
        "teams": defaultdict(lambda: ZERO),
    }
    for row in entries.order_by().values("driver_id", "team_id").annotate(total=Sum("amount")):
        if row["driver_id"] is not None:
            tally["drivers"][row["driver_id"]] += tenths(row["total"])
        else:
            tally["teams"][row["team_id"]] += tenths(row["total"])
    return {"drivers": dict(tally["drivers"]), "teams": dict(tally["teams"])}


def driver_experience(*, driver: Driver) -> Decimal:
    """A driver's experience balance over every season."""
    return tenths(ExperienceEntry.objects.filter(driver=driver).aggregate(total=Sum("amount"))["total"])


def team_experience(*, team: Team) -> Decimal:
    """A team's experience balance over every season."""
    return tenths(ExperienceEntry.objects.filter(team=team).aggregate(total=Sum("amount"))["total"])


def running_season() -> Season | None:
    """The season the site shows first: the latest running one, else the latest one."""
    season = Season.objects.filter(status=Season.Status.RUNNING).order_by("-year", "-pk").first()
    return season or Season.objects.order_by("-year", "-pk").first()
