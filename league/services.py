"""Writes of the league: drivers, teams, seasons, entries and the experience ledger."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TypeVar

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models, transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _

from core.bulk_writes import Writes
from core.services_atomic import atomic_service
from core.services_checks import clean_without_queries
from league.models import Driver, ExperienceEntry, Season, SeasonEntry, Team
from league.selectors.balances import ZERO, tenths
from rules import ledger

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

# A race or a race sheet: rows of the rooms above this one, which the ledger keeps by id.
Upper = models.Model


Reason = ExperienceEntry.Reason

# X1: what a race earns; race_results_record() owns these rows and rewrites them.
GAIN_REASONS = frozenset(Reason(r) for r in ledger.GAINS)
# X2/X3: what is spent during a race, and who may spend it.
DRIVER_SPENDS = frozenset(Reason(r) for r in ledger.DRIVER_SPENDS)
TEAM_SPENDS = frozenset(Reason(r) for r in ledger.TEAM_SPENDS)

ModelT = TypeVar("ModelT", bound=models.Model)


def full_clean_naming_fields(instance: models.Model) -> None:
    """full_clean(), with a two-field unique constraint's message under the field a person picks.

    Django files (season, car_number) taken twice under no field; the last field of the
    constraint is the one to change, so its message goes there: {"car_number": ["…"]}.
    """
    try:
        instance.full_clean()
    except ValidationError as exc:
        errors = exc.update_error_dict({})
        general = errors.pop(NON_FIELD_ERRORS, [])
        for constraint in instance._meta.constraints:
            fields = getattr(constraint, "fields", ())
            if not general or not isinstance(constraint, models.UniqueConstraint) or len(fields) < 2:
                continue
            try:
                constraint.validate(type(instance), instance)
            except ValidationError as failed:
                general = [error for error in general if error.messages != failed.messages]
                errors.setdefault(fields[-1], []).extend(failed.error_list)
        if general:
            errors[NON_FIELD_ERRORS] = general
        raise ValidationError(errors) from None


def model_update(
    *, instance: ModelT, fields: Iterable[str], data: Mapping[str, Any], by: AbstractBaseUser | None = None
) -> tuple[ModelT, bool]:
    """Set the `fields` present in `data`, then full_clean() and save only what changed.

    Returns the instance and whether anything changed. Callers hold the transaction.
    """
    changed = [field for field in fields if field in data and getattr(instance, field) != data[field]]
    for field in changed:
        setattr(instance, field, data[field])
    if not changed:
        return instance, False
    full_clean_naming_fields(instance)
    if by is not None:
        # simple_history: who made this version (its middleware does not see a token's user).
        instance._history_user = by
    instance.save(update_fields=changed)
    return instance, True


@transaction.atomic
def driver_create(*, name: str, slug: str, country: str = "", user: AbstractBaseUser | None = None) -> Driver:
    driver = Driver(name=name, slug=slug, country=country, user=user)
    driver.full_clean()
    driver.save()
    return driver


@transaction.atomic
def driver_update(*, driver: Driver, data: Mapping[str, Any]) -> Driver:
    driver, _changed = model_update(instance=driver, fields=["name", "slug", "country"], data=data)
    return driver


@transaction.atomic
def team_create(*, name: str, slug: str, colour: str = "#808080") -> Team:
    team = Team(name=name, slug=slug, colour=colour)
    team.full_clean()
    team.save()
    return team


@transaction.atomic
def team_update(*, team: Team, data: Mapping[str, Any]) -> Team:
    team, _changed = model_update(instance=team, fields=["name", "slug", "colour"], data=data)
    return team


@transaction.atomic
def season_create(
    *,
    name: str,
    slug: str,
    year: int,
    status: str = Season.Status.PLANNED,
    points_table: list[int] | None = None,
    best_results: int | None = None,
    laps_per_race: int = 3,
    options: list[str] | None = None,
    max_cars_per_team: int = 2,
    protest_window_hours: int = 48,
    entries_open_at: datetime | None = None,
    entries_close_at: datetime | None = None,
    entry_capacity: int | None = None,
    grid_rule: str = Season.GridRule.ENTRY_ORDER,
    remote_races: bool = False,
    move_hours: int = 24,
    vacation_days: int = 14,
) -> Season:
    season = Season(
        name=name,
        slug=slug,
        year=year,
        status=status,
        best_results=best_results,
        laps_per_race=laps_per_race,
        max_cars_per_team=max_cars_per_team,
        protest_window_hours=protest_window_hours,
        entries_open_at=entries_open_at,
        entries_close_at=entries_close_at,
        entry_capacity=entry_capacity,
        grid_rule=grid_rule,
        remote_races=remote_races,
        move_hours=move_hours,
        vacation_days=vacation_days,
    )
    # Leave the model defaults (F4 points, A7 on) unless the caller chose otherwise.
    if points_table is not None:
        season.points_table = points_table
    if options is not None:
        season.options = options
    season.full_clean()
    season.save()
    return season


SEASON_FIELDS = (
    "name",
    "slug",
    "year",
    "status",
    "points_table",
    "best_results",
    "laps_per_race",
    "options",
    "max_cars_per_team",
    "protest_window_hours",
    "entries_open_at",
    "entries_close_at",
    "entry_capacity",
    "grid_rule",
    "remote_races",
    "move_hours",
    "vacation_days",
)


@transaction.atomic
def season_update(*, season: Season, data: Mapping[str, Any], by: AbstractBaseUser | None = None) -> Season:
    season, _changed = model_update(instance=season, fields=SEASON_FIELDS, data=data, by=by)
    return season


@transaction.atomic
def season_entry_create(*, season: Season, driver: Driver, team: Team, car_number: int) -> SeasonEntry:
    """Enter a driver in a team's car; the car number is the car id of race logs."""
    # Lock the season so two entries made at once cannot both take a team's last seat.
    Season.objects.select_for_update().filter(pk=season.pk).first()
    entry = SeasonEntry(season=season, driver=driver, team=team, car_number=car_number)
    full_clean_naming_fields(entry)
    entry.save()
    return entry


@transaction.atomic
def season_entry_update(*, entry: SeasonEntry, data: Mapping[str, Any]) -> SeasonEntry:
    """Move an entry to another team's car or number; the season and the driver stay."""
    Season.objects.select_for_update().filter(pk=entry.season_id).first()  # as season_entry_create()
    entry, _changed = model_update(instance=entry, fields=["team", "car_number"], data=data)
    return entry


@dataclass(frozen=True)
class LedgerRow:
    """One row for experience_record_many(): a gain (amount > 0) or a spend (amount < 0) of a driver
    or a team."""

    reason: str
    amount: Decimal
    driver: Driver | None = None
    team: Team | None = None
    note: str = ""


@transaction.atomic
def experience_record(
    *,
    season: Season,
    race: Upper | None = None,
    driver: Driver | None = None,
    team: Team | None = None,
    reason: str,
    amount: Decimal | str | int,
    by: AbstractBaseUser | None = None,
    note: str = "",
    sheet: Upper | None = None,
) -> ExperienceEntry:
    """Write one gain (amount > 0) or spend (amount < 0) to the experience ledger (rules X1–X3).

    `sheet`: the race sheet whose verdict this row comes from (it belongs to `race`)."""
    row = LedgerRow(reason=reason, amount=Decimal(str(amount)), driver=driver, team=team, note=note)
    [entry] = _ledger_rows(season=season, race=race, rows=[row], by=by, sheet=sheet, queries=True)
    entry.save()
    return entry


@atomic_service
def experience_record_many(
    *,
    season: Season,
    race: Upper | None = None,
    rows: Sequence[LedgerRow],
    by: AbstractBaseUser | None = None,
    sheet: Upper | None = None,
    writes: Writes | None = None,
) -> list[ExperienceEntry]:
    """experience_record() for each row, in order, with the same rules and the same errors (the
    first row refused raises, and nothing is written), checked once over the set and written in
    one insert: a few queries, not ten per row. Each spend is checked against the balance as the
    rows before it in the set leave it, as if they had been written one by one. `writes`: the rows
    join the caller's (core.bulk_writes), written when it flushes."""
    entries = _ledger_rows(season=season, race=race, rows=rows, by=by, sheet=sheet, queries=False)
    own = writes is None
    writes = Writes() if writes is None else writes
    writes.create(ExperienceEntry, entries)
    if own:
        writes.flush()
    return entries


def _row_errors(
    *, season: Season, race: Upper | None, row: LedgerRow, sheet: Upper | None
) -> list[ValidationError]:
    """The ledger's rules for one row that need nothing but the row (X1–X3)."""
    reason, amount, driver, team = row.reason, row.amount, row.driver, row.team
    errors: list[ValidationError] = []
    if race is not None and race.season_id != season.pk:
        errors.append(ValidationError(_("This race belongs to another season."), code="race_season"))
    if sheet is not None and (race is None or sheet.race_id != race.pk):
        errors.append(ValidationError(_("This race sheet belongs to another race."), code="sheet_race"))
    if reason in GAIN_REASONS and amount < 0:
        errors.append(ValidationError(_("A gain cannot be negative."), code="negative_gain"))
    if (reason in DRIVER_SPENDS | TEAM_SPENDS) and amount > 0:
        errors.append(ValidationError(_("A spend is recorded as a negative amount."), code="positive_spend"))
    if reason in DRIVER_SPENDS and driver is None:
        errors.append(ValidationError(_("Only a driver spends experience on a die (X2)."), code="spender"))
    if reason in TEAM_SPENDS and team is None:
        errors.append(
            ValidationError(_("Only a team spends experience on wear or pit stops (X3)."), code="spender")
        )
    return errors


def _ledger_rows(
    *,
    season: Season,
    race: Upper | None,
    rows: Sequence[LedgerRow],
    by: AbstractBaseUser | None,
    sheet: Upper | None,
    queries: bool,
) -> list[ExperienceEntry]:
    """The rows as ledger entries, every rule checked, in order; nothing saved.

    `queries`: full_clean() each row (one row, from a person); otherwise the set's own checks,
    which ask the database only for what the set cannot know (earlier die spends in the race,
    the balances of the owners who spend), once for the whole set.
    """
    spenders = [r for r in rows if r.amount < 0]
    drivers = sorted({r.driver.pk for r in spenders if r.driver is not None})
    teams = sorted({r.team.pk for r in spenders if r.team is not None})
    _lock_owners(drivers=drivers, teams=teams)
    balances = _balances(drivers=drivers, teams=teams)
    die_rows = [r for r in rows if r.reason in DRIVER_SPENDS and r.driver is not None]
    spent_dice: set[int] = set()
    if race is not None and die_rows:
        spent_dice = set(
            ExperienceEntry.objects.filter(
                race=race, driver__in={r.driver.pk for r in die_rows}, reason__in=DRIVER_SPENDS
            ).values_list("driver_id", flat=True)
        )
    entries = []
    for row in rows:
        entry = ExperienceEntry(
            season=season,
            race=race,
            driver=row.driver,
            team=row.team,
            reason=row.reason,
            amount=row.amount,
            note=row.note,
            created_by=by,
            sheet=sheet,
        )
        if queries:
            entry.full_clean()
        else:
            clean_without_queries(entry)
        errors = _row_errors(season=season, race=race, row=row, sheet=sheet)
        driver, amount = row.driver, row.amount
        if row.reason in DRIVER_SPENDS and race is not None and driver is not None:
            if driver.pk in spent_dice:
                errors.append(
                    ValidationError(
                        _("%(driver)s already spent experience on a die in this race (X2: once per race)."),
                        code="spent_twice",
                        params={"driver": driver},
                    )
                )
            spent_dice.add(driver.pk)
        if errors:
            raise ValidationError(errors)
        owner_key = ("driver", driver.pk) if driver is not None else ("team", row.team.pk)
        if amount < 0:
            balance = balances[owner_key]
            if balance + amount < 0:
                raise ValidationError(
                    _("%(who)s has %(balance)s experience points; this spend needs %(need)s."),
                    code="insufficient",
                    params={"who": driver or row.team, "balance": balance, "need": -amount},
                )
        if owner_key in balances:
            balances[owner_key] += amount  # the next spend of this owner sees this row
        entries.append(entry)
    return entries


def _lock_owners(*, drivers: Sequence[int], teams: Sequence[int]) -> None:
    """Lock the spenders' rows (drivers, then teams, by id) so two spends at once cannot both pass
    the balance check; their balances are read under the locks. FOR NO KEY UPDATE: it excludes
    another spend, not the key-share lock a gain's insert takes on its owner's row."""
    for model, ids in ((Driver, drivers), (Team, teams)):
        if ids:
            list(
                model.objects.select_for_update(no_key=True)
                .filter(pk__in=sorted(ids))
                .order_by("pk")
                .values_list("pk")
            )


def experience_change_check(*, before: ExperienceEntry | None, after: LedgerRow) -> None:
    """Refuse a ledger row typed by hand (the admin: `before` the row as stored, None for a new
    one) that would take its owner's balance, or its former owner's, below zero.

    The owners' rows stay locked until the caller's transaction ends: the caller saves the row in
    it (the admin's add and change views are atomic), so two such rows at once cannot both pass."""
    deltas: dict[tuple[str, int], Decimal] = {}
    if before is not None and before.pk is not None:
        was = ("driver", before.driver_id) if before.driver_id else ("team", before.team_id)
        deltas[was] = -before.amount
    owner = ("driver", after.driver.pk) if after.driver is not None else ("team", after.team.pk)
    deltas[owner] = deltas.get(owner, ZERO) + after.amount
    lowered = {key: delta for key, delta in deltas.items() if delta < 0}
    if not lowered:
        return  # a gain, or a change that only raises balances
    drivers = [pk for kind, pk in lowered if kind == "driver"]
    teams = [pk for kind, pk in lowered if kind == "team"]
    _lock_owners(drivers=drivers, teams=teams)
    balances = _balances(drivers=drivers, teams=teams)
    for (kind, pk), delta in sorted(lowered.items()):
        if balances[kind, pk] + delta < 0:
            who = Driver.objects.get(pk=pk) if kind == "driver" else Team.objects.get(pk=pk)
            raise ValidationError(
                _("%(who)s has %(balance)s experience points; this spend needs %(need)s."),
                code="insufficient",
                params={"who": who, "balance": balances[kind, pk], "need": -delta},
            )


def _balances(*, drivers: Sequence[int], teams: Sequence[int]) -> dict[tuple[str, int], Decimal]:
    """The ledger balances (every season) of these drivers and teams, in one query each."""
    found: dict[tuple[str, int], Decimal] = {("driver", pk): ZERO for pk in drivers}
    found.update({("team", pk): ZERO for pk in teams})
    for kind, ids in (("driver", drivers), ("team", teams)):
        if not ids:
            continue
        totals = (
            ExperienceEntry.objects.filter(**{f"{kind}__in": ids})
            .order_by()
            .values_list(f"{kind}_id")
            .annotate(total=Sum("amount"))
        )
        for pk, total in totals:
            found[kind, pk] = tenths(total)
    return found
