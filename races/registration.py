"""The entry list of a season: asking to enter, the stewards' decisions, and what acceptance makes.

An accepted request becomes a season entry through `league.services.season_entry_create`, so
the car-number and cars-per-team checks are the ones the admin and the API apply; then every
race of the season not yet run gets the new car (`races.entry_lists`).
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from core.permissions import staff_may, staff_require
from league.models import Driver, EntryRequest, Season, SeasonEntry, Team
from league.services import driver_create, season_entry_create
from races import events

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser

Status = EntryRequest.Status
# The stewards' decisions on the entry list, and entering another team's drivers.
DECIDE = "league.change_entryrequest"
ENTER_FOR_ANY = "league.add_entryrequest"


def entry_list_is_open(*, season: Season, now: datetime | None = None) -> bool:
    now = now or timezone.now()
    if season.status == Season.Status.FINISHED or season.entries_open_at is None:
        return False
    return season.entries_open_at <= now and (
        season.entries_close_at is None or now < season.entries_close_at
    )


def may_enter_for(*, user: AbstractBaseUser, team: Team) -> bool:
    """A team manager (or a steward) may enter the team's drivers."""
    return staff_may(user, ENTER_FOR_ANY) or team.managers.filter(pk=user.pk).exists()


@transaction.atomic
def entry_request_create(
    *,
    season: Season,
    team: Team,
    car_number: int,
    by: AbstractBaseUser,
    driver: Driver | None = None,
    now: datetime | None = None,
) -> EntryRequest:
    """`by` asks to drive for `team`; or, as its manager, enters `driver` for it."""
    if not entry_list_is_open(season=season, now=now):
        raise ValidationError(_("The entry list of %(season)s is not open.") % {"season": season})
    user = None if driver is not None else by
    if driver is not None and not may_enter_for(user=by, team=team):
        raise ValidationError(
            {"driver": _("Only a manager of %(team)s enters its drivers.") % {"team": team}},
            code="not_manager",
        )
    own = driver or getattr(by, "driver", None)
    if own is not None and SeasonEntry.objects.filter(season=season, driver=own).exists():
        raise ValidationError(_("%(driver)s is already entered in this season.") % {"driver": own})
    if SeasonEntry.objects.filter(season=season, car_number=car_number).exists():
        raise ValidationError(
            {"car_number": _("Car number %(n)d is already taken in this season.") % {"n": car_number}}
        )
    request = EntryRequest(
        season=season, team=team, car_number=car_number, user=user, driver=driver, requested_by=by
    )
    if own is not None and user is not None:
        request.driver = own
    request.full_clean()
    request.save()
    return request


def _driver_for(request: EntryRequest) -> Driver:
    if request.driver is not None:
        return request.driver
    user = request.user
    existing = Driver.objects.filter(user=user).first()
    if existing is not None:
        return existing
    profile = getattr(user, "profile", None)
    name = (profile.name if profile else "") or user.get_username()
    base = slugify(user.get_username()) or f"driver-{user.pk}"
    slug, n = base, 1
    while Driver.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    country = profile.country.code if profile and profile.country else ""
    return driver_create(name=name, slug=slug, country=country or "", user=user)


def _locked(request: EntryRequest, by: AbstractBaseUser | None) -> EntryRequest:
    staff_require(by, DECIDE, _("Only the stewards decide entry requests."))
    # One decision at a time per request; the season row is locked by season_entry_create().
    return EntryRequest.objects.select_for_update().select_related("season", "team").get(pk=request.pk)


def _decide(
    request: EntryRequest, status: str, by: AbstractBaseUser | None, reason: str = ""
) -> EntryRequest:
    request.status = status
    request.reason = reason
    request.decided_by = by
    request.decided_at = timezone.now()
    request.save(update_fields=["status", "reason", "decided_by", "decided_at", "driver", "season_entry"])
    return request


@transaction.atomic
def entry_request_accept(*, request: EntryRequest, by: AbstractBaseUser | None) -> EntryRequest:
    """Make the season entry, give the car to every race not yet run, tell the player."""
    from races.entry_lists import season_entry_race_entries

    request = _locked(request, by)
    if request.status == Status.ACCEPTED:
        return request
    if request.status == Status.REFUSED:
        raise ValidationError(_("A refused request is not accepted later; the player asks again."))
    season = request.season
    capacity = season.entry_capacity
    if capacity is not None and SeasonEntry.objects.filter(season=season).count() >= capacity:
        raise ValidationError(
            _("%(season)s is full (%(n)d cars): put the request on the waiting list.")
            % {"season": season, "n": capacity},
            code="season_full",
        )
    request.driver = _driver_for(request)
    request.season_entry = season_entry_create(
        season=season, driver=request.driver, team=request.team, car_number=request.car_number
    )
    _decide(request, Status.ACCEPTED, by)
    season_entry_race_entries(season_entry=request.season_entry)
    events.entry_decided(request)
    return request


@transaction.atomic
def entry_request_refuse(*, request: EntryRequest, reason: str, by: AbstractBaseUser | None) -> EntryRequest:
    request = _locked(request, by)
    if not reason.strip():
        raise ValidationError({"reason": _("Say why the request is refused.")})
    if request.status == Status.ACCEPTED:
        raise ValidationError(_("An accepted request has its season entry: withdraw that instead."))
    _decide(request, Status.REFUSED, by, reason.strip())
    events.entry_decided(request)
    return request


@transaction.atomic
def entry_request_wait(*, request: EntryRequest, by: AbstractBaseUser | None) -> EntryRequest:
    request = _locked(request, by)
    if request.status != Status.PENDING:
        raise ValidationError(_("Only a request awaiting the stewards goes on the waiting list."))
    return _decide(request, Status.WAITING, by)
