"""Reads of seasons and their entries."""

from __future__ import annotations

from django.db.models import QuerySet

from league.models import Season, SeasonEntry


def running_season() -> Season | None:
    """The season the site shows first: the latest running one, else the latest one."""
    season = Season.objects.filter(status=Season.Status.RUNNING).order_by("-year", "-pk").first()
    return season or Season.objects.order_by("-year", "-pk").first()


def season_entry_list() -> QuerySet[SeasonEntry]:
    """Every season entry with its driver and team, by season then car number."""
    return SeasonEntry.objects.select_related("driver", "team").order_by("season_id", "car_number")
