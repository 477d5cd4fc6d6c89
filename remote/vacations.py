"""A driver's vacations: days his move clock stops, at most the season's `vacation_days` in all.

Writes (`vacation_add`, `vacation_delete`) raise `ValidationError` with a code for programs and a
message for people; the read (`vacation_seasons`) is what the page lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.models import Season, SeasonEntry
from remote.models import Vacation, clocks_look_again


@dataclass(frozen=True)
class SeasonVacations:
    """One season a driver is entered in: his vacations there and the days he has left."""

    season: Season
    vacations: list[Vacation]
    used: int
    left: int
    open: bool  # a vacation may still be added


def _days_used(vacations: list[Vacation]) -> int:
    return sum(v.days for v in vacations)


def _day(d: date) -> str:
    return formats.date_format(d, "SHORT_DATE_FORMAT")


def vacation_seasons(*, user: Any) -> list[SeasonVacations]:
    """The seasons `user` is entered in, latest first, each with his vacations and days left."""
    seasons = list(Season.objects.filter(entries__driver__user=user).distinct().order_by("-year", "-pk"))
    by_season: dict[int, list[Vacation]] = {s.pk: [] for s in seasons}
    for vacation in Vacation.objects.filter(user=user, season__in=seasons).order_by("starts_on"):
        by_season[vacation.season_id].append(vacation)
    rows = []
    for season in seasons:
        used = _days_used(by_season[season.pk])
        rows.append(
            SeasonVacations(
                season=season,
                vacations=by_season[season.pk],
                used=used,
                left=max(season.vacation_days - used, 0),
                open=season.status != Season.Status.FINISHED,
            )
        )
    return rows


@transaction.atomic
def vacation_add(
    *, user: Any, season: Season, starts_on: date, ends_on: date, today: date | None = None
) -> Vacation:
    """Stop `user`'s clock in `season` from `starts_on` to `ends_on`, both days included.

    Refused (ValidationError, by code): `ends_before_start`, `in_past` (it starts before today,
    in the site's time zone), `not_entered` (he has no car in the season), `season_finished`,
    `overlap` (with one of his vacations in that season), `too_many_days` (beyond the season's
    `vacation_days`; params `left`).
    """
    today = today or timezone.localdate()
    if ends_on < starts_on:
        raise ValidationError(
            {"ends_on": ValidationError(_("The last day is before the first day."), code="ends_before_start")}
        )
    if starts_on < today:
        raise ValidationError(
            {
                "starts_on": ValidationError(
                    _("A vacation cannot start in the past (today is %(today)s)."),
                    code="in_past",
                    params={"today": _day(today)},
                )
            }
        )
    # His entry's row is locked: two additions at once cannot both spend the last days.
    entry = SeasonEntry.objects.select_for_update().filter(season=season, driver__user=user).first()
    if entry is None:
        raise ValidationError(
            {
                "season": ValidationError(
                    _("You have no car in %(season)s."), code="not_entered", params={"season": season.name}
                )
            }
        )
    if season.status == Season.Status.FINISHED:
        raise ValidationError(
            {
                "season": ValidationError(
                    _("%(season)s is finished."), code="season_finished", params={"season": season.name}
                )
            }
        )
    taken = list(Vacation.objects.filter(user=user, season=season).order_by("starts_on"))
    for other in taken:
        if other.starts_on <= ends_on and starts_on <= other.ends_on:
            raise ValidationError(
                _("These days overlap your vacation from %(first)s to %(last)s."),
                code="overlap",
                params={"first": _day(other.starts_on), "last": _day(other.ends_on)},
            )
    days = (ends_on - starts_on).days + 1
    left = max(season.vacation_days - _days_used(taken), 0)
    if days > left:
        raise ValidationError(
            ngettext(
                "That is %(days)d days; you have %(left)d day left for this season.",
                "That is %(days)d days; you have %(left)d days left for this season.",
                left,
            ),
            code="too_many_days",
            params={"days": days, "left": left},
        )
    vacation = Vacation(user=user, season=season, starts_on=starts_on, ends_on=ends_on)
    vacation.full_clean()
    vacation.save()
    clocks_look_again(user)
    return vacation


@transaction.atomic
def vacation_delete(*, user: Any, pk: int, today: date | None = None) -> Vacation | None:
    """Take back one of `user`'s vacations. One not begun is deleted; one under way is cut to end
    yesterday (its days gone by stay spent: the clocks were stopped then), or deleted when it
    began today; one over is refused (`over`). Returns the vacation cut, or None when deleted.
    Raises `Vacation.DoesNotExist` when he has no such vacation."""
    today = today or timezone.localdate()
    vacation = Vacation.objects.select_for_update().get(user=user, pk=pk)
    if vacation.ends_on < today:
        raise ValidationError(_("This vacation is over; it stays counted."), code="over")
    clocks_look_again(user)
    if vacation.starts_on >= today:
        vacation.delete()
        return None
    vacation.ends_on = today - timedelta(days=1)
    vacation.full_clean()
    vacation.save(update_fields=["ends_on"])
    return vacation
