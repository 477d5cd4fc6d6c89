"""Reads of the experience ledger: who holds how much, and the rows behind each balance."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import QuerySet

from league.models import Driver, ExperienceEntry, Season, Team
from league.selectors.balances import ZERO, experience_tally, tenths


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
    """A driver's or a team's ledger rows in the order they were written, with the running balance."""
    if (driver is None) == (team is None):
        raise ValueError("experience_ledger() needs a driver or a team, not both")
    rows = (
        ExperienceEntry.objects.filter(driver=driver) if driver else ExperienceEntry.objects.filter(team=team)
    )
    if season is not None:
        rows = rows.filter(season=season)
    rows = rows.select_related("season", "race__season", "race__circuit").order_by("created_at", "pk")
    balance = ZERO
    lines = []
    for entry in rows:
        balance = tenths(balance + entry.amount)
        lines.append(LedgerLine(entry=entry, balance=balance))
    return lines


def experience_entry_list() -> QuerySet[ExperienceEntry]:
    """Every ledger row with its driver or team, in the order they were written."""
    return ExperienceEntry.objects.select_related("driver", "team").order_by("created_at", "pk")
