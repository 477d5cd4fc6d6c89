"""Writes of circuits, races, race entries and results (with the experience they earn)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from circuits.models import Circuit
from core.permissions import staff_require
from league.models import ExperienceEntry, Season, SeasonEntry
from league.services import (
    full_clean_naming_fields,
    model_update,
)
from races.models import Race, RaceEntry

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser


Reason = ExperienceEntry.Reason
# A race takes new cars until it is run; its entries are then what was raced.
OPEN_STATUSES = (Race.Status.SCHEDULED, Race.Status.QUALIFYING)

# Races are run in our era. Far dates break local-time display: Paris was +00:09:21 until 1911,
# and 31 December 9999 in UTC is already year 10000 there.
FIRST_RACE_DATE = datetime(1970, 1, 1, tzinfo=UTC)
LAST_RACE_DATE = datetime(3000, 1, 1, tzinfo=UTC)


def check_race_date(scheduled_at: datetime) -> None:
    when = timezone.make_aware(scheduled_at) if timezone.is_naive(scheduled_at) else scheduled_at
    if not FIRST_RACE_DATE <= when < LAST_RACE_DATE:
        raise ValidationError(
            {
                "scheduled_at": ValidationError(
                    _("A race is scheduled between the years 1970 and 2999, not on %(date)s."),
                    code="race_date",
                    params={"date": scheduled_at.date().isoformat()},
                )
            }
        )


@transaction.atomic
def race_create(
    *,
    season: Season,
    round: int,
    circuit: Circuit,
    scheduled_at: datetime,
    laps: int | None = None,
    status: str = Race.Status.SCHEDULED,
    mode: str = Race.Mode.SEASON,
) -> Race:
    check_race_date(scheduled_at)
    race = Race(
        season=season,
        round=round,
        circuit=circuit,
        scheduled_at=scheduled_at,
        laps=laps,
        status=status,
        mode=mode,
    )
    full_clean_naming_fields(race)
    race.save()
    if season.entry_list_accepted_at is not None:
        race_entries_fill(race=race)  # a race added after the entry list is accepted gets its cars
    return race


@transaction.atomic
def race_update(*, race: Race, data: Mapping[str, Any], by: AbstractBaseUser | None = None) -> Race:
    """Change a race's round, circuit, date, laps or mode; a status change goes through race_status_set()."""
    if "scheduled_at" in data:
        check_race_date(data["scheduled_at"])
    race, _changed = model_update(
        instance=race, fields=["round", "circuit", "scheduled_at", "laps", "mode"], data=data, by=by
    )
    if "status" in data and data["status"] != race.status:
        race = race_status_set(race=race, status=data["status"], by=by)
    return race


def race_lock(race_id: int, *, circuit: bool = True) -> Race:
    """Lock a race for a write: its row alone, then a key-share lock on its season's row.

    The order every writer of a race takes its locks in: the race, its season (shared), then its
    sheets, protests, and the owners of its ledger rows. The season's row is shared by every race
    of the season: locking it for update (`select_related` without `of`) made a steward's change to
    one race wait for, and hold up, the sheets of all the others. The key share is taken now rather
    than when a ledger row is inserted (its foreign key takes one): a season-wide writer that holds
    the season for update (entries, the schedule) is waited for before any owner's lock.
    """
    related = ("season", "circuit") if circuit else ("season",)
    race = Race.objects.select_for_update(of=("self",)).select_related(*related).get(pk=race_id)
    _share_seasons([race.season_id])
    return race


def race_lock_many(race_ids: Iterable[int]) -> dict[int, Race]:
    """race_lock() for several races at once (a worker's batch of sheets): their rows in id order,
    then their seasons' key shares, in one statement each; the races by id, with season and circuit."""
    races = Race.objects.select_for_update(of=("self",)).select_related("season", "circuit")
    locked = {race.pk: race for race in races.filter(pk__in=sorted(race_ids)).order_by("pk")}
    _share_seasons(sorted({race.season_id for race in locked.values()}))
    return locked


def _share_seasons(season_ids: Sequence[int]) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT 1 FROM league_season WHERE id = ANY(%s) ORDER BY id FOR KEY SHARE", [list(season_ids)]
            )


# The statuses a person sets by hand; the others are the sheets' and the stewards' (validated when a
# valid sheet writes the results, official by race_publish(), back to validated by race_reopen()).
MANUAL_STATUSES = (Race.Status.SCHEDULED, Race.Status.QUALIFYING, Race.Status.RUN)


@transaction.atomic
def race_status_set(*, race: Race, status: str, by: AbstractBaseUser | None) -> Race:
    """Move a race between scheduled, qualifying and run, the steps before any result (a league
    admin allowed to change races: `by`)."""
    staff_require(
        by, "races.change_race", _("Only the league's admins allowed to change races set their status.")
    )
    race = race_lock(race.pk)
    Status = Race.Status
    if status not in Status.values:
        raise ValidationError({"status": _("Unknown race status %(status)r.") % {"status": status}})
    if status not in MANUAL_STATUSES:
        words = {
            Status.SUBMITTED: _("a race becomes submitted when a sheet arrives"),
            Status.VALIDATED: _("a race becomes validated when a valid sheet writes its results"),
            Status.OFFICIAL: _("a race becomes official when the stewards publish its results"),
        }[status]
        raise ValidationError(
            {
                "status": ValidationError(
                    _("The status cannot be set to %(status)s by hand: %(why)s."),
                    code="status_by_service",
                    params={"status": Status(status).label, "why": words},
                )
            }
        )
    if race.status in Race.RESULT_STATUSES:
        raise ValidationError(
            {
                "status": ValidationError(
                    _("%(race)s has results (%(status)s): a correction is a penalty or a new sheet version."),
                    code="has_results",
                    params={"race": race, "status": race.get_status_display()},
                )
            }
        )
    if status == Status.RUN and race.scheduled_at > timezone.now():
        raise ValidationError(
            {
                "status": ValidationError(
                    _("%(race)s is scheduled on %(date)s: it cannot have been run yet."),
                    code="not_run_yet",
                    params={"race": race, "date": timezone.localtime(race.scheduled_at).date().isoformat()},
                )
            }
        )
    race.status = status
    race.full_clean()
    if by is not None:
        race._history_user = by
    race.save(update_fields=["status"])
    return race


@transaction.atomic
def race_entry_create(
    *,
    race: Race,
    season_entry: SeasonEntry,
    grid_slot: int | None = None,
    tyres: str = RaceEntry.Tyres.HARD,
    wear: dict[str, int] | None = None,
) -> RaceEntry:
    entry = RaceEntry(race=race, season_entry=season_entry, grid_slot=grid_slot, tyres=tyres, wear=wear or {})
    full_clean_naming_fields(entry)
    entry.save()
    return entry


@transaction.atomic
def race_entries_fill(*, race: Race) -> list[RaceEntry]:
    """Enter every car of the season's entry list not yet in `race`; returns the entries made."""
    if race.status not in OPEN_STATUSES:
        return []
    # A car already at another table of this round stays there.
    present = set(
        RaceEntry.objects.filter(race__season_id=race.season_id, race__round=race.round).values_list(
            "season_entry_id", flat=True
        )
    )
    made = []
    for entry in SeasonEntry.objects.filter(season_id=race.season_id).order_by("pk"):
        if entry.pk not in present:
            made.append(race_entry_create(race=race, season_entry=entry))
    return made


@transaction.atomic
def race_entry_update(*, entry: RaceEntry, data: Mapping[str, Any]) -> RaceEntry:
    """Change a car's grid slot, tyres or wear; use race_grid_record() to set a grid with its experience."""
    entry, _changed = model_update(instance=entry, fields=["grid_slot", "tyres", "wear"], data=data)
    return entry


def race_entries(race: Race) -> dict[str, RaceEntry]:
    """The race's entries by car, with their drivers and teams."""
    return race_entries_many([race])[race.pk]


def race_entries_many(races: Iterable[Race]) -> dict[int, dict[str, RaceEntry]]:
    """Each race's entries by car, with their drivers and teams, by race id: one query for all."""
    races = {race.pk: race for race in races}
    by_race: dict[int, dict[str, RaceEntry]] = {pk: {} for pk in races}
    if not races:
        return by_race
    # Within a race, the entries' default order; the default's first key (the race) would join
    # every race to its season only to sort rows grouped by race here anyway.
    for entry in (
        RaceEntry.objects.filter(race__in=list(races))
        .select_related("season_entry__driver", "season_entry__team")
        .order_by("grid_slot", "season_entry__car_number")
    ):
        entry.race = races[entry.race_id]  # as race.entries would give it: no query to follow it
        by_race[entry.race_id][entry.season_entry.car_id] = entry
    return by_race
