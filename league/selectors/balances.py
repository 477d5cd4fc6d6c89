"""Experience balances: sums of the ledger, to one decimal place."""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal

from django.db.models import Sum

from league.models import Driver, ExperienceEntry, Season, Team

ZERO = Decimal("0.0")
TENTH = Decimal("0.1")


def tenths(total: Decimal | None) -> Decimal:
    """A ledger sum to one decimal place (SQLite adds decimals as floats: 0.800000000000000)."""
    return ZERO if total is None else total.quantize(TENTH)


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
