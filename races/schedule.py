"""Scheduling a season's races in one go: circuits, dates and laps, checked before any is made."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from circuits.models import Circuit
from league.models import Season
from races.models import Race
from races.services import race_create


@transaction.atomic
def season_schedule(
    *,
    season: Season,
    circuits: Sequence[Circuit],
    first_at: datetime | None = None,
    interval_days: int = 14,
    dates: Sequence[datetime | None] = (),
    laps: int | None = None,
    confirmed: bool = False,
) -> list[Race]:
    """Put races on `circuits`, in this order, after the season's last round, all or none.

    Race i (from 0) is on `dates[i]` when given, else on `first_at` + i × `interval_days`.
    Dates outside the season's year are refused; dates already past need `confirmed` (a season
    typed in after the fact). A race already on that circuit at that time is not made again, so
    sending the same schedule twice adds nothing. Returns the races, found or made, in order.
    """
    if not circuits:
        raise ValidationError(_("Pick at least one circuit."), code="no_circuit")
    if interval_days < 1:
        raise ValidationError(_("The interval is at least 1 day."), code="interval")
    when: list[datetime] = []
    for i in range(len(circuits)):
        given = dates[i] if i < len(dates) else None
        if given is None and first_at is None:
            raise ValidationError(
                _("Race %(n)d has no date: give it one, or give a first date."),
                code="no_date",
                params={"n": i + 1},
            )
        when.append(given or first_at + timedelta(days=interval_days * i))
    outside = [(i, day) for i, day in enumerate(when, start=1) if timezone.localtime(day).year != season.year]
    if outside:
        n, day = outside[0]
        raise ValidationError(
            _("Race %(n)d would be on %(date)s, outside the season's year %(year)d."),
            code="outside_year",
            params={"n": n, "date": timezone.localtime(day).date().isoformat(), "year": season.year},
        )
    now = timezone.now()
    past = [(i, day) for i, day in enumerate(when, start=1) if day < now]
    if past and not confirmed:
        n, day = past[0]
        raise ValidationError(
            _(
                "Race %(n)d would be on %(date)s, before today: confirm to schedule races in the past "
                "(a season entered after the fact)."
            ),
            code="past_date",
            params={"n": n, "date": timezone.localtime(day).date().isoformat()},
        )
    # Lock the season so two schedules made at once cannot both take the same rounds.
    Season.objects.select_for_update().filter(pk=season.pk).first()
    existing = {(race.circuit_id, race.scheduled_at): race for race in Race.objects.filter(season=season)}
    last = max((race.round for race in existing.values()), default=0)
    races = []
    for circuit, at in zip(circuits, when, strict=True):
        race = existing.get((circuit.pk, at))
        if race is None:
            last += 1
            race = race_create(season=season, round=last, circuit=circuit, scheduled_at=at, laps=laps)
            race._scheduled_now = True  # type: ignore[attr-defined]
            existing[(circuit.pk, at)] = race
        races.append(race)
    return races
