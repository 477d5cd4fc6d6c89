"""Reads of race sheets: who may submit, a race's versions, one sheet with what hangs on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db.models import Count, Exists, OuterRef, Prefetch, QuerySet

from core.permissions import staff_may
from races.models import Race, RaceEntry
from sheets.dice_luck import DiceLuck, dice_luck, rolls_from_log
from sheets.models import Protest, RaceSheet, SheetConfirmation

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

    from league.models import Driver


def race_entry_of(*, race: Race, user: AbstractBaseUser | None) -> RaceEntry | None:
    """The user's car in this race (through Driver.user), or None."""
    if user is None or not user.is_authenticated:
        return None
    return (
        RaceEntry.objects.filter(race=race, season_entry__driver__user=user)
        .select_related("season_entry__driver", "season_entry__team")
        .first()
    )


def sheet_submitter_allowed(*, race: Race, user: AbstractBaseUser | None) -> bool:
    """The race's entrants and the stewards (staff allowed to add sheets) submit its sheets."""
    if user is None or not user.is_authenticated:
        return False
    return steward_may(user, "add_racesheet") or race_entry_of(race=race, user=user) is not None


def steward_may(user: AbstractBaseUser | None, permission: str) -> bool:
    """A staff account with this permission of the races app (a superuser has them all)."""
    return staff_may(user, f"races.{permission}")


def race_sheets(*, race: Race) -> QuerySet[RaceSheet]:
    """Every version of a race's sheets, race logs first, the latest version first."""
    return (
        RaceSheet.objects.filter(race=race)
        .select_related("submitted_by")
        .annotate(confirmation_count=Count("confirmations", distinct=True))
        .annotate(protest_count=Count("protests", distinct=True))
        .defer("raw", "log", "verdict")
        .order_by("-kind", "-version")  # "race" sorts after "qualifying": race logs first
    )


def sheet_detail(*, pk: int) -> RaceSheet:
    """One sheet with its race, photos, confirmations and protests (raises DoesNotExist)."""
    return (
        RaceSheet.objects.select_related("race__season", "race__circuit", "submitted_by")
        .defer("raw")
        .prefetch_related(
            "photos",
            Prefetch("confirmations", queryset=SheetConfirmation.objects.select_related("user")),
            Prefetch(
                "protests",
                queryset=Protest.objects.select_related(
                    "filed_by", "decided_by", "against__season_entry__driver"
                ).prefetch_related("photos"),
            ),
        )
        .get(pk=pk)
    )


def sheet_status(*, pk: int) -> RaceSheet:
    """What the status poll needs, and nothing of the log (raises DoesNotExist)."""
    return RaceSheet.objects.only(
        "pk",
        "race_id",
        "kind",
        "version",
        "status",
        "verdict",
        "error",
        "error_code",
        "error_params",
        "chosen",
    ).get(pk=pk)


def sheets_to_transcribe(*, race: Race) -> QuerySet[RaceSheet]:
    """Paper race sheets sent as photos alone that no later version has transcribed yet."""
    later = RaceSheet.objects.filter(
        race=OuterRef("race"), kind=RaceSheet.Kind.RACE, version__gt=OuterRef("version")
    )
    return (
        RaceSheet.objects.filter(race=race, kind=RaceSheet.Kind.RACE, status=RaceSheet.Status.TRANSCRIBE)
        .exclude(Exists(later))
        .select_related("submitted_by")
        .order_by("version")
    )


def driver_dice_luck(*, driver: Driver) -> DiceLuck:
    """The movement dice a driver threw in his validated race sheets (his car is his season entry's
    number). One sheet per race counts: the chosen one, else the latest valid version."""
    cars = dict(driver.entries.values_list("season_id", "car_number"))
    rows = (
        RaceSheet.objects.filter(
            status=RaceSheet.Status.VALID, kind=RaceSheet.Kind.RACE, race__season_id__in=list(cars)
        )
        .order_by("chosen", "pk")
        .values_list("race_id", "race__season_id", "log")
    )
    logs = {race_id: (season_id, log) for race_id, season_id, log in rows}  # the last one wins
    rolls: list[tuple[int, int]] = []
    for season_id, log in logs.values():
        if isinstance(log, dict):
            rolls += rolls_from_log(log, [str(cars[season_id])])
    return dice_luck(rolls)
