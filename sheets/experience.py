"""Experience on a race sheet (X1–X3): the verdict's spends checked against the league's ledger,
and the verdict's changes as the ledger stores them.

The engine checks spends against the balances the log declares; the site checks them against
its own ledger. A chosen sheet writes its verdict's changes as they come, each row pointing at
the sheet (`ExperienceEntry.sheet`), so choosing another version replaces exactly those rows
and leaves the stewards' own entries alone.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db.models import Sum
from django.utils.translation import gettext as _

from core.site_messages import SiteCode, site_violation
from league.models import Driver, ExperienceEntry, Team
from rules.ledger import FINISH_REASONS, XpChange, XpKind, XpReason
from rules.scoring import finish_changes
from rules.verdict import Standing
from sheets.adapter import experience_changes, placings

if TYPE_CHECKING:
    from races.models import Race, RaceEntry
    from races.results import ResultRow

# The gains a finishing order earns: a penalty that changes the order changes them.
_FINISH = frozenset((*FINISH_REASONS, XpReason.ONE_TWO))


def _tenths(n: int) -> Decimal:
    return Decimal(n).scaleb(-1)


def _balances(
    *, race: Race, drivers: Iterable[int], teams: Iterable[int]
) -> dict[tuple[XpKind, int], Decimal]:
    """The owners' ledger balances before this race (their earlier gains and spends, every season):
    one query for the drivers, one for the teams."""
    found: dict[tuple[XpKind, int], Decimal] = {}
    for kind, field, ids in ((XpKind.DRIVER, "driver", drivers), (XpKind.TEAM, "team", teams)):
        ids = sorted(set(ids))
        if not ids:
            continue
        found.update({(kind, pk): Decimal("0") for pk in ids})
        totals = (
            ExperienceEntry.objects.filter(**{f"{field}__in": ids})
            .exclude(race=race)
            .order_by()
            .values_list(f"{field}_id")
            .annotate(total=Sum("amount"))
        )
        found.update({(kind, pk): total or Decimal("0") for pk, total in totals})
    return found


def experience_check(
    *, race: Race, entries: dict[str, RaceEntry], changes: Sequence[XpChange]
) -> list[dict[str, Any]]:
    """`SITE-experience` violations for the verdict's spends that the league's ledger does not cover.

    What the race earns before the start (X1: the grid) counts at once, so it may be spent too.
    """
    spent: dict[tuple[XpKind, str], int] = defaultdict(int)
    early: dict[tuple[XpKind, str], int] = defaultdict(int)
    for change in changes:
        if change.car not in entries:
            continue  # a car that is not entered is reported by the entries check
        if change.tenths < 0:
            spent[change.kind, change.car] -= change.tenths
        elif change.turn == 0:
            early[change.kind, change.car] += change.tenths
    if not spent:
        return []
    drivers = sorted((car, n) for (kind, car), n in spent.items() if kind is XpKind.DRIVER)
    # A team's spends and early gains, whichever of its cars made them; named by its first car.
    by_team: dict[str, list[str]] = defaultdict(list)
    for car, entry in sorted(entries.items()):
        by_team[entry.season_entry.team.slug].append(car)
    teams = [
        (cars, need)
        for _slug, cars in sorted(by_team.items())
        if (need := sum(spent[XpKind.TEAM, car] for car in cars))
    ]
    balances = _balances(
        race=race,
        drivers=[entries[car].season_entry.driver_id for car, _need in drivers],
        teams=[entries[cars[0]].season_entry.team_id for cars, _need in teams],
    )
    problems = []
    for car, need in drivers:
        driver = entries[car].season_entry.driver
        has = balances[XpKind.DRIVER, driver.pk] + _tenths(early[XpKind.DRIVER, car])
        if has < _tenths(need):
            problems.append(_problem(car, driver.name, _tenths(need), has))
    for cars, need in teams:
        team = entries[cars[0]].season_entry.team
        has = balances[XpKind.TEAM, team.pk] + _tenths(sum(early[XpKind.TEAM, car] for car in cars))
        if has < _tenths(need):
            problems.append(_problem(cars[0], team.name, _tenths(need), has))
    return problems


def _problem(car: str, who: str, need: Decimal, has: Decimal) -> dict[str, Any]:
    return site_violation(
        "SITE-experience", SiteCode.EXPERIENCE_SHORT, car=car, who=who, need=str(need), has=str(has)
    )


def sheet_changes(
    *,
    race: Race,
    verdict: Mapping[str, Any],
    rows: Sequence[ResultRow],
    entries: Mapping[str, RaceEntry] | None = None,
) -> list[XpChange]:
    """The changes a chosen sheet writes: its verdict's, as they come. A stewards' places penalty
    that changes the finishing order moves the finish gains with it (the rules' X1 for the new order).
    `entries`: the race's entries by car with their teams, when the caller holds them."""
    changes = experience_changes(verdict)
    classification = placings(verdict)
    before = [p.car for p in classification if p.status == Standing.FINISHED]
    after = [
        str(row.car) for row in sorted(rows, key=lambda r: r.position) if row.status == Standing.FINISHED
    ]
    if after == before:
        return changes
    held = entries.values() if entries is not None else race.entries.select_related("season_entry__team")
    teams = {e.season_entry.car_id: e.season_entry.team.slug for e in held}
    turns = {p.car: p.turn for p in classification if p.turn is not None}
    kept = [c for c in changes if c.reason not in _FINISH]
    return kept + finish_changes(race.season.ruleset(), after, teams, turns)


# -- the ledger never goes below zero -------------------------------------------------------------
def lock_balances(*, entries: Iterable[RaceEntry]) -> None:
    """Row locks on the drivers and teams whose balances a sheet changes, in id order.

    Spends are checked against the ledger and written in the same transaction, under these locks:
    of two sheets spending the same balance at once, the second waits, then sees the first's rows.
    The order (drivers, then teams, by id; after the race's lock) is the same for every writer.
    FOR NO KEY UPDATE: two of these exclude each other, but not the key-share lock that inserting
    a gain takes on its owner's row, so sheets that only earn points do not wait for each other.
    """
    drivers = sorted({entry.season_entry.driver_id for entry in entries})
    teams = sorted({entry.season_entry.team_id for entry in entries})
    list(
        Driver.objects.select_for_update(no_key=True)
        .filter(pk__in=drivers)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    list(
        Team.objects.select_for_update(no_key=True)
        .filter(pk__in=teams)
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def overdrawn(*, entries: Iterable[RaceEntry]) -> list[tuple[str, Decimal]]:
    """The drivers and teams of these cars whose ledger balance is below zero, with the balance."""
    entries = list(entries)
    owners = [
        ("driver", {e.season_entry.driver_id: e.season_entry.driver for e in entries}),
        ("team", {e.season_entry.team_id: e.season_entry.team for e in entries}),
    ]
    found = []
    for field, by_id in owners:
        if not by_id:
            continue
        totals = (
            ExperienceEntry.objects.filter(**{f"{field}__in": sorted(by_id)})
            .order_by()
            .values_list(f"{field}_id")
            .annotate(total=Sum("amount"))
        )
        for pk, total in totals:
            if total is not None and total < 0:
                found.append((by_id[pk].name, total.quantize(Decimal("0.1"))))
    return sorted(found)


def refuse_overdraft(*, entries: Iterable[RaceEntry]) -> None:
    """The written rule (docs/race-sheets.md, "Experience is never overdrawn"): a stewards' decision
    that leaves a balance below zero is refused, whole, with who and how much; the stewards first
    correct the later race that spent the points (or record an adjustment), then decide again."""
    found = overdrawn(entries=entries)
    if found:
        who = ", ".join(f"{name} ({balance})" for name, balance in found)
        raise ValidationError(
            _(
                "Refused: this would leave experience below zero for %(who)s. Experience is never "
                "overdrawn: correct the later race that spent these points, or record an adjustment, "
                "then decide again."
            ),
            code="overdrawn",
            params={"who": who},
        )
