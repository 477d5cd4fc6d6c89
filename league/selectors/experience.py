"""Reads of the experience ledger: who holds how much, and the rows behind each balance."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet
from django.db.models.functions import Coalesce

from league.models import Driver, ExperienceEntry, Season, Team
from league.selectors.balances import ZERO, experience_tally, tenths

# A row is dated by its race (the evening the points were won or spent), not by when it was written:
# a sheet judged a week late, or a version chosen again, leaves its rows on the race's date. A row
# without a race (a stewards' adjustment) keeps the date it was recorded.
LEDGER_ORDER = ("dated", "created_at", "pk")


def _dated(rows: QuerySet[ExperienceEntry]) -> QuerySet[ExperienceEntry]:
    return rows.annotate(dated=Coalesce("race__scheduled_at", "created_at")).order_by(*LEDGER_ORDER)


@dataclass(frozen=True)
class Holding:
    """A driver's or a team's experience balance."""

    owner: Driver | Team
    total: Decimal


@dataclass(frozen=True)
class LedgerLine:
    entry: ExperienceEntry
    balance: Decimal  # after this row


def experience_holdings(*, season: Season | None = None) -> dict[str, list[Holding]]:
    """Every driver and team with ledger rows (in `season`, or ever), richest first (three queries)."""
    tally = experience_tally(season=season)
    drivers = Driver.objects.in_bulk(list(tally["drivers"]))
    teams = Team.objects.in_bulk(list(tally["teams"]))

    def ranked(owners: dict[int, Driver | Team], totals: dict[int, Decimal]) -> list[Holding]:
        rows = [Holding(owner=owners[pk], total=total) for pk, total in totals.items() if pk in owners]
        return sorted(rows, key=lambda h: (-h.total, h.owner.name.casefold(), h.owner.pk))

    return {"drivers": ranked(drivers, tally["drivers"]), "teams": ranked(teams, tally["teams"])}


def experience_ledger(
    *, driver: Driver | None = None, team: Team | None = None, season: Season | None = None
) -> list[LedgerLine]:
    """A driver's or a team's ledger rows by their race's date, with the running balance."""
    if (driver is None) == (team is None):
        raise ValueError("experience_ledger() needs a driver or a team, not both")
    rows = (
        ExperienceEntry.objects.filter(driver=driver) if driver else ExperienceEntry.objects.filter(team=team)
    )
    if season is not None:
        rows = rows.filter(season=season)
    rows = _dated(rows.select_related("season", "race__season", "race__circuit"))
    balance = ZERO
    lines = []
    for entry in rows:
        balance = tenths(balance + entry.amount)
        lines.append(LedgerLine(entry=entry, balance=balance))
    return lines


def experience_entry_list() -> QuerySet[ExperienceEntry]:
    """Every ledger row with its driver or team, by its race's date (see LEDGER_ORDER)."""
    return _dated(ExperienceEntry.objects.select_related("driver", "team"))
