"""Reads of the league: standings, experience balances, the season on show.

Standings are computed in Python from one query per table (`league.selectors_scoreboard`,
which also draws the progressions and the results grid from that same query): a
season has a few hundred results at most, and best-N plus countback are awkward in SQL.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.db.models import QuerySet, Sum

from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.selectors_scoreboard import Scoreboard as Scoreboard
from league.selectors_scoreboard import StandingRow as StandingRow
from league.selectors_scoreboard import season_scoreboard as season_scoreboard

ZERO = Decimal("0.0")
TENTH = Decimal("0.1")


def tenths(total: Decimal | None) -> Decimal:
    """A ledger sum to one decimal place (SQLite adds decimals as floats: 0.800000000000000)."""
    return ZERO if total is None else total.quantize(TENTH)


def driver_standings(*, season: Season) -> list[StandingRow]:
    """The drivers' table of a season, every entered driver included (one query)."""
    return season_scoreboard(season=season).drivers


def team_standings(*, season: Season) -> list[StandingRow]:
    """The teams' table: a team's score in a race is the sum of its cars' net points (one query)."""
    return season_scoreboard(season=season).teams


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


def season_entry_list() -> QuerySet[SeasonEntry]:
    """Every season entry with its driver and team, by season then car number."""
    return SeasonEntry.objects.select_related("driver", "team").order_by("season_id", "car_number")
