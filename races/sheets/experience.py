"""Experience spent during a race (X2, X3), read from a race log and kept in the league's ledger.

The engine checks spends against the balances the log declares; the site checks them
against its own ledger, then writes one spend row per use when the sheet's results
are written. Rows made from a sheet carry its id in their note, so choosing another
version of the sheet replaces them and leaves the stewards' own entries alone.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db.models import Q, Sum
from django.utils.translation import gettext as _

from league.models import ExperienceEntry
from league.services import DRIVER_SPENDS, TEAM_SPENDS, experience_record
from races.services import DRIVER_GRID_GAINS

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from races.models import Race, RaceEntry, RaceSheet

COST = Decimal("1.0")  # X2, X3: every use costs one point
SHEET_NOTE = "race sheet #{id}"
Reason = ExperienceEntry.Reason
TEAM_USES = {"wear": Reason.WEAR, "fast-stop": Reason.FAST_STOP}
WEAR_BUILD = {False: 20, True: 22}  # D1: wear points at the start, with option A11 or without


@dataclass(frozen=True)
class Spend:
    car: str
    reason: str  # an ExperienceEntry.Reason
    by_team: bool


def log_spends(log: dict[str, Any]) -> list[Spend]:
    """Every experience use a race log records: die changes (X2), extra wear and fast stops (X3)."""
    spends: list[Spend] = []
    build = WEAR_BUILD["A11" in (log.get("options") or [])]
    for car in log.get("cars", []):
        # X3: a car built one point over the limit had a wear point bought before the race.
        if sum((car.get("wear") or {}).values()) == build + 1:
            spends.append(Spend(car["car"], Reason.WEAR, by_team=True))
    for turn in log.get("turns", []):
        for move in turn.get("moves", []):
            xp = move.get("xp") or {}
            if xp.get("driver"):
                spends.append(Spend(move["car"], Reason.DIE, by_team=False))
            if xp.get("team") in TEAM_USES:
                spends.append(Spend(move["car"], TEAM_USES[xp["team"]], by_team=True))
    return spends


def grid_gains(log: dict[str, Any]) -> dict[str, Decimal]:
    """The grid points each car's driver earns before the start (X1, option A7), by car."""
    if "A7" not in (log.get("options") or []):
        return {}
    return {
        car["car"]: DRIVER_GRID_GAINS[car["grid"]][1]
        for car in log.get("cars", [])
        if car.get("grid") in DRIVER_GRID_GAINS
    }


def _balance(*, race: Race, owner: Q) -> Decimal:
    """The owner's ledger balance before this race (its earlier gains and spends, every season)."""
    total = ExperienceEntry.objects.filter(owner).exclude(race=race).aggregate(total=Sum("amount"))["total"]
    return total or Decimal("0")


def experience_check(
    *, race: Race, entries: dict[str, RaceEntry], log: dict[str, Any]
) -> list[dict[str, Any]]:
    """`SITE-experience` violations for spends the league's ledger does not cover.

    A driver may also spend this race's grid points, which X1 counts at once.
    """
    spends = log_spends(log)
    if not spends:
        return []
    early = grid_gains(log)
    drivers: Counter[str] = Counter()
    teams: Counter[str] = Counter()
    for spend in spends:
        entry = entries.get(spend.car)
        if entry is None:
            continue  # a car that is not entered is reported by the entries check
        if spend.by_team:
            teams[entry.season_entry.team.slug] += 1
        else:
            drivers[spend.car] += 1
    problems = []
    for car, uses in sorted(drivers.items()):
        driver = entries[car].season_entry.driver
        has = _balance(race=race, owner=Q(driver=driver)) + early.get(car, Decimal("0"))
        if has < COST * uses:
            problems.append(_problem(car, driver.name, COST * uses, has))
    by_team = {e.season_entry.team.slug: (car, e.season_entry.team) for car, e in sorted(entries.items())}
    for slug, uses in sorted(teams.items()):
        car, team = by_team[slug]
        has = _balance(race=race, owner=Q(team=team))
        if has < COST * uses:
            problems.append(_problem(car, team.name, COST * uses, has))
    return problems


def _problem(car: str, who: str, need: Decimal, has: Decimal) -> dict[str, Any]:
    message = _(
        "%(who)s spends %(need)s experience points in this race; the league's ledger gives %(has)s."
    ) % {
        "who": who,
        "need": need,
        "has": has,
    }
    return {"turn": 0, "car": car, "rule": "SITE-experience", "message": message}


def experience_spends_record(*, race: Race, sheet: RaceSheet, by: AbstractBaseUser | None) -> int:
    """Write the sheet's spends to the ledger, replacing those of any earlier version. Returns the count."""
    ExperienceEntry.objects.filter(
        race=race, reason__in=DRIVER_SPENDS | TEAM_SPENDS, note__startswith=SHEET_NOTE.format(id="")
    ).delete()
    if not sheet.log:
        return 0
    entries = {
        e.season_entry.car_id: e
        for e in race.entries.select_related("season_entry__driver", "season_entry__team")
    }
    written = 0
    for spend in log_spends(sheet.log):
        entry = entries.get(spend.car)
        if entry is None:
            continue
        season_entry = entry.season_entry
        experience_record(
            season=race.season,
            race=race,
            driver=None if spend.by_team else season_entry.driver,
            team=season_entry.team if spend.by_team else None,
            reason=spend.reason,
            amount=-COST,
            by=by,
            note=SHEET_NOTE.format(id=sheet.pk),
        )
        written += 1
    return written
